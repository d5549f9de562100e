package org.corbabridge.adapter.internal;

import java.util.Arrays;
import java.util.HexFormat;

/**
 * Reads a stringified IOR ({@code IOR:} and hex CDR) far enough to tell whether it offers a TLS
 * endpoint: an IIOP profile with a {@code TAG_SSL_SEC_TRANS} or {@code TAG_CSI_SEC_MECH_LIST}
 * component. Portable across ORBs, since it needs nothing but {@code object_to_string}.
 */
final class IorInspection {

    private static final int TAG_INTERNET_IOP = 0;
    private static final int TAG_SSL_SEC_TRANS = 20;
    private static final int TAG_CSI_SEC_MECH_LIST = 33;

    private IorInspection() {
    }

    /** @throws IllegalArgumentException not a well-formed stringified IOR */
    static boolean offersTls(String ior) {
        if (ior == null || !ior.regionMatches(true, 0, "IOR:", 0, 4)) {
            throw new IllegalArgumentException("not a stringified IOR: " + ior);
        }
        Cdr reference = new Cdr(HexFormat.of().parseHex(ior.substring(4)));
        reference.skipOctets(reference.readULong()); // type id
        long profiles = reference.readULong();
        for (long p = 0; p < profiles; p++) {
            long tag = reference.readULong();
            byte[] body = reference.readOctets(reference.readULong());
            if (tag == TAG_INTERNET_IOP && iiopProfileOffersTls(new Cdr(body))) {
                return true;
            }
        }
        return false;
    }

    /** An IIOP ProfileBody: version, host, port, object key and, from IIOP 1.1, components. */
    private static boolean iiopProfileOffersTls(Cdr body) {
        int minor = body.readOctet(2);
        body.skipTo(3);
        body.skipOctets(body.readULong()); // host
        body.readUShort();                  // port
        body.skipOctets(body.readULong()); // object key
        if (minor == 0) {
            return false;
        }
        long components = body.readULong();
        for (long c = 0; c < components; c++) {
            long tag = body.readULong();
            body.skipOctets(body.readULong());
            if (tag == TAG_SSL_SEC_TRANS || tag == TAG_CSI_SEC_MECH_LIST) {
                return true;
            }
        }
        return false;
    }

    /** A CDR encapsulation: its first octet gives the byte order, alignment counts from there. */
    private static final class Cdr {
        private final byte[] data;
        private final boolean littleEndian;
        private int position = 1;

        Cdr(byte[] data) {
            if (data.length == 0) {
                throw new IllegalArgumentException("an empty CDR encapsulation");
            }
            this.data = data;
            this.littleEndian = data[0] != 0;
        }

        int readOctet(int at) {
            require(at, 1);
            return data[at] & 0xFF;
        }

        void skipTo(int at) {
            position = at;
        }

        long readULong() {
            align(4);
            require(position, 4);
            long value = 0;
            for (int i = 0; i < 4; i++) {
                int shift = littleEndian ? 8 * i : 8 * (3 - i);
                value |= (long) (data[position + i] & 0xFF) << shift;
            }
            position += 4;
            return value;
        }

        int readUShort() {
            align(2);
            require(position, 2);
            int first = data[position] & 0xFF;
            int second = data[position + 1] & 0xFF;
            position += 2;
            return littleEndian ? second << 8 | first : first << 8 | second;
        }

        byte[] readOctets(long length) {
            require(position, length);
            byte[] octets = Arrays.copyOfRange(data, position, position + (int) length);
            position += (int) length;
            return octets;
        }

        void skipOctets(long length) {
            require(position, length);
            position += (int) length;
        }

        private void align(int boundary) {
            position = (position + boundary - 1) / boundary * boundary;
        }

        private void require(int at, long length) {
            if (length < 0 || at + length > data.length) {
                throw new IllegalArgumentException("a truncated IOR: " + length + " bytes wanted at " + at + " of "
                        + data.length);
            }
        }
    }
}
