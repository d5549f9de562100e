package org.corbabridge.adapter.internal.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import org.corbabridge.adapter.internal.orb.OrbPlatform;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.omg.CORBA.ORB;
import org.omg.CORBA.TCKind;
import org.omg.CORBA.portable.OutputStream;

/**
 * A dynamic call's number given as another Java type than its IDL type's: written as the same
 * value where it fits (read back from the ORB's own stream), refused where it does not, never cut
 * to another value. Unsigned types and octets take their unsigned values and the Java mapping's
 * signed ones.
 */
class NumberConversionTest {

    @RegisterExtension
    static final OrbPerClass ORB_OF_THE_CLASS = new OrbPerClass();

    @ParameterizedTest(name = "{0} {1} {2} -> {3}")
    @CsvSource({
        "tk_short, Integer, 32767, 32767",
        "tk_short, Long, -32768, -32768",
        "tk_short, Double, 12.0, 12",
        "tk_ushort, Integer, 65535, -1",
        "tk_ushort, Integer, -1, -1",
        "tk_octet, Integer, 255, -1",
        "tk_octet, Integer, -128, -128",
        "tk_long, Long, -2147483648, -2147483648",
        "tk_long, BigInteger, 2147483647, 2147483647",
        "tk_long, BigDecimal, 7.000, 7",
        "tk_ulong, Long, 4294967295, -1",
        "tk_longlong, BigInteger, -9223372036854775808, -9223372036854775808",
        "tk_ulonglong, BigInteger, 18446744073709551615, -1",
        "tk_ulonglong, Long, -1, -1",
        "tk_float, Double, 0.5, 0.5",
        "tk_double, Long, 9007199254740992, 9.007199254740992E15",
        "tk_double, BigDecimal, 0.25, 0.25",
    })
    void aNumberThatFitsIsSentAsItsValue(String kind, String javaType, String given, String sentAs) {
        OutputStream out = (OutputStream) orb().create_output_stream();
        Codecs.of(orb().get_primitive_tc(TCKind.from_int(kindOf(kind))), null, OrbPlatform.of(orb())).write(out, number(javaType, given));
        Object read = Codecs.of(orb().get_primitive_tc(TCKind.from_int(kindOf(kind))), null, OrbPlatform.of(orb())).read(out.create_input_stream());

        assertThat(read.toString()).isEqualTo(sentAs);
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @CsvSource({
        "tk_short, Integer, 70000",
        "tk_short, Integer, -32769",
        "tk_short, Double, 1.5",
        "tk_ushort, Integer, 65536",
        "tk_ushort, Integer, -32769",
        "tk_octet, Integer, 256",
        "tk_octet, Integer, -129",
        "tk_long, Long, 5000000000",
        "tk_long, Double, 2.5",
        "tk_long, Double, NaN",
        "tk_long, BigDecimal, 1e10",
        "tk_ulong, Long, 4294967296",
        "tk_longlong, BigInteger, 9223372036854775808",
        "tk_longlong, Double, 1e19",
        "tk_ulonglong, BigInteger, 18446744073709551616",
        "tk_ulonglong, BigInteger, -9223372036854775809",
        "tk_float, Double, 1e300",
        "tk_double, Long, 9007199254740993",
        "tk_double, BigDecimal, 1e400",
    })
    void aNumberThatDoesNotFitIsRefusedNotCut(String kind, String javaType, String given) {
        Codec codec = Codecs.of(orb().get_primitive_tc(TCKind.from_int(kindOf(kind))), null, OrbPlatform.of(orb()));
        Object value = number(javaType, given);

        assertThatThrownBy(() -> codec.write((OutputStream) orb().create_output_stream(), value))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cannot hold");
        assertThatThrownBy(() -> Codecs.of(orb().create_sequence_tc(0, orb().get_primitive_tc(TCKind.from_int(kindOf(kind)))),
                null, OrbPlatform.of(orb())).write((OutputStream) orb().create_output_stream(), List.of(value)))
                .as("in a sequence").isInstanceOf(IllegalArgumentException.class);
    }

    private static int kindOf(String kind) {
        return switch (kind) {
            case "tk_short" -> TCKind._tk_short;
            case "tk_ushort" -> TCKind._tk_ushort;
            case "tk_octet" -> TCKind._tk_octet;
            case "tk_long" -> TCKind._tk_long;
            case "tk_ulong" -> TCKind._tk_ulong;
            case "tk_longlong" -> TCKind._tk_longlong;
            case "tk_ulonglong" -> TCKind._tk_ulonglong;
            case "tk_float" -> TCKind._tk_float;
            case "tk_double" -> TCKind._tk_double;
            default -> throw new IllegalArgumentException(kind);
        };
    }

    private static Number number(String javaType, String text) {
        return switch (javaType) {
            case "Integer" -> Integer.valueOf(text);
            case "Long" -> Long.valueOf(text);
            case "Double" -> Double.valueOf(text);
            case "BigInteger" -> new BigInteger(text);
            case "BigDecimal" -> new BigDecimal(text);
            default -> throw new IllegalArgumentException(javaType);
        };
    }

    private static ORB orb() {
        return ORB_OF_THE_CLASS.orb();
    }
}
