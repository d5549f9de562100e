package org.corbabridge.adapter.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;

/**
 * Reads a stringified IOR ({@code IOR:} and hex CDR): its type id, and each profile with what a
 * person or a check needs of it (an IIOP profile's version, host, port, object key and tagged
 * components, the TLS port among them). Portable across ORBs, since it needs nothing but
 * {@code object_to_string}; the command-line client's {@code ior} shows it.
 */
public final class IorInspection {

    private static final int TAG_INTERNET_IOP = 0;
    private static final int TAG_MULTIPLE_COMPONENTS = 1;
    private static final int TAG_ORB_TYPE = 0;
    private static final int TAG_CODE_SETS = 1;
    private static final int TAG_ALTERNATE_IIOP_ADDRESS = 3;
    private static final int TAG_SSL_SEC_TRANS = 20;
    private static final int TAG_CSI_SEC_MECH_LIST = 33;

    /** A decoded reference. */
    public record Ior(String typeId, List<Profile> profiles) {
        /** Whether an IIOP profile offers a TLS endpoint (TAG_SSL_SEC_TRANS or TAG_CSI_SEC_MECH_LIST). */
        public boolean offersTls() {
            return profiles.stream().flatMap(profile -> profile.components().stream())
                    .anyMatch(component -> component.tag() == TAG_SSL_SEC_TRANS || component.tag() == TAG_CSI_SEC_MECH_LIST);
        }
    }

    /**
     * One profile: an IIOP profile's fields, or for another tag only the tag and its length.
     *
     * @param version "1.2" for IIOP, empty for another profile
     */
    public record Profile(long tag, String name, String version, String host, int port, byte[] objectKey,
            List<Component> components, int length) {
    }

    /** One tagged component: its tag, its name where known, and what it says where this reads it. */
    public record Component(long tag, String name, String detail) {
    }

    private IorInspection() {
    }

    /** @throws IllegalArgumentException not a well-formed stringified IOR */
    public static Ior decode(String ior) {
        if (ior == null || !ior.regionMatches(true, 0, "IOR:", 0, 4)) {
            throw new IllegalArgumentException("not a stringified IOR: " + ior);
        }
        byte[] bytes;
        try {
            bytes = HexFormat.of().parseHex(ior.substring(4).trim());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("not a stringified IOR: its body is not hexadecimal", e);
        }
        Cdr reference = new Cdr(bytes);
        String typeId = reference.readString();
        long count = reference.readULong();
        List<Profile> profiles = new ArrayList<>();
        for (long p = 0; p < count; p++) {
            long tag = reference.readULong();
            byte[] body = reference.readOctets(reference.readULong());
            profiles.add(tag == TAG_INTERNET_IOP ? iiop(new Cdr(body))
                    : new Profile(tag, tag == TAG_MULTIPLE_COMPONENTS ? "TAG_MULTIPLE_COMPONENTS" : "tag " + tag, "",
                            "", 0, new byte[0], tag == TAG_MULTIPLE_COMPONENTS ? components(new Cdr(body))
                                    : List.of(), body.length));
        }
        return new Ior(typeId, List.copyOf(profiles));
    }

    /** @throws IllegalArgumentException not a well-formed stringified IOR */
    static boolean offersTls(String ior) {
        return decode(ior).offersTls();
    }

    /** An IIOP ProfileBody: version, host, port, object key and, from IIOP 1.1, components. */
    private static Profile iiop(Cdr body) {
        int major = body.readOctet(1);
        int minor = body.readOctet(2);
        body.skipTo(3);
        String host = body.readString();
        int port = body.readUShort();
        byte[] key = body.readOctets(body.readULong());
        List<Component> components = minor == 0 ? List.of() : components(body);
        return new Profile(TAG_INTERNET_IOP, "TAG_INTERNET_IOP", major + "." + minor, host, port, key, components,
                body.length());
    }

    private static List<Component> components(Cdr body) {
        long count = body.readULong();
        List<Component> components = new ArrayList<>();
        for (long c = 0; c < count; c++) {
            long tag = body.readULong();
            byte[] data = body.readOctets(body.readULong());
            components.add(component(tag, data));
        }
        return List.copyOf(components);
    }

    private static Component component(long tag, byte[] data) {
        try {
            switch ((int) tag) {
                case TAG_ORB_TYPE: {
                    long type = new Cdr(data).readULong();
                    return new Component(tag, "TAG_ORB_TYPE", orbType(type));
                }
                case TAG_CODE_SETS:
                    return new Component(tag, "TAG_CODE_SETS", data.length + " bytes");
                case TAG_ALTERNATE_IIOP_ADDRESS: {
                    Cdr address = new Cdr(data);
                    String host = address.readString();
                    return new Component(tag, "TAG_ALTERNATE_IIOP_ADDRESS", host + ":" + address.readUShort());
                }
                case TAG_SSL_SEC_TRANS: {
                    Cdr ssl = new Cdr(data);
                    int supports = ssl.readUShort();
                    int requires = ssl.readUShort();
                    int port = ssl.readUShort();
                    return new Component(tag, "TAG_SSL_SEC_TRANS", "TLS port " + port + ", supports 0x"
                            + Integer.toHexString(supports) + ", requires 0x" + Integer.toHexString(requires));
                }
                case TAG_CSI_SEC_MECH_LIST:
                    return new Component(tag, "TAG_CSI_SEC_MECH_LIST", data.length + " bytes");
                default:
                    return new Component(tag, "tag 0x" + Long.toHexString(tag), data.length + " bytes");
            }
        } catch (IllegalArgumentException unreadable) {
            return new Component(tag, "tag 0x" + Long.toHexString(tag), data.length + " bytes, unreadable");
        }
    }

    /** The OMG-assigned vendor of an ORB type id (its top 20 bits), where it is one of the common ones. */
    private static String orbType(long type) {
        String vendor = switch ((int) (type >>> 12)) {
            case 0x41545 -> "omniORB";
            case 0x4a414 -> "JacORB";
            case 0x53554 -> "Sun (Eclipse ORB, OpenJDK ORB)";
            case 0x54414 -> "TAO";
            default -> "vendor 0x" + Long.toHexString(type >>> 12);
        };
        return "0x" + Long.toHexString(type) + " (" + vendor + ")";
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

        int length() {
            return data.length;
        }

        String readString() {
            byte[] text = readOctets(readULong());
            int end = text.length > 0 && text[text.length - 1] == 0 ? text.length - 1 : text.length;
            return new String(text, 0, end, java.nio.charset.StandardCharsets.ISO_8859_1);
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
