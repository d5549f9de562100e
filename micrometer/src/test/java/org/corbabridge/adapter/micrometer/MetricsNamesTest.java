package org.corbabridge.adapter.micrometer;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.OrbConfig;
import org.corbabridge.adapter.TestOrbs;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The pure parts of metrics: names, the defaults. */
@Tag(TestOrbs.ORB_FREE)
class MetricsNamesTest {

    @Test
    void anExceptionsRepositoryIdBecomesItsSimpleName() {
        assertThat(CallMetrics.simpleName("IDL:corbabridge/InvalidQuery:1.0")).isEqualTo("InvalidQuery");
        assertThat(CallMetrics.simpleName("IDL:Alone:1.0")).isEqualTo("Alone");
    }

    @Test
    void onTheClassPathMetricsAreADefaultObserverOfEveryClient() {
        assertThat(AdapterConfig.ofDefaults().observers()).contains(CallMetrics.global());
    }
}
