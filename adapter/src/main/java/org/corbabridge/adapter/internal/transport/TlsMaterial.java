package org.corbabridge.adapter.internal.transport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Properties;
import javax.net.ssl.SSLContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A TLS context read from the trust and key store files, and read again when either file changes:
 * certificates rotate without a restart. Each new connection asks for the context, which costs a
 * look at the files' modification times and sizes; a change makes a new context for the
 * connections that follow, while those already open go on with the one they were made with. A
 * store that cannot be read when it changes (half written, a wrong password) leaves the last good
 * context in use, logged once per change, and is tried again at the next connection.
 */
final class TlsMaterial {

    private static final Logger LOG = LoggerFactory.getLogger(TlsMaterial.class);

    private final Properties settings;
    private final CertificateRequests certificateAsked;
    private final List<Path> files;
    private volatile Loaded loaded;
    /** The stamps of a change that could not be read, so that it is logged once. */
    private List<Stamp> unreadable;

    /** The files' state when the context was made from them. */
    private record Stamp(Path file, long modifiedMillis, long size) {
    }

    private record Loaded(SSLContext context, List<Stamp> stamps) {
    }

    private TlsMaterial(Properties settings, CertificateRequests certificateAsked, List<Path> files, Loaded loaded) {
        this.settings = settings;
        this.certificateAsked = certificateAsked;
        this.files = files;
        this.loaded = loaded;
    }

    /**
     * The context the stores these {@link TlsProperties} name make, read again when they change.
     *
     * @throws GeneralSecurityException or IOException: a store cannot be read now, at the ORB's start
     */
    static TlsMaterial of(Properties settings, CertificateRequests certificateAsked)
            throws GeneralSecurityException, IOException {
        List<Path> stores = new ArrayList<>();
        stores.add(Path.of(settings.getProperty(TlsProperties.TRUST_STORE, "")));
        if (settings.getProperty(TlsProperties.KEY_STORE) != null) {
            stores.add(Path.of(settings.getProperty(TlsProperties.KEY_STORE)));
        }
        List<Path> files = List.copyOf(stores);
        // stamped before the context is made from them: a change in between is read at the next connection
        List<Stamp> stamps = stamps(files);
        return new TlsMaterial(settings, certificateAsked, files,
                new Loaded(TlsProperties.context(settings, certificateAsked), stamps));
    }

    /** A context of no files (the JVM's default): never read again. */
    static TlsMaterial fixed(SSLContext context) {
        return new TlsMaterial(null, null, List.of(), new Loaded(context, List.of()));
    }

    /**
     * The context for a new connection: the one made from the files as they are now.
     *
     * @param rotated runs when this call made a new context from changed files
     */
    SSLContext current(Runnable rotated) {
        Loaded now = loaded;
        List<Stamp> stamps = stamps(files);
        if (stamps.equals(now.stamps())) {
            return now.context();
        }
        synchronized (this) {
            now = loaded;
            if (stamps.equals(now.stamps()) || stamps.equals(unreadable)) {
                return now.context();
            }
            try {
                SSLContext context = TlsProperties.context(settings, certificateAsked);
                loaded = new Loaded(context, stamps);
                unreadable = null;
                LOG.info("TLS stores {} changed: new connections use them", files);
                rotated.run();
                return context;
            } catch (GeneralSecurityException | IOException | RuntimeException e) {
                unreadable = stamps;
                LOG.warn("TLS stores {} changed but cannot be read ({}); connections go on with the ones read before",
                        files, e.toString());
                return now.context();
            }
        }
    }

    private static List<Stamp> stamps(List<Path> files) {
        List<Stamp> stamps = new ArrayList<>(files.size());
        for (Path file : files) {
            try {
                stamps.add(new Stamp(file, Files.getLastModifiedTime(file).toMillis(), Files.size(file)));
            } catch (IOException missing) {
                // being replaced, or gone: a stamp no file has, so that it counts as a change
                stamps.add(new Stamp(file, -1, -1));
            }
        }
        return stamps;
    }

    @Override
    public String toString() {
        return "TlsMaterial" + Objects.toString(files);
    }
}
