package org.corbabridge.adapter.internal.transport;

import java.io.ByteArrayOutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.omg.CORBA.LocalObject;
import org.omg.IOP.ServiceContext;
import org.omg.PortableInterceptor.ClientRequestInfo;
import org.omg.PortableInterceptor.ClientRequestInterceptor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Bidirectional GIOP for the Eclipse ORB and the OpenJDK ORB, which have none of their own: the
 * offer of the ORB's listen point on every request ({@link #offer}: the {@code BI_DIR_IIOP} service
 * context), and the relay that serves what a server sends back over a client connection
 * ({@link RelayedInput}, {@link BidirRelay}, {@link FramedOutput}, set up on each of the ORB's
 * connections by {@link MessageLimitedSocket}). An ORB takes part when its properties say
 * {@link #PROPERTY} and its configurator {@link #register registered} where it listens.
 */
public final class BidirectionalGiop {

    private static final Logger LOG = LoggerFactory.getLogger(BidirectionalGiop.class);

    /** The ORB property ({@code true}) that turns it on; read by the ORBs' configurators. */
    public static final String PROPERTY = MessageLimits.PREFIX + "bidirectional";

    /** {@code IOP::BI_DIR_IIOP}: the service context that carries the listen points. */
    static final int BI_DIR_IIOP = 5;

    private static final Map<Object, Endpoint> BY_ORB = Collections.synchronizedMap(new WeakHashMap<>());

    private BidirectionalGiop() {
    }

    /** Whether {@code properties} (an ORB's) ask for bidirectional GIOP. */
    public static boolean asked(Properties properties) {
        return Boolean.parseBoolean(properties.getProperty(PROPERTY, "false").trim());
    }

    /** The property that turns it on, for an ORB's properties. */
    public static Properties properties() {
        Properties properties = new Properties();
        properties.setProperty(PROPERTY, "true");
        return properties;
    }

    /**
     * Makes {@code orb} offer, and serve over, bidirectional GIOP; {@code listening} tells where it
     * listens, the address it writes into its references, or null while it does not listen (asked
     * at each offer until it answers, then kept).
     */
    public static void register(Object orb, Supplier<InetSocketAddress> listening) {
        BY_ORB.put(orb, new Endpoint(listening));
    }

    /** Where {@code orb} listens for bidirectional GIOP, or null: it did not ask for it. */
    static Endpoint endpointOf(Object orb) {
        return BY_ORB.get(orb);
    }

    /**
     * Closes the relays of {@code orb}'s connections (and so their threads), for an ORB about to
     * be destroyed; its destroy closes the connections themselves.
     */
    public static void closeRelays(Object orb) {
        Endpoint endpoint = BY_ORB.get(orb);
        if (endpoint != null) {
            endpoint.closeRelays();
        }
    }

    /**
     * Closes the relay connections of {@code orb}'s connections as the ORB's end would (the relays
     * stay, and the next call back opens a new one): for the tests of a relay connection that dies.
     */
    public static void dropRelayConnections(Object orb) {
        Endpoint endpoint = BY_ORB.get(orb);
        if (endpoint != null) {
            new ArrayList<>(endpoint.relays).forEach(BidirRelay::dropConnection);
        }
    }

    /**
     * Makes {@code orb}'s relays connect to {@code address} instead of the ORB's own endpoint (the
     * listen point offered stays the ORB's): for the tests of a relay connection that is refused.
     * Null: the ORB's endpoint again.
     */
    public static void relayTo(Object orb, InetSocketAddress address) {
        Endpoint endpoint = BY_ORB.get(orb);
        if (endpoint != null) {
            endpoint.relayTarget = address;
        }
    }

    /** How many relays of {@code orb}'s connections are open: for the tests. */
    public static int openRelays(Object orb) {
        Endpoint endpoint = BY_ORB.get(orb);
        return endpoint == null ? 0 : endpoint.relays.size();
    }

    /**
     * The client interceptor that adds the {@code BI_DIR_IIOP} service context, with {@code orb}'s
     * listen point, to each request: omniORB then calls back over that connection any reference
     * whose address is that listen point exactly.
     */
    public static ClientRequestInterceptor offer(Object orb) {
        return new Offer(orb);
    }

    /**
     * {@code IIOP::BiDirIIOPServiceContext} with one listen point, CDR-encapsulated (big-endian):
     * {@code sequence<ListenPoint{string host; unsigned short port}>}.
     */
    static byte[] serviceContext(String host, int port) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] name = host.getBytes(StandardCharsets.ISO_8859_1);
        out.write(0); // big-endian
        out.write(0);
        out.write(0);
        out.write(0); // the sequence's length is aligned on 4
        writeULong(out, 1);
        writeULong(out, name.length + 1);
        out.writeBytes(name);
        out.write(0);
        while (out.size() % 2 != 0) {
            out.write(0);
        }
        out.write((port >> 8) & 0xFF);
        out.write(port & 0xFF);
        return out.toByteArray();
    }

    private static void writeULong(ByteArrayOutputStream out, int value) {
        out.write(value >>> 24);
        out.write((value >>> 16) & 0xFF);
        out.write((value >>> 8) & 0xFF);
        out.write(value & 0xFF);
    }

    /** One ORB's listening endpoint, and the relays of its connections. */
    static final class Endpoint implements BidirRelay.Target {
        private final Supplier<InetSocketAddress> listening;
        private volatile InetSocketAddress known;
        private volatile ServiceContext context;
        private final Set<BidirRelay> relays = ConcurrentHashMap.newKeySet();
        /** Where the relays connect instead of {@link #address()}; null: there (the tests' only). */
        private volatile InetSocketAddress relayTarget;

        Endpoint(Supplier<InetSocketAddress> listening) {
            this.listening = listening;
        }

        @Override
        public InetSocketAddress relayAddress() {
            InetSocketAddress redirected = relayTarget;
            return redirected != null ? redirected : address();
        }

        /** Where the ORB listens, as its references say; null while it does not. */
        InetSocketAddress address() {
            InetSocketAddress address = known;
            if (address == null) {
                try {
                    address = listening.get();
                } catch (RuntimeException e) {
                    LOG.debug("the ORB's listening endpoint is not known yet: {}", e.toString());
                    return null;
                }
                if (address != null && address.getPort() > 0) {
                    known = address;
                } else {
                    return null;
                }
            }
            return address;
        }

        /** The service context of the ORB's listen point; null while it does not listen. */
        ServiceContext context() {
            ServiceContext made = context;
            if (made == null) {
                InetSocketAddress address = address();
                if (address == null) {
                    return null;
                }
                made = new ServiceContext(BI_DIR_IIOP, serviceContext(address.getHostString(), address.getPort()));
                context = made;
            }
            return made;
        }

        BidirRelay relay(FramedOutput client, long cap, String peer) {
            BidirRelay[] made = new BidirRelay[1];
            made[0] = new BidirRelay(this, client, cap, peer, () -> relays.remove(made[0]));
            relays.add(made[0]);
            return made[0];
        }

        void closeRelays() {
            List<BidirRelay> open = new ArrayList<>(relays);
            open.forEach(BidirRelay::close);
        }
    }

    /** Offers the ORB's listen point on every request it sends. */
    private static final class Offer extends LocalObject implements ClientRequestInterceptor {
        private static final long serialVersionUID = 1L;
        private final transient Object orb;

        Offer(Object orb) {
            this.orb = orb;
        }

        @Override
        public String name() {
            return "corbabridge-bidirectional-giop";
        }

        @Override
        public void destroy() {
        }

        @Override
        public void send_request(ClientRequestInfo info) {
            Endpoint endpoint = endpointOf(orb);
            ServiceContext context = endpoint == null ? null : endpoint.context();
            if (context != null) {
                info.add_request_service_context(context, true);
            }
        }

        @Override
        public void send_poll(ClientRequestInfo info) {
        }

        @Override
        public void receive_reply(ClientRequestInfo info) {
        }

        @Override
        public void receive_exception(ClientRequestInfo info) {
        }

        @Override
        public void receive_other(ClientRequestInfo info) {
        }
    }
}
