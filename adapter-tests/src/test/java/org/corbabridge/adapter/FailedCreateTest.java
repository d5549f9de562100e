package org.corbabridge.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.corbabridge.fixture.ServerFixture;
import org.corbabridge.fixture.ServerFixtureExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.omg.CORBA.Any;
import org.omg.CORBA.ORB;
import org.omg.CORBA.TCKind;
import org.omg.CORBA.TypeCode;

/**
 * A client whose creation fails, whatever it throws, leaves no ORB behind: a signature the
 * dynamic path refuses, and one whose TypeCode throws an Error (as a broken generated helper's
 * endless recursion does).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(ServerFixtureExtension.Warehouse.class)
class FailedCreateTest {

    private final ServerFixture fixture;

    FailedCreateTest(ServerFixture fixture) {
        this.fixture = fixture;
    }


    private InterfaceSignature taking(TypeCode type) {
        return InterfaceSignature.builder("IDL:depot/stock/Warehouse:1.0")
                .operation(OperationSignature.builder("echo").in("goods", type).build())
                .build();
    }

    @Test
    void aSignatureTheDynamicPathRefusesLeavesNoOrb() {
        int before = OrbCounter.open();
        TypeCode value = ORB.init().create_value_tc("IDL:V:1.0", "V", org.omg.CORBA.VM_NONE.value, null,
                new org.omg.CORBA.ValueMember[0]);
        assertThatThrownBy(() -> DynamicClient.create(taking(value),
                TestOrbs.configFor(fixture).invocation(InvocationMode.DYNAMIC).build()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("STATIC");
        assertThat(OrbCounter.open()).isEqualTo(before);
    }

    @Test
    void anErrorThrownWhileTheClientIsBuiltLeavesNoOrb() {
        int before = OrbCounter.open();
        assertThatThrownBy(() -> DynamicClient.create(taking(new EndlessTypeCode()),
                TestOrbs.configFor(fixture).invocation(InvocationMode.DII).build()))
                .isInstanceOf(StackOverflowError.class);
        assertThat(OrbCounter.open()).isEqualTo(before);
    }

    /** A TypeCode whose every question recurses without end, as a broken helper's type() does. */
    private static final class EndlessTypeCode extends TypeCode {
        private static final long serialVersionUID = 1L;

        private static StackOverflowError endless() {
            return new StackOverflowError("a helper that recurses without end");
        }

        @Override public boolean equal(TypeCode tc) { throw endless(); }
        @Override public boolean equivalent(TypeCode tc) { throw endless(); }
        @Override public TypeCode get_compact_typecode() { throw endless(); }
        @Override public TCKind kind() { throw endless(); }
        @Override public String id() { throw endless(); }
        @Override public String name() { throw endless(); }
        @Override public int member_count() { throw endless(); }
        @Override public String member_name(int index) { throw endless(); }
        @Override public TypeCode member_type(int index) { throw endless(); }
        @Override public Any member_label(int index) { throw endless(); }
        @Override public TypeCode discriminator_type() { throw endless(); }
        @Override public int default_index() { throw endless(); }
        @Override public int length() { throw endless(); }
        @Override public TypeCode content_type() { throw endless(); }
        @Override public short fixed_digits() { throw endless(); }
        @Override public short fixed_scale() { throw endless(); }
        @Override public short member_visibility(int index) { throw endless(); }
        @Override public short type_modifier() { throw endless(); }
        @Override public TypeCode concrete_base_type() { throw endless(); }
    }
}
