package org.corbabridge.perf;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumSet;
import java.util.List;
import org.corbabridge.perf.Study.Part;
import org.junit.jupiter.api.Test;

class StudyPlanTest {

    @Test
    void theStandardPlanLeavesTheSettingsPartToTheFullPlanToStayUnderTenMinutes() {
        assertThat(Study.standard().parts()).isEqualTo(EnumSet.complementOf(EnumSet.of(Part.SETTINGS)));
        assertThat(Study.full().parts()).isEqualTo(EnumSet.allOf(Part.class));
        assertThat(Study.quick().parts()).as("the test command's quick pass runs every part")
                .isEqualTo(EnumSet.allOf(Part.class));
    }

    @Test
    void partsNamedOnTheCommandLineReplaceThePlansOwn() {
        assertThat(Study.standard().only(Study.parts(List.of("settings", " payload"))).parts())
                .containsExactlyInAnyOrder(Part.SETTINGS, Part.PAYLOAD);
    }
}
