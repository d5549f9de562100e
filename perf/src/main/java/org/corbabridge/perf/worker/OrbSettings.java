package org.corbabridge.perf.worker;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.corbabridge.adapter.OrbConfig;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.adapter.internal.transport.MessageLimits;
import org.corbabridge.adapter.internal.transport.Sockets;

/**
 * The ORB settings the settings part tries: each is the adapter's defaults (or a plain client's)
 * plus a few ORB properties, measured against the same defaults on an ORB of their own, in the same
 * JVM, interleaved. The {@link #CONTROL} setting changes nothing: its ratio is the noise a setting's
 * ratio must stand out of.
 */
public final class OrbSettings {

    /** The adapter with its defaults: what every adapter setting is compared with. */
    public static final String ADAPTER = "adapter";

    /** A plain client (the generated stub on an ORB created with its class names): what the plain settings are compared with. */
    public static final String PLAIN = "plain";

    /** The adapter's defaults again, on a second ORB. */
    public static final String CONTROL = "control";

    /**
     * The adapter on an ORB created as a plain client's, with no property of the adapter's, and lent
     * to it: what the adapter costs over the stub on an ORB it does not own.
     */
    public static final String LENT = "lent";

    private static final String ECLIPSE_PREFIX = "com.sun.corba.ee.";

    /**
     * One setting.
     *
     * @param name the series' name, unique per ORB
     * @param meaning what it changes, in a few words
     * @param baseline {@link #ADAPTER} or {@link #PLAIN}: what it starts from and is compared with
     * @param properties the ORB properties it adds
     */
    public record Setting(String name, String meaning, String baseline, Map<String, String> properties) {
    }

    private OrbSettings() {
    }

    /** The baselines first, then the settings, for one ORB. */
    public static List<String> modes(OrbImplementation orb) {
        List<String> modes = new ArrayList<>(List.of(ADAPTER, PLAIN));
        of(orb).forEach(setting -> modes.add(setting.name()));
        return modes;
    }

    /** The settings tried on {@code orb}. */
    public static List<Setting> of(OrbImplementation orb) {
        List<Setting> settings = new ArrayList<>();
        settings.add(new Setting(CONTROL, "nothing: the defaults on a second ORB", ADAPTER, Map.of()));
        settings.add(new Setting(LENT, "the adapter on a plain client's ORB, lent to it (CatalogAdapter.create(config, orb))",
                PLAIN, Map.of()));
        switch (orb) {
            case JACORB -> {
                // JacORB turns Nagle off on every connection itself, reads each connection with a
                // receptor thread of its own, and speaks the GIOP version of the server's profile
                // (jacorb.giop_minor_version only sets its own references'): none is a setting
                settings.add(new Setting("codeset-utf8", "native char code set UTF-8, JacORB's own default, not "
                        + "ISO 8859-1 (jacorb.native_char_codeset=UTF8)", ADAPTER,
                        Map.of("jacorb.native_char_codeset", "UTF8")));
                settings.add(new Setting("pooled-buffers-256kb",
                        "buffers up to 256 KB pooled, not 4 MB (jacorb.maxManagedBufSize=18)", ADAPTER,
                        Map.of("jacorb.maxManagedBufSize", "18")));
                // what two of the adapter's bounds cost on their own: each added to a plain client
                settings.add(new Setting("plain-bounded-reply-wait", "a plain client whose wait for each reply is "
                        + "bounded, as the adapter's is (jacorb.connection.client.pending_reply_timeout=20000)", PLAIN,
                        Map.of("jacorb.connection.client.pending_reply_timeout", "20000")));
                Map<String, String> capped = new LinkedHashMap<>();
                MessageLimits.forJacorb(OrbConfig.DEFAULT_MAX_INCOMING_MESSAGE_BYTES)
                        .forEach((key, value) -> capped.put((String) key, (String) value));
                settings.add(new Setting("plain-capped-messages", "a plain client reading through the adapter's "
                        + "sockets, which cap incoming messages (jacorb.net.socket_factory)", PLAIN, capped));
            }
            case ECLIPSE_ORB -> comSunSettings(settings, ECLIPSE_PREFIX, "4 KB");
            case OPENJDK_ORB -> comSunSettings(settings, "com.sun.CORBA.", "1 KB");
            default -> throw new IllegalArgumentException("no settings for " + orb);
        }
        return settings;
    }

    /**
     * The Eclipse ORB and the OpenJDK ORB share their settings, each under its own prefix and with
     * its own default buffer and fragment size.
     */
    private static void comSunSettings(List<Setting> settings, String prefix, String defaultBuffer) {
        settings.add(new Setting("buffer-64kb", "GIOP buffers of 64 KB, not " + defaultBuffer + " (giop.ORBBufferSize)",
                ADAPTER, one(prefix + "giop.ORBBufferSize", "65536")));
        settings.add(new Setting("fragment-64kb", "GIOP fragments of 64 KB, not " + defaultBuffer
                + " (giop.ORBFragmentSize)", ADAPTER,
                one(prefix + "giop.ORBFragmentSize", "65536")));
        settings.add(new Setting("giop-1.0", "GIOP 1.0 requests, so that replies come whole, not in fragments "
                + "(giop.ORBGIOPVersion=1.0)", ADAPTER, one(prefix + "giop.ORBGIOPVersion", "1.0")));
        settings.add(new Setting("heap-buffers", "heap buffers, not direct ones (transport.ORBDisableDirectByteBufferUse)",
                ADAPTER, one(prefix + "transport.ORBDisableDirectByteBufferUse", "true")));
        // UTF-8 alone: offered with ISO 8859-1 as a conversion code set, the ORB takes omniORB's
        // native ISO 8859-1 and the setting changes nothing (StringReadsTest found it)
        settings.add(new Setting("codeset-utf8", "char code set UTF-8 only, not ISO 8859-1 (codeset.charsets)", ADAPTER,
                one(prefix + "codeset.charsets", "0x05010001")));
        settings.add(new Setting("nagle-on", "Nagle's algorithm on: TCP_NODELAY off ("
                + Sockets.TCP_NO_DELAY + "=false)", ADAPTER,
                one(Sockets.TCP_NO_DELAY, "false")));
        Map<String, String> readerThread = one(prefix + "transport.ORBUseNIOSelectToWait", "false");
        String bound = "";
        if (prefix.equals(ECLIPSE_PREFIX)) {
            // the Eclipse ORB cannot send on such a connection, and tries again for its default
            // connection budget, 60 s, before it gives up: bounded to 2 s, the failure costs 2 s
            readerThread.put(prefix + "transport.ORBTCPConnectTimeouts", "50:2000:100:500");
            bound = "; connection retries bounded to 2 s";
        }
        settings.add(new Setting("plain-reader-thread",
                "a plain client reading each connection with a thread of its own, not the selector "
                        + "(transport.ORBUseNIOSelectToWait=false" + bound + ")",
                PLAIN, readerThread));
    }

    private static Map<String, String> one(String key, String value) {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put(key, value);
        return properties;
    }
}
