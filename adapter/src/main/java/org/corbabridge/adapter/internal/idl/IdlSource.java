package org.corbabridge.adapter.internal.idl;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Where IDL text comes from, and where an {@code #include} in it is looked for: a file (beside
 * it, then in the include directories), a class-path resource (beside it, then from the class
 * path's root), or text given directly (in the include directories only).
 */
public abstract class IdlSource {

    /** The name messages give: a path, a resource name, or the name given with the text. */
    public abstract String name();

    /** A key that is the same for the same file however it was reached: includes are read once. */
    abstract String identity();

    abstract String text();

    /** The file {@code #include "name"} ({@code quoted}) or {@code #include <name>} means, if any. */
    abstract Optional<IdlSource> include(String name, boolean quoted);

    public static IdlSource file(Path file, List<Path> includeDirectories) {
        return new FileSource(file.toAbsolutePath().normalize(), List.copyOf(includeDirectories));
    }

    public static IdlSource text(String name, String text, List<Path> includeDirectories) {
        return new TextSource(name, text, List.copyOf(includeDirectories));
    }

    public static IdlSource resource(ClassLoader loader, String resource) {
        return new ResourceSource(loader, resource.startsWith("/") ? resource.substring(1) : resource);
    }

    private static Optional<IdlSource> inDirectories(String name, List<Path> directories) {
        for (Path directory : directories) {
            Path candidate = directory.resolve(name);
            if (Files.isRegularFile(candidate)) {
                return Optional.of(new FileSource(candidate.toAbsolutePath().normalize(), directories));
            }
        }
        return Optional.empty();
    }

    private static final class FileSource extends IdlSource {
        private final Path file;
        private final List<Path> includeDirectories;

        FileSource(Path file, List<Path> includeDirectories) {
            this.file = file;
            this.includeDirectories = includeDirectories;
        }

        @Override
        public String name() {
            return file.toString();
        }

        @Override
        String identity() {
            return "file:" + file;
        }

        @Override
        String text() {
            try {
                return Files.readString(file, StandardCharsets.ISO_8859_1);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read IDL file " + file + ": " + e.getMessage(), e);
            }
        }

        @Override
        Optional<IdlSource> include(String name, boolean quoted) {
            Path beside = file.resolveSibling(name);
            Optional<IdlSource> besideIt = Files.isRegularFile(beside)
                    ? Optional.of(new FileSource(beside.toAbsolutePath().normalize(), includeDirectories))
                    : Optional.empty();
            if (quoted) {
                return besideIt.or(() -> inDirectories(name, includeDirectories));
            }
            // <file>: the include directories first, as a C preprocessor looks, then beside the including file, as
            // docs/idl.md says: the OMG's service IDL (omniorb-idl's COS/CosEventChannelAdmin.idl) includes its
            // neighbours as <CosEventComm.idl>, and was refused unless its own directory was given again
            return inDirectories(name, includeDirectories).or(() -> besideIt);
        }
    }

    private static final class TextSource extends IdlSource {
        private final String name;
        private final String text;
        private final List<Path> includeDirectories;

        TextSource(String name, String text, List<Path> includeDirectories) {
            this.name = name;
            this.text = text;
            this.includeDirectories = includeDirectories;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        String identity() {
            return "text:" + name;
        }

        @Override
        String text() {
            return text;
        }

        @Override
        Optional<IdlSource> include(String included, boolean quoted) {
            return inDirectories(included, includeDirectories);
        }
    }

    private static final class ResourceSource extends IdlSource {
        private final ClassLoader loader;
        private final String resource;

        ResourceSource(ClassLoader loader, String resource) {
            this.loader = loader;
            this.resource = resource;
        }

        @Override
        public String name() {
            return "classpath:" + resource;
        }

        @Override
        String identity() {
            return "classpath:" + resource;
        }

        @Override
        String text() {
            URL url = loader.getResource(resource);
            if (url == null) {
                throw new UncheckedIOException(new IOException("no IDL resource " + resource + " on the class path"));
            }
            try (InputStream in = url.openStream()) {
                return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read IDL resource " + resource + ": " + e.getMessage(), e);
            }
        }

        @Override
        Optional<IdlSource> include(String name, boolean quoted) {
            int slash = resource.lastIndexOf('/');
            String beside = slash >= 0 ? resource.substring(0, slash + 1) + name : null;
            Optional<IdlSource> besideIt = beside != null && loader.getResource(beside) != null
                    ? Optional.of(new ResourceSource(loader, beside)) : Optional.empty();
            Optional<IdlSource> atTheRoot = loader.getResource(name) != null
                    ? Optional.of(new ResourceSource(loader, name)) : Optional.empty();
            // "file": beside it first; <file>: the class path's root first, then beside it (as a file's, above)
            return quoted ? besideIt.or(() -> atTheRoot) : atTheRoot.or(() -> besideIt);
        }
    }
}
