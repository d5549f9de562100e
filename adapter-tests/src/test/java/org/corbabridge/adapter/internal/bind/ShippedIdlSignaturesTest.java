package org.corbabridge.adapter.internal.bind;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Set;
import org.corbabridge.adapter.Idl;
import org.corbabridge.adapter.InterfaceSignature;
import org.corbabridge.adapter.OperationSignature;
import org.corbabridge.adapter.ParameterMode;
import org.corbabridge.depot.stock.TillOperations;
import org.corbabridge.depot.stock.WarehouseOperations;
import org.corbabridge.shop.CatalogOperations;
import org.junit.jupiter.api.Test;
import org.omg.CORBA.TypeCode;

/**
 * For both IDLs the project ships, the signature read from the IDL file is the one the
 * generated classes give plus the declarations a user had to write by hand before: the IDL
 * holds everything, so nothing needs declaring.
 */
class ShippedIdlSignaturesTest {

    private static final ClassLoader LOADER = ShippedIdlSignaturesTest.class.getClassLoader();

    @Test
    void theWarehouseFromItsIdlIsTheGeneratedClassesPlusTheHandDeclarations() {
        InterfaceSignature fromIdl = Idl.fromClassPath(LOADER, "idl/warehouse.idl").signature("depot::stock::Warehouse");
        InterfaceSignature byHand = Signatures.fromClasses(WarehouseOperations.class).toBuilder()
                .attribute("site", true)
                .oneway("audit")
                .parameterMode("store", 2, ParameterMode.INOUT)
                .parameterMode("adjustOnce", 1, ParameterMode.INOUT)
                // an unsigned long (periodMillis) is an int in Java: the whole operation is declared by hand
                .operation(fromIdl.operation("subscribe").orElseThrow())
                .build();
        assertSameSignature(fromIdl, byHand);
    }

    /**
     * Except an operation whose Java types are a bare {@code BigDecimal}: a {@code fixed}'s digits
     * and scale are in the IDL only, so the classes alone cannot give them, and say so. A struct
     * holding one has them in its helper's TypeCode.
     */
    @Test
    void theTillFromItsIdlIsTheGeneratedClassesButForABareFixed() {
        InterfaceSignature fromClasses = Signatures.fromClasses(TillOperations.class, Set.of("echoMoney"));
        InterfaceSignature fromIdl = Idl.fromClassPath(LOADER, "idl/till.idl").signature("depot::stock::Till");
        assertSameSignature(fromIdl, fromClasses, Set.of("echoMoney"));
        assertThatThrownBy(() -> Signatures.fromClasses(TillOperations.class))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("echoMoney")
                .hasMessageContaining("a fixed<digits, scale>, whose digits and scale the Java mapping does not keep")
                .hasMessageContaining("Put the IDL file in the jar");
    }

    @Test
    void theCatalogFromItsIdlIsTheGeneratedClassesAlone() {
        InterfaceSignature fromClasses = Signatures.fromClasses(CatalogOperations.class);
        InterfaceSignature fromIdl = Idl.fromClassPath(LOADER, "idl/catalog.idl").signature("shop::Catalog");
        assertSameSignature(fromIdl, fromClasses);
    }

    @Test
    void aTypedProxysSignatureIsFoundInTheIdlItsJarCarriesWithNothingDeclared() {
        InterfaceSignature found = InterfaceSignature.of(WarehouseOperations.class);
        assertThat(found.operationsInterface()).contains(WarehouseOperations.class);
        assertThat(found.operation("_set_site")).isEmpty();
        assertThat(found.operation("audit").orElseThrow().oneway()).isTrue();
        assertThat(found.operation("store").orElseThrow().parameters().get(2).mode()).isEqualTo(ParameterMode.INOUT);
        assertSameSignature(found, Idl.fromClassPath(LOADER, "idl/warehouse.idl").signature("Warehouse"));
    }

    static void assertSameSignature(InterfaceSignature actual, InterfaceSignature expected) {
        assertSameSignature(actual, expected, Set.of());
    }

    /** @param leftOut operations {@code expected} does not have, which {@code actual} has */
    static void assertSameSignature(InterfaceSignature actual, InterfaceSignature expected, Set<String> leftOut) {
        assertThat(actual.repositoryId()).isEqualTo(expected.repositoryId());
        assertThat(names(actual)).containsExactlyInAnyOrderElementsOf(
                java.util.stream.Stream.concat(names(expected).stream(), leftOut.stream()).toList());
        for (OperationSignature operation : expected.operations()) {
            OperationSignature other = actual.operation(operation.name()).orElseThrow();
            assertThat(other.oneway()).as(operation.name() + " oneway").isEqualTo(operation.oneway());
            assertThat(other.parameters()).as(operation.name() + " parameters").hasSameSizeAs(operation.parameters());
            for (int i = 0; i < operation.parameters().size(); i++) {
                OperationSignature.Parameter want = operation.parameters().get(i);
                OperationSignature.Parameter got = other.parameters().get(i);
                if (!want.name().matches("arg\\d+")) {
                    // classes compiled without -parameters name them arg0, arg1...; the IDL always names them
                    assertThat(got.name()).as(operation.name() + " parameter " + i).isEqualTo(want.name());
                }
                assertThat(got.mode()).as(operation.name() + " " + want.name()).isEqualTo(want.mode());
                assertEqualTypes(got.type(), want.type(), operation.name() + " " + want.name());
            }
            assertEqualTypes(other.result(), operation.result(), operation.name() + " result");
            assertThat(other.exceptions()).as(operation.name() + " exceptions").hasSameSizeAs(operation.exceptions());
            for (int i = 0; i < operation.exceptions().size(); i++) {
                assertEqualTypes(other.exceptions().get(i), operation.exceptions().get(i), operation.name() + " raises");
            }
        }
    }

    /**
     * Equivalent: the same on the wire. The IDL keeps a typedef's name where a Java array loses it
     * ({@code PalletSeq} against an anonymous sequence of {@code Pallet}); TypeCode.equivalent
     * looks through aliases, as the ORB does when it compares the two.
     */
    private static void assertEqualTypes(TypeCode actual, TypeCode expected, String what) {
        assertThat(actual.equivalent(expected)).as(what + ": " + actual + " equivalent to " + expected).isTrue();
    }

    private static List<String> names(InterfaceSignature signature) {
        return signature.operations().stream().map(OperationSignature::name).toList();
    }
}
