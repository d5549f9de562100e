package org.corbabridge.adapter.internal.transport;

/** What the connection wrappers read of a GIOP message header, for both directions. */
final class Giop {

    /** The header's length: magic, version, flags, type, body size. */
    static final int HEADER = 12;

    static final int REQUEST = 0;
    static final int REPLY = 1;
    static final int CANCEL_REQUEST = 2;
    static final int LOCATE_REQUEST = 3;
    static final int LOCATE_REPLY = 4;
    static final int CLOSE_CONNECTION = 5;
    static final int MESSAGE_ERROR = 6;
    static final int FRAGMENT = 7;

    private Giop() {
    }

    /** Whether a header starts with the GIOP magic; what does not cannot be framed. */
    static boolean hasMagic(byte[] header) {
        return header[0] == 'G' && header[1] == 'I' && header[2] == 'O' && header[3] == 'P';
    }

    /** The message type (octet 7). */
    static int type(byte[] header) {
        return header[7];
    }

    /** The body's size, after the header. */
    static long bodySize(byte[] header) {
        return readULong(header, 8);
    }

    /**
     * The unsigned long at {@code at} in a message that starts with its 12-byte header, in the byte
     * order the header's flags (octet 6, bit 0) give.
     */
    static long readULong(byte[] message, int at) {
        return readULong(message, at, (message[6] & 0x01) != 0);
    }

    /** The unsigned long at {@code at} in {@code bytes}, in the byte order given. */
    static long readULong(byte[] bytes, int at, boolean littleEndian) {
        long value = 0;
        for (int i = 0; i < 4; i++) {
            int octet = bytes[littleEndian ? at + 3 - i : at + i] & 0xFF;
            value = value << 8 | octet;
        }
        return value;
    }

    /** Writes {@code value}'s low 32 bits at {@code at}, in the byte order of the message's header. */
    static void writeULong(byte[] message, int at, long value) {
        boolean littleEndian = (message[6] & 0x01) != 0;
        for (int i = 0; i < 4; i++) {
            message[littleEndian ? at + i : at + 3 - i] = (byte) (value >>> (8 * i));
        }
    }
}
