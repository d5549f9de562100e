package org.corbabridge.adapter.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;
import org.corbabridge.adapter.TestOrbs;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The core's internal rooms import one another only as their package-info says, and no two rooms
 * import each other, however indirectly: read from the compiled classes with {@code jdeps}, so
 * that an import added in any file (or a fully qualified name in code) is seen.
 */
@Tag(TestOrbs.ORB_FREE)
class InternalPackagesTest {

    private static final String INTERNAL = "org.corbabridge.adapter.internal";

    /** Each room and the rooms it may import (internal's own subpackages; the API and spi are not rooms). */
    private static final Map<String, Set<String>> ALLOWED = Map.ofEntries(
            Map.entry("internal", Set.of("bind", "call", "orb", "idl")),
            Map.entry("bind", Set.of("call", "codec", "orb", "idl", "serving")),
            Map.entry("call", Set.of("codec", "cdr", "orb", "transport", "time")),
            Map.entry("codec", Set.of("cdr", "orb", "idl")),
            Map.entry("cdr", Set.of()),
            Map.entry("orb", Set.of("transport", "time")),
            Map.entry("jacorb", Set.of("orb", "transport", "time")),
            Map.entry("eclipse", Set.of("orb", "transport", "time")),
            Map.entry("openjdk", Set.of("orb", "transport", "time")),
            Map.entry("transport", Set.of("time")),
            Map.entry("time", Set.of()),
            Map.entry("idl", Set.of()),
            Map.entry("serving", Set.of("codec", "orb", "transport", "time")));

    @Test
    void eachRoomImportsOnlyWhatItsPackageInfoSays() throws Exception {
        Map<String, Set<String>> actual = roomImports();

        assertThat(actual.keySet()).as("the rooms with classes").isSubsetOf(ALLOWED.keySet())
                .contains("internal", "bind", "call", "codec", "cdr", "orb", "transport", "time", "idl");
        actual.forEach((room, imports) -> assertThat(imports).as("what %s imports", room)
                .isSubsetOf(ALLOWED.get(room)));
    }

    @Test
    void noTwoRoomsImportEachOtherEvenThroughOthers() throws Exception {
        Map<String, Set<String>> graph = roomImports();
        for (String room : graph.keySet()) {
            assertThat(reachable(graph, room)).as("the rooms %s reaches", room).doesNotContain(room);
        }
    }

    /** The rooms each room's classes import, by jdeps on the core's classes. */
    private static Map<String, Set<String>> roomImports() throws URISyntaxException {
        // the core's classes folder in the reactor, or its jar: jdeps reads either
        Path classes = Path.of(DefaultClientFactory.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        ToolProvider jdeps = ToolProvider.findFirst("jdeps").orElseThrow();
        StringWriter out = new StringWriter();
        int status = jdeps.run(new PrintWriter(out), new PrintWriter(new StringWriter()), "-verbose:package",
                "-filter:none", "--ignore-missing-deps", classes.toString());
        assertThat(status).as("jdeps: %s", out).isZero();
        Pattern arrow = Pattern.compile("^\\s*(\\S+)\\s+->\\s+(\\S+)", Pattern.MULTILINE);
        Map<String, Set<String>> graph = new TreeMap<>();
        Matcher matcher = arrow.matcher(out.toString());
        while (matcher.find()) {
            String from = room(matcher.group(1));
            String to = room(matcher.group(2));
            if (from != null) {
                Set<String> imports = graph.computeIfAbsent(from, key -> new TreeSet<>());
                if (to != null && !to.equals(from)) {
                    imports.add(to);
                }
            }
        }
        return graph;
    }

    /** "bind" for org.corbabridge.adapter.internal.bind, "internal" for the package itself; null for any other. */
    private static String room(String packageName) {
        if (packageName.equals(INTERNAL)) {
            return "internal";
        }
        return packageName.startsWith(INTERNAL + ".") ? packageName.substring(INTERNAL.length() + 1).split("\\.")[0]
                : null;
    }

    private static Set<String> reachable(Map<String, Set<String>> graph, String from) {
        Set<String> seen = new HashSet<>();
        Deque<String> next = new ArrayDeque<>(graph.getOrDefault(from, Set.of()));
        while (!next.isEmpty()) {
            String room = next.pop();
            if (seen.add(room)) {
                next.addAll(graph.getOrDefault(room, Set.of()));
            }
        }
        return seen;
    }
}
