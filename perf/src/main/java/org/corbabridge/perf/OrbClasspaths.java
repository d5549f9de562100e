package org.corbabridge.perf;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import org.corbabridge.adapter.OrbImplementation;

/**
 * One classpath per ORB: both ORBs' OMG API jars on one classpath split the org.omg packages
 * between them, so every ORB runs in a JVM of its own. The build writes each ORB's dependency
 * classpath to a file (maven-dependency-plugin) and names the file in a system property.
 */
public final class OrbClasspaths {

    /** System property prefix: {@code corbabridge.classpath.JACORB=path/to/file}. */
    public static final String PROPERTY_PREFIX = "corbabridge.classpath.";

    private final Map<OrbImplementation, String> classpaths;

    private OrbClasspaths(Map<OrbImplementation, String> classpaths) {
        this.classpaths = classpaths;
    }

    public static OrbClasspaths fromSystemProperties() {
        Map<OrbImplementation, String> classpaths = new EnumMap<>(OrbImplementation.class);
        String ownClasses = ownCodeSource();
        for (OrbImplementation orb : OrbImplementation.values()) {
            String file = System.getProperty(PROPERTY_PREFIX + orb.name());
            if (file == null) {
                throw new IllegalStateException("no classpath for " + orb + ": set -D" + PROPERTY_PREFIX + orb.name()
                        + "=FILE (the perf module's build writes target/classpath-*.txt)");
            }
            try {
                String dependencies = Files.readString(Path.of(file)).trim();
                classpaths.put(orb, ownClasses + File.pathSeparator + dependencies);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read the " + orb + " classpath from " + file, e);
            }
        }
        return new OrbClasspaths(classpaths);
    }

    public String classpathFor(OrbImplementation orb) {
        return classpaths.get(orb);
    }

    /** The directory or jar these classes were loaded from: it goes first on every child's classpath. */
    private static String ownCodeSource() {
        try {
            return Path.of(OrbClasspaths.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                    .toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
