package org.corbabridge.ejb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.OrbImplementation;
import org.junit.jupiter.api.Test;

class ResourceOverridesTest {

    @Test
    void bothResourcesFollowTheAdapterConfiguration() {
        AdapterConfig config = AdapterConfig.builder()
                .nameService("corbaname::127.0.0.1:4444#shop/Catalog")
                .orb(OrbImplementation.ECLIPSE_ORB)
                .callTimeout(Duration.ofSeconds(7))
                .connectTimeout(Duration.ofMillis(900))
                .build();
        assertThat(ResourceOverrides.of(config))
                .containsEntry("CatalogClientSettings.NameServiceUrl", "corbaname::127.0.0.1:4444")
                .containsEntry("CatalogClientSettings.Name", "shop/Catalog")
                .containsEntry("CatalogClientSettings.OrbImplementation", "ECLIPSE_ORB")
                .containsEntry("CatalogClientSettings.CallTimeoutMillis", "7000")
                .containsEntry("CatalogClientSettings.ConnectTimeoutMillis", "900")
                .containsEntry("CatalogOrb.Implementation", "ECLIPSE_ORB")
                .containsEntry("CatalogOrb.CallTimeoutMillis", "7000")
                .containsEntry("CatalogOrb.ConnectTimeoutMillis", "900")
                .hasSize(8);
    }

    @Test
    void aConfigurationWithoutWhereToGoIsRefused() {
        assertThatThrownBy(() -> ResourceOverrides.of(AdapterConfig.ofDefaults()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("name service URL");
    }
}
