package org.corbabridge.adapter.internal.transport;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The service contexts of a GIOP 1.2 Request, read from its first message and, for the relay,
 * added to: the relay's connection to the ORB's endpoint is new to the ORB, while the server
 * sends its requests over a connection whose code sets the client's first request settled, so
 * they carry no {@code CodeSets} context; the ORB would then read no wide character of them
 * (omniORB's {@code BAD_PARAM} minor 23 on the Eclipse ORB). The relay adds the context the ORB
 * itself sent on that connection to the first Request it relays over each of its connections.
 *
 * <p>Layout, offsets from the message's start: header (12), request id, response flags and 3
 * reserved octets (to 20), the target address (a short discriminator, then an object key, a tagged
 * profile, or a profile index and an IOR), the operation (a string), the service context list;
 * the body then starts at the next multiple of 8. A context added at the list's end moves the
 * body by a multiple of 8, so every alignment inside it holds, and a first fragment stays a
 * multiple of 8 long, as GIOP 1.2 asks.
 */
final class RequestHeaders {

    /** {@code IOP::CodeSets}. */
    static final int CODE_SETS = 1;

    private RequestHeaders() {
    }

    /** Where a Request's service context list lies; null when the message does not hold it all. */
    record Contexts(int countAt, int end, byte[] codeSets) {
    }

    /** The service contexts of the GIOP 1.2 Request in {@code message[0, length)}; null if they are not all there. */
    static Contexts contexts(byte[] message, int length) {
        if (length < 24 || message[4] != 1 || message[5] < 2 || Giop.type(message) != Giop.REQUEST) {
            return null;
        }
        Reader in = new Reader(message, length);
        try {
            in.at = 20;
            int disposition = in.readShort();
            switch (disposition) {
                case 0 -> in.skipOctets();
                case 1 -> {
                    in.readULong();
                    in.skipOctets();
                }
                case 2 -> {
                    in.readULong();
                    in.skipOctets(); // the IOR's type id, as a string: its length, then its octets
                    int profiles = in.readULong();
                    for (int i = 0; i < profiles; i++) {
                        in.readULong();
                        in.skipOctets();
                    }
                }
                default -> {
                    return null;
                }
            }
            in.skipOctets(); // the operation
            int countAt = in.align(4);
            int count = in.readULong();
            byte[] codeSets = null;
            for (int i = 0; i < count; i++) {
                int id = in.readULong();
                int dataLength = in.readULong();
                int dataAt = in.at;
                in.skip(dataLength);
                if (id == CODE_SETS) {
                    codeSets = java.util.Arrays.copyOfRange(message, dataAt, dataAt + dataLength);
                }
            }
            return new Contexts(countAt, in.at, codeSets);
        } catch (IndexOutOfBoundsException cut) {
            return null;
        }
    }

    /**
     * {@code message[0, length)}, a GIOP 1.2 Request whose contexts are {@code contexts}, with the
     * service context {@code id} of {@code data} added at the end of its list; its size in the header follows.
     */
    static byte[] withContext(byte[] message, int length, Contexts contexts, int id, byte[] data) {
        boolean littleEndian = (message[6] & 0x01) != 0;
        int bodyAt = Math.min(length, (contexts.end() + 7) & ~7);
        int addedAt = (contexts.end() + 3) & ~3;
        int newEnd = addedAt + 8 + data.length;
        int newBodyAt = bodyAt == length ? newEnd : (newEnd + 7) & ~7;
        int newLength = newBodyAt + (length - bodyAt);
        ByteBuffer out = ByteBuffer.allocate(newLength).order(littleEndian ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN);
        out.put(message, 0, contexts.end());
        out.putInt(Giop.HEADER - 4, newLength - Giop.HEADER);
        out.putInt(contexts.countAt(), (int) Giop.readULong(message, contexts.countAt()) + 1);
        out.position(addedAt);
        out.putInt(id);
        out.putInt(data.length);
        out.put(data);
        out.position(newBodyAt);
        out.put(message, bodyAt, length - bodyAt);
        return out.array();
    }

    /** CDR reads in the message's byte order, aligned from the message's start. */
    private static final class Reader {
        private final byte[] message;
        private final int length;
        private final boolean littleEndian;
        int at;

        Reader(byte[] message, int length) {
            this.message = message;
            this.length = length;
            this.littleEndian = (message[6] & 0x01) != 0;
        }

        int align(int boundary) {
            at = (at + boundary - 1) & -boundary;
            return at;
        }

        int readShort() {
            align(2);
            need(2);
            int value = littleEndian ? (message[at] & 0xFF) | (message[at + 1] & 0xFF) << 8
                    : (message[at] & 0xFF) << 8 | (message[at + 1] & 0xFF);
            at += 2;
            return (short) value;
        }

        int readULong() {
            align(4);
            need(4);
            int value = (int) Giop.readULong(message, at, littleEndian);
            at += 4;
            return value;
        }

        /** A sequence of octets or a string: its length, then as many octets. */
        void skipOctets() {
            skip(readULong());
        }

        void skip(int count) {
            if (count < 0) {
                throw new IndexOutOfBoundsException("a negative length");
            }
            need(count);
            at += count;
        }

        private void need(int count) {
            if (at + count > length) {
                throw new IndexOutOfBoundsException("past the bytes read");
            }
        }
    }
}
