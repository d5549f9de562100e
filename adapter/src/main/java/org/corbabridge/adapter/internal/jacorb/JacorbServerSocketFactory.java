package org.corbabridge.adapter.internal.jacorb;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.corbabridge.adapter.internal.transport.MessageLimits;
import org.jacorb.config.Configurable;
import org.jacorb.config.Configuration;
import org.jacorb.config.ConfigurationException;
import org.jacorb.orb.ORB;
import org.jacorb.orb.factory.ServerSocketFactory;

/**
 * JacORB's plain listening sockets, whose accepted connections (servers calling back the objects
 * a client exported) are read through the message cap, as its outgoing ones are.
 */
public final class JacorbServerSocketFactory implements ServerSocketFactory, Configurable {

    /** Each ORB's listening sockets, to close before its shutdown ({@link #closeListening}). */
    private static final Map<Object, List<ServerSocket>> LISTENING = Collections.synchronizedMap(new WeakHashMap<>());
    /** Each ORB's accepted connections, weakly held (JacORB drops those it closed), to close after its shutdown. */
    private static final Map<Object, Set<Socket>> ACCEPTED = Collections.synchronizedMap(new WeakHashMap<>());

    private final ORB orb;
    private long cap = MessageLimits.DEFAULT_CAP;

    public JacorbServerSocketFactory(ORB orb) {
        this.orb = orb;
    }

    @Override
    public void configure(Configuration configuration) throws ConfigurationException {
        cap = JacorbSocketFactory.jacorbCap(configuration);
    }

    @Override
    public ServerSocket createServerSocket(int port) throws IOException {
        return createServerSocket(port, 0, null);
    }

    @Override
    public ServerSocket createServerSocket(int port, int backlog) throws IOException {
        return createServerSocket(port, backlog, null);
    }

    @Override
    public ServerSocket createServerSocket(int port, int backlog, InetAddress address) throws IOException {
        Set<Socket> accepted = ACCEPTED.computeIfAbsent(orb,
                key -> Collections.synchronizedSet(Collections.newSetFromMap(new WeakHashMap<>())));
        ServerSocket listening = MessageLimits.listening(new InetSocketAddress(address, port), backlog, cap, orb,
                accepted::add);
        LISTENING.computeIfAbsent(orb, key -> new CopyOnWriteArrayList<>()).add(listening);
        return listening;
    }

    /**
     * Closes the connections {@code orb} accepted that its shutdown left open: one accepted while
     * it shut down keeps its reader thread, blocked in a read, for as long as the server keeps it.
     */
    static void closeAccepted(Object orb) {
        Set<Socket> sockets = ACCEPTED.remove(orb);
        if (sockets == null) {
            return;
        }
        List<Socket> open;
        synchronized (sockets) {
            open = List.copyOf(sockets);
        }
        for (Socket socket : open) {
            try {
                socket.close();
            } catch (IOException e) {
                // closed already
            }
        }
    }

    /**
     * Stops {@code orb}'s listening sockets accepting, before its shutdown: a server still calling
     * back (a subscription every few milliseconds) would otherwise connect again while JacORB shuts
     * down, and the reader thread of a connection accepted after its pools closed outlives the ORB.
     * Stopped, not closed: JacORB's acceptor loops on a closed socket's {@code accept}, logging each
     * exception, until its ORB ends it ({@link MessageLimits#stopAccepting}).
     */
    static void stopListening(Object orb) {
        forEachListening(orb, false, MessageLimits::stopAccepting);
    }

    /** Closes {@code orb}'s listening sockets, after its destroy: whatever JacORB's acceptors did not close. */
    static void closeListening(Object orb) {
        forEachListening(orb, true, ServerSocket::close);
    }

    private interface SocketAction {
        void apply(ServerSocket socket) throws IOException;
    }

    private static void forEachListening(Object orb, boolean forget, SocketAction action) {
        List<ServerSocket> sockets = forget ? LISTENING.remove(orb) : LISTENING.get(orb);
        if (sockets != null) {
            for (ServerSocket socket : sockets) {
                try {
                    action.apply(socket);
                } catch (IOException e) {
                    // closed already, or never to be closed more than this
                }
            }
        }
    }
}
