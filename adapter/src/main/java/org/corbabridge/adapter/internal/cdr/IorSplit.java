package org.corbabridge.adapter.internal.cdr;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

/**
 * The addresses of a reference, each as a reference of its own: every IIOP profile, and every
 * {@code TAG_ALTERNATE_IIOP_ADDRESS} of one, becomes an IOR with that one profile at that one
 * address, the object key and the other components (code sets, the TLS port) kept as they were.
 * A reference of several addresses (fault-tolerant naming hands such out) is then several
 * replicas, reached the same way on every ORB, TLS included: the ORBs disagree on which of a
 * reference's addresses they try, and the Eclipse and OpenJDK ORBs' TLS connections go to the
 * first only.
 */
public final class IorSplit {

    private static final long TAG_INTERNET_IOP = 0;
    private static final long TAG_ALTERNATE_IIOP_ADDRESS = 3;

    /** One address of a reference and the single-address reference that reaches it. */
    public record Address(String host, int port, String ior) {
    }

    private IorSplit() {
    }

    /**
     * The reference's addresses in order (each profile's own, then its alternates); one for a
     * reference of one address, which is then returned as it is.
     *
     * @throws IllegalArgumentException not a well-formed IOR
     */
    public static List<Address> addresses(String ior) {
        byte[] bytes = HexFormat.of().parseHex(ior.substring(4).trim());
        CdrReader reference = CdrReader.encapsulation(bytes);
        String typeId = reference.readString(false);
        long count = reference.readULong();
        List<byte[]> otherProfiles = new ArrayList<>();
        List<long[]> otherTags = new ArrayList<>();
        List<Address> addresses = new ArrayList<>();
        List<byte[]> iiopBodies = new ArrayList<>();
        for (long p = 0; p < count; p++) {
            long tag = reference.readULong();
            byte[] body = reference.readOctets(reference.readULong());
            if (tag == TAG_INTERNET_IOP) {
                iiopBodies.add(body);
            } else {
                otherTags.add(new long[] {tag});
                otherProfiles.add(body);
            }
        }
        for (byte[] body : iiopBodies) {
            CdrReader profile = CdrReader.encapsulation(body);
            int major = profile.readOctet();
            int minor = profile.readOctet();
            String host = profile.readString(false);
            int port = profile.readUShort();
            byte[] key = profile.readOctets(profile.readULong());
            List<long[]> componentTags = new ArrayList<>();
            List<byte[]> componentData = new ArrayList<>();
            List<String[]> alternates = new ArrayList<>();
            if (minor > 0) {
                long components = profile.readULong();
                for (long c = 0; c < components; c++) {
                    long tag = profile.readULong();
                    byte[] data = profile.readOctets(profile.readULong());
                    if (tag == TAG_ALTERNATE_IIOP_ADDRESS) {
                        CdrReader address = CdrReader.encapsulation(data);
                        alternates.add(new String[] {address.readString(false), Integer.toString(address.readUShort())});
                    } else {
                        componentTags.add(new long[] {tag});
                        componentData.add(data);
                    }
                }
            }
            List<String[]> all = new ArrayList<>();
            all.add(new String[] {host, Integer.toString(port)});
            all.addAll(alternates);
            for (String[] address : all) {
                CdrWriter iiop = new CdrWriter().octet(major).octet(minor).string(address[0])
                        .ushort(Integer.parseInt(address[1])).octets(key);
                if (minor > 0) {
                    iiop.ulong(componentTags.size());
                    for (int c = 0; c < componentTags.size(); c++) {
                        iiop.ulong(componentTags.get(c)[0]).octets(componentData.get(c));
                    }
                }
                CdrWriter single = new CdrWriter().string(typeId).ulong(1 + otherProfiles.size())
                        .ulong(TAG_INTERNET_IOP).octets(iiop.toByteArray());
                for (int o = 0; o < otherProfiles.size(); o++) {
                    single.ulong(otherTags.get(o)[0]).octets(otherProfiles.get(o));
                }
                addresses.add(new Address(address[0], Integer.parseInt(address[1]),
                        "IOR:" + HexFormat.of().formatHex(single.toByteArray()).toLowerCase(Locale.ROOT)));
            }
        }
        if (addresses.size() == 1) {
            Address only = addresses.get(0);
            return List.of(new Address(only.host(), only.port(), ior));
        }
        return List.copyOf(addresses);
    }
}
