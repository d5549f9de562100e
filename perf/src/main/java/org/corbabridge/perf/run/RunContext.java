package org.corbabridge.perf.run;

import java.nio.file.Path;
import java.util.function.Consumer;
import org.corbabridge.perf.OrbClasspaths;

/**
 * What every part of the study runs with: each ORB's classpath for its worker JVMs, the built
 * EJB jar, the directory for the workers' logs, and where to tell progress.
 */
public record RunContext(OrbClasspaths classpaths, Path ejbJar, Path logDir, Consumer<String> progress) {
}
