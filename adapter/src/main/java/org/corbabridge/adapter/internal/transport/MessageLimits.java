package org.corbabridge.adapter.internal.transport;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.WeakHashMap;
import java.util.function.Consumer;

/**
 * The cap on incoming GIOP messages: the ORB properties that set it, the sockets that keep it,
 * and the refusals each ORB met. An ORB reads its connections on threads of its own and keeps
 * nothing of why it closed one, so the sockets note each refusal here under their ORB, and the
 * adapter asks, when a call on that ORB ends in a communication failure, whether a refusal came
 * while the call was waiting.
 */
public final class MessageLimits {

    /** The cap when none is configured: 64 MiB, as {@code OrbConfig.DEFAULT_MAX_INCOMING_MESSAGE_BYTES}. */
    public static final long DEFAULT_CAP = 64L << 20;

    /** Every key here starts with it. */
    public static final String PREFIX = "org.corbabridge.transport.";
    /** The largest incoming message, or sum of one message's fragments, in bytes, header included. */
    public static final String MAX_INCOMING_MESSAGE_BYTES = "org.corbabridge.transport.maxIncomingMessageBytes";

    private static final Map<Object, Refusals> REFUSALS = Collections.synchronizedMap(new WeakHashMap<>());

    private MessageLimits() {
    }

    /**
     * JacORB: plain connections made by {@link JacorbSocketFactory}, and those its plain listening
     * sockets accept ({@link JacorbServerSocketFactory}); TLS ones are capped too.
     */
    public static Properties forJacorb(long cap) {
        Properties properties = new Properties();
        properties.setProperty(MAX_INCOMING_MESSAGE_BYTES, Long.toString(cap));
        properties.setProperty("jacorb.net.socket_factory", PluginNames.JACORB_SOCKET_FACTORY);
        properties.setProperty("jacorb.net.server_socket_factory", PluginNames.JACORB_SERVER_SOCKET_FACTORY);
        return properties;
    }

    /**
     * The Eclipse ORB: connections made by {@link EclipseSocketFactory}, without an NIO channel, so
     * that the ORB reads them through their stream; the configurator passes it the cap.
     */
    public static Properties forEclipseOrb(long cap) {
        Properties properties = new Properties();
        properties.setProperty(MAX_INCOMING_MESSAGE_BYTES, Long.toString(cap));
        PluginNames.eclipseSocketFactory(properties);
        return properties;
    }

    /**
     * The OpenJDK ORB: connections made by {@link OpenJdkSocketFactory}, without an NIO channel, so
     * that the ORB reads them through their stream; the configurator passes it the cap.
     */
    public static Properties forOpenJdkOrb(long cap) {
        Properties properties = new Properties();
        properties.setProperty(MAX_INCOMING_MESSAGE_BYTES, Long.toString(cap));
        PluginNames.openJdkSocketFactory(properties);
        return properties;
    }

    /**
     * The refusal a connection of {@code orb} met at or after {@code sinceNanos} ({@link System#nanoTime()}),
     * if any.
     */
    public static Optional<OversizedMessageException> refusedSince(Object orb, long sinceNanos) {
        Refusals refusals = REFUSALS.get(orb);
        return refusals == null ? Optional.empty() : refusals.since(sinceNanos);
    }

    /** A socket of JacORB's factories, read through the cap; refusals are noted under {@code orb}. */
    public static Socket limit(Socket socket, long cap, Object orb) throws IOException {
        try {
            // JacORB's factories: a refused first request closes its connection (see RequestScanner)
            return new MessageLimitedSocket(socket, cap, REFUSALS.computeIfAbsent(orb, key -> new Refusals()), 0,
                    true);
        } catch (IOException | RuntimeException e) {
            socket.close();
            throw e;
        }
    }

    /**
     * {@code socket}, read through the cap, its requests bounded to {@code replyBoundMillis} each
     * (0: the ORB bounds them); refusals are noted under {@code orb}. Where {@code orb} takes part in
     * bidirectional GIOP ({@link BidirectionalGiop}), what the server sends over it is served.
     */
    public static Socket limit(Socket socket, long cap, Object orb, long replyBoundMillis) throws IOException {
        try {
            return new MessageLimitedSocket(socket, cap, REFUSALS.computeIfAbsent(orb, key -> new Refusals()),
                    replyBoundMillis, BidirectionalGiop.endpointOf(orb));
        } catch (IOException | RuntimeException e) {
            socket.close();
            throw e;
        }
    }

    /**
     * A listening socket whose accepted connections are read through the cap (refusals noted under
     * {@code orb}), each handed to {@code accepting} too: what servers send to the objects a client exports; JacORB's
     * ({@link JacorbServerSocketFactory}). Not the Eclipse and OpenJDK ORBs' yet: given a socket
     * without a channel, their acceptor takes a blocking accept thread instead of its selector, and
     * logs a WARNING with the stack when the socket is closed at the ORB's destroy.
     */
    public static ServerSocket listening(InetSocketAddress address, int backlog, long cap, Object orb,
            Consumer<Socket> accepting) throws IOException {
        Refusals refusals = REFUSALS.computeIfAbsent(orb, key -> new Refusals());
        ServerSocket listening = new StoppableServerSocket(cap, refusals, accepting);
        try {
            listening.setReuseAddress(true);
            listening.bind(address, backlog);
            return listening;
        } catch (IOException | RuntimeException e) {
            listening.close();
            throw e;
        }
    }

    /**
     * Stops {@code socket} accepting (a socket {@link #listening} made): no connection is accepted
     * after it, and the thread blocked in its {@code accept} stays blocked until the socket's owner
     * closes it, or {@link #STOPPED_ACCEPT_WAIT} has passed. JacORB's acceptor loops on {@code accept}
     * until its ORB terminates it, logging every exception with its stack: closing the socket
     * before the ORB's shutdown made it log thousands of them while the shutdown waited for calls.
     */
    public static void stopAccepting(ServerSocket socket) throws IOException {
        if (socket instanceof StoppableServerSocket stoppable) {
            stoppable.stop();
        } else {
            socket.close();
        }
    }

    /** How long a stopped socket's {@code accept} waits for its owner's close before it throws. */
    static final java.time.Duration STOPPED_ACCEPT_WAIT = java.time.Duration.ofSeconds(30);

    /** A listening socket whose accepted connections are capped, and which can stop accepting before it is closed. */
    private static final class StoppableServerSocket extends ServerSocket {
        private final long cap;
        private final Refusals refusals;
        private final Consumer<Socket> accepting;
        private final java.util.concurrent.CountDownLatch closedByOwner = new java.util.concurrent.CountDownLatch(1);
        private volatile boolean stopped;

        StoppableServerSocket(long cap, Refusals refusals, Consumer<Socket> accepting) throws IOException {
            this.cap = cap;
            this.refusals = refusals;
            this.accepting = accepting;
        }

        void stop() throws IOException {
            stopped = true;
            super.close();
        }

        @Override
        public void close() throws IOException {
            closedByOwner.countDown();
            super.close();
        }

        @Override
        public Socket accept() throws IOException {
            Socket accepted;
            try {
                accepted = super.accept();
            } catch (IOException e) {
                if (stopped) {
                    awaitOwnersClose();
                }
                throw e;
            }
            if (stopped) {
                // accepted as it was stopped
                accepted.close();
                awaitOwnersClose();
                throw new java.net.SocketException("Socket is closed");
            }
            try {
                Socket limited = MessageLimitedSocket.accepted(accepted, cap, refusals);
                accepting.accept(limited);
                return limited;
            } catch (IOException | RuntimeException e) {
                accepted.close();
                throw e;
            }
        }

        private void awaitOwnersClose() {
            try {
                closedByOwner.await(STOPPED_ACCEPT_WAIT.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** The cap a property gives, or {@code fallback} when it is not set. */
    public static long cap(String value, long fallback) {
        if (value == null || value.isBlank()) {
            return fallback;
        }
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(MAX_INCOMING_MESSAGE_BYTES + " must be a number of bytes, not '"
                    + value + "'", e);
        }
    }

    /** The last refusal of one ORB's connections. */
    static final class Refusals {
        private volatile Refusal last;

        void note(OversizedMessageException refusal) {
            last = new Refusal(System.nanoTime(), refusal);
        }

        Optional<OversizedMessageException> since(long sinceNanos) {
            Refusal refusal = last;
            return refusal != null && refusal.atNanos - sinceNanos >= 0 ? Optional.of(refusal.exception)
                    : Optional.empty();
        }
    }

    private record Refusal(long atNanos, OversizedMessageException exception) {
    }
}
