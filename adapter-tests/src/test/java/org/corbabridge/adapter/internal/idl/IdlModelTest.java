package org.corbabridge.adapter.internal.idl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.corbabridge.adapter.Idl;
import org.corbabridge.adapter.IdlException;
import org.corbabridge.adapter.InterfaceSignature;
import org.corbabridge.adapter.OperationSignature;
import org.corbabridge.adapter.ParameterMode;
import org.corbabridge.adapter.TestOrbs;
import org.junit.jupiter.api.Test;
import org.omg.CORBA.TCKind;
import org.omg.CORBA.TypeCode;

/**
 * The IDL reader on its own, with no server: every construct it supports becomes the TypeCode
 * the IDL means, and what it refuses is refused with the file, the line and the construct.
 */
class IdlModelTest {

    private static final ClassLoader LOADER = IdlModelTest.class.getClassLoader();

    private static Idl everything() {
        return Idl.fromClassPath(LOADER, "idl-cases/everything.idl");
    }

    private static OperationSignature operation(InterfaceSignature signature, String name) {
        return signature.operation(name).orElseThrow(() -> new AssertionError("no operation " + name));
    }

    private static TypeCode unaliased(TypeCode type) throws Exception {
        TypeCode current = type;
        while (current.kind().value() == TCKind._tk_alias) {
            current = current.content_type();
        }
        return current;
    }

    @Test
    void interfacesAreListedByScopedNameAndIdsCarryTheFilesPrefix() {
        Idl idl = everything();
        assertThat(idl.interfaces()).containsExactly("outer::inner::Base", "outer::inner::Everything");
        assertThat(idl.signature("Everything").repositoryId()).isEqualTo("IDL:example.org/outer/inner/Everything:1.0");
        assertThat(idl.signature("::outer::inner::Everything").repositoryId())
                .isEqualTo(idl.signature("IDL:example.org/outer/inner/Everything:1.0").repositoryId());
    }

    @Test
    void anIncludedFilesPrefixEndsWithItAndItsTypesKeepTheirOwn() throws Exception {
        OperationSignature stamp = operation(everything().signature("Everything"), "stamp");
        assertThat(stamp.result().id()).isEqualTo("IDL:shared.example.org/shared/Stamp:1.0");
        assertThat(stamp.result().member_type(0).kind().value()).isEqualTo(TCKind._tk_ulonglong);
    }

    @Test
    void inheritedOperationsAndAttributesComeFirstAndReadonlyHasNoSetter() {
        InterfaceSignature signature = everything().signature("Everything");
        assertThat(signature.operations()).extracting(OperationSignature::name).startsWith("_get_name", "ping",
                "_get_length", "_set_length");
        assertThat(signature.operation("_set_name")).isEmpty();
    }

    @Test
    void typedefChainsStayAliasesOfAliases() throws Exception {
        TypeCode leg = operation(everything().signature("Everything"), "_get_length").result();
        assertThat(leg.kind().value()).isEqualTo(TCKind._tk_alias);
        assertThat(leg.id()).isEqualTo("IDL:example.org/outer/inner/Leg:1.0");
        assertThat(leg.content_type().id()).isEqualTo("IDL:example.org/outer/inner/Distance:1.0");
        assertThat(leg.content_type().content_type().id()).isEqualTo("IDL:example.org/outer/inner/Meters:1.0");
        assertThat(unaliased(leg).kind().value()).isEqualTo(TCKind._tk_long);
    }

    @Test
    void constantsAndMacrosSizeArraysAndBoundsSizeStringsAndSequences() throws Exception {
        InterfaceSignature signature = everything().signature("Everything");
        TypeCode matrix = unaliased(operation(signature, "grid").result());
        assertThat(matrix.kind().value()).isEqualTo(TCKind._tk_array);
        assertThat(matrix.length()).isEqualTo(2);
        assertThat(matrix.content_type().length()).isEqualTo(3);
        assertThat(matrix.content_type().content_type().kind().value()).isEqualTo(TCKind._tk_short);
        assertThat(unaliased(operation(signature, "cells").parameters().get(0).type()).length()).isEqualTo(6);
        assertThat(unaliased(operation(signature, "_get_name").result()).length()).isEqualTo(8);
        assertThat(unaliased(operation(signature, "blob").result()).length()).isEqualTo(16);
    }

    @Test
    void everyPrimitiveKindIsTheOneTheIdlNames() throws Exception {
        TypeCode numbers = operation(everything().signature("Everything"), "numbers").result();
        int[] kinds = new int[numbers.member_count()];
        for (int i = 0; i < kinds.length; i++) {
            kinds[i] = numbers.member_type(i).kind().value();
        }
        assertThat(kinds).containsExactly(TCKind._tk_ushort, TCKind._tk_ulong, TCKind._tk_ulonglong,
                TCKind._tk_longlong, TCKind._tk_char, TCKind._tk_wchar, TCKind._tk_string, TCKind._tk_wstring,
                TCKind._tk_float, TCKind._tk_boolean, TCKind._tk_octet);
    }

    @Test
    void aRecursiveStructRefersToItselfThroughItsSequence() throws Exception {
        TypeCode node = operation(everything().signature("Everything"), "tree").result();
        assertThat(node.kind().value()).isEqualTo(TCKind._tk_struct);
        TypeCode children = node.member_type(1);
        assertThat(children.kind().value()).isEqualTo(TCKind._tk_sequence);
        assertThat(children.content_type().id()).isEqualTo(node.id());
        assertThat(children.content_type().member_name(1)).isEqualTo("children");
    }

    @Test
    void aRecursiveUnionRefersToItselfThroughItsSequence() throws Exception {
        TypeCode tree = operation(everything().signature("Everything"), "forest").result();
        assertThat(tree.kind().value()).isEqualTo(TCKind._tk_union);
        assertThat(tree.member_type(0).content_type().id()).isEqualTo(tree.id());
    }

    /**
     * A forward-declared struct or union recursive through a typedef'd sequence, reached through the
     * typedef first (an operation taking the sequence): the reader said "typedef ... is defined by
     * itself" where omniidl takes it. The typedef is built again inside the struct, where the struct
     * is the recursive one; the TypeCode travels through this ORB's CDR and comes back equal.
     */
    @Test
    void aForwardDeclaredTypeRecursiveThroughATypedefIsReadWhicheverIsMetFirst() throws Exception {
        Idl idl = Idl.parse("forward.idl", """
                module m {
                  struct Node;
                  typedef sequence<Node> NodeSeq;
                  struct Node { string name; NodeSeq kids; };
                  union Route;
                  typedef sequence<Route> Legs;
                  union Route switch (boolean) { case TRUE: Legs legs; case FALSE: string stop; };
                  interface Walker {
                    NodeSeq nodes(in NodeSeq roots);
                    Node node(in Node root);
                    Legs legs(in Legs route);
                  };
                };
                """);
        InterfaceSignature walker = idl.signature("m::Walker");

        TypeCode nodes = operation(walker, "nodes").result();
        assertThat(nodes.kind().value()).isEqualTo(TCKind._tk_alias);
        TypeCode node = nodes.content_type().content_type();
        assertThat(node.id()).isEqualTo("IDL:m/Node:1.0");
        assertThat(node.member_type(1).id()).as("kids").isEqualTo("IDL:m/NodeSeq:1.0");
        assertThat(node.member_type(1).content_type().content_type().id()).as("kids' element").isEqualTo(node.id());
        assertThat(operation(walker, "node").result().equivalent(node)).isTrue();
        TypeCode route = operation(walker, "legs").result().content_type().content_type();
        assertThat(route.member_type(0).content_type().content_type().id()).isEqualTo("IDL:m/Route:1.0");

        try (TestOrbs.OwnedOrb orb = TestOrbs.newOrb()) {
            for (TypeCode type : List.of(nodes, operation(walker, "legs").result())) {
                org.omg.CORBA.portable.OutputStream out =
                        (org.omg.CORBA.portable.OutputStream) orb.orb().create_output_stream();
                out.write_TypeCode(type);
                assertThat(out.create_input_stream().read_TypeCode().equal(type)).as(type.id()).isTrue();
            }
        }
    }

    @Test
    void anOperationDeclaredTwiceNamesItsPlaceOnce() {
        assertThatThrownBy(() -> Idl.parse("twice.idl", "module m { interface I { void f(); };\n"
                + "interface J : I { void f(); }; };").signature("m::J"))
                .isInstanceOf(IdlException.class)
                .hasMessage("twice.idl:2: f is declared twice in m::J or the interfaces it inherits");
    }

    @Test
    void aCaseWithTwoLabelsIsTwoMembersOfOneNameAndTheDefaultIsMarked() throws Exception {
        OperationSignature shape = operation(everything().signature("Everything"), "shape");
        TypeCode union = shape.result();
        assertThat(union.member_count()).isEqualTo(5);
        assertThat(List.of(union.member_name(1), union.member_name(2))).containsExactly("radius", "radius");
        assertThat(union.member_label(1).extract_long()).isEqualTo(2);
        assertThat(union.member_label(2).extract_long()).isEqualTo(3);
        assertThat(union.default_index()).isEqualTo(4);
        assertThat(shape.parameters()).extracting(OperationSignature.Parameter::mode)
                .containsExactly(ParameterMode.IN, ParameterMode.OUT, ParameterMode.INOUT);
        assertThat(shape.exceptions()).extracting(TypeCode::id).containsExactly("IDL:example.org/outer/inner/Refused:1.0");
    }

    @Test
    void anEnumLabelIsAnAnyOfTheEnumOnThisOrb() throws Exception {
        TypeCode union = operation(everything().signature("Everything"), "shape").result();
        assertThat(union.member_label(3).type().kind().value()).isEqualTo(TCKind._tk_long);
        TypeCode colour = union.member_type(3);
        assertThat(colour.kind().value()).isEqualTo(TCKind._tk_enum);
        assertThat(colour.member_count()).isEqualTo(3);
    }

    @Test
    void onewayObjectReferencesAndAnyAreRead() throws Exception {
        InterfaceSignature signature = everything().signature("Everything");
        assertThat(operation(signature, "note").oneway()).isTrue();
        TypeCode self = operation(signature, "self").result();
        assertThat(self.kind().value()).isEqualTo(TCKind._tk_objref);
        assertThat(self.id()).isEqualTo("IDL:example.org/outer/inner/Base:1.0");
        assertThat(operation(signature, "anything").result().kind().value()).isEqualTo(TCKind._tk_any);
    }

    @Test
    void aValueTypeIsRefusedWithItsFileLineAndTheOperationThatUsesIt() {
        Idl idl = Idl.fromClassPath(LOADER, "idl-cases/unsupported.idl");
        assertThatThrownBy(() -> idl.signature("Uses")).isInstanceOf(IdlException.class)
                .hasMessageContaining("unsupported.idl:2:").hasMessageContaining("valuetype refused::Box")
                .hasMessageContaining("operation unbox of refused::Uses");
        assertThatThrownBy(() -> idl.signature("UsesNative")).isInstanceOf(IdlException.class)
                .hasMessageContaining("unsupported.idl:5:").hasMessageContaining("native type refused::Handle");
        assertThatThrownBy(() -> idl.signature("UsesLongDouble")).isInstanceOf(IdlException.class)
                .hasMessageContaining("unsupported.idl:14:").hasMessageContaining("long double");
        assertThatThrownBy(() -> idl.signature("Local")).isInstanceOf(IdlException.class)
                .hasMessageContaining("unsupported.idl:16:").hasMessageContaining("local interface");
        assertThatThrownBy(() -> idl.signature("UsesContext")).isInstanceOf(IdlException.class)
                .hasMessageContaining("unsupported.idl:20:").hasMessageContaining("context clauses");
    }

    @Test
    void aSyntaxErrorNamesTheIncludedFileAndLineItStandsOn(@org.junit.jupiter.api.io.TempDir Path directory)
            throws Exception {
        Files.writeString(directory.resolve("broken.idl"), "module m {\n  struct S { long x };\n};\n");
        assertThatThrownBy(() -> Idl.parse("main.idl", "// first\n#include \"broken.idl\"\nmodule n {};\n", directory))
                .isInstanceOf(IdlException.class).hasMessageContaining("broken.idl:2: syntax error")
                .satisfies(e -> assertThat(((IdlException) e).line()).isEqualTo(2));
    }

    /**
     * The OMG's service IDL as omniORB ships it (/usr/share/idl/omniORB/COS) includes its
     * neighbours in angle brackets, {@code #include <CosEventComm.idl>}: read from its own
     * directory with no include directory given, as docs/idl.md says. It was refused, "no such
     * file beside CosEventChannelAdmin.idl", while the file was there.
     */
    @Test
    void anAngleBracketIncludeIsFoundBesideTheIncludingFileWhenNoIncludeDirectoryHasIt(
            @org.junit.jupiter.api.io.TempDir Path directory) throws Exception {
        Files.writeString(directory.resolve("Comm.idl"), "module Comm {\n  interface Consumer { void push(in any data); };\n};\n");
        Path admin = Files.writeString(directory.resolve("Admin.idl"),
                "#include <Comm.idl>\nmodule Admin {\n  interface Proxy : Comm::Consumer { void connect(in Comm::Consumer c); };\n};\n");

        InterfaceSignature proxy = Idl.read(admin).signature("Admin::Proxy");
        assertThat(proxy.operations()).extracting(OperationSignature::name).containsExactly("push", "connect");
        // an include directory still comes first for <file>
        Path elsewhere = Files.createDirectories(directory.resolve("elsewhere"));
        Files.writeString(elsewhere.resolve("Comm.idl"), "module Comm {\n  interface Consumer { void other(); };\n};\n");
        assertThat(Idl.read(admin, elsewhere).signature("Admin::Proxy").operations())
                .extracting(OperationSignature::name).containsExactly("other", "connect");
    }

    @Test
    void aMissingIncludeAnUndeclaredNameAndATwiceDeclaredNameAreEachNamed() {
        assertThatThrownBy(() -> Idl.parse("a.idl", "#include \"nowhere.idl\"\n"))
                .isInstanceOf(IdlException.class).hasMessageContaining("a.idl:1: #include \"nowhere.idl\"");
        assertThatThrownBy(() -> Idl.parse("b.idl", "interface I {\n  Missing get();\n};\n").signature("I"))
                .isInstanceOf(IdlException.class).hasMessageContaining("b.idl:2: Missing is not declared");
        assertThatThrownBy(() -> Idl.parse("c.idl", "struct S { long a; };\nstruct s { long b; };\n"))
                .isInstanceOf(IdlException.class).hasMessageContaining("c.idl:2: s is already declared");
    }

    @Test
    void conditionalsDefinesAndPragmaIdAndVersionShapeWhatIsRead() {
        Idl idl = Idl.parse("d.idl", String.join("\n",
                "#define WITH_EXTRA 1",
                "#if defined(WITH_EXTRA) && WITH_EXTRA > 0",
                "interface Extra { void x(); };",
                "#else",
                "interface Other { void y(); };",
                "#endif",
                "#ifdef NOT_DEFINED",
                "interface Never {};",
                "#endif",
                "interface Renamed { void z(); };",
                "#pragma ID Renamed \"LOCAL:renamed\"",
                "interface Versioned { void v(); };",
                "#pragma version Versioned 2.3",
                "module Kept { interface Inside { void w(); }; };",
                "#pragma version Kept 2.3",
                ""));
        assertThat(idl.interfaces()).containsExactly("Extra", "Renamed", "Versioned", "Kept::Inside");
        assertThat(idl.signature("Renamed").repositoryId()).isEqualTo("LOCAL:renamed");
        assertThat(idl.signature("Versioned").repositoryId()).isEqualTo("IDL:Versioned:2.3");
        // a module's own version (omniORB's poa.idl does this) leaves the ids inside it as they are
        assertThat(idl.signature("Kept::Inside").repositoryId()).isEqualTo("IDL:Kept/Inside:1.0");
    }

    @Test
    void aUnionLabelOutsideItsDiscriminatorsTypeIsRefused() {
        assertThatThrownBy(() -> Idl.parse("e.idl", "union U switch (short) {\n case 70000: long a;\n};\n"
                + "interface I { U get(); };\n").signature("I"))
                .isInstanceOf(IdlException.class).hasMessageContaining("e.idl:2: case 70000");
        assertThatThrownBy(() -> Idl.parse("f.idl", "union U switch (long) {\n case 1: long a;\n case 1: short b;\n};\n"
                + "interface I { U get(); };\n").signature("I"))
                .isInstanceOf(IdlException.class).hasMessageContaining("f.idl:3: case 1 appears twice");
    }

    @Test
    void aConstantItsOwnTypeCannotHoldIsRefusedAtItsDeclarationWhereverItIsUsed() {
        // each as omniidl 4.2.5 refuses it ("Value too large for short"): a bound or a label built
        // from it must not stand for another value
        String asABound = "interface I { void f(in string<S> x); };";
        String[][] refused = {
            {"const short S = 70000;", asABound, "1: constant S of type short cannot hold 70000"},
            {"const unsigned short S = -1;", asABound, "1: constant S of type unsignedshort cannot hold -1"},
            {"const octet S = 256;", asABound, "1: constant S of type octet cannot hold 256"},
            {"const long S = 3000000000;", asABound, "1: constant S of type long cannot hold 3000000000"},
            {"const unsigned long long S = 18446744073709551616;", asABound,
                "1: constant S of type unsignedlonglong cannot hold 18446744073709551616"},
            {"const double S = 2;", asABound, "1: constant S of type double cannot hold 2"},
            {"const double S = 2.0;", asABound, "2: a string's bound must be a positive integer constant, not 2.0"},
            {"const char S = 65;", "union U switch (char) { case S: long a; }; interface I { void f(in U x); };",
                "1: constant S of type char cannot hold 65"},
            {"const boolean S = 1;", "union U switch (boolean) { case S: long a; }; interface I { void f(in U x); };",
                "1: constant S of type boolean cannot hold 1"},
            {"const string<4> S = \"longer\";", asABound, "1: constant S of type string<4> cannot hold \"longer\""},
            {"enum E { A, B }; enum F { C }; const E S = C;",
                "union U switch (E) { case S: long a; }; interface I { void f(in U x); };",
                "1: constant S of type E cannot hold C, a label of enum F"},
        };
        for (String[] row : refused) {
            String idl = row[0] + "\n" + row[1] + "\n";
            assertThatThrownBy(() -> Idl.parse("c.idl", idl).signature("I"))
                    .as(row[0]).isInstanceOf(IdlException.class).hasMessageContaining("c.idl:" + row[2]);
        }
    }

    @Test
    void anInterfaceMayInheritThroughATypedefOfItsBase() {
        // JacORB's regression IDL (bug930.idl); omniidl takes it
        Idl idl = Idl.parse("alias.idl", String.join("\n",
                "module mere { interface iMere { boolean isTrue(); }; };",
                "module fille {",
                "  typedef mere::iMere aliasMere;",
                "  typedef aliasMere again;",
                "  interface iFille : again { long count(); };",
                "};",
                ""));
        assertThat(idl.signature("fille::iFille").operations()).extracting(OperationSignature::name)
                .containsExactly("isTrue", "count");
        assertThatThrownBy(() -> Idl.parse("array.idl", "interface B {};\ntypedef B Two[2];\ninterface D : Two {};\n")
                .signature("D")).isInstanceOf(IdlException.class).hasMessageContaining("array.idl:3: Two is");
    }

    @Test
    void aValueTypeForwardDeclaredThenDefinedLeavesTheRestOfTheFileReadable() {
        // JacORB's regression IDL (jac4.idl, bug674.idl): the file was refused whole, "already declared"
        Idl idl = Idl.parse("values.idl", String.join("\n",
                "module m {",
                "  valuetype State;",
                "  valuetype Transition { private State newState; };",
                "  valuetype State { private Transition t; };",
                "  interface Plain { string name(); };",
                "  interface Uses { void take(in State s); };",
                "};",
                ""));
        assertThat(idl.signature("m::Plain").operations()).extracting(OperationSignature::name).containsExactly("name");
        assertThatThrownBy(() -> idl.signature("m::Uses")).isInstanceOf(IdlException.class)
                .hasMessageContaining("valuetype m::State");
    }

    @Test
    void aConstantThatFitsItsTypeIsTakenAsItsValue() throws Exception {
        Idl idl = Idl.parse("c.idl", String.join("\n",
                "const unsigned short Max = 0xffff;",
                "const short Low = -32768;",
                "const octet Top = 255;",
                "enum Colour { RED, GREEN };",
                "typedef Colour Paint;",
                "const Paint Chosen = GREEN;",
                "const string<8> Word = \"eight ch\";",
                "const char Letter = 'x';",
                "typedef string<Max> Long;",
                "union U switch (Colour) { case Chosen: long a; default: short b; };",
                "union V switch (short) { case Low: long a; };",
                "union W switch (char) { case Letter: long a; };",
                "interface I { void f(in Long l, in U u, in V v, in W w, in string<Top> t); };",
                ""));
        OperationSignature f = operation(idl.signature("I"), "f");
        assertThat(unaliased(f.parameters().get(0).type()).length()).isEqualTo(0xffff);
        assertThat(f.parameters().get(1).type().member_label(0).create_input_stream().read_ulong()).isEqualTo(1);
        assertThat(f.parameters().get(2).type().member_label(0).extract_short()).isEqualTo((short) -32768);
        assertThat(f.parameters().get(3).type().member_label(0).extract_char()).isEqualTo('x');
        assertThat(f.parameters().get(4).type().length()).isEqualTo(255);
    }

    @Test
    void orbIdlIsKnownWhereNoOtherIsFoundAndCorbaTypeCodeIsTheTypeCodeType() throws Exception {
        InterfaceSignature signature = Idl.parse("uses-orb.idl", String.join("\n",
                "#include <orb.idl>",
                "interface Registry {",
                "  CORBA::StringSeq names();",
                "  CORBA::OctetSeq blob(in CORBA::TypeCode kind);",
                "};",
                "")).signature("Registry");
        TypeCode names = operation(signature, "names").result();
        assertThat(names.id()).isEqualTo("IDL:omg.org/CORBA/StringSeq:1.0");
        assertThat(unaliased(names).content_type().kind().value()).isEqualTo(TCKind._tk_string);
        assertThat(operation(signature, "blob").parameters().get(0).type().kind().value())
                .isEqualTo(TCKind._tk_TypeCode);
        assertThat(operation(signature, "blob").result().id()).isEqualTo("IDL:omg.org/CORBA/OctetSeq:1.0");

        // inside module CORBA (the OMG's own IDL, as omniORB ships it), TypeCode alone is that type
        TypeCode holder = operation(Idl.parse("corba.idl", "module CORBA { struct Holder { TypeCode type; }; };\n"
                + "interface Uses { CORBA::Holder holder(); };\n").signature("Uses"), "holder").result();
        assertThat(holder.member_type(0).kind().value()).isEqualTo(TCKind._tk_TypeCode);
    }
}
