package org.corbabridge.adapter.internal.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.HexFormat;
import org.corbabridge.adapter.TestOrbs;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.omg.CORBA.MARSHAL;

/**
 * A {@code fixed<digits, scale>} as CDR carries it: packed decimal of exactly the declared
 * digits, sign last, a zero half-octet first for an even count. The octets are the standard's
 * (CORBA 3.3 part 2, 9.3.2.8); omniORB reading them is {@code FixedPointOnEveryPathTest}'s.
 */
@Tag(TestOrbs.ORB_FREE)
class FixedCodecTest {

    @ParameterizedTest(name = "fixed<{0},{1}> {2} -> {3}")
    @CsvSource({
        "5, 3, 12.345, 12345c",
        "5, 3, -12.345, 12345d",
        "5, 3, 0.001, 00001c",
        "5, 3, 0, 00000c",
        "12, 2, -1234567890.12, 0123456789012d",
        "12, 2, 1.5, 0000000000150c",
        "12, 2, 7, 0000000000700c",
        "1, 0, 9, 9c",
        "2, 2, -0.05, 005d",
        "31, 0, 9999999999999999999999999999999, 9999999999999999999999999999999c",
    })
    void aValueIsWrittenAsExactlyTheDeclaredDigitsAndReadBackAtTheTypesScale(int digits, int scale, String value,
            String hex) {
        FixedCodec codec = new FixedCodec(digits, scale);
        byte[] packed = codec.encode(new BigDecimal(value));

        assertThat(HexFormat.of().formatHex(packed)).isEqualTo(hex.replace(" ", ""));
        assertThat(packed).hasSize((digits + 2) / 2);
        BigDecimal read = codec.decode(packed);
        assertThat(read.scale()).isEqualTo(scale);
        assertThat(read).isEqualByComparingTo(value);
    }

    @Test
    void integralNumbersAreTakenAsTheirValue() {
        FixedCodec codec = new FixedCodec(6, 2);

        assertThat(codec.decode(codec.encode(1234L))).isEqualTo(new BigDecimal("1234.00"));
        assertThat(codec.decode(codec.encode(-7))).isEqualTo(new BigDecimal("-7.00"));
        assertThat(codec.decode(codec.encode(BigInteger.valueOf(42)))).isEqualTo(new BigDecimal("42.00"));
    }

    @ParameterizedTest(name = "fixed<{0},{1}> refuses {2}")
    @CsvSource({
        "12, 2, 1.234, more than 2 decimal places",
        "12, 2, 10000000000, more than 10 digits before the point",
        "12, 2, -10000000000.00, more than 10 digits before the point",
        "5, 3, 100, more than 2 digits before the point",
        "3, 3, 1, more than 0 digits before the point",
        "4, 0, 0.5, more than 0 decimal places",
    })
    void aValueTheTypeCannotHoldExactlyIsRefusedNotRounded(int digits, int scale, String value, String why) {
        assertThatThrownBy(() -> new FixedCodec(digits, scale).encode(new BigDecimal(value)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("fixed<" + digits + "," + scale + "> cannot hold")
                .hasMessageContaining(why);
    }

    @Test
    void aDoubleIsRefusedForTheDecimalItIsNot() {
        assertThatThrownBy(() -> new FixedCodec(12, 2).encode(0.1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("takes a BigDecimal");
        assertThatThrownBy(() -> new FixedCodec(12, 2).encode(null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cannot be null");
    }

    @ParameterizedTest(name = "fixed<{0},{1}> refuses the octets {2}")
    @CsvSource({
        "5, 3, 1a345c, 0xa where a decimal digit belongs",
        "5, 3, 12345f, sign 0xf",
        "5, 3, 12345b, sign 0xb",
        "4, 2, 11234c, 0x1 where a decimal digit belongs",
    })
    void octetsThatAreNoPackedDecimalAreAMarshalError(int digits, int scale, String hex, String why) {
        assertThatThrownBy(() -> new FixedCodec(digits, scale).decode(HexFormat.of().parseHex(hex)))
                .isInstanceOf(MARSHAL.class).hasMessageContaining(why);
    }
}
