package org.corbabridge.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every Java block of the README and of docs/ stands, line for line, in the examples' sources,
 * which the build compiles and runs: a pasted example cannot drift from the API.
 */
class DocumentedJavaTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern JAVA_BLOCK = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL);

    @Test
    void everyJavaBlockOfTheDocsStandsInTheExamples() throws IOException {
        List<String> sources = new ArrayList<>();
        try (Stream<Path> files = Files.walk(ROOT.resolve("examples/src/main/java"))) {
            files.filter(file -> file.toString().endsWith(".java")).forEach(file -> sources.add(normalized(read(file))));
        }
        List<Path> documents = new ArrayList<>(List.of(ROOT.resolve("README.md")));
        try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
            docs.filter(file -> file.toString().endsWith(".md")).sorted().forEach(documents::add);
        }
        int blocks = 0;
        List<String> drifted = new ArrayList<>();
        for (Path document : documents) {
            Matcher block = JAVA_BLOCK.matcher(read(document));
            while (block.find()) {
                blocks++;
                String code = normalized(block.group(1));
                if (sources.stream().noneMatch(source -> source.contains(code))) {
                    drifted.add(ROOT.relativize(document) + ":\n" + block.group(1));
                }
            }
        }
        assertThat(blocks).as("Java blocks in the README and docs/").isPositive();
        assertThat(drifted).as("Java blocks not found, line for line, in examples/src/main/java").isEmpty();
    }

    /** Each line trimmed, blank lines left out: indentation may differ, nothing else. */
    private static String normalized(String text) {
        StringBuilder lines = new StringBuilder("\n");
        for (String line : text.split("\\R")) {
            if (!line.isBlank()) {
                lines.append(line.strip()).append('\n');
            }
        }
        return lines.toString();
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
