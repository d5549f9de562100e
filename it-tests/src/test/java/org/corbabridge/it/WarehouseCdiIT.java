package org.corbabridge.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import jakarta.enterprise.inject.spi.Extension;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import javax.naming.InitialContext;
import org.corbabridge.adapter.NameServiceUnavailableException;
import org.corbabridge.depot.stock.Pallet;
import org.corbabridge.ee.CorbaClientExtension;
import org.corbabridge.fixture.Threads;
import org.corbabridge.it.cdi.ClientSystemProperties;
import org.corbabridge.it.cdi.MisconfiguredCounter;
import org.corbabridge.it.cdi.CallCount;
import org.corbabridge.it.cdi.StockWatcher;
import org.corbabridge.it.cdi.WarehouseCounter;
import org.jboss.arquillian.container.test.api.Deployer;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.EmptyAsset;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The portable way in: a bean gets the Warehouse's typed proxy by CDI ({@code @CorbaReference}),
 * configured by MicroProfile Config (here system properties, through SmallRye Config), in
 * embedded OpenEJB on every ORB. Its client is made at the first call (a server that is not there
 * does not stop the deployment), closed with the application, and a readiness check; a misspelt
 * property stops the deployment, naming it.
 */
@ExtendWith({CatalogServersForContainer.class, ArquillianExtension.class})
// the failed deployment last: after it, OpenEJB's Arquillian enricher takes a path (CDI 4 has no
// BeanManager.createInjectionTarget) that fails the next test before it starts
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class WarehouseCdiIT {

    private static final String COUNTER = "warehouse-counter";
    private static final String MISCONFIGURED = "misconfigured-counter";
    private static final String WATCHER = "stock-watcher";
    /** The clients this test configures, and clears after it. */
    private static final List<String> CLIENTS = List.of("warehouse", "absent", "misspelt");

    @ArquillianResource
    private Deployer deployer;

    @Deployment(name = COUNTER, managed = false)
    static JavaArchive counterApplication() {
        return application(COUNTER, WarehouseCounter.class);
    }

    @Deployment(name = WATCHER, managed = false)
    static JavaArchive watcherApplication() {
        return application(WATCHER, StockWatcher.class, CallCount.class);
    }

    @Deployment(name = MISCONFIGURED, managed = false)
    static JavaArchive misconfiguredApplication() {
        return application(MISCONFIGURED, MisconfiguredCounter.class);
    }

    /**
     * A bean archive with the library's CDI extension declared in it, as it is when corba-ee's jar
     * travels in the application (WEB-INF/lib): embedded OpenEJB takes extensions from the
     * application only, not from the class path the test runs on.
     */
    private static JavaArchive application(String name, Class<?>... beans) {
        return ShrinkWrap.create(JavaArchive.class, name + ".jar").addClasses(beans)
                .addAsManifestResource(EmptyAsset.INSTANCE, "beans.xml")
                .addAsServiceProvider(Extension.class, CorbaClientExtension.class);
    }

    @BeforeAll
    static void configure() throws Exception {
        String orb = CatalogServersForContainer.orb().name();
        System.setProperty("corbabridge.warehouse.name-service-url", CatalogServersForContainer.fixture().nameServiceUrl());
        System.setProperty("corbabridge.warehouse.name", "Warehouse");
        System.setProperty("corbabridge.warehouse.orb-implementation", orb);
        System.setProperty("corbabridge.warehouse.call-timeout-millis", "4000");
        System.setProperty("corbabridge.warehouse.idempotent", "echo, _get_site");
        ClientSystemProperties.absent(orb);
        System.setProperty("corbabridge.misspelt.name-service-url", CatalogServersForContainer.fixture().nameServiceUrl());
        System.setProperty("corbabridge.misspelt.call-timeout", "5s");
    }

    @AfterAll
    static void forget() {
        ClientSystemProperties.clear(CLIENTS);
    }

    @Test
    void theBeansInjectedProxyCallsTheServerAndTheClientClosesWithTheApplication() throws Exception {
        assertLeavesNoThread(this::deployCallAndUndeploy, "threads of the client's ORB, after undeploy");
    }

    /** A deployment's round: once first (the JVM's first deployment starts OpenEJB's own threads), then counted. */
    private static void assertLeavesNoThread(Round round, String threads) throws Exception {
        round.run();
        Set<Thread> before = Threads.live();

        round.run();

        assertThat(Threads.stillAliveAfter(before, Duration.ofSeconds(10))).as(threads).isEmpty();
    }

    private interface Round {
        void run() throws Exception;
    }

    @Test
    void aServerThatIsNotThereIsATypedErrorOfTheFirstCallAndTheReadinessCheckSaysWhich() throws Exception {
        deployer.deploy(COUNTER);
        try {
            WarehouseCounter counter = counter();
            long started = System.nanoTime();
            Throwable thrown = catchThrowable(counter::absentSite);
            assertThat(Duration.ofNanos(System.nanoTime() - started)).as("within the client's time-outs")
                    .isLessThan(Duration.ofSeconds(5));
            assertThat(thrown).hasCauseInstanceOf(NameServiceUnavailableException.class);

            List<String> readiness = counter.readiness();
            System.out.println("readiness of " + CatalogServersForContainer.orb() + ": " + readiness);
            assertThat(readiness).hasSize(2);
            assertThat(readiness).anySatisfy(check -> assertThat(check).startsWith("corbabridge-warehouse UP")
                    .contains("target=").contains(CatalogServersForContainer.fixture().nameServiceUrl()));
            assertThat(readiness).anySatisfy(check -> assertThat(check).startsWith("corbabridge-absent DOWN")
                    .contains("client=@CorbaReference(\"absent\")").contains("error=NameServiceUnavailableException"));
            // the working client still works beside it
            assertThat(counter.site()).isEqualTo("depot-1");
        } finally {
            deployer.undeploy(COUNTER);
        }
    }

    @Test
    void aBeanIsCalledBackInARequestContextOfEachCallsOwnWithTheApplicationsClassLoaderAndItsExportEndsWithTheApplication() throws Exception {
        assertLeavesNoThread(this::deployCallBackAndUndeploy, "threads of the client's ORB and its serving side, after undeploy");
    }

    private void deployCallBackAndUndeploy() throws Exception {
        deployer.deploy(WATCHER);
        try {
            StockWatcher watcher = (StockWatcher) new InitialContext().lookup("java:global/" + WATCHER + "/StockWatcher");
            // 100: a @RequestScoped bean's first call in a request context of the call back's own
            assertThat(watcher.callMeBack("ee-1")).isEqualTo("true 104 ");
            assertThat(watcher.callMeBack("ee-22")).as("the same export again, in a new context").isEqualTo("true 105 ");
            assertThat(watcher.seen()).containsExactly("ee-1", "ee-22");
            assertThat(watcher.inApplicationLoader()).as("run with the application's class loader").containsExactly(true, true);
        } finally {
            deployer.undeploy(WATCHER);
        }
    }

    @Test
    @Order(Integer.MAX_VALUE)
    void aMisspeltPropertyStopsTheDeploymentNamingIt() {
        // the container's exception says that an extension refused; the reason is in its log
        List<String> logged = new CopyOnWriteArrayList<>();
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord record) {
                logged.add(record.getMessage() + " " + (record.getThrown() == null ? "" : messages(record.getThrown())));
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger root = Logger.getLogger("");
        root.addHandler(capture);
        Throwable thrown;
        try {
            thrown = catchThrowable(() -> deployer.deploy(MISCONFIGURED));
        } finally {
            root.removeHandler(capture);
            catchThrowable(() -> deployer.undeploy(MISCONFIGURED));
        }

        assertThat(thrown).as("the deployment failed").isNotNull();
        assertThat(String.join("\n", logged) + messages(thrown))
                .contains("corbabridge.misspelt.call-timeout is not a property of a CORBA client")
                .contains("call-timeout-millis");
    }

    private void deployCallAndUndeploy() throws Exception {
        deployer.deploy(COUNTER);
        try {
            WarehouseCounter counter = counter();
            assertThat(counter.site()).isEqualTo("depot-1");
            Pallet sent = WarehouseResourceIT.pallet();
            WarehouseResourceIT.assertSame(counter.echo(sent), sent);
        } finally {
            deployer.undeploy(COUNTER);
        }
    }

    private static WarehouseCounter counter() throws Exception {
        return (WarehouseCounter) new InitialContext().lookup("java:global/" + COUNTER + "/WarehouseCounter");
    }

    /** Every message of the chain, for a failure the container wraps in its own. */
    private static String messages(Throwable thrown) {
        StringBuilder all = new StringBuilder();
        for (Throwable cause = thrown; cause != null; cause = cause.getCause()) {
            all.append(cause).append('\n');
        }
        return all.toString();
    }
}
