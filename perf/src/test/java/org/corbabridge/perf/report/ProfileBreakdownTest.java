package org.corbabridge.perf.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import org.corbabridge.perf.report.ProfileBreakdown.Category;
import org.junit.jupiter.api.Test;

class ProfileBreakdownTest {

    @Test
    void aSampleBelongsToItsRunningFrameOrTheNearestFrameBelowWithACategory() {
        assertThat(category("Main.main;org/corbabridge/shop/_CatalogStub.queryCatalog;"
                + "org/jacorb/orb/CDRInputStream.read_string;java/lang/String.<init>")).isEqualTo(Category.MARSHALLING);
        assertThat(category("Thread.run;org/jacorb/orb/giop/GIOPConnection.getMessage;"
                + "java/net/SocketInputStream.read;tcp_recvmsg_[k]")).isEqualTo(Category.IO);
        assertThat(category("Thread.run;org/jacorb/orb/ReplyReceiver.getReply;java/lang/Object.wait;"
                + "futex_wait_[k]")).isEqualTo(Category.HANDOFF);
        assertThat(category("Main.main;org/corbabridge/adapter/internal/RemoteObject.call"))
                .isEqualTo(Category.ADAPTER);
        assertThat(category("Main.main;org/apache/openejb/core/stateful/StatefulContainer.invoke"))
                .isEqualTo(Category.CONTAINER);
        assertThat(category("Main.main;org/jacorb/orb/Delegate.invoke")).isEqualTo(Category.ORB);
        assertThat(category("Main.main;org/corbabridge/shop/_CatalogStub.queryCatalog;"
                + "com/sun/corba/se/impl/encoding/CDRInputStream_1_0.read_string"))
                .as("the OpenJDK ORB's marshalling").isEqualTo(Category.MARSHALLING);
        assertThat(category("Main.main;com/sun/corba/se/impl/protocol/CorbaClientDelegateImpl.invoke"))
                .isEqualTo(Category.ORB);
        assertThat(category("GCTaskThread;G1ParEvacuateFollowersClosure::do_void")).isEqualTo(Category.JVM);
        assertThat(category("something;unknown")).isEqualTo(Category.OTHER);
        assertThat(category("Main.main;org/corbabridge/perf/worker/PayloadWorker.serve"))
                .as("the study's own loop is not the adapter").isEqualTo(Category.OTHER);
    }

    @Test
    void theContainersOwnPathIsSplitByConcernAndTheBeansMethodIsLeftOut() {
        String proxy = "Main.main;org/apache/openejb/core/ivm/BaseEjbProxyHandler.invoke;"
                + "org/apache/openejb/core/stateful/StatefulContainer.invoke;";
        String collapsed = proxy + "org/apache/openejb/core/security/AbstractSecurityService.isCallerAuthorized;"
                + "java/security/AccessController.getContext;JVM_GetStackAccessControlContext 40\n"
                + proxy + "org/apache/openejb/core/transaction/JtaTransactionPolicy.<init> 15\n"
                + proxy + "org/apache/openejb/core/ThreadContext.enter;java/util/HashMap.put 5\n"
                + proxy + "org/apache/openejb/core/interceptor/InterceptorStack.invoke 7\n"
                + proxy + "org/apache/openejb/core/interceptor/InterceptorStack.invoke;"
                + "org/corbabridge/ejb/CatalogSessionBean.queryCatalog;org/jacorb/orb/Delegate.invoke 900\n"
                + "Main.main;org/jacorb/orb/Delegate.invoke 100\n";
        Map<ProfileBreakdown.ContainerPart, Long> parts = ProfileBreakdown.containerSamples(collapsed);
        assertThat(parts).containsExactlyInAnyOrderEntriesOf(Map.of(
                ProfileBreakdown.ContainerPart.SECURITY, 40L,
                ProfileBreakdown.ContainerPart.TRANSACTIONS, 15L,
                ProfileBreakdown.ContainerPart.THREAD_CONTEXT, 5L,
                ProfileBreakdown.ContainerPart.OTHER, 7L));
        assertThat(ProfileBreakdown.containerSamples("Main.main;org/jacorb/orb/Delegate.invoke 100\n").values())
                .as("no container, nothing").containsOnly(0L);
    }

    @Test
    void sharesAddUpToOneAndCountSamples() {
        String collapsed = "Main.main;org/jacorb/orb/CDRInputStream.read_long 30\n"
                + "Main.main;java/net/SocketInputStream.read 10\n"
                + "Main.main;org/corbabridge/adapter/internal/RemoteObject.call 10\n"
                + "not a sample line\n";

        Map<Category, Double> shares = ProfileBreakdown.shares(collapsed);

        assertThat(ProfileBreakdown.total(collapsed)).isEqualTo(50);
        assertThat(shares.get(Category.MARSHALLING)).isCloseTo(0.6, within(1e-9));
        assertThat(shares.get(Category.IO)).isCloseTo(0.2, within(1e-9));
        assertThat(shares.values().stream().mapToDouble(Double::doubleValue).sum()).isCloseTo(1.0, within(1e-9));
    }

    private static Category category(String stack) {
        return ProfileBreakdown.categoryOf(stack.split(";"));
    }
}
