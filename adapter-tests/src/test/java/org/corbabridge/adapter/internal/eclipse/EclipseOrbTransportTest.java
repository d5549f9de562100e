package org.corbabridge.adapter.internal.eclipse;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.Selector;
import java.time.Duration;
import java.util.Optional;
import org.corbabridge.adapter.CorbaClient;
import org.corbabridge.adapter.Orbs;
import org.corbabridge.adapter.TestOrbs;
import org.corbabridge.depot.stock.WarehouseOperations;
import org.corbabridge.fixture.ServerFixture;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.omg.CORBA.ORB;

class EclipseOrbTransportTest {

    private static final Duration WAIT = Duration.ofSeconds(1);

    @Test
    void aSelectorItsThreadEndedWithoutClosingIsClosed() throws Exception {
        Selector selector = Selector.open();
        Thread forgetful = new Thread(() -> { }, "forgetful-selector-thread");
        forgetful.start();

        boolean closedHere = new EclipseOrbTransport.SelectorThread(forgetful, selector).closeWhenEnded(WAIT);

        assertThat(closedHere).isTrue();
        assertThat(selector.isOpen()).isFalse();
    }

    @Test
    void aSelectorItsThreadClosedIsLeftAlone() throws Exception {
        Selector selector = Selector.open();
        Thread careful = new Thread(() -> {
            try {
                selector.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }, "careful-selector-thread");
        careful.start();

        assertThat(new EclipseOrbTransport.SelectorThread(careful, selector).closeWhenEnded(WAIT)).isFalse();
        assertThat(selector.isOpen()).isFalse();
    }

    @Test
    void aSelectorStillInUseIsClosedOnceTheWaitIsOver() throws Exception {
        Selector selector = Selector.open();
        Thread selecting = new Thread(() -> {
            try {
                selector.select();
            } catch (Exception e) {
                // closed under it: what an ORB's selector thread would see
            }
        }, "selecting-thread");
        selecting.start();

        long started = System.nanoTime();
        boolean closedHere = new EclipseOrbTransport.SelectorThread(selecting, selector)
                .closeWhenEnded(Duration.ofMillis(200));

        assertThat(closedHere).isTrue();
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(2));
        selecting.join(2000);
        assertThat(selecting.isAlive()).isFalse();
    }

    @Test
    @Tag(TestOrbs.ECLIPSE_ORB_ONLY)
    void theOrbsSelectorIsClosedWhenDestroyReturns() {
        ORB orb = TestOrbs.newOrb().orb();
        try (ServerFixture fixture = ServerFixture.startWarehouse();
                CorbaClient<WarehouseOperations> client = CorbaClient.create(WarehouseOperations.class,
                        TestOrbs.configFor(fixture).build(), orb)) {
            client.proxy().audits();
        }
        Optional<EclipseOrbTransport.SelectorThread> selector = EclipseOrbTransport.selectorThread(orb);
        assertThat(selector).as("the Eclipse ORB's selector thread, found by reflection").isPresent();

        Orbs.destroy(orb);

        assertThat(selector.get().selector().isOpen()).isFalse();
        assertThat(selector.get().thread().isAlive()).isFalse();
    }
}
