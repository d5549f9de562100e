package org.corbabridge.adapter.internal.orb;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.function.Supplier;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.TestOrbs;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Without an add-on on the class path (the core's own tests have none but a test counter of
 * ORBs), a client has no observer and its context is carried as it is: the core costs nothing
 * for telemetry it does not have.
 */
@Tag(TestOrbs.ORB_FREE)
class ExtensionsTest {

    @Test
    void withoutAnAddOnAClientHasNoObserver() {
        assertThat(AdapterConfig.ofDefaults().observers()).isEmpty();
    }

    @Test
    void withoutAnAddOnATaskIsHandedOnAsItIs() {
        Runnable task = () -> { };
        Supplier<String> attempt = () -> "x";
        assertThat(Extensions.carryContext(task)).isSameAs(task);
        assertThat(Extensions.carryContext(attempt)).isSameAs(attempt);
    }
}
