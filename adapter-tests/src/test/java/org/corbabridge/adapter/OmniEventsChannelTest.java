package org.corbabridge.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.corbabridge.fixture.NativePrograms;
import org.corbabridge.fixture.OmniOrbProgram;
import org.corbabridge.fixture.TestNetwork;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.omg.CORBA.Any;
import org.omg.CORBA.TCKind;

/**
 * An OMG event channel, Debian's omniEvents daemon, used from the OMG's own IDL files as
 * omniorb-idl ships them (CosLifeCycle.idl for its factory, CosEventChannelAdmin.idl and the
 * CosEventComm.idl it includes) with DynamicClients only: a channel made through the factory,
 * a Java PushConsumer (a DynamicServant) connected to its ProxyPushSupplier, and a supplier
 * that connects with a nil PushSupplier and pushes anys, each of which the Java consumer gets.
 *
 * <p>omniEvents sets its endpoint itself from {@code -p PORT}, on every interface (an
 * {@code -ORBendPoint} of one's own is a second endpoint on the same port, which fails): it runs in
 * a network namespace of its own, whose only interfaces are loopback and the test network, and the
 * client listens on its address on that network, where omniEvents reaches it to push.
 */
class OmniEventsChannelTest {

    private static Idl cos(String file) {
        return Idl.read(NativePrograms.omniOrbIdl("COS/" + file));
    }

    @Test
    void aJavaPushConsumerGetsEveryAnyASupplierPushesThroughAnOmniEventsChannel(@TempDir Path dir) throws Exception {
        assertThat(TestNetwork.unavailableBecause()).as("network namespaces (root, iproute2)").isNull();
        Idl lifeCycle = cos("CosLifeCycle.idl");
        Idl events = cos("CosEventChannelAdmin.idl");
        try (TestNetwork network = TestNetwork.create();
                OmniOrbProgram omniEvents = OmniOrbProgram.listeningOnEveryInterface(network.addHost("omniEvents"), dir,
                        port -> List.of(NativePrograms.omniEvents().toString(), "-f", "-p", Integer.toString(port),
                                "-l", persistence(dir, port).toString()))) {
            // the client serves the consumer where omniEvents, in its namespace, can connect to it
            ServingConfig serving = ServingConfig.builder().listen(network.clientAddress().getHostAddress(), 0).build();
            AdapterConfig.Builder config = AdapterConfig.builder()
                    .orb(OrbConfig.of(TestOrbs.current()).toBuilder().serving(serving).build())
                    .callTimeout(TestOrbs.CALL_TIMEOUT).connectTimeout(TestOrbs.CONNECT_TIMEOUT);

            // the channel, made by omniEvents' factory (a CosLifeCycle::GenericFactory) under a corbaloc key of ours
            try (DynamicClient factory = DynamicClient.create(lifeCycle.signature("CosLifeCycle::GenericFactory"),
                    config.objectUrl(omniEvents.corbaloc("omniEvents")).build())) {
                Any insName = factory.toAny(lifeCycle.type("CosNaming::Istring"), "java-channel");
                Object channelReference = factory.invoke("create_object",
                        List.of(Map.of("id", "EventChannel", "kind", "object interface")),
                        List.of(Map.of("name", "InsName", "value", insName))).result();
                assertThat(channelReference).isInstanceOf(org.omg.CORBA.Object.class);
            }

            List<Object> received = new CopyOnWriteArrayList<>();
            List<String> disconnects = new CopyOnWriteArrayList<>();
            try (DynamicClient channel = DynamicClient.create(events.signature("CosEventChannelAdmin::EventChannel"),
                    config.objectUrl(omniEvents.corbaloc("java-channel")).build())) {
                DynamicServant consumer = (operation, arguments) -> {
                    if (operation.equals("push")) {
                        received.add(channel.fromAny((Any) arguments.get("data")));
                    } else {
                        disconnects.add(operation);
                    }
                    return DynamicReply.of(null, Map.of());
                };
                DynamicClient consumerAdmin = (DynamicClient) channel.invoke("for_consumers").result();
                DynamicClient proxySupplier = (DynamicClient) consumerAdmin.invoke("obtain_push_supplier").result();
                proxySupplier.invoke("connect_push_consumer", consumer);

                DynamicClient supplierAdmin = (DynamicClient) channel.invoke("for_suppliers").result();
                DynamicClient proxyConsumer = (DynamicClient) supplierAdmin.invoke("obtain_push_consumer").result();
                // a nil reference: no PushSupplier to be told of a disconnect
                proxyConsumer.invoke("connect_push_supplier", (Object) null);

                org.omg.CORBA.TypeCode text = org.omg.CORBA.ORB.init().get_primitive_tc(TCKind.tk_string);
                org.omg.CORBA.TypeCode number = org.omg.CORBA.ORB.init().get_primitive_tc(TCKind.tk_long);
                Map<String, Object> component = Map.of("id", "pallet", "kind", "P-7");
                proxyConsumer.invoke("push", channel.toAny(text, "first event, d\u00e9j\u00e0 vu"));
                proxyConsumer.invoke("push", channel.toAny(number, 42));
                proxyConsumer.invoke("push", channel.toAny(lifeCycle.type("CosNaming::NameComponent"), component));

                await().atMost(Duration.ofSeconds(10)).until(() -> received.size() >= 3);
                assertThat(received).containsExactly("first event, d\u00e9j\u00e0 vu", 42, component);

                proxySupplier.invoke("disconnect_push_supplier");
                proxyConsumer.invoke("disconnect_push_consumer");
            }
            assertThat(omniEvents.isAlive()).as(omniEvents.output()).isTrue();
        }
    }

    private static Path persistence(Path dir, int port) {
        try {
            return Files.createDirectories(dir.resolve("omniEvents-" + port));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
