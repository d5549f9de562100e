package org.corbabridge.adapter.internal.cdr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.corbabridge.adapter.TestOrbs;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The references {@code corbaname:ssliop:} and {@code corbaloc:ssliop:} URLs become, read back by the IOR decoder. */
@Tag(TestOrbs.ORB_FREE)
class TlsLocationsTest {

    @Test
    void aCorbanameUrlBecomesATlsOnlyReferenceToTheRootContext() {
        IorInspection.Ior ior = IorInspection.decode(TlsLocations.reference("corbaname:ssliop:naming.example:2810"));

        assertThat(ior.typeId()).isEqualTo("IDL:omg.org/CosNaming/NamingContext:1.0");
        assertThat(ior.offersTls()).isTrue();
        assertThat(ior.profiles()).singleElement().satisfies(profile -> {
            assertThat(profile.version()).isEqualTo("1.2");
            assertThat(profile.host()).isEqualTo("naming.example");
            assertThat(profile.port()).as("no plain-text port").isZero();
            assertThat(new String(profile.objectKey(), StandardCharsets.ISO_8859_1)).isEqualTo("NameService");
            assertThat(profile.components()).singleElement()
                    .satisfies(ssl -> assertThat(ssl.detail()).startsWith("TLS port 2810, supports 0x66, requires 0x66"));
        });
    }

    @Test
    void aCorbalocUrlKeepsItsKeyAndAVersionPrefixIsAccepted() {
        IorInspection.Ior ior = IorInspection.decode(TlsLocations.reference("corbaloc:ssliop:1.2@127.0.0.1:4433/Warehouse"));

        assertThat(ior.typeId()).isEmpty();
        assertThat(ior.profiles()).singleElement().satisfies(profile -> {
            assertThat(profile.host()).isEqualTo("127.0.0.1");
            assertThat(new String(profile.objectKey(), StandardCharsets.ISO_8859_1)).isEqualTo("Warehouse");
            assertThat(profile.components().get(0).detail()).startsWith("TLS port 4433");
        });
        assertThat(TlsLocations.isTls("CORBALOC:SSLIOP:h:1/k")).isTrue();
        assertThat(TlsLocations.isTls("corbaname::127.0.0.1:2809")).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"corbaname:ssliop:127.0.0.1", "corbaname:ssliop:127.0.0.1:0", "corbaname:ssliop:h:70000",
            "corbaloc:ssliop:127.0.0.1:2810", "corbaname:ssliop::2810"})
    void aUrlWithoutAHostAPortInRangeOrAnObjectKeyIsRefused(String url) {
        assertThatThrownBy(() -> TlsLocations.reference(url)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(url);
    }
}
