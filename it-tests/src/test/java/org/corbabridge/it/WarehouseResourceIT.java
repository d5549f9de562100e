package org.corbabridge.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Set;
import javax.naming.InitialContext;
import org.corbabridge.depot.stock.Pallet;
import org.corbabridge.depot.stock.Quantity;
import org.corbabridge.depot.stock.Unit;
import org.corbabridge.fixture.Threads;
import org.corbabridge.it.warehouse.WarehouseDesk;
import org.corbabridge.it.warehouse.WarehouseDeskBean;
import org.jboss.arquillian.container.test.api.Deployer;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.omg.CORBA.Any;
import org.omg.CORBA.ORB;

/**
 * An application of its own calls its own interface (the example Warehouse, not the Catalog):
 * it declares the clients in its resources.xml, and its bean gets the typed proxy by injection,
 * or opens a client on an ORB of the session's own, which calls a Warehouse that speaks TLS only
 * (the resource's Tls* settings, given as overrides). Once per ORB.
 */
@ExtendWith({CatalogServersForContainer.class, ArquillianExtension.class})
class WarehouseResourceIT {

    private static final String DEPLOYMENT = "warehouse-desk";

    @ArquillianResource
    private Deployer deployer;

    @Deployment(name = DEPLOYMENT, managed = false)
    static JavaArchive deployment() {
        return ShrinkWrap.create(JavaArchive.class, DEPLOYMENT + ".jar")
                .addClasses(WarehouseDesk.class, WarehouseDeskBean.class)
                .addAsManifestResource("warehouse/resources.xml", "resources.xml");
    }

    @Test
    void aBeanCallsItsOwnInterfaceThroughTheInjectedProxyAndThroughItsOwnOrb() throws Exception {
        // the first stateful deployment of the JVM starts OpenEJB's own container threads: once
        // round first, so that the second round's threads are the application's alone
        deployCallAndUndeploy();
        Set<Thread> threadsBefore = Threads.live();

        deployCallAndUndeploy();

        assertThat(Threads.stillAliveAfter(threadsBefore, Duration.ofSeconds(10)))
                .as("threads of the shared client's ORB and the sessions' ORBs, after undeploy").isEmpty();
    }

    private void deployCallAndUndeploy() throws Exception {
        deployer.deploy(DEPLOYMENT);
        try {
            WarehouseDesk desk = newDesk();
            Pallet sent = pallet();

            assertThat(desk.siteThroughSharedProxy()).isEqualTo("depot-1");
            assertSame(desk.echoThroughSharedProxy(sent), sent);
            // the session's own ORB reaches the TLS-only Warehouse: the resource's Tls* settings at work
            assertThat(desk.siteThroughOwnOrb()).isEqualTo("depot-1");
            assertSame(desk.echoThroughOwnOrb(sent), sent);

            WarehouseDesk another = newDesk();
            assertSame(another.echoThroughSharedProxy(sent), sent);
            another.remove();
            desk.remove();
        } finally {
            deployer.undeploy(DEPLOYMENT);
        }
    }

    private static WarehouseDesk newDesk() throws Exception {
        return (WarehouseDesk) new InitialContext().lookup("java:global/" + DEPLOYMENT + "/WarehouseDeskBean!"
                + WarehouseDesk.class.getName());
    }

    static Pallet pallet() {
        Quantity amount = new Quantity();
        amount.note(Unit.LITRES, "twelve litres");
        Any extra = ORB.init().create_any();
        extra.insert_string("fragile");
        return new Pallet("P-EJB", "Palette \u2713 \u65e5\u672c", amount, new double[] {1, 2, 3},
                new int[][] {{7}, {}}, new byte[] {1, 2, 3, (byte) 0xff}, extra, new Unit[] {Unit.PIECES});
    }

    static void assertSame(Pallet received, Pallet sent) {
        assertThat(received.id).isEqualTo(sent.id);
        assertThat(received.label).isEqualTo(sent.label);
        assertThat(received.amount.discriminator()).isEqualTo(Unit.LITRES);
        assertThat(received.amount.note()).isEqualTo(sent.amount.note());
        assertThat(received.size).containsExactly(sent.size);
        assertThat(received.layout).isDeepEqualTo(sent.layout);
        assertThat(received.picture).containsExactly(sent.picture);
        assertThat(received.extra.equal(sent.extra)).isTrue();
        assertThat(received.units).containsExactly(sent.units);
    }
}
