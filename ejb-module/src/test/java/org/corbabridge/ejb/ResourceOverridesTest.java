package org.corbabridge.ejb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Method;
import java.time.Duration;
import java.util.Map;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.InvocationMode;
import org.corbabridge.adapter.OrbConfig;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.adapter.TlsConfig;
import org.corbabridge.fixture.TestKeys;
import org.corbabridge.adapter.RetryPolicy;
import org.junit.jupiter.api.Test;

class ResourceOverridesTest {

    /** Every setting away from its default, so that a dropped one shows. */
    private static final AdapterConfig EVERY_SETTING = AdapterConfig.builder()
            .nameService("corbaname::127.0.0.1:4444#shop/Catalog")
            .orb(OrbConfig.builder().implementation(OrbImplementation.ECLIPSE_ORB)
                    .tls(TlsConfig.builder().trustStore(TestKeys.trustStore(), "trust-pass").trustStoreType("JKS")
                            .keyStore(TestKeys.clientKeyStore(), "key-pass").protocols("TLSv1.3").build())
                    .maxIncomingMessageBytes(3 << 20)
                    .build())
            .callTimeout(Duration.ofSeconds(7))
            .connectTimeout(Duration.ofMillis(900))
            .retry(RetryPolicy.builder()
                    .maxAttempts(1)
                    .backoff(Duration.ofMillis(15), 3.5, Duration.ofMillis(450))
                    .retriesIdempotentCalls(false)
                    .build())
            .idempotent("queryCatalog", "_get_site")
            .build();

    @Test
    void bothResourcesFollowTheAdapterConfiguration() {
        assertThat(ResourceOverrides.of(EVERY_SETTING))
                .containsEntry("CatalogClientSettings.NameServiceUrl", "corbaname::127.0.0.1:4444")
                .containsEntry("CatalogClientSettings.Name", "shop/Catalog")
                .containsEntry("CatalogClientSettings.OrbImplementation", "ECLIPSE_ORB")
                .containsEntry("CatalogClientSettings.CallTimeoutMillis", "7000")
                .containsEntry("CatalogClientSettings.ConnectTimeoutMillis", "900")
                .containsEntry("CatalogClientSettings.RetryMaxAttempts", "1")
                .containsEntry("CatalogOrb.Implementation", "ECLIPSE_ORB")
                .containsEntry("CatalogOrb.CallTimeoutMillis", "7000")
                .containsEntry("CatalogOrb.ConnectTimeoutMillis", "900")
                .containsEntry("CatalogOrb.MaxIncomingMessageBytes", Long.toString(3 << 20));
    }

    /**
     * What the container does with the overrides: each {@code CatalogClientSettings.X} value
     * through {@code setX}. The configuration the resource then gives a session is the one the
     * overrides came from, setting for setting: none is dropped on the way (a retry policy of
     * none stays none).
     */
    @Test
    void everySettingRoundTripsThroughTheResource() throws Exception {
        CatalogClientSettings settings = new CatalogClientSettings();
        applyOverrides(settings, ResourceOverrides.SETTINGS);

        AdapterConfig received = settings.adapterConfig("dii");

        assertThat(received.nameServiceUrl()).isEqualTo(EVERY_SETTING.nameServiceUrl());
        assertThat(received.name()).isEqualTo(EVERY_SETTING.name());
        assertThat(received.orb().implementation()).isEqualTo(OrbImplementation.ECLIPSE_ORB);
        assertThat(received.orb().tls()).hasValueSatisfying(ResourceOverridesTest::isEverySettingsTls);
        assertThat(received.orb().maxIncomingMessageBytes()).isEqualTo(3 << 20);
        assertThat(received.callTimeout()).isEqualTo(EVERY_SETTING.callTimeout());
        assertThat(received.connectTimeout()).isEqualTo(EVERY_SETTING.connectTimeout());
        assertThat(received.retry().toString()).isEqualTo(EVERY_SETTING.retry().toString());
        assertThat(received.idempotentOperations()).isEqualTo(EVERY_SETTING.idempotentOperations());
        assertThat(received.invocation()).isEqualTo(InvocationMode.DII);
    }

    /** The same for the built-in ORB: its implementation, message cap and TLS come through {@code CatalogOrb.X}. */
    @Test
    void everyOrbSettingRoundTripsThroughTheBuiltInOrbResource() throws Exception {
        ContainerOrb resource = new ContainerOrb();
        applyOverrides(resource, ResourceOverrides.ORB);

        OrbConfig received = resource.config();

        assertThat(received.implementation()).isEqualTo(OrbImplementation.ECLIPSE_ORB);
        assertThat(received.maxIncomingMessageBytes()).isEqualTo(3 << 20);
        assertThat(received.tls()).hasValueSatisfying(ResourceOverridesTest::isEverySettingsTls);
    }

    @Test
    void aResourceWithNothingSetHasTheAdaptersDefaults() {
        AdapterConfig received = new CatalogClientSettings().adapterConfig(null);
        AdapterConfig defaults = AdapterConfig.ofDefaults();

        assertThat(received.toString()).isEqualTo(defaults.toString());
    }

    @Test
    void aConfigurationWithoutWhereToGoIsRefused() {
        assertThatThrownBy(() -> ResourceOverrides.of(AdapterConfig.ofDefaults()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("name service URL");
    }

    private static void isEverySettingsTls(TlsConfig tls) {
        TlsConfig sent = EVERY_SETTING.orb().tls().orElseThrow();
        assertThat(tls.trustStore()).isEqualTo(sent.trustStore());
        assertThat(tls.trustStorePassword()).isEqualTo("trust-pass");
        assertThat(tls.trustStoreType()).isEqualTo("JKS");
        assertThat(tls.keyStore()).isEqualTo(sent.keyStore());
        assertThat(tls.keyStorePassword()).isEqualTo("key-pass");
        assertThat(tls.protocols()).containsExactly("TLSv1.3");
    }

    /** What the container does with the overrides of one resource id: each {@code ID.X} value through {@code setX}. */
    private static void applyOverrides(Object resource, String id) throws Exception {
        for (Map.Entry<String, String> override : ResourceOverrides.of(EVERY_SETTING).entrySet()) {
            if (override.getKey().startsWith(id + ".")) {
                setProperty(resource, override.getKey().substring(id.length() + 1), override.getValue());
            }
        }
    }

    /** A property as OpenEJB sets it: setX, with the value converted to the setter's type. */
    private static void setProperty(Object resource, String property, String value) throws Exception {
        for (Method method : resource.getClass().getMethods()) {
            if (method.getName().equals("set" + property) && method.getParameterCount() == 1) {
                Class<?> type = method.getParameterTypes()[0];
                Object converted = type == String.class ? value
                        : type == int.class ? Integer.valueOf(value)
                        : type == long.class ? Long.valueOf(value)
                        : type == double.class ? Double.valueOf(value)
                        : type == boolean.class ? Boolean.valueOf(value) : null;
                method.invoke(resource, converted);
                return;
            }
        }
        throw new AssertionError("the resource has no setter for " + property);
    }
}
