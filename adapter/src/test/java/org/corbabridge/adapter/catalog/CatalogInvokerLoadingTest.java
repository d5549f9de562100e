package org.corbabridge.adapter.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.corbabridge.adapter.TestOrbs;
import org.corbabridge.fixture.CatalogFixture;
import org.corbabridge.fixture.CatalogFixtureExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** As in the study, the invocation strategy is chosen by configuration and can be loaded by class name. */
@ExtendWith(CatalogFixtureExtension.class)
class CatalogInvokerLoadingTest {

    @Test
    void builtInStrategiesAreChosenByName() {
        assertThat(CatalogAdapter.invokerFor("static")).isInstanceOf(StaticCatalogInvoker.class);
        assertThat(CatalogAdapter.invokerFor("dynamic")).isInstanceOf(DynamicCatalogInvoker.class);
        assertThat(CatalogAdapter.invokerFor(DynamicCatalogInvoker.class.getName()))
                .isInstanceOf(DynamicCatalogInvoker.class);
    }

    @Test
    void aStrategyLoadedByClassNameServesTheCalls(CatalogFixture fixture) {
        int before = CountingCatalogInvoker.CALLS.get();
        try (CatalogAdapter adapter = CatalogAdapter.create(
                TestOrbs.configFor(fixture).invocation(CountingCatalogInvoker.class.getName()).build())) {
            assertThat(adapter.queryCatalog("items=4").items()).hasSize(4);
            assertThat(adapter.invocation()).isEqualTo(CountingCatalogInvoker.class.getName());
        }
        assertThat(CountingCatalogInvoker.CALLS.get()).isEqualTo(before + 1);
    }

    @Test
    void classesThatAreNotStrategiesAreRefusedBeforeAnOrbIsMade() {
        assertThatThrownBy(() -> CatalogAdapter.invokerFor("com.example.Missing"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("neither static, dynamic, nor a loadable CatalogInvoker");
        assertThatThrownBy(() -> CatalogAdapter.invokerFor(String.class.getName()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("is not a " + CatalogInvoker.class.getName());
    }
}
