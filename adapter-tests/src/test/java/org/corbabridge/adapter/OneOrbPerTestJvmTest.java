package org.corbabridge.adapter;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Each ORB's test JVM has that ORB's jars and not the other two ORBs' (the root pom's per-ORB
 * executions leave them out): a test on the Eclipse ORB that passed only because JacORB's classes
 * were there too would prove nothing.
 */
class OneOrbPerTestJvmTest {

    /** The jars (artifact ids) that only each ORB brings. */
    private static final Map<OrbImplementation, List<String>> OWN_JARS = Map.of(
            OrbImplementation.JACORB, List.of("jacorb", "jacorb-omgapi", "jboss-rmi-api_1.0_spec"),
            OrbImplementation.ECLIPSE_ORB, List.of("glassfish-corba-orb", "glassfish-corba-omgapi", "pfl-basic"),
            OrbImplementation.OPENJDK_ORB, List.of("openjdk-orb"));

    private static List<String> classPathJars() {
        return Arrays.stream(System.getProperty("java.class.path").split(Pattern.quote(File.pathSeparator)))
                .map(entry -> Path.of(entry).getFileName().toString()).toList();
    }

    private static boolean onClassPath(String artifactId) {
        Pattern jar = Pattern.compile(Pattern.quote(artifactId) + "-\\d.*\\.jar");
        return classPathJars().stream().anyMatch(name -> jar.matcher(name).matches());
    }

    @Test
    void thisJvmsOrbHasItsJarsOnTheClassPath() {
        for (String artifactId : OWN_JARS.get(TestOrbs.current())) {
            assertThat(onClassPath(artifactId)).as(artifactId + " in " + classPathJars()).isTrue();
        }
    }

    @Test
    void theOtherOrbsJarsAreLeftOutOfThisJvmsClassPath() {
        for (OrbImplementation other : OrbImplementation.values()) {
            if (other == TestOrbs.current()) {
                continue;
            }
            for (String artifactId : OWN_JARS.get(other)) {
                assertThat(onClassPath(artifactId)).as(artifactId + " in " + TestOrbs.current() + "'s "
                        + classPathJars()).isFalse();
            }
        }
    }
}
