package org.corbabridge.adapter.internal.cdr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import org.corbabridge.adapter.TestOrbs;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Whether a stringified IOR offers TLS, read from CDR of either byte order. */
@Tag(TestOrbs.ORB_FREE)
class IorInspectionTest {

    @Test
    void aProfileWithAnSslComponentOffersTls() {
        assertThat(IorInspection.offersTls(ior(false, 20))).isTrue();
        assertThat(IorInspection.offersTls(ior(true, 20))).isTrue();
    }

    @Test
    void aCsiv2MechanismListCountsAsTls() {
        assertThat(IorInspection.offersTls(ior(false, 33))).isTrue();
    }

    @Test
    void aProfileWithOnlyOtherComponentsDoesNot() {
        // TAG_ORB_TYPE and TAG_CODE_SETS, as a plain omniORB server's reference carries
        assertThat(IorInspection.offersTls(ior(false, 0, 1))).isFalse();
        assertThat(IorInspection.offersTls(ior(true))).isFalse();
    }

    @Test
    void somethingElseIsRefusedWithAReason() {
        assertThatThrownBy(() -> IorInspection.offersTls("corbaloc::127.0.0.1:2809/NameService"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not a stringified IOR");
        String whole = ior(false, 20);
        assertThatThrownBy(() -> IorInspection.offersTls(whole.substring(0, whole.length() - 20)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("truncated");
    }

    /** An IOR with one IIOP 1.2 profile for 127.0.0.1:2809 carrying components with these tags. */
    private static String ior(boolean littleEndian, int... componentTags) {
        Cdr body = new Cdr(littleEndian);
        body.octet(1).octet(2);
        body.string("127.0.0.1").ushort(2809);
        body.ulong(3).octets(new byte[] {1, 2, 3});
        body.ulong(componentTags.length);
        for (int tag : componentTags) {
            body.ulong(tag).ulong(8).octets(new byte[8]);
        }
        Cdr ior = new Cdr(littleEndian);
        ior.string("IDL:shop/Catalog:1.0").ulong(1).ulong(0);
        byte[] encapsulated = body.bytes();
        ior.ulong(encapsulated.length).octets(encapsulated);
        return "IOR:" + HexFormat.of().formatHex(ior.bytes());
    }

    /** Just enough of a CDR encapsulation writer for the test's references. */
    private static final class Cdr {
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();
        private final boolean littleEndian;

        Cdr(boolean littleEndian) {
            this.littleEndian = littleEndian;
            out.write(littleEndian ? 1 : 0);
        }

        Cdr octet(int value) {
            out.write(value);
            return this;
        }

        Cdr octets(byte[] values) {
            out.writeBytes(values);
            return this;
        }

        Cdr ushort(int value) {
            align(2);
            return number(value, 2);
        }

        Cdr ulong(long value) {
            align(4);
            return number(value, 4);
        }

        Cdr string(String value) {
            byte[] chars = value.getBytes(StandardCharsets.ISO_8859_1);
            ulong(chars.length + 1);
            octets(chars);
            return octet(0);
        }

        byte[] bytes() {
            return out.toByteArray();
        }

        private Cdr number(long value, int size) {
            for (int i = 0; i < size; i++) {
                int shift = 8 * (littleEndian ? i : size - 1 - i);
                out.write((int) (value >>> shift) & 0xFF);
            }
            return this;
        }

        private void align(int boundary) {
            while (out.size() % boundary != 0) {
                out.write(0);
            }
        }
    }
}
