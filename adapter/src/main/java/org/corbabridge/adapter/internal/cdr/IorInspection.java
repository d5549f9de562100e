package org.corbabridge.adapter.internal.cdr;

import java.util.ArrayList;
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
        CdrReader reference = CdrReader.encapsulation(bytes);
        String typeId = reference.readString(false);
        long count = reference.readULong();
        List<Profile> profiles = new ArrayList<>();
        for (long p = 0; p < count; p++) {
            long tag = reference.readULong();
            byte[] body = reference.readOctets(reference.readULong());
            profiles.add(tag == TAG_INTERNET_IOP ? iiop(CdrReader.encapsulation(body))
                    : new Profile(tag, tag == TAG_MULTIPLE_COMPONENTS ? "TAG_MULTIPLE_COMPONENTS" : "tag " + tag, "",
                            "", 0, new byte[0], tag == TAG_MULTIPLE_COMPONENTS ? components(CdrReader.encapsulation(body))
                                    : List.of(), body.length));
        }
        return new Ior(typeId, List.copyOf(profiles));
    }

    /** @throws IllegalArgumentException not a well-formed stringified IOR */
    public static boolean offersTls(String ior) {
        return decode(ior).offersTls();
    }

    /** An IIOP ProfileBody: version, host, port, object key and, from IIOP 1.1, components. */
    private static Profile iiop(CdrReader body) {
        int major = body.readOctet();
        int minor = body.readOctet();
        String host = body.readString(false);
        int port = body.readUShort();
        byte[] key = body.readOctets(body.readULong());
        List<Component> components = minor == 0 ? List.of() : components(body);
        return new Profile(TAG_INTERNET_IOP, "TAG_INTERNET_IOP", major + "." + minor, host, port, key, components,
                body.data.length);
    }

    private static List<Component> components(CdrReader body) {
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
                    long type = CdrReader.encapsulation(data).readULong();
                    return new Component(tag, "TAG_ORB_TYPE", orbType(type));
                }
                case TAG_CODE_SETS:
                    return new Component(tag, "TAG_CODE_SETS", data.length + " bytes");
                case TAG_ALTERNATE_IIOP_ADDRESS: {
                    CdrReader address = CdrReader.encapsulation(data);
                    String host = address.readString(false);
                    return new Component(tag, "TAG_ALTERNATE_IIOP_ADDRESS", host + ":" + address.readUShort());
                }
                case TAG_SSL_SEC_TRANS: {
                    CdrReader ssl = CdrReader.encapsulation(data);
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
}
