package org.corbabridge.apicheck;

import japicmp.cmp.JApiCmpArchive;
import japicmp.cmp.JarArchiveComparator;
import japicmp.cmp.JarArchiveComparatorOptions;
import japicmp.config.Options;
import japicmp.model.AccessModifier;
import japicmp.model.JApiClass;
import japicmp.output.stdout.StdoutOutputGenerator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A module's public API as japicmp sees it, against a baseline checked in beside the module
 * ({@code api/<module>.api}): so that a public change is a deliberate one. The API is what
 * japicmp reports comparing an empty jar with the module's classes in the given packages (public
 * and protected members), one line per class and member, without japicmp's header and class-file
 * versions. A test fails when the two differ, writing what it found to
 * {@code target/api/<module>.api}; run the build with {@code -Dapi.accept=true} to make that the
 * baseline, and commit it with the change.
 */
public final class ApiBaseline {

    /** The system property that accepts the current API as the new baseline. */
    public static final String ACCEPT = "api.accept";

    private final String text;

    private ApiBaseline(String text) {
        this.text = text;
    }

    /** The public API of the classes under {@code classes} in exactly these packages. */
    public static ApiBaseline of(Path classes, String... packages) {
        try {
            Options options = Options.newDefault();
            options.setAccessModifier(AccessModifier.PROTECTED);
            options.addIncludeFromArgument(Optional.of(String.join(";", packages)), false);
            options.getIgnoreMissingClasses().setIgnoreAllMissingClasses(true);
            JarArchiveComparator comparator = new JarArchiveComparator(JarArchiveComparatorOptions.of(options));
            List<JApiClass> api = comparator.compare(new JApiCmpArchive(jar(classes, List.of()), "none", "0"),
                    new JApiCmpArchive(jar(classes, List.of(packages)), "current", "1"));
            return new ApiBaseline(render(new StdoutOutputGenerator(options, api).generate()));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + classes, e);
        }
    }

    /** The rendered API: a line per class and member, classes in name order. */
    public String text() {
        return text;
    }

    /** The public top-level types of {@code packageName}, simple names in order. */
    public List<String> topLevelTypes(String packageName) {
        TreeSet<String> types = new TreeSet<>();
        for (String line : text.split("\n")) {
            if (!line.startsWith("\t")) {
                String name = line.replaceAll("\\s+\\(.*$", "");
                name = name.substring(name.lastIndexOf(' ') + 1);
                String owner = name.contains(".") ? name.substring(0, name.lastIndexOf('.')) : "";
                if (owner.equals(packageName) && !name.contains("$")) {
                    types.add(name.substring(packageName.length() + 1));
                }
            }
        }
        return new ArrayList<>(types);
    }

    /**
     * Nothing if the API is the baseline in {@code baselineFile}; with {@code -Dapi.accept=true}
     * it becomes the baseline. Else an {@link AssertionError} naming the first lines that differ.
     */
    public void assertMatches(Path baselineFile, Path targetDir) {
        try {
            if (Boolean.getBoolean(ACCEPT)) {
                Files.createDirectories(baselineFile.toAbsolutePath().getParent());
                Files.writeString(baselineFile, text, StandardCharsets.UTF_8);
                return;
            }
            Path found = targetDir.resolve("api").resolve(baselineFile.getFileName());
            Files.createDirectories(found.getParent());
            Files.writeString(found, text, StandardCharsets.UTF_8);
            String baseline = Files.exists(baselineFile) ? Files.readString(baselineFile, StandardCharsets.UTF_8) : "";
            if (!baseline.equals(text)) {
                throw new AssertionError("the public API is not the baseline " + baselineFile + ": compare it with "
                        + found + "; if the change is deliberate, run the build with -D" + ACCEPT + "=true and "
                        + "commit the baseline with it.\n" + difference(baseline, text));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String difference(String baseline, String current) {
        List<String> was = baseline.lines().toList();
        List<String> now = current.lines().toList();
        List<String> removed = was.stream().filter(line -> !now.contains(line)).limit(20).toList();
        List<String> added = now.stream().filter(line -> !was.contains(line)).limit(20).toList();
        return "only in the baseline:\n  " + String.join("\n  ", removed) + "\nonly now:\n  "
                + String.join("\n  ", added);
    }

    /** japicmp's report of an all-new API, as a listing: no header, no "+++ NEW", no class-file versions. */
    private static String render(String report) {
        return report.lines()
                .filter(line -> line.startsWith("+++") || line.startsWith("\t+++"))
                .filter(line -> !line.contains("CLASS FILE FORMAT VERSION"))
                .map(line -> line.replace("+++  NEW ", "").replace("(+)", ""))
                .map(line -> line.replaceAll(" {2,}", " ").replaceAll("\\s+$", ""))
                .collect(Collectors.joining("\n", "", "\n"));
    }

    /** The class files of {@code packages} under {@code classes}, as a jar in memory. */
    private static byte[] jar(Path classes, List<String> packages) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JarOutputStream jar = new JarOutputStream(bytes)) {
            for (String packageName : packages) {
                Path dir = classes.resolve(packageName.replace('.', '/'));
                if (!Files.isDirectory(dir)) {
                    continue;
                }
                try (Stream<Path> files = Files.list(dir)) {
                    for (Path file : files.filter(f -> f.toString().endsWith(".class")).sorted().toList()) {
                        jar.putNextEntry(new JarEntry(classes.relativize(file).toString().replace('\\', '/')));
                        jar.write(Files.readAllBytes(file));
                        jar.closeEntry();
                    }
                }
            }
        }
        return bytes.toByteArray();
    }
}
