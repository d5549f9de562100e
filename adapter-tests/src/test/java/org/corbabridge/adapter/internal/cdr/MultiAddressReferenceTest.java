package org.corbabridge.adapter.internal.cdr;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.CorbaClient;
import org.corbabridge.adapter.OrbConfig;
import org.corbabridge.adapter.ReplicaPolicy;
import org.corbabridge.adapter.TestOrbs;
import org.corbabridge.adapter.TlsConfig;
import org.corbabridge.depot.stock.WarehouseOperations;
import org.corbabridge.fixture.ServerConfig;
import org.corbabridge.fixture.ServerFixture;
import org.corbabridge.fixture.ServerProcess;
import org.corbabridge.fixture.ServerTls;
import org.corbabridge.fixture.TestKeys;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.omg.CosNaming.NamingContextExt;
import org.omg.CosNaming.NamingContextExtHelper;

/**
 * References of several addresses, on this JVM's ORB: a reference with two IIOP profiles (two
 * servers) spreads its calls over both, and one whose first address is unreachable and whose
 * alternate address ({@code TAG_ALTERNATE_IIOP_ADDRESS}) is the server is answered, over TLS too,
 * where the Eclipse and OpenJDK ORBs' TLS connections would try the first address only.
 */
class MultiAddressReferenceTest {

    private ServerFixture fixture;

    @BeforeEach
    void startNameService() {
        fixture = ServerFixture.startNameServiceOnly();
    }

    @AfterEach
    void stop() {
        fixture.close();
    }

    @Test
    void aReferenceWithTwoProfilesIsTwoReplicas() throws Exception {
        for (int i = 1; i <= 2; i++) {
            fixture.startServer(ServerConfig.warehouse().toBuilder().name("Warehouse-" + i)
                    .extraArguments("--site", "depot-" + i).build());
        }
        String both = IorSplitTest.ior(iiopProfile(iorOf("Warehouse-1")), iiopProfile(iorOf("Warehouse-2")));

        Set<String> sites = new TreeSet<>();
        try (CorbaClient<WarehouseOperations> client = client(both, OrbConfig.builder())) {
            for (int i = 0; i < 10; i++) {
                sites.add(client.proxy().site());
            }
        }
        assertThat(sites).containsExactly("depot-1", "depot-2");
    }

    @Test
    void aNameBoundToAReferenceOfTwoProfilesIsTwoReplicas() throws Exception {
        for (int i = 1; i <= 2; i++) {
            fixture.startServer(ServerConfig.warehouse().toBuilder().name("Warehouse-" + i)
                    .extraArguments("--site", "depot-" + i).build());
        }
        String both = IorSplitTest.ior(iiopProfile(iorOf("Warehouse-1")), iiopProfile(iorOf("Warehouse-2")));
        try (TestOrbs.OwnedOrb orb = TestOrbs.newOrb()) {
            NamingContextExt naming = NamingContextExtHelper.narrow(orb.orb().string_to_object(
                    fixture.nameService().corbalocUrl()));
            // what a fault-tolerant name service hands out: one name, a reference of several addresses
            naming.rebind(naming.to_name("Warehouses"), orb.orb().string_to_object(both));
        }

        Set<String> sites = new TreeSet<>();
        try (CorbaClient<WarehouseOperations> client = CorbaClient.create(WarehouseOperations.class,
                AdapterConfig.builder().nameService(fixture.nameServiceUrl()).replicas("Warehouses")
                        .replicaPolicy(ReplicaPolicy.builder().balancing(ReplicaPolicy.Balancing.ROUND_ROBIN).build())
                        .idempotent("_get_site").orb(TestOrbs.current()).callTimeout(TestOrbs.CALL_TIMEOUT)
                        .connectTimeout(TestOrbs.CONNECT_TIMEOUT).build())) {
            for (int i = 0; i < 10; i++) {
                sites.add(client.proxy().site());
            }
        }
        assertThat(sites).containsExactly("depot-1", "depot-2");
    }

    @Test
    void anAlternateAddressIsReachedWhenTheFirstIsNotOverTlsToo() throws Exception {
        ServerProcess server = fixture.startServer(ServerConfig.warehouse().toBuilder()
                .tls(ServerTls.only().withPlainText()).publishedHost("127.0.0.2").build());
        String published = iorOf("Warehouse");
        String withAlternate = IorSplitTest.ior(withAlternate(iiopProfile(published), "127.0.0.1", server.port()));
        TlsConfig tls = TlsConfig.builder().trustStore(TestKeys.trustStore(), TestKeys.PASSWORD).build();

        try (CorbaClient<WarehouseOperations> plain = client(withAlternate, OrbConfig.builder());
                CorbaClient<WarehouseOperations> overTls = client(withAlternate, OrbConfig.builder().tls(tls))) {
            for (int i = 0; i < 5; i++) {
                assertThat(plain.proxy().site()).isEqualTo("depot-1");
                assertThat(overTls.proxy().site()).isEqualTo("depot-1");
            }
        }
    }

    private CorbaClient<WarehouseOperations> client(String ior, OrbConfig.Builder orb) {
        return CorbaClient.create(WarehouseOperations.class, AdapterConfig.builder().replicas(ior)
                .replicaPolicy(ReplicaPolicy.builder().balancing(ReplicaPolicy.Balancing.ROUND_ROBIN).build())
                .idempotent("_get_site").orb(orb.implementation(TestOrbs.current()).build())
                .callTimeout(TestOrbs.CALL_TIMEOUT).connectTimeout(TestOrbs.CONNECT_TIMEOUT).build());
    }

    private String iorOf(String name) throws Exception {
        try (TestOrbs.OwnedOrb orb = TestOrbs.newOrb()) {
            return orb.orb().object_to_string(NamingContextExtHelper.narrow(orb.orb().string_to_object(
                    fixture.nameService().corbalocUrl())).resolve_str(name));
        }
    }

    /** The IIOP profile body of a reference of one profile. */
    private static byte[] iiopProfile(String ior) {
        CdrReader reference = CdrReader.encapsulation(HexFormat.of().parseHex(ior.substring(4)));
        reference.readString(false);
        long profiles = reference.readULong();
        for (long p = 0; p < profiles; p++) {
            long tag = reference.readULong();
            byte[] body = reference.readOctets(reference.readULong());
            if (tag == 0) {
                return body;
            }
        }
        throw new IllegalArgumentException("no IIOP profile in " + ior);
    }

    /** The same IIOP 1.2 profile body with an alternate address added to its components. */
    private static byte[] withAlternate(byte[] profile, String host, int port) {
        CdrReader body = CdrReader.encapsulation(profile);
        CdrWriter out = new CdrWriter().octet(body.readOctet()).octet(body.readOctet()).string(body.readString(false))
                .ushort(body.readUShort()).octets(body.readOctets(body.readULong()));
        long count = body.readULong();
        List<long[]> tags = new ArrayList<>();
        List<byte[]> data = new ArrayList<>();
        for (long c = 0; c < count; c++) {
            tags.add(new long[] {body.readULong()});
            data.add(body.readOctets(body.readULong()));
        }
        out.ulong(count + 1);
        for (int c = 0; c < tags.size(); c++) {
            out.ulong(tags.get(c)[0]).octets(data.get(c));
        }
        out.ulong(IorSplitTest.TAG_ALTERNATE_IIOP_ADDRESS).octets(new CdrWriter().string(host).ushort(port)
                .toByteArray());
        return out.toByteArray();
    }
}
