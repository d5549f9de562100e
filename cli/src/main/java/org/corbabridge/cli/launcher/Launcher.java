package org.corbabridge.cli.launcher;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Locale;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * The runnable jar's entry point. The three ORBs cannot share a class path (each brings its own
 * {@code org.omg} classes), so the jar carries each in a folder of its own beside the common
 * libraries; this unpacks them once into a cache folder and runs the command-line client in a
 * class loader of the common libraries and the one ORB {@code --orb} (or {@code CORBABRIDGE_ORB})
 * names, JacORB when neither does. It uses nothing but the JDK.
 */
public final class Launcher {

    private static final String LIB = "META-INF/corbabridge-cli/lib/";
    private static final String MAIN = "org.corbabridge.cli.Main";

    private Launcher() {
    }

    public static void main(String[] args) throws Exception {
        String orb = folderOf(orbArgument(args));
        Path jar = ownJar();
        Path cache = cacheFolder(jar);
        List<URL> classPath = new ArrayList<>();
        classPath.add(jar.toUri().toURL());
        try (JarFile file = new JarFile(jar.toFile())) {
            for (Enumeration<JarEntry> entries = file.entries(); entries.hasMoreElements();) {
                JarEntry entry = entries.nextElement();
                String name = entry.getName();
                if (!name.startsWith(LIB) || !name.endsWith(".jar")) {
                    continue;
                }
                String folder = name.substring(LIB.length(), name.indexOf('/', LIB.length()));
                if (!folder.equals("common") && !folder.equals(orb)) {
                    continue;
                }
                classPath.add(unpacked(file, entry, cache.resolve(name.substring(LIB.length()))).toUri().toURL());
            }
        }
        // the platform loader as parent: the ORB's org.omg classes come from its jars, not from the launcher's loader
        URLClassLoader loader = new URLClassLoader("corbabridge-cli " + orb, classPath.toArray(new URL[0]),
                ClassLoader.getPlatformClassLoader());
        Thread.currentThread().setContextClassLoader(loader);
        Method main = loader.loadClass(MAIN).getMethod("main", String[].class);
        try {
            main.invoke(null, (Object) args);
        } catch (InvocationTargetException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        }
    }

    /** The value of {@code --orb X} or {@code --orb=X}, else {@code CORBABRIDGE_ORB}, else JacORB. */
    static String orbArgument(String[] args) {
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--orb") && i + 1 < args.length) {
                return args[i + 1];
            }
            if (args[i].startsWith("--orb=")) {
                return args[i].substring("--orb=".length());
            }
        }
        String fromEnvironment = System.getenv("CORBABRIDGE_ORB");
        return fromEnvironment != null && !fromEnvironment.isBlank() ? fromEnvironment : "JACORB";
    }

    /** The folder of an ORB's libraries; an unknown name is left for the client to refuse with its usage. */
    static String folderOf(String orb) {
        return switch (orb.toUpperCase(Locale.ROOT).replace('-', '_')) {
            case "ECLIPSE_ORB", "ECLIPSE" -> "eclipse-orb";
            case "OPENJDK_ORB", "OPENJDK" -> "openjdk-orb";
            default -> "jacorb";
        };
    }

    private static Path ownJar() throws URISyntaxException {
        Path location = Path.of(Launcher.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        if (!Files.isRegularFile(location)) {
            throw new IllegalStateException("the launcher runs from the runnable jar only (java -jar "
                    + "corbabridge-cli.jar), not from " + location);
        }
        return location;
    }

    /** One folder per build of the jar (its size and time), so that a new build never runs old libraries. */
    private static Path cacheFolder(Path jar) throws IOException {
        String stamp = Long.toHexString(Files.size(jar)) + "-" + Long.toHexString(Files.getLastModifiedTime(jar).toMillis());
        String home = System.getenv("XDG_CACHE_HOME");
        Path base = home != null && !home.isBlank() ? Path.of(home)
                : Path.of(System.getProperty("user.home"), ".cache");
        return base.resolve("corbabridge-cli").resolve(stamp);
    }

    /** The nested jar as a file, written once (atomically, so that concurrent runs never see half of it). */
    private static Path unpacked(JarFile jar, JarEntry entry, Path target) throws IOException {
        if (Files.isRegularFile(target) && Files.size(target) == entry.getSize()) {
            return target;
        }
        Files.createDirectories(target.getParent());
        Path partial = Files.createTempFile(target.getParent(), target.getFileName().toString(), ".part");
        try (InputStream in = jar.getInputStream(entry)) {
            Files.copy(in, partial, StandardCopyOption.REPLACE_EXISTING);
            Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(partial);
        }
        return target;
    }
}
