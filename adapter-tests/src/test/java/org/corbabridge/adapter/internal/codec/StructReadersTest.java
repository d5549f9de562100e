package org.corbabridge.adapter.internal.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.corbabridge.adapter.internal.orb.OrbPlatform;
import org.corbabridge.depot.stock.Bin;
import org.corbabridge.depot.stock.BinHelper;
import org.corbabridge.depot.stock.Counters;
import org.corbabridge.depot.stock.CountersHelper;
import org.corbabridge.depot.stock.PalletNotFound;
import org.corbabridge.depot.stock.PalletNotFoundHelper;
import org.corbabridge.shop.Item;
import org.corbabridge.shop.ItemHelper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.omg.CORBA.ORB;
import org.omg.CORBA.portable.InputStream;
import org.omg.CORBA.portable.OutputStream;

/**
 * The dynamic path reads a generated struct through a class made for it, and what it reads is
 * what the struct's generated helper wrote: primitives of each width, strings, nested sequences of
 * a recursive struct, an exception's members after its id.
 */
class StructReadersTest {

    @RegisterExtension
    static final OrbPerClass ORB_OF_THE_CLASS = new OrbPerClass();

    @Test
    void aStructOfPrimitivesAndStringsIsReadByItsGeneratedReader() {
        StructCodecs.TypedStruct codec = (StructCodecs.TypedStruct) Codecs.of(ItemHelper.type(), Item.class, OrbPlatform.of(orb()));
        assertThat(codec.generated()).isTrue();

        OutputStream out = orb().create_output_stream();
        ItemHelper.write(out, new Item(-7, "caf\u00e9", "", 1e-300));
        out.write_long(0x5EC0DE);
        InputStream in = out.create_input_stream();
        Item read = (Item) codec.read(in);

        assertThat(read.id).isEqualTo(-7);
        assertThat(read.itemName).isEqualTo("caf\u00e9");
        assertThat(read.description).isEmpty();
        assertThat(read.price).isEqualTo(1e-300);
        assertThat(in.read_long()).as("what follows the struct").isEqualTo(0x5EC0DE);
    }

    @Test
    void everyPrimitiveWidthLandsInItsField() {
        StructCodecs.TypedStruct codec = (StructCodecs.TypedStruct) Codecs.of(CountersHelper.type(), Counters.class, OrbPlatform.of(orb()));
        assertThat(codec.generated()).isTrue();
        OutputStream out = orb().create_output_stream();
        Counters sent = new Counters(Integer.MIN_VALUE, Long.MAX_VALUE);
        CountersHelper.write(out, sent);
        Counters read = (Counters) codec.read(out.create_input_stream());
        assertThat(read.stored).isEqualTo(sent.stored);
        assertThat(read.photoBytes).isEqualTo(sent.photoBytes);
    }

    @Test
    void aRecursiveStructIsReadThroughItsOwnCodecForItsSequence() {
        StructCodecs.TypedStruct codec = (StructCodecs.TypedStruct) Codecs.of(BinHelper.type(), Bin.class, OrbPlatform.of(orb()));
        assertThat(codec.generated()).isTrue();
        OutputStream out = orb().create_output_stream();
        Bin leaf = new Bin("leaf", new Bin[0]);
        BinHelper.write(out, new Bin("root", new Bin[] {leaf, new Bin("mid", new Bin[] {leaf})}));
        Bin read = (Bin) codec.read(out.create_input_stream());
        assertThat(read.label).isEqualTo("root");
        assertThat(read.inner).hasSize(2);
        assertThat(read.inner[1].inner[0].label).isEqualTo("leaf");
    }

    @Test
    void anExceptionsMembersFollowItsId() {
        StructCodecs.TypedStruct codec = (StructCodecs.TypedStruct) Codecs.of(PalletNotFoundHelper.type(),
                PalletNotFound.class, OrbPlatform.of(orb()));
        assertThat(codec.generated()).isTrue();
        OutputStream out = orb().create_output_stream();
        PalletNotFoundHelper.write(out, new PalletNotFound("P-9", 42));
        PalletNotFound read = (PalletNotFound) codec.read(out.create_input_stream());
        assertThat(read.id).isEqualTo("P-9");
        assertThat(read.shelf).isEqualTo(42);
    }

    /**
     * A generated reader reads a string field through the struct's string codec, so a bounded
     * string longer than its bound in a reply is refused as the reflective path and a generated
     * helper refuse it (the reader once stored it unchecked).
     */
    @Test
    void aBoundedStringFieldReadByTheGeneratedReaderKeepsItsBound() {
        org.omg.CORBA.TypeCode tagType = orb().create_struct_tc("IDL:test/Tag:1.0", "Tag",
                new org.omg.CORBA.StructMember[] {
                    new org.omg.CORBA.StructMember("code", orb().create_string_tc(4), null)});
        StructCodecs.TypedStruct codec = (StructCodecs.TypedStruct) Codecs.of(tagType, Tag.class, OrbPlatform.of(orb()));
        assertThat(codec.generated()).isTrue();

        OutputStream within = orb().create_output_stream();
        within.write_string("abcd");
        assertThat(((Tag) codec.read(within.create_input_stream())).code).isEqualTo("abcd");

        OutputStream beyond = orb().create_output_stream();
        beyond.write_string("abcdef");
        assertThatThrownBy(() -> codec.read(beyond.create_input_stream())).isInstanceOf(org.omg.CORBA.MARSHAL.class)
                .hasMessageContaining("string<4> of 6 characters");
    }

    /** A class shaped as an IDL compiler generates a struct's: public fields, a public no-argument constructor. */
    public static final class Tag implements org.omg.CORBA.portable.IDLEntity {
        private static final long serialVersionUID = 1L;
        public String code;

        public Tag() {
        }
    }

    private static ORB orb() {
        return ORB_OF_THE_CLASS.orb();
    }
}
