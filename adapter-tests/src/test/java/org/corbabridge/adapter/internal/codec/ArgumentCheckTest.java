package org.corbabridge.adapter.internal.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.corbabridge.adapter.internal.orb.OrbPlatform;
import org.corbabridge.depot.stock.BinHelper;
import org.corbabridge.depot.stock.CountersHelper;
import org.corbabridge.depot.stock.PalletHelper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.omg.CORBA.ORB;
import org.omg.CORBA.TCKind;

/**
 * The check of a call's strings before sending (ArgumentCheck, and the bounds the codecs check): what
 * it refuses, what it lets through and which types it walks (an inout value in a typed proxy's holder:
 * BoundOperationArgumentCheckTest). The calls themselves, on every ORB and in every mode, are ValuesThatWouldArriveChangedTest.
 */
class ArgumentCheckTest {

    @RegisterExtension
    static final OrbPerClass ORB_OF_THE_CLASS = new OrbPerClass();

    @Test
    void everyLatin1CharacterPassesAndOnlyTheOrbThatCutsRefusesOneBeyond() {
        Codec string = Codecs.of(orb().create_string_tc(0), null, OrbPlatform.of(orb()));
        StringBuilder latin1 = new StringBuilder();
        for (char c = 1; c <= 0xFF; c++) {
            latin1.append(c);
        }

        assertThatCode(() -> ArgumentCheck.require(string, latin1.toString(), true, OrbPlatform.of(orb()))).doesNotThrowAnyException();
        assertThatThrownBy(() -> ArgumentCheck.require(string, "x\ud83d\udce6", true, OrbPlatform.of(orb())))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("U+1F4E6").hasMessageContaining("index 1");
        assertThatCode(() -> ArgumentCheck.require(string, "x\ud83d\udce6", false, OrbPlatform.of(orb()))).doesNotThrowAnyException();
    }

    @Test
    void aWideStringMayHoldAnyCharacterButNul() {
        Codec wstring = Codecs.of(orb().create_wstring_tc(0), null, OrbPlatform.of(orb()));

        assertThatCode(() -> ArgumentCheck.require(wstring, "\u20ac\ud83d\udce6", true, OrbPlatform.of(orb()))).doesNotThrowAnyException();
        assertThatThrownBy(() -> ArgumentCheck.require(wstring, "\u20ac\u0000", true, OrbPlatform.of(orb())))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("a wstring holds a NUL character (U+0000) at index 1");
    }

    @Test
    void boundedStringsAndSequencesRefuseMoreThanTheirBound() {
        Codec code = Codecs.of(orb().create_string_tc(8), null, OrbPlatform.of(orb()));
        Codec wide = Codecs.of(orb().create_wstring_tc(3), null, OrbPlatform.of(orb()));
        Codec blob = Codecs.of(orb().create_sequence_tc(4, orb().get_primitive_tc(TCKind.tk_octet)), null, OrbPlatform.of(orb()));
        Codec names = Codecs.of(orb().create_sequence_tc(2, orb().create_string_tc(0)), null, OrbPlatform.of(orb()));

        assertThatCode(() -> ArgumentCheck.require(code, "12345678", false, OrbPlatform.of(orb()))).doesNotThrowAnyException();
        assertThatThrownBy(() -> ArgumentCheck.require(code, "123456789", false, OrbPlatform.of(orb())))
                .hasMessageContaining("a string<8> cannot hold 9 characters");
        assertThatThrownBy(() -> ArgumentCheck.require(wide, "\u20ac\u20ac\u20ac\u20ac", false, OrbPlatform.of(orb())))
                .hasMessageContaining("a wstring<3> cannot hold 4 characters");
        assertThatCode(() -> ArgumentCheck.require(blob, new byte[4], false, OrbPlatform.of(orb()))).doesNotThrowAnyException();
        assertThatThrownBy(() -> ArgumentCheck.require(blob, new byte[5], false, OrbPlatform.of(orb())))
                .hasMessageContaining("cannot hold 5 elements");
        assertThatThrownBy(() -> ArgumentCheck.require(names, List.of("a", "b", "c"), false, OrbPlatform.of(orb())))
                .hasMessageContaining("cannot hold 3 elements");
    }

    /** What a generated helper refuses in a reply, the dynamic path refuses too: it read these as they came. */
    @Test
    void aReplysStringOrSequenceBeyondItsBoundIsRefused() {
        org.omg.CORBA.portable.OutputStream out = (org.omg.CORBA.portable.OutputStream) orb().create_output_stream();
        Codecs.of(orb().create_string_tc(0), null, OrbPlatform.of(orb())).write(out, "123456789");
        Codecs.of(orb().create_wstring_tc(0), null, OrbPlatform.of(orb())).write(out, "wide");
        Codecs.of(orb().create_sequence_tc(0, orb().create_string_tc(0)), null, OrbPlatform.of(orb())).write(out, List.of("a", "b", "c"));
        org.omg.CORBA.portable.InputStream in = out.create_input_stream();

        assertThatThrownBy(() -> Codecs.of(orb().create_string_tc(8), null, OrbPlatform.of(orb())).read(in))
                .isInstanceOf(org.omg.CORBA.MARSHAL.class).hasMessageContaining("a string<8> of 9 characters");
        assertThatThrownBy(() -> Codecs.of(orb().create_wstring_tc(3), null, OrbPlatform.of(orb())).read(in))
                .isInstanceOf(org.omg.CORBA.MARSHAL.class).hasMessageContaining("a wstring<3> of 4 characters");
        assertThatThrownBy(() -> Codecs.of(orb().create_sequence_tc(2, orb().create_string_tc(0)), null, OrbPlatform.of(orb())).read(in))
                .isInstanceOf(org.omg.CORBA.MARSHAL.class).hasMessageContaining("of 3 elements");
    }

    @Test
    void theCheckWalksOnlyTypesThatCanHoldAStringOrABound() {
        assertThat(ArgumentCheck.applies(orb().get_primitive_tc(TCKind.tk_long))).isFalse();
        assertThat(ArgumentCheck.applies(CountersHelper.type())).as("a struct of numbers").isFalse();
        assertThat(ArgumentCheck.applies(orb().create_sequence_tc(0, orb().get_primitive_tc(TCKind.tk_octet)))).isFalse();
        assertThat(ArgumentCheck.applies(orb().create_sequence_tc(16, orb().get_primitive_tc(TCKind.tk_octet)))).isTrue();
        assertThat(ArgumentCheck.applies(BinHelper.type())).as("a recursive struct of strings").isTrue();
        assertThat(ArgumentCheck.applies(PalletHelper.type())).as("wstring, any").isTrue();
        assertThat(ArgumentCheck.applies(orb().get_primitive_tc(TCKind.tk_any))).isTrue();
    }


    private static ORB orb() {
        return ORB_OF_THE_CLASS.orb();
    }
}
