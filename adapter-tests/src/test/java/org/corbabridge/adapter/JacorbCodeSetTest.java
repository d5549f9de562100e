package org.corbabridge.adapter;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.jacorb.orb.ORBSingleton;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.omg.CORBA.ORB;

/**
 * The char code set a JacORB the adapter creates offers: ISO 8859-1, an omniORB server's own, so
 * that the server sends strings as they are instead of converting each to UTF-8.
 */
@Tag(TestOrbs.JACORB_ONLY)
class JacorbCodeSetTest {

    private static final int ISO_8859_1 = 0x00010001;
    private static final int UTF_8 = 0x05010001;

    @Test
    void aJacorbTheAdapterCreatesOffersIso8859OneAsItsNativeCharCodeSet() {
        assertThat(nativeCharCodeSet(OrbConfig.of(OrbImplementation.JACORB))).isEqualTo(ISO_8859_1);
    }

    @Test
    void anOrbConfigsOwnCodeSetWins() {
        assertThat(nativeCharCodeSet(OrbConfig.builder().implementation(OrbImplementation.JACORB)
                .property("jacorb.native_char_codeset", "UTF8").build())).isEqualTo(UTF_8);
    }

    private static int nativeCharCodeSet(OrbConfig config) {
        ORB orb = Orbs.create(config, Duration.ofSeconds(5), Duration.ofSeconds(1));
        try {
            return ((ORBSingleton) orb).getLocalCodeSetComponentInfo().ForCharData.native_code_set;
        } finally {
            Orbs.destroy(orb);
        }
    }
}
