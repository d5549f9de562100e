package org.corbabridge.adapter.internal.cdr;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Locale;

/**
 * The URLs of a name service or an object reached over TLS only, as JacORB spells them:
 * {@code corbaname:ssliop:HOST:PORT} (the root context, key {@code NameService}) and
 * {@code corbaloc:ssliop:HOST:PORT/KEY}. Each becomes a reference whose one endpoint is a TLS
 * endpoint: an IIOP 1.2 profile with port 0 and a {@code TAG_SSL_SEC_TRANS} component with the
 * port, as omniORB publishes a TLS-only server. Every ORB's TLS connector then reaches it, host
 * name verified, so that nothing goes in plain text, the lookup included. The Eclipse ORB and the
 * OpenJDK ORB know no such URL; this works the same on all three.
 */
public final class TlsLocations {

    private static final String NAMING_CONTEXT = "IDL:omg.org/CosNaming/NamingContext:1.0";
    private static final long TAG_INTERNET_IOP = 0;
    private static final long TAG_SSL_SEC_TRANS = 20;
    /** Integrity, Confidentiality, EstablishTrustInTarget, EstablishTrustInClient: what a TLS endpoint offers and asks. */
    private static final int TLS_ONLY = 0x66;

    private TlsLocations() {
    }

    /** Whether {@code url} is a {@code corbaname:ssliop:} or {@code corbaloc:ssliop:} URL. */
    public static boolean isTls(String url) {
        String lower = url.toLowerCase(Locale.ROOT);
        return lower.startsWith("corbaname:ssliop:") || lower.startsWith("corbaloc:ssliop:");
    }

    /** What the ORB is to read for {@code url}: the reference it names over TLS, or the URL as it is. */
    public static String locate(String url) {
        return isTls(url) ? reference(url) : url;
    }

    /**
     * The stringified reference {@code url} names.
     *
     * @throws IllegalArgumentException not HOST:PORT (with a key for corbaloc:), or a port out of range
     */
    public static String reference(String url) {
        boolean naming = url.regionMatches(true, 0, "corbaname:", 0, "corbaname:".length());
        String rest = url.substring(url.indexOf(':', url.indexOf(':') + 1) + 1);
        int at = rest.indexOf('@');
        if (at >= 0) {
            rest = rest.substring(at + 1); // a version such as 1.2@: the reference is IIOP 1.2 anyway
        }
        int slash = rest.indexOf('/');
        String key = slash >= 0 ? rest.substring(slash + 1) : naming ? "NameService" : "";
        String address = slash >= 0 ? rest.substring(0, slash) : rest;
        int colon = address.lastIndexOf(':');
        if (colon <= 0 || key.isEmpty()) {
            throw new IllegalArgumentException("'" + url + "' is not " + (naming ? "corbaname:ssliop:HOST:PORT"
                    : "corbaloc:ssliop:HOST:PORT/KEY"));
        }
        String host = address.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        int port;
        try {
            port = Integer.parseInt(address.substring(colon + 1));
        } catch (NumberFormatException e) {
            port = -1;
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("'" + url + "': '" + address.substring(colon + 1) + "' is not a port");
        }
        byte[] ssl = new CdrWriter().ushort(TLS_ONLY).ushort(TLS_ONLY).ushort(port).toByteArray();
        byte[] profile = new CdrWriter().octet(1).octet(2).string(host).ushort(0)
                .octets(key.getBytes(StandardCharsets.ISO_8859_1))
                .ulong(1).ulong(TAG_SSL_SEC_TRANS).octets(ssl).toByteArray();
        byte[] reference = new CdrWriter().string(naming ? NAMING_CONTEXT : "").ulong(1).ulong(TAG_INTERNET_IOP)
                .octets(profile).toByteArray();
        return "IOR:" + HexFormat.of().formatHex(reference);
    }
}
