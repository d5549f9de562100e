package org.corbabridge.ee;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.InterfaceSignature;
import org.corbabridge.adapter.InvocationMode;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.adapter.ReplicaPolicy;
import org.corbabridge.adapter.ParameterMode;
import org.corbabridge.depot.stock.WarehouseOperations;
import org.junit.jupiter.api.Test;

/** Every property of the resource reaches the configuration and the signature it describes. */
class CorbaClientResourceTest {

    @Test
    void everyPropertyReachesTheConfiguration() {
        CorbaClientResource resource = warehouse();
        resource.setNameServiceUrl("corbaname::127.0.0.1:4809");
        resource.setName("depots/Warehouse");
        resource.setInvocation("DII");
        resource.setOrbImplementation("ECLIPSE_ORB");
        resource.setCallTimeoutMillis(1234);
        resource.setConnectTimeoutMillis(567);
        resource.setRetryMaxAttempts(5);
        resource.setRetryBackoffMillis(20);
        resource.setRetryBackoffMultiplier(3.0);
        resource.setRetryMaxBackoffMillis(700);
        resource.setIdempotent("echo , fetch,_get_site");

        AdapterConfig config = resource.adapterConfig();

        assertThat(config.nameServiceUrl()).isEqualTo("corbaname::127.0.0.1:4809");
        assertThat(config.name()).isEqualTo("depots/Warehouse");
        assertThat(config.invocation()).isEqualTo(InvocationMode.DII);
        assertThat(config.orb().implementation()).isEqualTo(OrbImplementation.ECLIPSE_ORB);
        assertThat(config.callTimeout()).isEqualTo(Duration.ofMillis(1234));
        assertThat(config.connectTimeout()).isEqualTo(Duration.ofMillis(567));
        assertThat(config.retry().maxAttempts()).isEqualTo(5);
        assertThat(config.retry().initialBackoff()).isEqualTo(Duration.ofMillis(20));
        assertThat(config.retry().backoffMultiplier()).isEqualTo(3.0);
        assertThat(config.retry().maxBackoff()).isEqualTo(Duration.ofMillis(700));
        assertThat(config.idempotentOperations()).containsExactlyInAnyOrder("echo", "fetch", "_get_site");
    }

    @Test
    void threeReplicasBehindNatAreTwoPropertiesAndTheirPolicy() {
        CorbaClientResource resource = warehouse();
        resource.setNameServiceUrl("corbaname::gateway.example:2809");
        resource.setReplicas(" Warehouse-1 Warehouse-2;corbaloc::10.0.1.7:4000,:10.0.1.8:4000/warehouse ");
        resource.setMapAddresses("10.0.1.5:4000=gateway.example:14000, *.cluster.local:*=gateway.example:*");
        resource.setReplicaBalancing("round_robin");
        resource.setReplicaEjectionFailures(2);
        resource.setReplicaEjectionWindow(4);
        resource.setReplicaEjectionMillis(1500);
        resource.setReplicaAttemptTimeoutMillis(400);

        AdapterConfig config = resource.adapterConfig();

        assertThat(config.replicas()).containsExactly("Warehouse-1", "Warehouse-2",
                "corbaloc::10.0.1.7:4000,:10.0.1.8:4000/warehouse");
        assertThat(config.orb().addressMap()).containsExactly(Map.entry("10.0.1.5:4000", "gateway.example:14000"),
                Map.entry("*.cluster.local:*", "gateway.example:*"));
        ReplicaPolicy policy = config.replicaPolicy();
        assertThat(policy.balancing()).isEqualTo(ReplicaPolicy.Balancing.ROUND_ROBIN);
        assertThat(policy.ejectionFailures()).isEqualTo(2);
        assertThat(policy.ejectionWindow()).isEqualTo(4);
        assertThat(policy.ejectionTime()).isEqualTo(Duration.ofMillis(1500));
        assertThat(policy.attemptTimeout()).contains(Duration.ofMillis(400));
    }

    @Test
    void withoutReplicasOrMappingsTheDefaultsHold() {
        AdapterConfig config = warehouse().adapterConfig();
        assertThat(config.replicas()).isEmpty();
        assertThat(config.orb().addressMap()).isEmpty();
        assertThat(config.replicaPolicy().toString()).isEqualTo(ReplicaPolicy.ofDefaults().toString());
        CorbaClientResource badRule = warehouse();
        badRule.setMapAddresses("10.0.1.5:4000");
        assertThatThrownBy(badRule::adapterConfig)
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'10.0.1.5:4000'");
    }

    @Test
    void unsetPropertiesKeepTheAdaptersDefaults() {
        AdapterConfig config = warehouse().adapterConfig();
        AdapterConfig defaults = AdapterConfig.ofDefaults();

        assertThat(config.nameServiceUrl()).isNull();
        assertThat(config.name()).isNull();
        assertThat(config.invocation()).isEqualTo(defaults.invocation());
        assertThat(config.callTimeout()).isEqualTo(defaults.callTimeout());
        assertThat(config.connectTimeout()).isEqualTo(defaults.connectTimeout());
        assertThat(config.retry().toString()).isEqualTo(defaults.retry().toString());
        assertThat(config.idempotentOperations()).isEmpty();
    }

    @Test
    void declaredAttributesOnewaysAndInoutsAdjustTheSignature() {
        CorbaClientResource resource = warehouse();
        resource.setReadonlyAttributes("site");
        resource.setOneway("audit");
        resource.setInout("store:2");

        InterfaceSignature signature = resource.signature();

        assertThat(signature.operation("_get_site")).isPresent();
        assertThat(signature.operation("site")).isEmpty();
        assertThat(signature.operation("audit").orElseThrow().oneway()).isTrue();
        assertThat(signature.operation("store").orElseThrow().parameters().get(2).mode())
                .isEqualTo(ParameterMode.INOUT);
    }

    @Test
    void aMissingOrWrongInterfaceIsRefusedWithWhatToSet() {
        assertThatThrownBy(() -> new CorbaClientResource().signature())
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("Interface");
        CorbaClientResource wrong = new CorbaClientResource();
        wrong.setInterface("com.example.NoSuchOperations");
        assertThatThrownBy(wrong::signature)
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("com.example.NoSuchOperations");
        CorbaClientResource badInout = warehouse();
        badInout.setInout("store");
        assertThatThrownBy(badInout::signature).hasMessageContaining("operation:index");
    }

    private static CorbaClientResource warehouse() {
        CorbaClientResource resource = new CorbaClientResource();
        resource.setInterface(WarehouseOperations.class.getName());
        return resource;
    }
}
