package org.corbabridge.adapter.internal.transport;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The bytes a connection receives, checked one GIOP message header at a time before the ORB sees
 * the header: a message announcing more than the cap, or fragments that add up to more than it,
 * end the connection with an {@link OversizedMessageException} before the ORB allocates anything
 * for them. Neither JacORB nor the Eclipse ORB has such a cap: each allocates what a header
 * announces (up to 4 GB) and gathers fragments without limit.
 *
 * <p>Fragments are counted per message: in GIOP 1.2 by the request id that follows the header
 * (fragments of several messages may interleave), in GIOP 1.1 as one chain (they may not). Open
 * chains together stay under the cap, and under {@link #MAX_OPEN_CHAINS}, so that endless first
 * fragments of new requests are bounded too.
 *
 * <p>When the last byte of a complete reply (a Reply or LocateReply, or the last fragment of one)
 * has been passed on, a {@link ReplyListener} is told: with its request id in GIOP 1.2,
 * without in GIOP 1.0 and 1.1, where the id follows a header of variable length.
 *
 * <p>The id and status of each GIOP 1.2 Reply are read as they pass on to the ORB, at no cost of
 * their own, and given to the connection's {@link ServerAnswers}: before the ORB has read them, so
 * before it can fail on the values that follow.
 *
 * <p>A {@code MessageError} (the peer could not read a message of ours) ends the stream there,
 * unseen by the ORB: the connection can carry nothing more, and the ORB fails the calls waiting
 * on it at once, as it does for a peer that closed. JacORB would ignore the message and leave
 * each call waiting for a reply until its time-out; the Eclipse and OpenJDK ORBs close the
 * connection themselves.
 *
 * <p>Anything that does not start with the GIOP magic is passed on unchecked, for the ORB to
 * refuse as it does: the stream does not guess at framing it cannot read. Not thread-safe: one
 * reader per connection, as both ORBs have.
 */
final class GiopMessageLimit extends FilterInputStream {

    private static final Logger LOG = LoggerFactory.getLogger(GiopMessageLimit.class);

    /** Fragmented messages one connection may have open at once. */
    static final int MAX_OPEN_CHAINS = 4096;

    private static final int HEADER = Giop.HEADER;
    private static final int HEADER_AND_REQUEST_ID = HEADER + 4;
    /** GIOP 1.1 fragments carry no request id; their single chain goes under this key. */
    private static final int UNNUMBERED_CHAIN = -1;

    private final long cap;
    private final String peer;
    private final Consumer<OversizedMessageException> onRefusal;
    private final ReplyListener onReply;
    /** Told each reply's status; null: none is wanted. */
    private final ServerAnswers answers;

    /** The header (and, for a GIOP 1.2 fragment, the request id) read ahead of the ORB. */
    private final byte[] ahead = new byte[HEADER_AND_REQUEST_ID];
    private int aheadWanted = HEADER;
    private int aheadFilled;
    private int aheadServed;
    private boolean serving;
    /** Body bytes of the current message still to pass on unchecked. */
    private long bodyLeft;
    private boolean notGiop;
    /** A {@code MessageError} came: the end of the stream, for the ORB. */
    private boolean ended;
    private OversizedMessageException refused;
    /** The current message ends a reply: to {@link #replyId} if {@link #replyNumbered}. */
    private boolean endsReply;
    private boolean replyNumbered;
    private int replyId;

    /** The current message is a GIOP 1.2 Reply whose id and status have not all passed on yet. */
    private boolean watchingReply;
    /** The reply's id and status, as they passed on. */
    private final byte[] replyStart = new byte[8];
    private int replyStartFilled;

    private final Map<Integer, Long> openChains = new HashMap<>();
    private long openChainBytes;

    /**
     * @param cap the largest message, or sum of a message's fragments, to let through, in bytes (header included)
     * @param peer "host:port", for the refusal's message
     * @param onRefusal told of a refusal, on the reading thread, before it is thrown
     * @param onReply told of each complete reply once it has been passed on
     */
    GiopMessageLimit(InputStream in, long cap, String peer, Consumer<OversizedMessageException> onRefusal,
            ReplyListener onReply) {
        this(in, cap, peer, onRefusal, onReply, null);
    }

    /** @param answers told the status of each GIOP 1.2 reply as it passes on; null: none */
    GiopMessageLimit(InputStream in, long cap, String peer, Consumer<OversizedMessageException> onRefusal,
            ReplyListener onReply, ServerAnswers answers) {
        super(in);
        if (cap < HEADER_AND_REQUEST_ID) {
            throw new IllegalArgumentException("a message cap of " + cap + " bytes leaves no room for a message");
        }
        this.cap = cap;
        this.peer = peer;
        this.onRefusal = onRefusal;
        this.onReply = onReply;
        this.answers = answers;
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
        if (refused != null) {
            throw refused;
        }
        if (ended) {
            return -1;
        }
        if (notGiop) {
            return in.read(buffer, offset, length);
        }
        if (!serving && bodyLeft == 0) {
            if (!readAhead()) {
                return -1;
            }
            if (ended) {
                return -1;
            }
        }
        if (serving) {
            int n = Math.min(length, aheadFilled - aheadServed);
            System.arraycopy(ahead, aheadServed, buffer, offset, n);
            if (watchingReply && aheadServed + n > HEADER) {
                int from = Math.max(aheadServed, HEADER);
                watchReply(ahead, from, aheadServed + n - from);
            }
            aheadServed += n;
            if (aheadServed == aheadFilled) {
                serving = false;
                aheadFilled = 0;
                aheadServed = 0;
                afterPassedOn();
            }
            return n;
        }
        int n = in.read(buffer, offset, (int) Math.min(length, bodyLeft));
        if (n > 0) {
            if (watchingReply) {
                watchReply(buffer, offset, n);
            }
            bodyLeft -= n;
            afterPassedOn();
        }
        return n;
    }

    /** Takes what passes on of a reply's first 8 body bytes, its id and status, and tells them once all have. */
    private void watchReply(byte[] passed, int from, int count) {
        int taken = Math.min(count, replyStart.length - replyStartFilled);
        System.arraycopy(passed, from, replyStart, replyStartFilled, taken);
        replyStartFilled += taken;
        if (replyStartFilled == replyStart.length) {
            watchingReply = false;
            boolean littleEndian = (ahead[6] & 0x01) != 0;
            answers.replied((int) Giop.readULong(replyStart, 0, littleEndian),
                    (int) Giop.readULong(replyStart, 4, littleEndian));
        }
    }

    /** Tells of a reply once its last byte is passed on: not at its header, which may come alone. */
    private void afterPassedOn() {
        if (endsReply && !serving && bodyLeft == 0) {
            endsReply = false;
            if (replyNumbered) {
                onReply.replied(replyId);
            } else {
                onReply.repliedUnnumbered();
            }
        }
    }

    @Override
    public long skip(long n) throws IOException {
        byte[] discard = new byte[(int) Math.min(n, 8192)];
        int skipped = read(discard, 0, discard.length);
        return Math.max(skipped, 0);
    }

    @Override
    public int available() throws IOException {
        if (serving) {
            return aheadFilled - aheadServed;
        }
        return notGiop ? in.available() : (int) Math.min(in.available(), bodyLeft);
    }

    @Override
    public boolean markSupported() {
        return false;
    }

    @Override
    public synchronized void mark(int readLimit) {
        // not supported
    }

    @Override
    public synchronized void reset() throws IOException {
        throw new IOException("mark/reset is not supported");
    }

    /**
     * Reads the next header (and request id) into {@link #ahead} and checks it. A time-out while
     * reading leaves what was read in place for the next call.
     *
     * @return false at the end of the stream
     */
    private boolean readAhead() throws IOException {
        while (aheadFilled < aheadWanted) {
            int n = in.read(ahead, aheadFilled, aheadWanted - aheadFilled);
            if (n < 0) {
                if (aheadFilled == 0) {
                    return false;
                }
                // a partial header: hand over what came, and the end of the stream after it
                aheadWanted = HEADER;
                startServing(0);
                return true;
            }
            aheadFilled += n;
            if (aheadFilled == HEADER && aheadWanted == HEADER) {
                aheadWanted = afterHeader();
                if (notGiop) {
                    startServing(0);
                    return true;
                }
            }
        }
        aheadWanted = HEADER;
        if (ended) {
            return true;
        }
        checkFragments();
        replyNumbered = aheadFilled == HEADER_AND_REQUEST_ID;
        endsReply = !moreFragments() && (isReply()
                || Giop.type(ahead) == Giop.FRAGMENT && (replyNumbered || minor() == 1));
        replyId = replyNumbered ? (int) readULong(HEADER) : 0;
        // a Reply's first message, not a fragment after it; its flags stay in ahead while its body passes
        watchingReply = answers != null && minor() >= 2 && Giop.type(ahead) == Giop.REPLY && size() >= 8;
        replyStartFilled = 0;
        startServing(size() - (aheadFilled - HEADER));
        return true;
    }

    private void startServing(long body) {
        serving = true;
        aheadServed = 0;
        bodyLeft = body;
    }

    /** Checks the header's size; returns how many bytes to read ahead in all. */
    private int afterHeader() throws OversizedMessageException {
        if (!Giop.hasMagic(ahead)) {
            notGiop = true;
            return HEADER;
        }
        if (Giop.type(ahead) == Giop.MESSAGE_ERROR) {
            LOG.warn("{} answered with a GIOP MessageError: it could not read a message of ours (a GIOP version or "
                    + "a message it does not know, or a malformed one); the connection is ended", peer);
            ended = true;
            return HEADER;
        }
        long size = size();
        if (HEADER + size > cap) {
            throw refuse("a GIOP message of " + (HEADER + size) + " bytes");
        }
        // a reply's id is read ahead only for a listener that wants it: the extra read costs a
        // system call per reply, several per cent of a small call
        boolean wantsReplyId = onReply != ReplyListener.NONE && (isReply());
        boolean numbered = minor() >= 2 && size >= 4 && carriesRequestIdFirst() && (isFragmentPiece() || wantsReplyId);
        return numbered ? HEADER_AND_REQUEST_ID : HEADER;
    }

    private void checkFragments() throws OversizedMessageException {
        if (!isFragmentPiece()) {
            return;
        }
        int chain = aheadFilled == HEADER_AND_REQUEST_ID ? (int) readULong(HEADER) : UNNUMBERED_CHAIN;
        long bytes = HEADER + size();
        Long soFar = openChains.get(chain);
        long total = (soFar == null ? 0 : soFar) + bytes;
        if (total > cap) {
            throw refuse("fragments adding up to " + total + " bytes" + describeChain(chain));
        }
        if (openChainBytes + bytes > cap) {
            throw refuse("fragments of " + openChains.size() + " messages adding up to " + (openChainBytes + bytes)
                    + " bytes");
        }
        if (moreFragments()) {
            if (soFar == null && openChains.size() >= MAX_OPEN_CHAINS) {
                throw refuse("fragments of more than " + MAX_OPEN_CHAINS + " messages at once");
            }
            openChains.put(chain, total);
            openChainBytes += bytes;
        } else if (soFar != null) {
            openChains.remove(chain);
            openChainBytes -= soFar;
        }
    }

    private static String describeChain(int chain) {
        return chain == UNNUMBERED_CHAIN ? "" : " for request " + Integer.toUnsignedString(chain);
    }

    private OversizedMessageException refuse(String what) {
        refused = new OversizedMessageException(peer + " sent " + what + ", over the cap of " + cap
                + " bytes on incoming messages; the connection is closed", cap);
        onRefusal.accept(refused);
        return refused;
    }

    private int minor() {
        return ahead[5];
    }

    /** GIOP 1.1 and 1.2: the flags' second bit says more fragments follow (GIOP 1.0 has none). */
    private boolean moreFragments() {
        return minor() >= 1 && (ahead[6] & 0x02) != 0;
    }

    private boolean isFragmentPiece() {
        return minor() >= 1 && (moreFragments() || Giop.type(ahead) == Giop.FRAGMENT);
    }

    /** Request, Reply, LocateRequest, LocateReply and Fragment start with the request id in GIOP 1.2. */
    private boolean carriesRequestIdFirst() {
        int type = Giop.type(ahead);
        return type == Giop.REQUEST || type == Giop.REPLY || type == Giop.LOCATE_REQUEST || type == Giop.LOCATE_REPLY
                || type == Giop.FRAGMENT;
    }

    private boolean isReply() {
        return Giop.type(ahead) == Giop.REPLY || Giop.type(ahead) == Giop.LOCATE_REPLY;
    }

    private long size() {
        return Giop.bodySize(ahead);
    }

    private long readULong(int at) {
        return Giop.readULong(ahead, at);
    }
}
