package org.corbabridge.adapter.internal.idl;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLConnection;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.corbabridge.adapter.IdlException;
import org.corbabridge.adapter.InterfaceSignature;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The IDL files a class loader carries: every {@code .idl} under an {@code idl/} folder of the
 * class path (where an IDL module's jar puts them beside its generated classes), and those a
 * {@code META-INF/corbabridge/idl.list} names, one resource a line, for class loaders that
 * cannot list a folder. The files beside the generated class are read first; the others only
 * when those do not declare the interface. Each file is read at most once per class loader.
 */
public final class IdlClassPath {

    private static final Logger LOG = LoggerFactory.getLogger(IdlClassPath.class);
    static final String FOLDER = "idl";
    static final String INDEX = "META-INF/corbabridge/idl.list";

    private static final Map<ClassLoader, Loaded> READ = Collections.synchronizedMap(new WeakHashMap<>());

    private IdlClassPath() {
    }

    /**
     * The signature of the interface with this repository id, from the IDL on the class path, if
     * one of its files declares it.
     *
     * @param near a generated class: the IDL files in its own jar (or folder) are read first
     * @throws IdlException the file that declares it uses what the library does not support
     */
    public static Optional<InterfaceSignature> signature(Class<?> near, String repositoryId) {
        ClassLoader loader = near.getClassLoader() != null ? near.getClassLoader() : ClassLoader.getSystemClassLoader();
        Loaded files;
        synchronized (READ) {
            files = READ.computeIfAbsent(loader, Loaded::new);
        }
        return files.find(repositoryId, beside(near));
    }

    /** One class loader's IDL files, read as they are needed. */
    private static final class Loaded {
        private final ClassLoader loader;
        private final Map<String, Optional<IdlModel>> models = new HashMap<>();
        private Set<String> all;

        Loaded(ClassLoader loader) {
            this.loader = loader;
        }

        synchronized Optional<InterfaceSignature> find(String repositoryId, List<String> first) {
            Optional<InterfaceSignature> found = find(repositoryId, (Iterable<String>) first);
            if (found.isPresent()) {
                return found;
            }
            if (all == null) {
                all = resources(loader);
            }
            return find(repositoryId, (Iterable<String>) all);
        }

        private Optional<InterfaceSignature> find(String repositoryId, Iterable<String> resources) {
            for (String resource : resources) {
                Optional<IdlModel> model = models.computeIfAbsent(resource, this::read);
                if (model.isPresent() && model.get().declaresInterface(repositoryId)) {
                    return Optional.of(model.get().signature(repositoryId));
                }
            }
            return Optional.empty();
        }

        private Optional<IdlModel> read(String resource) {
            try {
                return Optional.of(IdlModel.read(IdlSource.resource(loader, resource)));
            } catch (IdlException | UncheckedIOException e) {
                // often another library's IDL that no caller needs (an ORB's own): said quietly, then passed over
                LOG.debug("IDL on the class path passed over: {}", e.getMessage());
                return Optional.empty();
            }
        }
    }

    /** The IDL files in the jar or folder a generated class was loaded from. */
    private static List<String> beside(Class<?> near) {
        CodeSource source = near.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            return List.of();
        }
        Set<String> names = new LinkedHashSet<>();
        try {
            URL location = source.getLocation();
            if ("file".equals(location.getProtocol()) && location.getPath().endsWith(".jar")) {
                listJar(Path.of(location.toURI()), names);
            } else if ("file".equals(location.getProtocol())) {
                listFolder(Path.of(location.toURI()).resolve(FOLDER), names);
            }
        } catch (IOException | URISyntaxException | IllegalArgumentException e) {
            LOG.debug("cannot list the IDL beside {}: {}", near.getName(), e.toString());
        }
        return List.copyOf(names);
    }

    /** Every IDL resource name, each once, in class-path order. */
    static Set<String> resources(ClassLoader loader) {
        Set<String> names = new LinkedHashSet<>();
        try {
            Enumeration<URL> indexes = loader.getResources(INDEX);
            while (indexes.hasMoreElements()) {
                try (InputStream in = indexes.nextElement().openStream()) {
                    for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\\R")) {
                        if (!line.isBlank() && !line.trim().startsWith("#")) {
                            names.add(line.trim());
                        }
                    }
                }
            }
            Enumeration<URL> folders = loader.getResources(FOLDER);
            while (folders.hasMoreElements()) {
                list(folders.nextElement(), names);
            }
        } catch (IOException e) {
            LOG.warn("cannot list the IDL on the class path: {}", e.toString());
        }
        return names;
    }

    private static void list(URL folder, Set<String> names) throws IOException {
        if ("file".equals(folder.getProtocol())) {
            try {
                listFolder(Path.of(folder.toURI()), names);
            } catch (URISyntaxException e) {
                LOG.debug("cannot list {}: {}", folder, e.toString());
            }
            return;
        }
        URLConnection connection = folder.openConnection();
        if (connection instanceof JarURLConnection jar) {
            jar.setUseCaches(false);
            try (JarFile file = jar.getJarFile()) {
                names.addAll(idlEntries(file));
            }
        }
    }

    private static void listJar(Path jar, Set<String> names) throws IOException {
        try (JarFile file = new JarFile(jar.toFile())) {
            names.addAll(idlEntries(file));
        }
    }

    private static List<String> idlEntries(JarFile file) {
        List<String> found = new ArrayList<>();
        for (Enumeration<JarEntry> entries = file.entries(); entries.hasMoreElements();) {
            String name = entries.nextElement().getName();
            if (name.startsWith(FOLDER + "/") && name.endsWith(".idl")) {
                found.add(name);
            }
        }
        Collections.sort(found);
        return found;
    }

    private static void listFolder(Path root, Set<String> names) throws IOException {
        if (!Files.isDirectory(root)) {
            return;
        }
        try (Stream<Path> files = Files.walk(root)) {
            files.filter(file -> file.toString().endsWith(".idl")).sorted().forEach(file ->
                    names.add(FOLDER + "/" + root.relativize(file).toString().replace('\\', '/')));
        }
    }
}
