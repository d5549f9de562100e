package org.corbabridge.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class AdapterConfigTest {

    @Test
    void defaultsAreStaticTheOrbOnTheClassPathInitialReferenceAndBoundedTimeouts() {
        AdapterConfig config = AdapterConfig.ofDefaults();
        assertThat(config.nameServiceUrl()).isNull();
        assertThat(config.nameServiceDescription()).isEqualTo("the NameService initial reference");
        assertThat(config.name()).isNull();
        assertThat(config.invocation()).isEqualTo(InvocationMode.STATIC);
        assertThat(config.idempotentOperations()).isEmpty();
        // the ORB on the class path: each test JVM has one ORB's jars only
        assertThat(config.orb().implementation()).isEqualTo(TestOrbs.current());
        assertThat(config.callTimeout()).isEqualTo(Duration.ofSeconds(10));
        assertThat(config.connectTimeout()).isEqualTo(Duration.ofSeconds(3));
    }

    @Test
    void anOrbConfigsBuilderStartsFromEverySettingOfIt() {
        OrbConfig original = OrbConfig.builder().implementation(OrbImplementation.OPENJDK_ORB)
                .property("com.example.setting", "1").traceContext(OrbConfig.TraceContextMode.OFF)
                .maxIncomingMessageBytes(4096).mapAddress("10.0.1.5:4000", "127.0.0.1:14000").build();

        OrbConfig copy = original.toBuilder().traceContext(OrbConfig.TraceContextMode.ON).build();

        assertThat(copy.traceContext()).isEqualTo(OrbConfig.TraceContextMode.ON);
        assertThat(copy).usingRecursiveComparison().ignoringFields("traceContext").isEqualTo(original);
        assertThat(original.traceContext()).as("the original is unchanged").isEqualTo(OrbConfig.TraceContextMode.OFF);
    }

    @Test
    void corbanameUrlWithANameSetsBothParts() {
        AdapterConfig config = AdapterConfig.builder().nameService("corbaname::127.0.0.1:2809#shop/Catalog").build();
        assertThat(config.nameServiceUrl()).isEqualTo("corbaname::127.0.0.1:2809");
        assertThat(config.name()).isEqualTo("shop/Catalog");
    }

    @Test
    void corbalocUrlIsKeptAsGiven() {
        AdapterConfig config = AdapterConfig.builder().nameService("corbaloc::127.0.0.1:2809/NameService").build();
        assertThat(config.nameServiceUrl()).isEqualTo("corbaloc::127.0.0.1:2809/NameService");
    }

    @Test
    void urlsOfOtherSchemesAreRefused() {
        assertThatThrownBy(() -> AdapterConfig.builder().nameService("iiop://127.0.0.1:2809"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("corbaname: or corbaloc:");
        assertThatThrownBy(() -> AdapterConfig.builder().nameService("corbaloc::h:1/NameService#x"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("only corbaname:");
    }

    @Test
    void invocationNamesAreCaseInsensitiveAndUnknownOnesRefused() {
        assertThat(AdapterConfig.builder().invocation(" DYNAMIC ").build().invocation())
                .isEqualTo(InvocationMode.DYNAMIC);
        assertThat(AdapterConfig.builder().invocation("dii").build().invocation()).isEqualTo(InvocationMode.DII);
        assertThatThrownBy(() -> AdapterConfig.builder().invocation("com.example.Invoker"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("static, dynamic or dii");
    }

    @Test
    void idempotentOperationsAccumulateAndSurviveToBuilder() {
        AdapterConfig config = AdapterConfig.builder().idempotent("queryCatalog").idempotent("_get_site").build();
        assertThat(config.idempotentOperations()).containsExactlyInAnyOrder("queryCatalog", "_get_site");
        assertThat(config.idempotentOperations()).contains("queryCatalog");
        assertThat(config.idempotentOperations()).doesNotContain("store");
        assertThat(config.toBuilder().build().idempotentOperations()).isEqualTo(config.idempotentOperations());
        assertThatThrownBy(() -> AdapterConfig.builder().idempotent(" ")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void blankNamesAndNonPositiveTimeoutsAreRefused() {
        assertThatThrownBy(() -> AdapterConfig.builder().name(" ")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> AdapterConfig.builder().invocation(""))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> AdapterConfig.builder().callTimeout(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("callTimeout");
        assertThatThrownBy(() -> AdapterConfig.builder().connectTimeout(Duration.ofMillis(-1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("connectTimeout");
    }

    @Test
    void toBuilderCopiesEverything() {
        AdapterConfig original = AdapterConfig.builder()
                .nameService("corbaname::127.0.0.1:1#X")
                .invocation(InvocationMode.DYNAMIC)
                .orb(OrbImplementation.ECLIPSE_ORB)
                .callTimeout(Duration.ofMillis(1234))
                .connectTimeout(Duration.ofMillis(567))
                .build();
        assertThat(original.toBuilder().build()).usingRecursiveComparison().isEqualTo(original);
    }

    @Test
    void orbConfigRecognisesKnownClassesAndCopiesProperties() {
        OrbConfig known = OrbConfig.builder()
                .orbClass(OrbImplementation.ECLIPSE_ORB.orbClass(), OrbImplementation.ECLIPSE_ORB.orbSingletonClass())
                .property("a", "1")
                .arguments("-ORBInitRef", "NameService=corbaname::127.0.0.1:1")
                .build();
        assertThat(known.implementation()).isEqualTo(OrbImplementation.ECLIPSE_ORB);
        known.properties().setProperty("a", "changed");
        assertThat(known.properties().getProperty("a")).isEqualTo("1");
        assertThat(known.arguments()).containsExactly("-ORBInitRef", "NameService=corbaname::127.0.0.1:1");

        assertThat(OrbConfig.builder().orbClass("x.Orb", "x.Singleton").build().implementation()).isNull();
    }

    @Test
    void replicasAreNamesOrUrlsAndCarryTheirPolicy() {
        ReplicaPolicy policy = ReplicaPolicy.builder().balancing(ReplicaPolicy.Balancing.ROUND_ROBIN).ejectAfter(2, 4)
                .ejectFor(Duration.ofSeconds(2)).build();
        AdapterConfig config = AdapterConfig.builder().nameService("corbaname::127.0.0.1:2809")
                .replicas("Catalog-1", " corbaname::10.0.0.2:2809#Catalog ", "corbaloc::a:1,:b:2/Key")
                .replicaPolicy(policy).build();
        assertThat(config.replicas()).containsExactly("Catalog-1", "corbaname::10.0.0.2:2809#Catalog",
                "corbaloc::a:1,:b:2/Key");
        assertThat(config.replicaPolicy()).isSameAs(policy);
        assertThat(config.toBuilder().build().replicas()).isEqualTo(config.replicas());
        assertThat(config.toString()).contains("replicas=[Catalog-1", "ROUND_ROBIN, eject after 2 of 4");
        assertThat(AdapterConfig.ofDefaults().replicas()).isEmpty();
        assertThat(AdapterConfig.ofDefaults().replicaPolicy().balancing())
                .isEqualTo(ReplicaPolicy.Balancing.LEAST_OUTSTANDING);
    }

    @Test
    void aReplicaOfAnotherSchemeOrACorbanameWithoutANameIsRefused() {
        assertThatThrownBy(() -> AdapterConfig.builder().replicas("iiop://127.0.0.1:2809"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("iiop://127.0.0.1:2809");
        assertThatThrownBy(() -> AdapterConfig.builder().replicas("corbaname::127.0.0.1:2809"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("#");
        assertThatThrownBy(() -> AdapterConfig.builder().replicas("Catalog-1", " "))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ReplicaPolicy.builder().ejectAfter(5, 4))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("5 of 4");
        assertThatThrownBy(() -> ReplicaPolicy.builder().ejectFor(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
