package org.corbabridge.adapter.internal.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.corbabridge.adapter.OrbConfig;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.adapter.Orbs;
import org.corbabridge.adapter.TestOrbs;
import org.corbabridge.adapter.internal.orb.OrbPlatform;
import org.corbabridge.fixture.ServerFixture;
import org.corbabridge.fixture.ServerFixtureExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.omg.CORBA.MARSHAL;
import org.omg.CORBA.ORB;
import org.omg.CORBA.portable.InputStream;
import org.omg.CORBA.portable.ObjectImpl;
import org.omg.CORBA.portable.OutputStream;

/**
 * The dynamic path's bulk string read: taken exactly where the reply's stream is known to be in
 * ISO 8859-1 (every ORB against omniORB, as the adapter creates it), consuming what read_string
 * would, and refusing what read_string would not make sense of.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(ServerFixtureExtension.Warehouse.class)
class StringReadsTest {

    private final ServerFixture fixture;
    @RegisterExtension
    static final OrbPerClass ORB_OF_THE_CLASS = new OrbPerClass();

    StringReadsTest(ServerFixture fixture) {
        this.fixture = fixture;
    }

    @Test
    void aReplyFromOmniOrbIsReadInBulkOnEveryOrb() {
        assertThat(siteReplyIsLatin1(orb())).isTrue();
    }

    /** An ORB whose own char code set is UTF-8 talks UTF-8 to omniORB: the ORB reads those strings itself. */
    @Test
    void aConnectionInAnotherCodeSetIsLeftToTheOrb() {
        String charsets = switch (TestOrbs.current()) {
            case ECLIPSE_ORB -> "com.sun.corba.ee.codeset.charsets";
            case OPENJDK_ORB -> "com.sun.CORBA.codeset.charsets";
            case JACORB -> "jacorb.native_char_codeset";
        };
        // UTF-8 alone: offered ISO 8859-1 as well, the Eclipse ORB takes omniORB's native ISO 8859-1
        String utf8 = TestOrbs.current() == OrbImplementation.JACORB ? "UTF8" : "0x05010001";
        ORB utf8Orb = Orbs.create(OrbConfig.builder().implementation(TestOrbs.current()).property(charsets, utf8).build(),
                TestOrbs.CALL_TIMEOUT, TestOrbs.CONNECT_TIMEOUT);
        try {
            assertThat(siteReplyIsLatin1(utf8Orb)).isFalse();
        } finally {
            Orbs.destroy(utf8Orb);
        }
    }

    @Test
    void theBytesOfAStringAreReadAsReadStringReadsThem() {
        for (int length : new int[] {1, 2, 1023, StringReads.SLICE_BYTES - 1, StringReads.SLICE_BYTES,
                StringReads.SLICE_BYTES + 7, 3 * StringReads.SLICE_BYTES}) {
            byte[] text = new byte[length - 1];
            for (int i = 0; i < text.length; i++) {
                text[i] = (byte) (1 + i % 255);
            }
            OutputStream out = orb().create_output_stream();
            out.write_ulong(length);
            out.write_octet_array(text, 0, text.length);
            out.write_octet((byte) 0);
            out.write_long(0x5EC0DE);
            InputStream in = out.create_input_stream();

            assertThat(StringReads.readLatin1(in, platform())).as("%d bytes", length)
                    .isEqualTo(new String(text, StandardCharsets.ISO_8859_1));
            assertThat(in.read_long()).as("what follows the string").isEqualTo(0x5EC0DE);
        }
    }

    /** At every alignment, and for a string the buffer ends inside: what read_string reads, and the stream after it where read_string leaves it. */
    @Test
    void aStringReadsAsReadStringReadsItAtEveryAlignment() {
        for (int lead = 0; lead < 4; lead++) {
            for (String text : new String[] {"", "a", "caf\u00e9", "x".repeat(5000)}) {
                OutputStream out = orb().create_output_stream();
                for (int i = 0; i < lead; i++) {
                    out.write_octet((byte) i);
                }
                out.write_string(text);
                out.write_long(0x5EC0DE);
                InputStream in = out.create_input_stream();
                for (int i = 0; i < lead; i++) {
                    in.read_octet();
                }
                assertThat(StringReads.read(in, platform())).as("%d bytes ahead, %d characters", lead, text.length()).isEqualTo(text);
                assertThat(in.read_long()).as("what follows the string").isEqualTo(0x5EC0DE);
            }
        }
        if (TestOrbs.current() == OrbImplementation.JACORB) {
            OutputStream cut = orb().create_output_stream();
            cut.write_ulong(1_000);
            cut.write_octet_array(new byte[10], 0, 10);
            InputStream in = cut.create_input_stream();
            assertThat(org.corbabridge.adapter.internal.jacorb.JacorbStreams.latin1String(in))
                    .as("a string longer than the buffer is left to JacORB").isNull();
            assertThat(in.read_ulong()).as("and the stream where it was").isEqualTo(1_000);
        }
    }

    /**
     * Where the whole string is in the stream's buffer it is decoded from there; where the buffer
     * ends first, the stream is left where it was for the ORB's own reads, which gather fragments.
     */
    @Test
    void theStreamsBufferIsReadOnlyWhereItHoldsTheWholeString() {
        OutputStream whole = orb().create_output_stream();
        whole.write_ulong(4);
        whole.write_octet_array(new byte[] {'a', 'b', 'c', 0}, 0, 4);
        whole.write_long(0x5EC0DE);
        InputStream in = whole.create_input_stream();
        assertThat(in.read_ulong()).isEqualTo(4);
        if (TestOrbs.current() == OrbImplementation.JACORB) {
            assertThat(platform().nextBytes(in, 4)).as("JacORB's strings are read by JacorbStreams").isNull();
            return;
        }
        assertThat(platform().nextBytes(in, 4)).as("the string's bytes, from the buffer").isNotNull()
                .satisfies(bytes -> assertThat(bytes.remaining()).isEqualTo(4));
        assertThat(in.read_long()).as("the stream moved past them").isEqualTo(0x5EC0DE);

        OutputStream cut = orb().create_output_stream();
        cut.write_ulong(1_000);
        cut.write_octet_array(new byte[10], 0, 10);
        InputStream shorter = cut.create_input_stream();
        assertThat(shorter.read_ulong()).isEqualTo(1_000);
        assertThat(platform().nextBytes(shorter, 1_000)).as("a string longer than the buffer").isNull();
        byte[] left = new byte[10];
        shorter.read_octet_array(left, 0, 10);
        assertThat(left).as("the stream where it was").containsOnly(0);
    }

    @Test
    void aLengthOfZeroIsTheEmptyStringAsTheOrbsReadIt() {
        OutputStream out = orb().create_output_stream();
        out.write_ulong(0);
        out.write_long(7);
        InputStream in = out.create_input_stream();
        assertThat(StringReads.readLatin1(in, platform())).isEmpty();
        assertThat(in.read_long()).isEqualTo(7);
    }

    @Test
    void aStringWithoutItsNulOrLongerThanTheMessageIsAMarshalError() {
        OutputStream unterminated = orb().create_output_stream();
        unterminated.write_ulong(3);
        unterminated.write_octet_array(new byte[] {'a', 'b', 'c'}, 0, 3);
        assertThatThrownBy(() -> StringReads.readLatin1(unterminated.create_input_stream(), platform())).isInstanceOf(MARSHAL.class);

        OutputStream hostile = orb().create_output_stream();
        hostile.write_ulong(0x7FFF_FFF0);
        hostile.write_octet_array(new byte[16], 0, 16);
        assertThatThrownBy(() -> StringReads.readLatin1(hostile.create_input_stream(), platform())).isInstanceOf(MARSHAL.class);

        OutputStream beyondInt = orb().create_output_stream();
        beyondInt.write_ulong(0xFFFF_FFF0);
        assertThatThrownBy(() -> StringReads.readLatin1(beyondInt.create_input_stream(), platform())).isInstanceOf(MARSHAL.class);
    }

    /** Asks the Warehouse its site on {@code callingOrb}, as the dynamic path does, and whether its reply stream reads in bulk. */
    private boolean siteReplyIsLatin1(ORB callingOrb) {
        ObjectImpl warehouse = (ObjectImpl) callingOrb.string_to_object(fixture.catalogUrl());
        InputStream in = null;
        try {
            OutputStream out = warehouse._request("_get_site", true);
            in = warehouse._invoke(out);
            boolean latin1 = OrbPlatform.of(callingOrb).readsLatin1(in);
            assertThat(StringReads.read(in, OrbPlatform.of(callingOrb))).isNotEmpty();
            return latin1;
        } catch (org.omg.CORBA.portable.ApplicationException | org.omg.CORBA.portable.RemarshalException e) {
            throw new AssertionError(e);
        } finally {
            warehouse._releaseReply(in);
        }
    }

    private static ORB orb() {
        return ORB_OF_THE_CLASS.orb();
    }

    /** The platform of the ORB this class's streams come from. */
    private static OrbPlatform platform() {
        return OrbPlatform.of(orb());
    }
}
