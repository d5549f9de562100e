package org.corbabridge.adapter.internal.codec;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.corbabridge.adapter.internal.orb.OrbPlatform;
import org.corbabridge.adapter.Idl;
import org.corbabridge.adapter.TestOrbs;
import org.junit.jupiter.api.Test;
import org.omg.CORBA.TypeCode;
import org.omg.CORBA.portable.OutputStream;

/**
 * A value of a struct recursive through a typedef'd sequence of itself (forward declared, the
 * form the IDL reader once refused when the typedef came first) goes through this ORB's CDR and
 * comes back as it was, three levels deep, by the dynamic path's codec of the IDL's TypeCode.
 */
class RecursiveTypedefCodecTest {

    @Test
    void aTreeOfAStructRecursiveThroughATypedefComesBackAsItWasWritten() {
        TypeCode nodes = Idl.parse("forward.idl", """
                module m {
                  struct Node;
                  typedef sequence<Node> NodeSeq;
                  struct Node { string name; NodeSeq kids; };
                  interface Walker { NodeSeq nodes(in NodeSeq roots); };
                };
                """).signature("m::Walker").operation("nodes").orElseThrow().result();
        Map<String, Object> leaf = Map.of("name", "leaf", "kids", List.of());
        List<Object> tree = List.of(Map.of("name", "root", "kids", List.of(
                Map.of("name", "branch", "kids", List.of(leaf, leaf)))), leaf);
        try (TestOrbs.OwnedOrb orb = TestOrbs.newOrb()) {
            Codec codec = Codecs.of(nodes, null, OrbPlatform.of(orb.orb()));
            OutputStream out = (OutputStream) orb.orb().create_output_stream();
            codec.write(out, tree);
            assertThat(codec.read(out.create_input_stream())).isEqualTo(tree);
        }
    }
}
