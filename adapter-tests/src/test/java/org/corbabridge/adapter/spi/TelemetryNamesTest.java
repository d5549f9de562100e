package org.corbabridge.adapter.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.corbabridge.adapter.TestOrbs;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Which names the telemetry add-ons give: the switch, read as OpenTelemetry's own opt-in is. */
@Tag(TestOrbs.ORB_FREE)
class TelemetryNamesTest {

    @Test
    void withNothingSetTheNamesAreOpenTelemetrysConventions() {
        assertThat(TelemetryNames.configured(name -> null, name -> null)).isEqualTo(TelemetryNames.RPC);
        assertThat(TelemetryNames.RPC.conventions()).isTrue();
        assertThat(TelemetryNames.RPC.legacy()).isFalse();
    }

    @Test
    void theSystemPropertyWinsOverTheEnvironmentAndTakesOpenTelemetrysWords() {
        Map<String, String> properties = Map.of(TelemetryNames.PROPERTY, " Legacy ");
        Map<String, String> environment = Map.of(TelemetryNames.ENVIRONMENT, "rpc/dup");

        assertThat(TelemetryNames.configured(properties::get, environment::get)).isEqualTo(TelemetryNames.LEGACY);
        assertThat(TelemetryNames.configured(name -> null, environment::get)).isEqualTo(TelemetryNames.RPC_AND_LEGACY);
        assertThat(TelemetryNames.RPC_AND_LEGACY.conventions()).isTrue();
        assertThat(TelemetryNames.RPC_AND_LEGACY.legacy()).isTrue();
        assertThat(TelemetryNames.LEGACY.conventions()).isFalse();
    }

    @Test
    void anUnknownValueIsRefusedWithWhereItCameFromAndWhatItTakes() {
        Map<String, String> environment = Map.of(TelemetryNames.ENVIRONMENT, "otel");

        assertThatThrownBy(() -> TelemetryNames.configured(name -> null, environment::get))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("CORBABRIDGE_TELEMETRY_NAMES is 'otel'; it takes rpc, legacy or rpc/dup");
    }

    @Test
    void aRepositoryIdBecomesTheInterfacesScopedName() {
        assertThat(TelemetryNames.service("IDL:corbabridge/Catalog:1.0")).isEqualTo("corbabridge::Catalog");
        assertThat(TelemetryNames.service("IDL:Top:1.0")).isEqualTo("Top");
        assertThat(TelemetryNames.service("RMI:org.example.Thing:0000000000000000"))
                .isEqualTo("RMI:org.example.Thing:0000000000000000");
    }
}
