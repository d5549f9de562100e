package org.corbabridge.perf.run;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/** A directory of classes packed into a jar, for a JVM that wants jars (a class-data archive). */
final class Jars {

    private Jars() {
    }

    /** Writes every file under {@code directory} into {@code jar}, by its path relative to the directory. */
    static void pack(Path directory, Path jar) throws IOException {
        Path partial = jar.resolveSibling(jar.getFileName() + ".partial");
        List<Path> files;
        try (Stream<Path> walk = Files.walk(directory)) {
            files = walk.filter(Files::isRegularFile).sorted().toList();
        }
        try (OutputStream file = Files.newOutputStream(partial); JarOutputStream out = new JarOutputStream(file)) {
            for (Path each : files) {
                out.putNextEntry(new JarEntry(directory.relativize(each).toString().replace('\\', '/')));
                Files.copy(each, out);
                out.closeEntry();
            }
        }
        Files.move(partial, jar, StandardCopyOption.REPLACE_EXISTING);
    }
}
