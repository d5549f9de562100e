package org.corbabridge.adapter.internal.bind;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.corbabridge.adapter.OperationSignature;
import org.corbabridge.adapter.internal.codec.OrbPerClass;
import org.corbabridge.adapter.internal.orb.OrbPlatform;
import org.corbabridge.depot.stock.Bin;
import org.corbabridge.depot.stock.BinHelper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.omg.CORBA.ORB;
import org.omg.CORBA.StringHolder;
import org.omg.CORBA.TypeCode;

/**
 * A bound operation checks its arguments with the codecs before sending (ArgumentCheckTest has the
 * check itself): an inout value inside a typed proxy's holder, and a generated struct class.
 */
class BoundOperationArgumentCheckTest {

    @RegisterExtension
    static final OrbPerClass ORB_OF_THE_CLASS = new OrbPerClass();
    @Test
    void anInoutValueIsCheckedInsideItsHolder() throws Exception {
        TypeCode string = orb().create_string_tc(0);
        OperationSignature rename = OperationSignature.builder("rename").inout("name", string).build();
        BoundOperation bound = new BoundOperation(rename, Renaming.class.getMethod("rename", StringHolder.class),
                false, false, OrbPlatform.OTHER);

        assertThatThrownBy(() -> bound.checkArguments(new Object[] {new StringHolder("a\u0000")}, true, false))
                .hasMessageContaining("the argument 'name' of rename: a string holds a NUL character")
                .hasMessageEndingWith("Nothing was sent");
        assertThatCode(() -> bound.checkArguments(new Object[] {new StringHolder("ab")}, true, false))
                .doesNotThrowAnyException();
    }

    @Test
    void aStaticCallOfARecursiveStructIsCheckedThroughTheGeneratedClass() throws Exception {
        OperationSignature echo = OperationSignature.builder("echoBin").in("root", BinHelper.type())
                .returns(BinHelper.type()).build();
        BoundOperation bound = new BoundOperation(echo, Echoing.class.getMethod("echoBin", Bin.class), false, false, OrbPlatform.OTHER);
        Bin deep = new Bin("a", new Bin[] {new Bin("b", new Bin[] {new Bin("c\u0000", new Bin[0])})});

        assertThatThrownBy(() -> bound.checkArguments(new Object[] {deep}, false, false))
                .hasMessageContaining("the argument 'root' of echoBin");
    }

    /** A generated-style operation with an inout string. */
    public interface Renaming {
        void rename(StringHolder name);
    }

    public interface Echoing {
        Bin echoBin(Bin root);
    }

    private static ORB orb() {
        return ORB_OF_THE_CLASS.orb();
    }
}
