package org.corbabridge.adapter.internal.transport;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.security.GeneralSecurityException;
import java.util.Collections;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.WeakHashMap;
import javax.net.ssl.SSLException;

/**
 * What the adapter's socket factories for the Eclipse ORB and the OpenJDK ORB need to know of
 * one ORB, which neither ORB passes them: the ORB's configurator reads it from the ORB's
 * properties while the ORB starts and registers it here, under the ORB. An ORB started without
 * the configurator gets {@link #DEFAULTS}.
 *
 * @param tls null: the JVM's default TLS context ({@code javax.net.ssl.trustStore} and friends),
 *        made on the first TLS connection, as a container that configures its ORB itself would expect
 * @param cap the cap on incoming messages, in bytes
 * @param connectTimeoutMillis the longest wait for a connection, where the ORB does not say
 * @param replyBoundMillis the longest a request may wait for its reply (0: the ORB bounds it)
 * @param tcpNoDelay whether plain connections turn Nagle's algorithm off ({@link Sockets#TCP_NO_DELAY})
 * @param addresses where to connect for the addresses references publish ({@link AddressMap#PROPERTY})
 */
public record TransportSettings(TlsConnector tls, long cap, int connectTimeoutMillis, long replyBoundMillis,
        boolean tcpNoDelay, AddressMap addresses) {

    /** Bounds a connection an ORB asks for without a time-out (JacORB does so without a {@code connect_timeout}). */
    public static final int DEFAULT_CONNECT_TIMEOUT_MILLIS = 10_000;

    /** The connect time-out when nothing says: that of JacORB's factory. */
    static final TransportSettings DEFAULTS = new TransportSettings(null, MessageLimits.DEFAULT_CAP,
            DEFAULT_CONNECT_TIMEOUT_MILLIS, 0, true, AddressMap.NONE);

    /** Per ORB, and gone with it: ORBs do not override equals. */
    private static final Map<Object, TransportSettings> BY_ORB = Collections.synchronizedMap(new WeakHashMap<>());

    public static void register(Object orb, TransportSettings settings) {
        BY_ORB.put(orb, settings);
    }

    public static TransportSettings of(Object orb) {
        return BY_ORB.getOrDefault(orb, DEFAULTS);
    }

    /**
     * The settings an ORB's properties give (the keys of {@link MessageLimits} and
     * {@link TlsProperties}). A store that cannot be read, or a number that is not one, fails here,
     * in the ORB's start, not in its first call.
     */
    public static TransportSettings from(Properties properties, String orbName) {
        long cap = MessageLimits.cap(properties.getProperty(MessageLimits.MAX_INCOMING_MESSAGE_BYTES),
                MessageLimits.DEFAULT_CAP);
        long connect = millis(properties, TransportTimeouts.CONNECT_TIMEOUT_MILLIS, DEFAULTS.connectTimeoutMillis);
        long reply = millis(properties, TransportTimeouts.REPLY_TIMEOUT_MILLIS, 0);
        TlsConnector tls = null;
        if (properties.getProperty(TlsProperties.TRUST_STORE) != null) {
            try {
                tls = TlsConnector.from(properties);
            } catch (GeneralSecurityException | IOException e) {
                throw new IllegalStateException("cannot set up TLS for " + orbName + " from "
                        + properties.getProperty(TlsProperties.TRUST_STORE) + " and "
                        + properties.getProperty(TlsProperties.KEY_STORE, "no key store") + ": " + e, e);
            }
        }
        boolean tcpNoDelay = bool(properties, Sockets.TCP_NO_DELAY, true);
        return new TransportSettings(tls, cap, (int) Math.min(Integer.MAX_VALUE, connect), reply, tcpNoDelay,
                AddressMap.parse(properties.getProperty(AddressMap.PROPERTY)));
    }

    /**
     * A connection to one of {@code orb}'s endpoints, over TLS or in plain text, made within
     * {@code connectTimeoutMillis}, read through the cap and, where these settings say, with each
     * request's reply bounded.
     */
    public Socket connect(Object orb, InetSocketAddress address, boolean tls, int connectTimeoutMillis) throws IOException {
        Socket socket = addresses.connect(address.getHostString(), address.getPort(), target -> tls
                ? tlsConnector().connect(target, connectTimeoutMillis)
                : Sockets.connected(target, connectTimeoutMillis, tcpNoDelay));
        return MessageLimits.limit(socket, cap, orb, replyBoundMillis);
    }

    /** The connector for TLS connections: the ORB's own, else the JVM's default. */
    private TlsConnector tlsConnector() throws SSLException {
        if (tls != null) {
            return tls;
        }
        try {
            return TlsConnector.jvmDefault();
        } catch (GeneralSecurityException e) {
            throw new SSLException("no TLS settings for this ORB, and the JVM's default TLS context is unavailable", e);
        }
    }

    private static boolean bool(Properties properties, String key, boolean fallback) {
        String value = properties.getProperty(key);
        if (value == null || value.isBlank()) {
            return fallback;
        }
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "true", "on" -> true;
            case "false", "off" -> false;
            default -> throw new IllegalArgumentException(key + " must be true or false, not '" + value + "'");
        };
    }

    private static long millis(Properties properties, String key, long fallback) {
        String value = properties.getProperty(key);
        if (value == null || value.isBlank()) {
            return fallback;
        }
        try {
            long millis = Long.parseLong(value.trim());
            if (millis < 0) {
                throw new NumberFormatException("negative");
            }
            return millis;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " must be a number of milliseconds, not '" + value + "'", e);
        }
    }
}
