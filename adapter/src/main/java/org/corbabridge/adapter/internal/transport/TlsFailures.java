package org.corbabridge.adapter.internal.transport;

import java.util.Optional;
import javax.net.ssl.SSLException;

/**
 * The TLS failure behind a connection JacORB reports only as "Retries exceeded, couldn't
 * reconnect to HOST:PORT": JacORB catches every exception from its socket factory and keeps
 * none. It connects on the calling thread, so {@link JacorbTlsSocketFactory} notes the failure
 * here, per thread, and the adapter takes it back when it translates that TRANSIENT.
 */
public final class TlsFailures {

    private static final ThreadLocal<Failure> LAST = new ThreadLocal<>();

    private TlsFailures() {
    }

    public static void record(String hostAndPort, SSLException failure) {
        LAST.set(new Failure(hostAndPort, failure));
    }

    public static void clear() {
        LAST.remove();
    }

    /**
     * The TLS failure this thread last met connecting to the address that {@code report} names,
     * if any; the note is cleared either way.
     */
    public static Optional<SSLException> take(String report) {
        Failure failure = LAST.get();
        LAST.remove();
        if (failure == null || report == null || !report.contains(failure.hostAndPort)) {
            return Optional.empty();
        }
        return Optional.of(failure.exception);
    }

    private record Failure(String hostAndPort, SSLException exception) {
    }
}
