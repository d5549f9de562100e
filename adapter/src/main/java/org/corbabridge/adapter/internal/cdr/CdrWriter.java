package org.corbabridge.adapter.internal.cdr;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * A big-endian CDR encapsulation written by hand: its byte-order octet, then octets, unsigned
 * shorts and longs each aligned to its size from the encapsulation's start, strings and octet
 * sequences. What {@link IorSplit} needs to write a reference; {@link CdrReader} reads it back.
 */
final class CdrWriter {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    /** An encapsulation, big-endian: its first octet says so. */
    CdrWriter() {
        out.write(0);
    }

    CdrWriter octet(int value) {
        out.write(value);
        return this;
    }

    CdrWriter ushort(int value) {
        align(2);
        out.write(value >>> 8);
        out.write(value);
        return this;
    }

    CdrWriter ulong(long value) {
        align(4);
        out.write((int) (value >>> 24));
        out.write((int) (value >>> 16));
        out.write((int) (value >>> 8));
        out.write((int) value);
        return this;
    }

    /** A string: its length with the terminating NUL, its ISO 8859-1 bytes, the NUL. */
    CdrWriter string(String value) {
        byte[] bytes = value.getBytes(StandardCharsets.ISO_8859_1);
        ulong(bytes.length + 1L);
        out.writeBytes(bytes);
        out.write(0);
        return this;
    }

    /** An octet sequence: its length, its octets. */
    CdrWriter octets(byte[] value) {
        ulong(value.length);
        out.writeBytes(value);
        return this;
    }

    byte[] toByteArray() {
        return out.toByteArray();
    }

    private void align(int boundary) {
        while (out.size() % boundary != 0) {
            out.write(0);
        }
    }
}
