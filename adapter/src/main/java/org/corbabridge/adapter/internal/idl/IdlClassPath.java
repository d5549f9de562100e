package org.corbabridge.adapter.internal.idl;

import java.io.IOException;
import java.io.InputStream;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLConnection;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
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
 * cannot list a folder. Read once per class loader.
 */
public final class IdlClassPath {

    private static final Logger LOG = LoggerFactory.getLogger(IdlClassPath.class);
    static final String FOLDER = "idl";
    static final String INDEX = "META-INF/corbabridge/idl.list";

    private static final Map<ClassLoader, List<IdlModel>> READ = Collections.synchronizedMap(new WeakHashMap<>());

    private IdlClassPath() {
    }

    /**
     * The signature of the interface with this repository id, from the IDL on the class path, if
     * one of its files declares it.
     *
     * @throws IdlException the file that declares it uses what the library does not support
     */
    public static Optional<InterfaceSignature> signature(ClassLoader loader, String repositoryId) {
        for (IdlModel model : models(loader)) {
            if (model.declaresInterface(repositoryId)) {
                return Optional.of(model.signature(repositoryId));
            }
        }
        return Optional.empty();
    }

    private static List<IdlModel> models(ClassLoader loader) {
        ClassLoader key = loader != null ? loader : ClassLoader.getSystemClassLoader();
        synchronized (READ) {
            List<IdlModel> known = READ.get(key);
            if (known == null) {
                known = read(key);
                READ.put(key, known);
            }
            return known;
        }
    }

    private static List<IdlModel> read(ClassLoader loader) {
        List<IdlModel> models = new ArrayList<>();
        for (String resource : resources(loader)) {
            try {
                models.add(IdlModel.read(IdlSource.resource(loader, resource)));
            } catch (IdlException | java.io.UncheckedIOException e) {
                // a file no interface of the caller needs must not stop the others: said, then passed over
                LOG.warn("IDL on the class path passed over: {}", e.getMessage());
            }
        }
        return List.copyOf(models);
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
            Path root;
            try {
                root = Path.of(folder.toURI());
            } catch (URISyntaxException e) {
                return;
            }
            try (Stream<Path> files = Files.walk(root)) {
                files.filter(file -> file.toString().endsWith(".idl")).sorted().forEach(file ->
                        names.add(FOLDER + "/" + root.relativize(file).toString().replace('\\', '/')));
            }
            return;
        }
        URLConnection connection = folder.openConnection();
        if (connection instanceof JarURLConnection jar) {
            jar.setUseCaches(false);
            try (JarFile file = jar.getJarFile()) {
                List<String> found = new ArrayList<>();
                for (Enumeration<JarEntry> entries = file.entries(); entries.hasMoreElements();) {
                    String name = entries.nextElement().getName();
                    if (name.startsWith(FOLDER + "/") && name.endsWith(".idl")) {
                        found.add(name);
                    }
                }
                Collections.sort(found);
                names.addAll(found);
            }
        }
    }
}
