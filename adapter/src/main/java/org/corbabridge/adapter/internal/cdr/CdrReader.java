package org.corbabridge.adapter.internal.cdr;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads CDR as the specification lays it out: each value aligned to its size, counted from the
 * start of the stream or of the encapsulation it is in, in that encapsulation's byte order. What
 * the adapter reads itself rather than through an ORB: a stringified IOR ({@link IorInspection}),
 * and a TypeCode as an ORB wrote it ({@link TypeCodeReader}, for the codecs' {@code TypeCodeWireCheck}). A read past the end is an
 * {@link IllegalArgumentException}.
 *
 * <p>Its position, alignment base and byte order are fields, so that a reader of nested
 * encapsulations can enter one and come back.
 */
final class CdrReader {

    final byte[] data;
    int position;
    /** Where alignment counts from: the stream's or the current encapsulation's start. */
    int base;
    boolean little;

    CdrReader(byte[] data, int position, int base, boolean little) {
        this.data = data;
        this.position = position;
        this.base = base;
        this.little = little;
    }

    /** A whole encapsulation: its first octet gives the byte order, alignment counts from it. */
    static CdrReader encapsulation(byte[] data) {
        if (data.length == 0) {
            throw new IllegalArgumentException("an empty CDR encapsulation");
        }
        return new CdrReader(data, 1, 0, data[0] != 0);
    }

    int readOctet() {
        require(1);
        return data[position++] & 0xff;
    }

    int readUShort() {
        return (int) readInteger(2) & 0xffff;
    }

    int readShort() {
        return (short) readInteger(2);
    }

    /** A CDR long, as Java reads it (signed). */
    int readLong() {
        return (int) readInteger(4);
    }

    /** A CDR unsigned long. */
    long readULong() {
        return readInteger(4) & 0xffffffffL;
    }

    long readLongLong() {
        return readInteger(8);
    }

    /** A 2-, 4- or 8-byte integer, aligned to its size, in the byte order in force. */
    long readInteger(int size) {
        align(size);
        require(size);
        long value = 0;
        for (int i = 0; i < size; i++) {
            long octet = data[position + (little ? size - 1 - i : i)] & 0xff;
            value = value << 8 | octet;
        }
        position += size;
        return value;
    }

    byte[] readOctets(long length) {
        require(length);
        byte[] octets = Arrays.copyOfRange(data, position, position + (int) length);
        position += (int) length;
        return octets;
    }

    /**
     * A CDR string: its length, its characters and a closing NUL (ISO 8859-1).
     *
     * @param strict whether a string must be one (at least its NUL): a TypeCode's are; an IOR's
     *     type id is read as some ORBs write it, empty with no NUL at all
     */
    String readString(boolean strict) {
        long length = readULong();
        if (strict && length < 1) {
            throw new IllegalArgumentException("a string of " + length + " bytes at " + (position - 4));
        }
        byte[] text = readOctets(length);
        // strict: the last octet is the NUL, whatever the ORB put there, so a missing one shows
        // as a changed string; lenient: only a NUL that is there is dropped
        int end = strict || text.length > 0 && text[text.length - 1] == 0 ? text.length - 1 : text.length;
        return new String(text, 0, end, StandardCharsets.ISO_8859_1);
    }

    void align(int boundary) {
        int offset = (position - base) % boundary;
        if (offset != 0) {
            position += boundary - offset;
        }
    }

    private void require(long length) {
        if (length < 0 || position + length > data.length) {
            throw new IllegalArgumentException("truncated CDR: the encoding ends at " + data.length + ", " + length
                    + " more bytes wanted at " + position);
        }
    }
}
