package org.corbabridge.adapter.internal.transport;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.corbabridge.adapter.internal.time.Deadline;
import org.corbabridge.adapter.internal.time.Ticker;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Serves the requests a server sends over a client connection of the Eclipse or OpenJDK ORB
 * (bidirectional GIOP), which neither ORB can read there: {@link RelayedInput} takes them out of
 * the connection's input and hands them here, message by message, and they go on, unchanged
 * (version, byte order, request id), over a loopback TCP connection of the relay's own to the
 * ORB's own listening endpoint, where the ORB serves them as it serves any request. What the ORB
 * answers there is read on one thread per relay connection and written back onto the client
 * connection, each message whole and only between two of the ORB's own ({@link FramedOutput}).
 *
 * <p>Bounded: one relay connection and one thread per client connection, made at the first
 * request the server sends over it and closed with it; at most {@link #MAX_PENDING} requests
 * awaiting their replies; no queue (a request is written to the relay connection by the thread
 * that read it, the ORB's reader of the client connection). A relay connection that cannot be
 * opened gets each GIOP 1.2 request that expects a reply answered at once with {@code TRANSIENT}
 * (minor {@link #RELAY_FAILED_MINOR}) completed NO, and each LocateRequest with a LocateReply of
 * that exception; one that dies gets the requests still awaiting their replies on it answered so,
 * completed MAYBE (the ORB may have run them), and the next request opens a new one. A oneway, a
 * CancelRequest or a request of GIOP 1.0 or 1.1 (whose id the adapter does not place) is dropped
 * then: the server's own time-out applies to what it waits for. A relayed reply that cannot find
 * a gap between the ORB's messages within {@link #CLIENT_WRITE_WAIT_MILLIS} is dropped likewise. A
 * write to the ORB's endpoint still blocked after {@link #RELAY_WRITE_BOUND} (an ORB that stopped
 * reading) closes the relay connection, as one that dies. The first Request over each relay
 * connection carries the code sets the ORB sent on the client connection ({@link RequestHeaders}).
 *
 * <p>The reader's methods ({@link #begin}, {@link #body}, {@link #end}) are called by one
 * thread; {@link #close} by any.
 */
final class BidirRelay implements Closeable {

    private static final Logger LOG = LoggerFactory.getLogger(BidirRelay.class);

    /** The adapter's minor code of the TRANSIENT a server gets when its call back could not be relayed ("CB" and 2). */
    static final int RELAY_FAILED_MINOR = 0x43420002;
    /** Requests awaiting their replies on one client connection; beyond, refused at once as above. */
    static final int MAX_PENDING = 4096;
    /** The relay connects on loopback to its own ORB: refused or made at once, unless the ORB is gone. */
    static final int CONNECT_TIMEOUT_MILLIS = 2_000;
    /** How long a relayed message may wait for a gap between the ORB's own messages. */
    static final long CLIENT_WRITE_WAIT_MILLIS = 10_000;
    /**
     * How long one write to the ORB's endpoint may block (an ORB that stopped reading its own
     * connection): the ORB's reader of the client connection writes it, and reads nothing else meanwhile.
     */
    static final Duration RELAY_WRITE_BOUND = Duration.ofSeconds(10);

    private static final String TRANSIENT = "IDL:omg.org/CORBA/TRANSIENT:1.0";
    private static final int COMPLETED_NO = 1;
    private static final int COMPLETED_MAYBE = 2;

    /** The ORB's listening endpoint; null while it has none. */
    interface Target {
        InetSocketAddress relayAddress();
    }

    private final Target target;
    private final FramedOutput client;
    private final long cap;
    private final String peer;
    private final Runnable onClose;

    private final Object lock = new Object();
    /** The relay connection in use; null before the first request, after it died, and after close. */
    private Link link;
    private boolean closed;
    /** GIOP 1.2 requests awaiting their replies, by id, with the link they went over. */
    private final Map<Integer, Pending> pending = new HashMap<>();

    // the message being relayed (the reader thread's alone)
    /** Fragmented requests still open, by GIOP 1.2 id; {@link #UNNUMBERED} for GIOP 1.1's single chain. */
    private final Map<Integer, Chain> chains = new HashMap<>();
    private static final int UNNUMBERED = -1;
    private Chain current;
    private boolean currentMore;
    /** The current message, gathered whole to add the code sets to it before it goes; null: it streams. */
    private java.io.ByteArrayOutputStream gathered;

    /** One fragmented or whole request as it passes: over which link, and what its failure would need. */
    private static final class Chain {
        Link link;
        final boolean numbered;
        final int id;
        final boolean expectsReply;
        final boolean littleEndian;
        final int type;
        boolean failed;
        boolean awaiting;

        Chain(boolean numbered, int id, boolean expectsReply, boolean littleEndian, int type) {
            this.numbered = numbered;
            this.id = id;
            this.expectsReply = expectsReply;
            this.littleEndian = littleEndian;
            this.type = type;
        }
    }

    private record Pending(Link link, boolean littleEndian, boolean locate) {
    }

    /** One relay connection and the thread that reads what the ORB answers on it. */
    private final class Link {
        final Socket socket;
        final OutputStream out;
        final Thread reader;
        /** Ends a write to the ORB's endpoint still blocked at its bound, by closing the relay connection. */
        final SocketDeadlines.Watched watched;
        volatile boolean dead;
        /** Whether a Request carrying the client connection's code sets went over it (the reader thread's alone). */
        boolean codeSetsSent;

        Link(Socket socket) throws IOException {
            this.socket = socket;
            this.out = socket.getOutputStream();
            this.watched = SocketDeadlines.watch(socket, "the ORB's own endpoint for " + peer);
            this.reader = new Thread(this::readReplies, "corbabridge-bidir-relay " + peer);
            reader.setDaemon(true);
        }

        private void readReplies() {
            try (InputStream in = socket.getInputStream()) {
                byte[] header = new byte[Giop.HEADER];
                while (readFully(in, header, 0, Giop.HEADER)) {
                    if (!Giop.hasMagic(header)) {
                        LOG.warn("the ORB answered a relayed call back from {} with bytes that are not GIOP; the relay "
                                + "connection is closed", peer);
                        return;
                    }
                    long size = Giop.bodySize(header);
                    if (Giop.HEADER + size > cap) {
                        LOG.warn("the ORB answered a relayed call back from {} with a message of {} bytes, over the cap "
                                + "of {}; the relay connection is closed", peer, Giop.HEADER + size, cap);
                        return;
                    }
                    byte[] message = new byte[(int) (Giop.HEADER + size)];
                    System.arraycopy(header, 0, message, 0, Giop.HEADER);
                    if (!readFully(in, message, Giop.HEADER, (int) size)) {
                        return;
                    }
                    int type = Giop.type(message);
                    if (type != Giop.REPLY && type != Giop.LOCATE_REPLY && type != Giop.FRAGMENT) {
                        // CloseConnection (the ORB reclaims an idle connection), MessageError: for this
                        // connection alone, never for the server, whose connection it would end
                        LOG.debug("the ORB sent GIOP message type {} on the relay connection of {}; it is closed", type,
                                peer);
                        return;
                    }
                    forward(message);
                }
            } catch (IOException e) {
                if (!dead) {
                    LOG.debug("the relay connection of {} failed: {}", peer, e.toString());
                }
            } finally {
                died(this);
            }
        }

        /** Writes one message of the ORB onto the client connection; a complete reply strikes its request off. */
        private void forward(byte[] message) throws IOException {
            boolean last = message[5] < 1 || (message[6] & 0x02) == 0;
            if (last && message[5] >= 2 && message.length >= Giop.HEADER + 4) {
                int id = (int) Giop.readULong(message, Giop.HEADER);
                synchronized (lock) {
                    if (pending.remove(id) == null && Giop.type(message) != Giop.FRAGMENT) {
                        // answered with a failure already (or cancelled): the server has its answer
                        return;
                    }
                }
            }
            if (!client.writeBetweenMessages(message, CLIENT_WRITE_WAIT_MILLIS)) {
                LOG.warn("a reply to a call back from {} found no gap between the ORB's own messages within {} ms; it "
                        + "is dropped, and the server's time-out applies", peer, CLIENT_WRITE_WAIT_MILLIS);
            }
        }
    }

    /**
     * @param client the client connection's output
     * @param cap the largest message the ORB may answer with
     * @param peer the server, "host:port", for the log
     * @param onClose told once the relay is closed
     */
    BidirRelay(Target target, FramedOutput client, long cap, String peer, Runnable onClose) {
        this.target = target;
        this.client = client;
        this.cap = cap;
        this.peer = peer;
        this.onClose = onClose;
    }

    /**
     * A message of the server's begins: {@code head} holds its header and, where it has them, the
     * GIOP 1.2 request id and (for a Request) its response flags.
     */
    void begin(byte[] head, int length) {
        int type = Giop.type(head);
        int minor = head[5];
        boolean littleEndian = (head[6] & 0x01) != 0;
        boolean numbered = minor >= 2 && length >= Giop.HEADER + 4;
        int id = numbered ? (int) Giop.readULong(head, Giop.HEADER) : 0;
        currentMore = minor >= 1 && (head[6] & 0x02) != 0;
        if (type == Giop.FRAGMENT) {
            current = chains.get(numbered ? id : UNNUMBERED);
            if (current == null) {
                // a fragment of nothing the relay knows: the reader would not have sent it here
                current = new Chain(numbered, id, false, littleEndian, type);
                current.failed = true;
            }
        } else if (type == Giop.CANCEL_REQUEST) {
            int cancelled = length >= Giop.HEADER + 4 ? (int) Giop.readULong(head, Giop.HEADER) : 0;
            current = new Chain(false, cancelled, false, littleEndian, type);
            synchronized (lock) {
                current.link = link;
                if (length >= Giop.HEADER + 4) {
                    pending.remove(cancelled);
                }
            }
            current.failed = current.link == null;
        } else {
            boolean expectsReply = type == Giop.LOCATE_REQUEST || length > Giop.HEADER + 4 && head[Giop.HEADER + 4] != 0;
            current = new Chain(numbered, id, expectsReply, littleEndian, type);
            current.link = open();
            current.failed = current.link == null || tooManyPending(current);
            if (currentMore) {
                chains.put(numbered ? id : UNNUMBERED, current);
            }
        }
        if (!currentMore) {
            chains.remove(current.numbered ? current.id : UNNUMBERED, current);
            awaitReply(current);
        }
        if (type == Giop.REQUEST && minor >= 2 && !current.failed && !current.link.codeSetsSent
                && client.codeSets() != null) {
            gathered = new java.io.ByteArrayOutputStream();
        }
        send(head, 0, length);
    }

    /** The next bytes of the message begun. */
    void body(byte[] bytes, int offset, int length) {
        send(bytes, offset, length);
    }

    /** The message begun is complete: a request that could not be relayed is answered now. */
    void end() {
        if (gathered != null) {
            byte[] message = gathered.toByteArray();
            gathered = null;
            sendWithCodeSets(message);
        }
        Chain ended = current;
        current = null;
        if (ended == null || currentMore || !ended.failed) {
            return;
        }
        if (ended.expectsReply && ended.numbered && !ended.awaiting) {
            fail(ended.id, ended.littleEndian, ended.type == Giop.LOCATE_REQUEST, COMPLETED_NO,
                    "the relay connection to the ORB's own endpoint could not be opened or failed");
        }
    }

    private boolean tooManyPending(Chain request) {
        synchronized (lock) {
            if (pending.size() < MAX_PENDING) {
                return false;
            }
        }
        LOG.warn("{} has {} call backs awaiting their replies on one connection; request {} is refused", peer,
                MAX_PENDING, Integer.toUnsignedString(request.id));
        return true;
    }

    /** Registers the request's wait before its last byte goes: the reply may come at once. */
    private void awaitReply(Chain request) {
        if (request.failed || !request.expectsReply || !request.numbered) {
            return;
        }
        synchronized (lock) {
            if (request.link.dead) {
                request.failed = true;
                return;
            }
            pending.put(request.id, new Pending(request.link, request.littleEndian, request.type == Giop.LOCATE_REQUEST));
            request.awaiting = true;
        }
    }

    /**
     * Sends the first Request of a relay connection with the client connection's code sets added,
     * unless it carries its own; as it came where its contexts cannot be read.
     */
    private void sendWithCodeSets(byte[] message) {
        Chain chain = current;
        if (chain == null || chain.failed) {
            return;
        }
        RequestHeaders.Contexts contexts = RequestHeaders.contexts(message, message.length);
        byte[] sent = message;
        if (contexts != null) {
            if (contexts.codeSets() == null) {
                sent = RequestHeaders.withContext(message, message.length, contexts, RequestHeaders.CODE_SETS,
                        client.codeSets());
            }
            chain.link.codeSetsSent = true;
        }
        send(sent, 0, sent.length);
    }

    private void send(byte[] bytes, int offset, int length) {
        Chain chain = current;
        if (chain == null || chain.failed || length == 0) {
            return;
        }
        if (gathered != null) {
            gathered.write(bytes, offset, length);
            return;
        }
        Link link = chain.link;
        link.watched.until(Deadline.after(RELAY_WRITE_BOUND, Ticker.SYSTEM), "a relayed call back's write");
        try {
            link.out.write(bytes, offset, length);
        } catch (IOException e) {
            LOG.debug("relaying a call back from {} failed: {}", peer, e.toString());
            chain.failed = true;
            died(link);
        } finally {
            link.watched.done();
        }
    }

    /** The relay connection in use, opened if there is none; null when it cannot be opened, or after close. */
    private Link open() {
        synchronized (lock) {
            if (closed) {
                return null;
            }
            if (link != null && !link.dead) {
                return link;
            }
        }
        InetSocketAddress address = target.relayAddress();
        if (address == null) {
            LOG.warn("{} called back over its connection, but the ORB has no listening endpoint to relay the call to",
                    peer);
            return null;
        }
        Socket socket = new Socket();
        try {
            socket.connect(address, CONNECT_TIMEOUT_MILLIS);
            socket.setTcpNoDelay(true);
            Link made = new Link(socket);
            synchronized (lock) {
                if (closed) {
                    socket.close();
                    return null;
                }
                link = made;
            }
            made.reader.start();
            return made;
        } catch (IOException e) {
            LOG.warn("cannot relay a call back from {} to the ORB's own endpoint {}: {}; it is answered TRANSIENT", peer,
                    address, e.toString());
            try {
                socket.close();
            } catch (IOException ignored) {
                // not open
            }
            return null;
        }
    }

    /** A relay connection is gone: closed, and every request awaiting its reply on it answered with a failure. */
    private void died(Link dead) {
        List<Map.Entry<Integer, Pending>> orphaned = new ArrayList<>();
        boolean answer;
        synchronized (lock) {
            if (dead.dead) {
                return;
            }
            dead.dead = true;
            if (link == dead) {
                link = null;
            }
            for (Iterator<Map.Entry<Integer, Pending>> i = pending.entrySet().iterator(); i.hasNext(); ) {
                Map.Entry<Integer, Pending> entry = i.next();
                if (entry.getValue().link == dead) {
                    orphaned.add(entry);
                    i.remove();
                }
            }
            answer = !closed;
        }
        dead.watched.closed();
        try {
            dead.socket.close();
        } catch (IOException ignored) {
            // closed all the same
        }
        if (answer) {
            for (Map.Entry<Integer, Pending> entry : orphaned) {
                fail(entry.getKey(), entry.getValue().littleEndian, entry.getValue().locate, COMPLETED_MAYBE,
                        "the relay connection to the ORB's own endpoint closed before the reply");
            }
        }
    }

    /** Answers the server's request {@code id} with TRANSIENT; nothing if the client connection cannot take it. */
    private void fail(int id, boolean littleEndian, boolean locate, int completion, String why) {
        LOG.debug("call back {} from {} answered TRANSIENT: {}", Integer.toUnsignedString(id), peer, why);
        try {
            if (!client.writeBetweenMessages(transientReply(id, littleEndian, locate, completion),
                    CLIENT_WRITE_WAIT_MILLIS)) {
                LOG.warn("the failure of call back {} from {} could not be written; the server's time-out applies",
                        Integer.toUnsignedString(id), peer);
            }
        } catch (IOException e) {
            LOG.debug("the client connection to {} failed: {}", peer, e.toString());
        }
    }

    /**
     * A GIOP 1.2 Reply (status SYSTEM_EXCEPTION) or LocateReply (status LOC_SYSTEM_EXCEPTION) to
     * {@code id}: {@code TRANSIENT}, minor {@link #RELAY_FAILED_MINOR}, {@code completion}, in the
     * request's byte order. A Reply's body needs no padding: after the header, id, status and empty
     * service context list it starts at offset 24, which the 8-octet alignment of a GIOP 1.2 reply
     * body asks; a LocateReply's follows its status at 20, where omniORB reads it.
     */
    static byte[] transientReply(int id, boolean littleEndian, boolean locate, int completion) {
        byte[] repositoryId = TRANSIENT.getBytes(StandardCharsets.ISO_8859_1);
        int bodyAt = locate ? 20 : 24;
        int stringEnd = bodyAt + 4 + repositoryId.length + 1;
        int minorAt = (stringEnd + 3) & ~3;
        int size = minorAt + 8;
        ByteBuffer reply = ByteBuffer.allocate(size).order(littleEndian ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN);
        reply.put(new byte[] {'G', 'I', 'O', 'P', 1, 2, (byte) (littleEndian ? 1 : 0),
            (byte) (locate ? Giop.LOCATE_REPLY : Giop.REPLY)});
        reply.putInt(size - Giop.HEADER);
        reply.putInt(id);
        reply.putInt(locate ? 4 : 2); // LOC_SYSTEM_EXCEPTION, SYSTEM_EXCEPTION
        if (!locate) {
            reply.putInt(0); // no service contexts
        }
        reply.putInt(repositoryId.length + 1);
        reply.put(repositoryId);
        reply.put((byte) 0);
        reply.position(minorAt);
        reply.putInt(RELAY_FAILED_MINOR);
        reply.putInt(completion);
        return reply.array();
    }

    private static boolean readFully(InputStream in, byte[] buffer, int offset, int length) throws IOException {
        int done = 0;
        while (done < length) {
            int n = in.read(buffer, offset + done, length - done);
            if (n < 0) {
                return false;
            }
            done += n;
        }
        return true;
    }

    /** Closes the relay connection in use as if the ORB had: for the tests. */
    void dropConnection() {
        Link open;
        synchronized (lock) {
            open = link;
        }
        if (open != null) {
            died(open);
        }
    }

    /** Whether a relay connection is open now (for the tests' look at what is left). */
    boolean isRelaying() {
        synchronized (lock) {
            return link != null && !link.dead;
        }
    }

    /** Closes the relay connection, whose thread then ends; the server's requests are dropped from now on. */
    @Override
    public void close() {
        Link open;
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
            open = link;
            link = null;
            pending.clear();
        }
        if (open != null) {
            open.dead = true;
            open.watched.closed();
            try {
                open.socket.close();
            } catch (IOException ignored) {
                // closed all the same
            }
        }
        onClose.run();
    }
}
