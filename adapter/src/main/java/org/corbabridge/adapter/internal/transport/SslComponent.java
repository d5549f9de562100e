package org.corbabridge.adapter.internal.transport;

/**
 * The {@code TAG_SSL_SEC_TRANS} component of an IIOP profile, where omniORB, JacORB and most ORBs
 * put a TLS endpoint (and 0 as the profile's port when they refuse plain text). Free of ORB
 * types, for the socket-info mappings of both ORBs that have none of their own.
 */
public final class SslComponent {

    /** org.omg.SSLIOP.TAG_SSL_SEC_TRANS. */
    public static final int TAG_SSL_SEC_TRANS = 20;

    private SslComponent() {
    }

    /**
     * The port of an encapsulated {@code SSLIOP::SSL} struct: a byte-order octet, one octet of
     * padding to align the shorts, {@code target_supports}, {@code target_requires}, then the
     * unsigned short port.
     */
    public static int port(byte[] encapsulation) {
        if (encapsulation.length < 8) {
            throw new IllegalArgumentException("a TAG_SSL_SEC_TRANS component of " + encapsulation.length
                    + " bytes is too short to hold a port");
        }
        boolean littleEndian = encapsulation[0] != 0;
        int high = encapsulation[littleEndian ? 7 : 6] & 0xFF;
        int low = encapsulation[littleEndian ? 6 : 7] & 0xFF;
        return high << 8 | low;
    }
}
