package org.corbabridge.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.corbabridge.fixture.Host;
import org.corbabridge.fixture.NativePrograms;
import org.corbabridge.fixture.OmniOrbProgram;
import org.corbabridge.fixture.TestNetwork;
import org.corbabridge.omniorb.cb.CallBack;
import org.corbabridge.omniorb.cb.CallBackOperations;
import org.corbabridge.omniorb.cb.ServerOperations;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * omniORB's own call-back examples, as Debian's omniorb-doc ships them prebuilt, called as a new
 * user would from their documentation alone: {@code call_back/cb_server} and, over bidirectional
 * GIOP, {@code bidir/bd_server}, both serving {@code echo_callback.idl} (copied into the test IDL
 * unchanged; the typed classes are generated from it by idlj, as getting-started.md says). Each
 * prints its IOR; the Java side hands it a {@code cb::CallBack} of its own, typed (an
 * implementation of the generated {@code CallBackOperations}) and dynamic (a {@link DynamicServant}
 * from the IDL file alone), which records every message it is called back with.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OmniOrbCallBackExamplesTest {

    private static final Idl IDL = Idl.fromClassPath(OmniOrbCallBackExamplesTest.class.getClassLoader(),
            "idl/echo_callback.idl");
    /** Beyond ASCII: cb_server echoes the message's bytes as omniORB read them. */
    private static final String MESSAGE = "Hello from Java, d\u00e9j\u00e0 vu";

    private OmniOrbProgram cbServer;

    @BeforeAll
    void start(@TempDir Path workDir) {
        cbServer = OmniOrbProgram.printingIor(Host.LOOPBACK, workDir,
                NativePrograms.omniOrbExample("call_back", "cb_server"));
    }

    @AfterAll
    void stop() {
        if (cbServer != null) {
            cbServer.close();
        }
    }

    /**
     * As docs/callbacks.md's snippets configure a client: no invocation mode. A DynamicClient of a
     * signature read from IDL failed at create with "static invocation needs the generated classes"
     * until the default meant the dynamic path for it.
     */
    private static AdapterConfig config(String ior) {
        return AdapterConfig.builder().objectUrl(ior).orb(TestOrbs.current())
                .callTimeout(TestOrbs.CALL_TIMEOUT).connectTimeout(TestOrbs.CONNECT_TIMEOUT).build();
    }

    /** What omniORB's own cb_client does with a call back: print it; here, keep it. */
    static final class Recorder implements CallBackOperations {
        final List<String> messages = new CopyOnWriteArrayList<>();

        @Override
        public void call_back(String mesg) {
            messages.add(mesg);
        }
    }

    /** The same from the IDL alone: {@code call_back}'s one parameter arrives by its IDL name. */
    static DynamicServant recording(List<String> messages) {
        return (operation, arguments) -> {
            if (!operation.equals("call_back")) {
                throw new IllegalStateException("cb::CallBack has no " + operation);
            }
            messages.add((String) arguments.get("mesg"));
            return DynamicReply.of(null, Map.of());
        };
    }

    @Test
    void cbServersOneTimeCallsATypedJavaCallBackInsideTheCallWithTheMessage() {
        Recorder recorder = new Recorder();
        try (CorbaClient<ServerOperations> client = CorbaClient.create(ServerOperations.class, config(cbServer.ior()))) {
            CallBack callBack = client.export(CallBackOperations.class, recorder).reference(CallBack.class);

            client.proxy().one_time(callBack, MESSAGE);
            // one_time calls back before it returns: the message is there when the call is
            assertThat(recorder.messages).containsExactly(MESSAGE);
            client.proxy().one_time(callBack, "second");
            assertThat(recorder.messages).containsExactly(MESSAGE, "second");
        }
        assertThat(cbServer.output()).contains("cb_server: Doing a single call-back: second");
    }

    @Test
    void cbServersOneTimeCallsADynamicServantFromTheIdlAloneInsideTheCall() throws Exception {
        List<String> messages = new CopyOnWriteArrayList<>();
        try (DynamicClient server = DynamicClient.create(IDL.signature("cb::Server"), config(cbServer.ior()))) {
            ExportedObject callBack = server.export(IDL.signature("cb::CallBack"), recording(messages));

            server.invoke("one_time", callBack.reference(), MESSAGE);
            assertThat(messages).containsExactly(MESSAGE);
            // the servant itself as the argument: exported at its first use
            server.invoke("one_time", recording(messages), "passed as itself");
            assertThat(messages).containsExactly(MESSAGE, "passed as itself");
            assertThat(callBack.calls()).isEqualTo(1);
        }
    }

    @Test
    void cbServersRegisterCallsBackEverySecondUntilTheExportIsClosedThenLosesTheClientAndStops() {
        Recorder recorder = new Recorder();
        try (CorbaClient<ServerOperations> client = CorbaClient.create(ServerOperations.class, config(cbServer.ior()))) {
            ExportedObject exported = client.export(CallBackOperations.class, recorder);
            String lostBefore = cbServer.output();

            client.proxy().register(exported.reference(CallBack.class), "periodic " + MESSAGE, (short) 1);
            await().atMost(Duration.ofSeconds(15)).until(() -> recorder.messages.size() >= 3);
            assertThat(recorder.messages).allSatisfy(m -> assertThat(m).isEqualTo("periodic " + MESSAGE));

            exported.close();
            // the next call back gets OBJECT_NOT_EXIST: cb_server's worker catches it, says so and ends
            await().atMost(Duration.ofSeconds(10)).until(() -> cbServer.output().substring(lostBefore.length())
                    .contains("cb_server: Lost a client!"));
            assertThat(cbServer.output().substring(lostBefore.length())).contains("cb_server: Worker thread is exiting.");
            int received = recorder.messages.size();
            // a second period: nothing more arrives once the worker has ended
            await().during(Duration.ofMillis(1500)).atMost(Duration.ofSeconds(3))
                    .until(() -> recorder.messages.size() == received);
        }
    }

    @Test
    void cbServersRegisterCallsADynamicServantRepeatedlyWithTheMessage() throws Exception {
        List<String> messages = new CopyOnWriteArrayList<>();
        try (DynamicClient server = DynamicClient.create(IDL.signature("cb::Server"), config(cbServer.ior()))) {
            ExportedObject callBack = server.export(IDL.signature("cb::CallBack"), recording(messages));
            // period_secs is an unsigned short: an Integer that it holds is taken
            server.invoke("register", callBack.reference(), "dynamic periodic", 1);
            await().atMost(Duration.ofSeconds(15)).until(() -> messages.size() >= 2);
            callBack.close();
        }
        assertThat(messages).allSatisfy(m -> assertThat(m).isEqualTo("dynamic periodic"));
    }

    /**
     * cb_server's shutdown answers and shuts its ORB down at once, closing the client's connection
     * as the reply leaves. JacORB and the OpenJDK ORB return; the Eclipse ORB, now and then, lets
     * the connection's CloseConnection win over the reply it has just read, sends the request again
     * to the server that is gone, and the call fails (docs/faults.md). Whatever the ORB, the call
     * is never reported as one that did not run (which would invite a resend), and the server ends.
     */
    @Test
    void aShutdownAnsweredAsTheServerClosesTheConnectionIsNeverReportedAsNotRun(@TempDir Path own) {
        for (int i = 0; i < 3; i++) {
            try (OmniOrbProgram server = OmniOrbProgram.printingIor(Host.LOOPBACK, own,
                    NativePrograms.omniOrbExample("call_back", "cb_server"));
                    DynamicClient client = DynamicClient.create(IDL.signature("cb::Server"), config(server.ior()))) {
                try {
                    client.invoke("shutdown");
                } catch (ServerUnavailableException lostTheReply) {
                    assertThat(TestOrbs.current()).as("only the Eclipse ORB loses the reply").isEqualTo(OrbImplementation.ECLIPSE_ORB);
                    assertThat(lostTheReply.completion()).as(lostTheReply.getMessage()).isEqualTo(Completion.YES);
                }
                assertThat(server.awaitExit(Duration.ofSeconds(10))).as("cb_server " + i + " exited by itself").isZero();
                assertThat(server.output()).contains("cb_server: I am being shutdown!", "cb_server: Returned from orb->run().");
            }
        }
    }

    /**
     * bd_server as its README says to configure it (acceptBiDirectionalGIOP, serverTransportRule
     * "* unix,tcp,bidir", given as -ORB options), in a network namespace of its own: the client
     * listens on its loopback, which bd_server cannot reach, so every call back comes over the
     * connection the client opened, or not at all.
     */
    @Test
    void bdServerInANamespaceThatCannotReachTheClientCallsBackOverTheClientsConnection(@TempDir Path own) throws Exception {
        assertThat(TestNetwork.unavailableBecause()).as("network namespaces (root, iproute2)").isNull();
        Recorder recorder = new Recorder();
        List<String> dynamic = new CopyOnWriteArrayList<>();
        try (TestNetwork network = TestNetwork.create();
                OmniOrbProgram bdServer = OmniOrbProgram.printingIor(network.addHost("bd_server"), own,
                        NativePrograms.omniOrbExample("bidir", "bd_server"),
                        "-ORBacceptBiDirectionalGIOP", "1", "-ORBserverTransportRule", "* unix,tcp,bidir")) {
            AdapterConfig config = config(bdServer.ior()).toBuilder()
                    .orb(BidirectionalCallbacksTest.orbConfig(true)).build();
            try (CorbaClient<ServerOperations> client = CorbaClient.create(ServerOperations.class, config)) {
                CallBack callBack = client.export(CallBackOperations.class, recorder).reference(CallBack.class);
                client.proxy().one_time(callBack, MESSAGE);
                assertThat(recorder.messages).containsExactly(MESSAGE);

                client.proxy().register(callBack, "bidir periodic", (short) 1);
                await().atMost(Duration.ofSeconds(15)).until(() -> recorder.messages.size() >= 3);
            }
            try (DynamicClient server = DynamicClient.create(IDL.signature("cb::Server"), config)) {
                server.invoke("one_time", recording(dynamic), "dynamic over bidir");
            }
            assertThat(dynamic).containsExactly("dynamic over bidir");
            assertThat(recorder.messages.subList(1, recorder.messages.size()))
                    .allSatisfy(m -> assertThat(m).isEqualTo("bidir periodic"));
            // the client closed: bd_server's worker loses it, as cb_server's does
            await().atMost(Duration.ofSeconds(10)).until(() -> bdServer.output().contains("Lost a client!"));
        }
    }

    @Test
    void withoutBidirectionalGiopBdServerInItsNamespaceCannotCallTheClientBack(@TempDir Path own) {
        assertThat(TestNetwork.unavailableBecause()).as("network namespaces (root, iproute2)").isNull();
        Recorder recorder = new Recorder();
        try (TestNetwork network = TestNetwork.create();
                OmniOrbProgram bdServer = OmniOrbProgram.printingIor(network.addHost("bd_server"), own,
                        NativePrograms.omniOrbExample("bidir", "bd_server"),
                        "-ORBacceptBiDirectionalGIOP", "1", "-ORBserverTransportRule", "* unix,tcp,bidir");
                CorbaClient<ServerOperations> client = CorbaClient.create(ServerOperations.class, config(bdServer.ior()))) {
            CallBack callBack = client.export(CallBackOperations.class, recorder).reference(CallBack.class);

            // bd_server's call back fails; one_time does not catch it, so the client gets a system exception
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> client.proxy().one_time(callBack, MESSAGE))
                    .isInstanceOf(CorbaAdapterException.class);
            assertThat(recorder.messages).isEmpty();
        }
    }

    @Test
    void theIdlCopiedIntoTheTestsIsOmniOrbsOwn() throws Exception {
        // the test IDL is the example's, unchanged: what the server was built from
        Path shipped = Path.of("/usr/lib/omniorb/examples/call_back/echo_callback.idl");
        Path copied = Path.of(OmniOrbCallBackExamplesTest.class.getResource("/idl/echo_callback.idl").toURI());
        assertThat(Files.readString(copied)).isEqualTo(Files.readString(shipped));
    }
}
