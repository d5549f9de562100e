package org.corbabridge.ejb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class OrbModeTest {

    @Test
    void descriptorNamesMapToModesWhateverTheirCaseAndSpacing() {
        assertThat(OrbMode.fromConfig("builtin")).isEqualTo(OrbMode.BUILT_IN);
        assertThat(OrbMode.fromConfig(" External ")).isEqualTo(OrbMode.EXTERNAL);
    }

    @Test
    void anythingElseIsRefusedNamingTheChoices() {
        assertThatThrownBy(() -> OrbMode.fromConfig("shared"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("builtin or external");
        assertThatThrownBy(() -> OrbMode.fromConfig(null)).isInstanceOf(IllegalArgumentException.class);
    }
}
