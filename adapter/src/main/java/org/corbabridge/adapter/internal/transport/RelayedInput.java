package org.corbabridge.adapter.internal.transport;

import java.io.IOException;
import java.io.InputStream;
import java.util.HashSet;
import java.util.Set;

/**
 * A client connection's input with the server's requests taken out (bidirectional GIOP): the
 * ORB's client-side reader sees only what it can read there (replies, LocateReplies, their
 * fragments, CloseConnection), and each Request, CancelRequest and LocateRequest the server sends,
 * with the fragments that continue it (matched by request id in GIOP 1.2, as one chain in GIOP
 * 1.1), goes to the connection's {@link BidirRelay} instead, as it is read. The ORB's readers would
 * otherwise drop such a message (the OpenJDK ORB's "we do not support bi-directional giop yet") or
 * wait for a reply that never comes.
 *
 * <p>It reads above the {@link GiopMessageLimit}, so that the server's requests keep the cap, and
 * is read by the ORB's reader thread, which relays the server's requests while it waits for the
 * next message of its own: no thread of its own. Each header is read ahead, with the request id
 * (and a Request's response flags) where GIOP 1.2 has them; a read that fails (a time-out) leaves
 * what was read in place for the next. A GIOP 1.2 fragment whose id is both a reply chain of the
 * ORB's and a request chain of the server's cannot be told apart: it goes to the relay (GIOP
 * leaves request ids of the two directions unordered; omniORB's and the ORB's counters would have
 * to meet inside two open chains at once). Not thread-safe: one reader per connection.
 */
final class RelayedInput extends InputStream {

    private static final int HEADER = Giop.HEADER;
    /** The header, the request id and a Request's response flags. */
    private static final int SCANNED = HEADER + 5;
    private static final int UNNUMBERED = -1;
    private static final int CHUNK = 16 * 1024;

    private final InputStream in;
    private final BidirRelay relay;

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

    /** The server's fragmented requests still open, by GIOP 1.2 id ({@link #UNNUMBERED}: GIOP 1.1's chain). */
    private final Set<Integer> serverChains = new HashSet<>();

    RelayedInput(InputStream in, BidirRelay relay) {
        this.in = in;
        this.relay = relay;
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
        if (ahead[5] < 2 && type != Giop.CANCEL_REQUEST) {
            return HEADER;
        }
        if (type == Giop.REQUEST && size >= 5) {
            return SCANNED;
        }
        if ((type == Giop.FRAGMENT || type == Giop.LOCATE_REQUEST || type == Giop.CANCEL_REQUEST) && size >= 4) {
            return HEADER + 4;
        }
        return HEADER;
    }

    /** The header is in: the message is the ORB's, or the relay's. */
    private void decide() {
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
        serving = true;
        aheadServed = 0;
        passLeft = body;
    }

    /** Whether the message read ahead is (part of) a request of the server's; notes the chains it opens or ends. */
    private boolean isServersRequest(int read) {
        int type = Giop.type(ahead);
        boolean more = ahead[5] >= 1 && (ahead[6] & 0x02) != 0;
        int chain = read >= HEADER + 4 && ahead[5] >= 2 ? (int) Giop.readULong(ahead, HEADER) : UNNUMBERED;
        switch (type) {
            case Giop.REQUEST, Giop.LOCATE_REQUEST -> {
                if (more) {
                    serverChains.add(chain);
                }
                return true;
            }
            case Giop.CANCEL_REQUEST -> {
                return true;
            }
            case Giop.FRAGMENT -> {
                if (!serverChains.contains(chain)) {
                    return false;
                }
                if (!more) {
                    serverChains.remove(chain);
                }
                return true;
            }
            default -> {
                return false;
            }
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
