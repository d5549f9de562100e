package org.corbabridge.perf.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A directory of classes packed into a jar: every file under its relative path, nothing else. */
class JarsTest {

    @Test
    void everyFileLandsUnderItsRelativePath(@TempDir Path dir) throws IOException {
        Path classes = Files.createDirectories(dir.resolve("classes/org/example"));
        Files.writeString(classes.resolve("A.class"), "a", StandardCharsets.US_ASCII);
        Files.writeString(dir.resolve("classes/top.properties"), "b", StandardCharsets.US_ASCII);
        Path jar = dir.resolve("out.jar");

        Jars.pack(dir.resolve("classes"), jar);

        try (JarFile read = new JarFile(jar.toFile())) {
            assertThat(read.stream().map(entry -> entry.getName()).toList())
                    .containsExactlyInAnyOrder("org/example/A.class", "top.properties");
            assertThat(new String(read.getInputStream(read.getEntry("org/example/A.class")).readAllBytes(),
                    StandardCharsets.US_ASCII)).isEqualTo("a");
        }
        assertThat(dir.resolve("out.jar.partial")).doesNotExist();
    }
}
