package org.corbabridge.adapter.internal.transport;

import java.io.IOException;
import java.io.InputStream;
import java.util.HashMap;
import java.util.Map;

/**
 * A client connection's input with the server's requests taken out (bidirectional GIOP): the
 * ORB's client-side reader sees only what it can read there (replies, LocateReplies, their
 * fragments, CloseConnection, MessageError), and each Request, CancelRequest and LocateRequest
 * the server sends, with the fragments that continue it, goes to the connection's
 * {@link BidirRelay} instead, as it is read. The ORB's readers would otherwise drop such a
 * message (the OpenJDK ORB's "we do not support bi-directional giop yet") or choke on it.
 *
 * <p>Request ids: on a bidirectional GIOP 1.2 connection the side that opened it uses even
 * request ids, the other side odd ones (omniORB numbers its call backs 3, 5, 7 ... and matches a
 * fragment to its own calls first, by id alone), while the Eclipse and OpenJDK ORBs number their
 * requests 0, 1, 2 ... So the connection carries the ORB's request {@code n} as {@code 2n}
 * ({@link FramedOutput} doubles the id of each of the ORB's GIOP 1.2 messages that has one) and
 * this stream halves the id of each message it hands to the ORB; a GIOP 1.2 fragment with an odd
 * id continues a request of the server's. The server's own messages keep their ids, versions and
 * byte order. (After 2^31 requests on one connection, {@code n} and {@code n + 2^31} would share
 * an id; an ORB opens a new connection long before.) GIOP 1.0 and 1.1 carry their ids after a
 * header of variable length: they are neither doubled nor halved, and 1.1's single fragment
 * chain belongs to the message that opened it.
 *
 * <p>It reads below the {@link GiopMessageLimit}, which so sees the ORB's own ids; the server's
 * requests are held to the same cap here, message by message and chain by chain. It is read by
 * the ORB's reader thread, which relays the server's requests while it waits for the next message
 * of its own: no thread of its own. A read that fails (a time-out) leaves what was read in place
 * for the next. Not thread-safe: one reader per connection.
 */
final class RelayedInput extends InputStream {

    private static final int HEADER = Giop.HEADER;
    /** The header, the request id and a Request's response flags. */
    private static final int SCANNED = HEADER + 5;
    private static final int UNNUMBERED = -1;
    private static final int CHUNK = 16 * 1024;

    private final InputStream in;
    private final BidirRelay relay;
    private final long cap;
    private final String peer;

    private final byte[] ahead = new byte[SCANNED];
    private int aheadWanted = HEADER;
    private int aheadFilled;
    /** Bytes of {@link #ahead} still to hand to the ORB. */
    private int aheadServed;
    private boolean serving;
    /** Body bytes of the ORB's message still to pass on. */
    private long passLeft;
    /** Body bytes of the server's request still to relay. */
    private long relayLeft;
    private boolean relaying;
    private boolean notGiop;
    private byte[] chunk;

    /** The server's fragmented requests still open, by id ({@link #UNNUMBERED}: GIOP 1.1's chain), with their bytes so far. */
    private final Map<Integer, Long> serverChains = new HashMap<>();

    /**
     * @param cap the largest request of the server's, or sum of one's fragments, in bytes
     * @param peer "host:port", for the refusal's message
     */
    RelayedInput(InputStream in, BidirRelay relay, long cap, String peer) {
        this.in = in;
        this.relay = relay;
        this.cap = cap;
        this.peer = peer;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        if (length == 0) {
            return 0;
        }
        while (true) {
            if (notGiop) {
                return in.read(buffer, offset, length);
            }
            if (serving) {
                int n = Math.min(length, aheadFilled - aheadServed);
                System.arraycopy(ahead, aheadServed, buffer, offset, n);
                aheadServed += n;
                if (aheadServed == aheadFilled) {
                    serving = false;
                    aheadFilled = 0;
                }
                return n;
            }
            if (passLeft > 0) {
                int n = in.read(buffer, offset, (int) Math.min(length, passLeft));
                if (n > 0) {
                    passLeft -= n;
                }
                return n;
            }
            if (relaying) {
                if (!relayBody()) {
                    return -1;
                }
                continue;
            }
            if (!readAhead()) {
                if (aheadFilled == 0) {
                    return -1;
                }
                // a header cut short by the end of the stream: the ORB gets what came, then the end
                serving = true;
                aheadServed = 0;
                aheadWanted = HEADER;
                continue;
            }
            decide();
        }
    }

    /** Reads the next header (and what follows it that the decision needs); false at the end of the stream. */
    private boolean readAhead() throws IOException {
        while (aheadFilled < aheadWanted) {
            int n = in.read(ahead, aheadFilled, aheadWanted - aheadFilled);
            if (n < 0) {
                return false;
            }
            aheadFilled += n;
            if (aheadFilled == HEADER && aheadWanted == HEADER) {
                aheadWanted = wanted();
            }
        }
        return true;
    }

    /** How much of the message to read ahead, once its header is in. */
    private int wanted() {
        if (!Giop.hasMagic(ahead)) {
            return HEADER;
        }
        int type = Giop.type(ahead);
        long size = Giop.bodySize(ahead);
        if (ahead[5] < 2) {
            // GIOP 1.0 and 1.1: only a CancelRequest has its id first, and it is the server's anyway
            return HEADER;
        }
        if (type == Giop.REQUEST && size >= 5) {
            return SCANNED;
        }
        return carriesIdFirst(type) && size >= 4 ? HEADER + 4 : HEADER;
    }

    private static boolean carriesIdFirst(int type) {
        return type == Giop.REQUEST || type == Giop.REPLY || type == Giop.CANCEL_REQUEST
                || type == Giop.LOCATE_REQUEST || type == Giop.LOCATE_REPLY || type == Giop.FRAGMENT;
    }

    /** The header is in: the message is the ORB's, or the relay's. */
    private void decide() throws OversizedMessageException {
        int read = aheadFilled;
        aheadWanted = HEADER;
        if (!Giop.hasMagic(ahead)) {
            // not GIOP: handed over as it is, for the ORB to refuse
            notGiop = true;
            serving = true;
            aheadServed = 0;
            return;
        }
        long body = Giop.bodySize(ahead) - (read - HEADER);
        if (isServersRequest(read)) {
            relay.begin(ahead, read);
            aheadFilled = 0;
            relayLeft = body;
            relaying = true;
            return;
        }
        if (read >= HEADER + 4) {
            // one of the ORB's GIOP 1.2 replies or fragments: its request's id as the ORB numbered it
            Giop.writeULong(ahead, HEADER, Giop.readULong(ahead, HEADER) >>> 1);
        }
        serving = true;
        aheadServed = 0;
        passLeft = body;
    }

    /**
     * Whether the message read ahead is (part of) a request of the server's; notes the chains it
     * opens or ends, each held to the cap.
     */
    private boolean isServersRequest(int read) throws OversizedMessageException {
        int type = Giop.type(ahead);
        boolean more = ahead[5] >= 1 && (ahead[6] & 0x02) != 0;
        boolean numbered = read >= HEADER + 4;
        int chain = numbered ? (int) Giop.readULong(ahead, HEADER) : UNNUMBERED;
        long bytes = HEADER + Giop.bodySize(ahead);
        switch (type) {
            case Giop.REQUEST, Giop.LOCATE_REQUEST -> {
                check(bytes, chain);
                if (more) {
                    serverChains.put(chain, bytes);
                }
                return true;
            }
            case Giop.CANCEL_REQUEST -> {
                check(bytes, chain);
                return true;
            }
            case Giop.FRAGMENT -> {
                boolean servers = numbered ? (chain & 1) != 0 : serverChains.containsKey(UNNUMBERED);
                if (!servers) {
                    return false;
                }
                Long soFar = serverChains.remove(chain);
                long total = (soFar == null ? 0 : soFar) + bytes;
                check(total, chain);
                if (more) {
                    serverChains.put(chain, total);
                }
                return true;
            }
            default -> {
                return false;
            }
        }
    }

    private void check(long bytes, int chain) throws OversizedMessageException {
        if (bytes > cap) {
            throw new OversizedMessageException(peer + " sent a call back of " + bytes + " bytes (request "
                    + Integer.toUnsignedString(chain) + "), over the cap of " + cap + " bytes on incoming messages; the "
                    + "connection is closed", cap);
        }
        if (serverChains.size() >= GiopMessageLimit.MAX_OPEN_CHAINS) {
            throw new OversizedMessageException(peer + " sent fragments of more than " + GiopMessageLimit.MAX_OPEN_CHAINS
                    + " call backs at once; the connection is closed", cap);
        }
    }

    /** Relays the rest of the server's message; false at the end of the stream. */
    private boolean relayBody() throws IOException {
        if (chunk == null) {
            chunk = new byte[CHUNK];
        }
        while (relayLeft > 0) {
            int n = in.read(chunk, 0, (int) Math.min(chunk.length, relayLeft));
            if (n < 0) {
                relaying = false;
                return false;
            }
            relayLeft -= n;
            relay.body(chunk, 0, n);
        }
        relaying = false;
        relay.end();
        return true;
    }

    @Override
    public int available() throws IOException {
        if (serving) {
            return aheadFilled - aheadServed;
        }
        if (notGiop) {
            return in.available();
        }
        return passLeft > 0 ? (int) Math.min(in.available(), passLeft) : 0;
    }

    @Override
    public void close() throws IOException {
        // the ORB may close the connection through its input: the relay goes with it
        relay.close();
        in.close();
    }
}
