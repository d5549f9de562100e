package org.corbabridge.adapter.transport;

/** What the connection wrappers read of a GIOP message header. */
final class Giop {

    private Giop() {
    }

    /**
     * The unsigned long at {@code at} in a message that starts with its 12-byte header, in the byte
     * order the header's flags (octet 6, bit 0) give.
     */
    static long readULong(byte[] message, int at) {
        boolean littleEndian = (message[6] & 0x01) != 0;
        long value = 0;
        for (int i = 0; i < 4; i++) {
            int octet = message[littleEndian ? at + 3 - i : at + i] & 0xFF;
            value = value << 8 | octet;
        }
        return value;
    }
}
