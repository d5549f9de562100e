package org.corbabridge.examples;

import java.nio.file.Path;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.OrbConfig;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.adapter.TlsConfig;

/** docs/tls.md's example, imports and all, as a user pastes it. */
final class TlsConfiguration {

    private TlsConfiguration() {
    }

    static AdapterConfig config() {
        TlsConfig tls = TlsConfig.builder()
                .trustStore(Path.of("truststore.p12"), "changeit")   // the CA of the servers' certificates
                .keyStore(Path.of("client.p12"), "changeit")         // only for mutual TLS
                .build();
        AdapterConfig config = AdapterConfig.builder()
                .nameService("corbaname::127.0.0.1:2809")
                .orb(OrbConfig.builder().implementation(OrbImplementation.ECLIPSE_ORB).tls(tls).build())
                .build();
        return config;
    }
}
