package org.corbabridge.perf.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.corbabridge.perf.OrbClasspaths;

/**
 * What every part of the study runs with: each ORB's classpath for its worker JVMs, the built
 * EJB jar, the directory for the workers' logs, and where to tell progress.
 */
public record RunContext(OrbClasspaths classpaths, Path ejbJar, Path logDir, Consumer<String> progress) {

    /** Where profiles' flame graphs go, beside the report, as the report links them. */
    public static final String PROFILES = "profiles";

    /** The {@value #PROFILES} directory beside the logs, created if it was not there. */
    public Path profileDir() {
        Path directory = logDir.resolveSibling(PROFILES);
        try {
            return Files.createDirectories(directory);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + directory, e);
        }
    }
}
