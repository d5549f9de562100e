package org.corbabridge.adapter.internal.transport;

import java.net.Socket;
import java.security.cert.CertificateException;
import java.security.cert.CertificateParsingException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLSession;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * The JDK's PKIX trust manager, which also checks the server's certificate against the host
 * connected to when the socket asks for endpoint identification ({@link TlsConnector} does,
 * unless told not to): the JDK's rules, those of HTTPS clients (RFC 2818 and 6125). What this
 * adds is the refusal's words: when a chain is refused only because it names another host, the
 * refusal says which host was expected and which names the certificate presents, instead of the
 * JDK's "No subject alternative names matching IP address ... found".
 */
final class ServerIdentity extends X509ExtendedTrustManager {

    private final X509ExtendedTrustManager pkix;

    ServerIdentity(X509ExtendedTrustManager pkix) {
        this.pkix = pkix;
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
        try {
            pkix.checkServerTrusted(chain, authType, socket);
        } catch (CertificateException refused) {
            throw named(refused, chain, authType,
                    socket instanceof SSLSocket tls ? tls.getHandshakeSession() : null);
        }
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
        try {
            pkix.checkServerTrusted(chain, authType, engine);
        } catch (CertificateException refused) {
            throw named(refused, chain, authType, engine != null ? engine.getHandshakeSession() : null);
        }
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        pkix.checkServerTrusted(chain, authType);
    }

    /**
     * The refusal, in words that name both sides when the chain is trusted apart from the host:
     * the same chain passes the check that has no host to compare.
     */
    private CertificateException named(CertificateException refused, X509Certificate[] chain, String authType,
            SSLSession handshake) {
        String host = handshake != null ? handshake.getPeerHost() : null;
        if (host == null || chain == null || chain.length == 0) {
            return refused;
        }
        try {
            pkix.checkServerTrusted(chain, authType);
        } catch (CertificateException otherwiseRefused) {
            return refused;
        }
        CertificateException wrongHost = new CertificateException("the server's certificate is for "
                + String.join(", ", names(chain[0])) + ", not " + host
                + " (host-name verification; TlsConfig.Builder.verifyHostName(false) turns it off)");
        wrongHost.initCause(refused);
        return wrongHost;
    }

    /** The names a certificate is for: its subject alternative names, or else its subject. */
    static List<String> names(X509Certificate certificate) {
        List<String> names = new ArrayList<>();
        try {
            Collection<List<?>> alternatives = certificate.getSubjectAlternativeNames();
            if (alternatives != null) {
                for (List<?> alternative : alternatives) {
                    int type = (Integer) alternative.get(0);
                    if (type == 2) {
                        names.add("DNS:" + alternative.get(1));
                    } else if (type == 7) {
                        names.add("IP:" + alternative.get(1));
                    }
                }
            }
        } catch (CertificateParsingException unreadable) {
            // fall back to the subject
        }
        if (names.isEmpty()) {
            names.add(certificate.getSubjectX500Principal().getName());
        }
        return names;
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
        pkix.checkClientTrusted(chain, authType, socket);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
        pkix.checkClientTrusted(chain, authType, engine);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        pkix.checkClientTrusted(chain, authType);
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
        return pkix.getAcceptedIssuers();
    }
}
