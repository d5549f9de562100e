package org.corbabridge.adapter.internal.transport;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.Principal;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Properties;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedKeyManager;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * The ORB properties that give JacORB, the Eclipse ORB or the OpenJDK ORB the adapter's TLS, and the TLS context
 * they describe. Free of ORB types, so that the adapter's API can name it whichever ORB runs.
 */
public final class TlsProperties {

    /** Every key here starts with it. */
    public static final String PREFIX = "org.corbabridge.tls.";
    public static final String TRUST_STORE = "org.corbabridge.tls.trustStore";
    public static final String TRUST_STORE_PASSWORD = "org.corbabridge.tls.trustStorePassword";
    public static final String TRUST_STORE_TYPE = "org.corbabridge.tls.trustStoreType";
    public static final String KEY_STORE = "org.corbabridge.tls.keyStore";
    public static final String KEY_STORE_PASSWORD = "org.corbabridge.tls.keyStorePassword";
    public static final String KEY_STORE_TYPE = "org.corbabridge.tls.keyStoreType";
    /** Comma-separated, such as {@code TLSv1.3,TLSv1.2}. */
    public static final String PROTOCOLS = "org.corbabridge.tls.protocols";
    /** "false" accepts a trusted certificate for another host; anything else, or nothing, verifies it. */
    public static final String VERIFY_HOST_NAME = "org.corbabridge.tls.verifyHostName";
    /** Every key above: what an ORB whose configuration holds more hands its TLS socket factory. */
    public static final List<String> KEYS = List.of(TRUST_STORE, TRUST_STORE_PASSWORD, TRUST_STORE_TYPE, KEY_STORE,
            KEY_STORE_PASSWORD, KEY_STORE_TYPE, PROTOCOLS, VERIFY_HOST_NAME);

    private TlsProperties() {
    }

    /** The stores, protocols and host-name check, under this class's keys; a null key store presents no certificate. */
    public static Properties of(String trustStore, String trustStorePassword, String trustStoreType, String keyStore,
            String keyStorePassword, String keyStoreType, List<String> protocols, boolean verifyHostName) {
        Properties properties = new Properties();
        properties.setProperty(TRUST_STORE, trustStore);
        properties.setProperty(TRUST_STORE_PASSWORD, trustStorePassword);
        properties.setProperty(TRUST_STORE_TYPE, trustStoreType);
        if (keyStore != null) {
            properties.setProperty(KEY_STORE, keyStore);
            properties.setProperty(KEY_STORE_PASSWORD, keyStorePassword);
            properties.setProperty(KEY_STORE_TYPE, keyStoreType);
        }
        properties.setProperty(PROTOCOLS, String.join(",", protocols));
        properties.setProperty(VERIFY_HOST_NAME, Boolean.toString(verifyHostName));
        return properties;
    }

    static boolean verifiesHostName(Properties properties) {
        return !"false".equalsIgnoreCase(properties.getProperty(VERIFY_HOST_NAME, "true").trim());
    }

    /** JacORB: its TLS support on, with {@link JacorbTlsSocketFactory} making the connections. */
    public static Properties forJacorb(Properties tls, boolean presentsCertificate) {
        Properties properties = new Properties();
        properties.putAll(tls);
        properties.setProperty("jacorb.security.support_ssl", "on");
        properties.setProperty("jacorb.ssl.socket_factory", PluginNames.JACORB_TLS_SOCKET_FACTORY);
        // JacORB insists on naming one; it is made only if the ORB serves objects itself
        properties.setProperty("jacorb.ssl.server_socket_factory",
                "org.jacorb.security.ssl.sun_jsse.SSLServerSocketFactory");
        // TLS for every reference that offers it (20: trust in the target; 60: with a client
        // certificate). Nothing is required (0): JacORB's requirement would cover the name service
        // too, which is plain text; the adapter refuses a reference without TLS instead.
        properties.setProperty("jacorb.security.ssl.client.supported_options", presentsCertificate ? "60" : "20");
        properties.setProperty("jacorb.security.ssl.client.required_options", "0");
        return properties;
    }

    /** The Eclipse ORB: the adapter's socket factory, socket-info mapping and configurator. */
    public static Properties forEclipseOrb(Properties tls) {
        Properties properties = new Properties();
        properties.putAll(tls);
        PluginNames.eclipseSocketFactory(properties);
        properties.setProperty("com.sun.corba.ee.transport.ORBIORToSocketInfoClass", PluginNames.ECLIPSE_TLS_SOCKET_INFO);
        return properties;
    }

    /** The OpenJDK ORB: the adapter's socket factory, socket-info mapping and configurator. */
    public static Properties forOpenJdkOrb(Properties tls) {
        Properties properties = new Properties();
        properties.putAll(tls);
        PluginNames.openJdkSocketFactory(properties);
        properties.setProperty("com.sun.CORBA.transport.ORBIORToSocketInfoClass", PluginNames.OPENJDK_TLS_SOCKET_INFO);
        return properties;
    }

    /**
     * The TLS context these properties describe: PKIX trust in the trust store's CAs and, with a
     * key store, its key and certificate for servers that ask.
     *
     * @throws GeneralSecurityException or IOException: a store is missing, unreadable, or has another password
     */
    static SSLContext context(Properties properties, CertificateRequests certificateAsked)
            throws GeneralSecurityException, IOException {
        KeyStore trusted = load(required(properties, TRUST_STORE), required(properties, TRUST_STORE_PASSWORD),
                properties.getProperty(TRUST_STORE_TYPE, "PKCS12"));
        TrustManagerFactory trust = TrustManagerFactory.getInstance("PKIX");
        trust.init(trusted);
        KeyManager[] keys = {new NoCertificate(certificateAsked)};
        String keyStore = properties.getProperty(KEY_STORE);
        if (keyStore != null) {
            String password = required(properties, KEY_STORE_PASSWORD);
            KeyManagerFactory keyManagers = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            keyManagers.init(load(keyStore, password, properties.getProperty(KEY_STORE_TYPE, "PKCS12")),
                    password.toCharArray());
            keys = keyManagers.getKeyManagers();
        }
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(keys, new TrustManager[] {new ServerIdentity(pkix(trust))}, null);
        return context;
    }

    private static X509ExtendedTrustManager pkix(TrustManagerFactory trust) throws GeneralSecurityException {
        for (TrustManager manager : trust.getTrustManagers()) {
            if (manager instanceof X509ExtendedTrustManager pkix) {
                return pkix;
            }
        }
        throw new GeneralSecurityException("the PKIX trust manager factory made no X509ExtendedTrustManager");
    }

    static String[] protocols(Properties properties) {
        String protocols = properties.getProperty(PROTOCOLS, "").trim();
        return protocols.isEmpty() ? null : protocols.split("\\s*,\\s*");
    }

    /**
     * The key manager of a client without a certificate: it has none to offer, and notes that the
     * server asked (which is all JSSE calls it for, on a client).
     */
    private static final class NoCertificate extends X509ExtendedKeyManager {
        private final CertificateRequests asked;

        NoCertificate(CertificateRequests asked) {
            this.asked = asked;
        }

        @Override
        public String chooseClientAlias(String[] keyType, Principal[] issuers, Socket socket) {
            asked.noteAsked();
            return null;
        }

        @Override
        public String chooseEngineClientAlias(String[] keyType, Principal[] issuers, SSLEngine engine) {
            asked.noteAsked();
            return null;
        }

        @Override
        public String[] getClientAliases(String keyType, Principal[] issuers) {
            return null;
        }

        @Override
        public String[] getServerAliases(String keyType, Principal[] issuers) {
            return null;
        }

        @Override
        public String chooseServerAlias(String keyType, Principal[] issuers, Socket socket) {
            return null;
        }

        @Override
        public X509Certificate[] getCertificateChain(String alias) {
            return null;
        }

        @Override
        public PrivateKey getPrivateKey(String alias) {
            return null;
        }
    }

    private static KeyStore load(String path, String password, String type) throws GeneralSecurityException,
            IOException {
        KeyStore store = KeyStore.getInstance(type);
        try (InputStream in = Files.newInputStream(Path.of(path))) {
            store.load(in, password.toCharArray());
        }
        return store;
    }

    private static String required(Properties properties, String key) throws GeneralSecurityException {
        String value = properties.getProperty(key);
        if (value == null) {
            throw new GeneralSecurityException(key + " is not set");
        }
        return value;
    }
}
