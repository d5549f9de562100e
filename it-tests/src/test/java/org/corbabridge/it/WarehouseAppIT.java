package org.corbabridge.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.sdk.trace.data.SpanData;
import jakarta.enterprise.inject.spi.Extension;
import java.time.Duration;
import java.util.List;
import javax.naming.InitialContext;
import org.corbabridge.ee.CorbaClientExtension;
import org.corbabridge.fixture.ServerTraceLine;
import org.corbabridge.it.app.ApplicationOpenTelemetry;
import org.corbabridge.it.app.WarehouseDeskDriver;
import org.corbabridge.it.cdi.ClientSystemProperties;
import org.corbabridge.warehouse.app.CallScope;
import org.corbabridge.warehouse.app.StockWatch;
import org.corbabridge.warehouse.app.WarehouseDesk;
import org.jboss.arquillian.container.test.api.Deployer;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.EmptyAsset;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The application Payara Micro serves over HTTP ({@code warehouse-app}'s {@link WarehouseDesk},
 * {@code PayaraMicroIT}), deployed in embedded OpenEJB through Arquillian with the same
 * {@code corbabridge.*} properties, on every ORB: the same bean answers the same way, the missing
 * server and the missing container ORB are the same typed errors, and its readiness says the same.
 * The HTTP layer and the per-session client (which needs an HTTP session) are Payara's test's.
 * The archive produces an {@code OpenTelemetry} bean, as MicroProfile Telemetry does: the clients
 * trace with it, not with the global instance (which is not set), and carry its context to the
 * C++ server.
 */
@ExtendWith({CatalogServersForContainer.class, ArquillianExtension.class})
class WarehouseAppIT {

    private static final String APPLICATION = "warehouse-app";
    private static final List<String> CLIENTS = List.of("warehouse", "sessions", "borrowed", "absent");

    @ArquillianResource
    private Deployer deployer;

    /** The application's bean, as its jar has it, reached through a driver EJB. */
    @Deployment(name = APPLICATION, managed = false)
    static JavaArchive application() {
        return ShrinkWrap.create(JavaArchive.class, APPLICATION + ".jar")
                .addClasses(WarehouseDesk.class, WarehouseDesk.Answer.class, WarehouseDeskDriver.class,
                        StockWatch.class, CallScope.class, ApplicationOpenTelemetry.class)
                .addAsManifestResource(EmptyAsset.INSTANCE, "beans.xml")
                .addAsServiceProvider(Extension.class, CorbaClientExtension.class);
    }

    /** PayaraMicroIT's properties, for this JVM's ORB. */
    @BeforeAll
    static void configure() {
        String naming = CatalogServersForContainer.fixture().nameServiceUrl();
        String orb = CatalogServersForContainer.orb().name();
        for (String client : List.of("warehouse", "sessions", "borrowed")) {
            System.setProperty("corbabridge." + client + ".name-service-url", naming);
            System.setProperty("corbabridge." + client + ".name", "Warehouse");
            System.setProperty("corbabridge." + client + ".orb-implementation", orb);
        }
        System.setProperty("corbabridge.warehouse.orb", "own");
        System.setProperty("corbabridge.warehouse.call-timeout-millis", "4000");
        System.setProperty("corbabridge.sessions.orb", "per-session");
        System.setProperty("corbabridge.borrowed.orb", "container");
        ClientSystemProperties.absent(orb);
    }

    @AfterAll
    static void forget() {
        ClientSystemProperties.clear(CLIENTS);
    }

    @Test
    void theApplicationPayaraServesAnswersTheSameInOpenEjb() throws Exception {
        deployer.deploy(APPLICATION);
        try {
            WarehouseDeskDriver driver = (WarehouseDeskDriver) new InitialContext()
                    .lookup("java:global/" + APPLICATION + "/WarehouseDeskDriver");
            WarehouseDesk desk = driver.desk();

            ApplicationOpenTelemetry.SPANS.reset();
            assertThat(desk.site()).isEqualTo(new WarehouseDesk.Answer(true, "depot-1"));
            SpanData call = ApplicationOpenTelemetry.SPANS.getFinishedSpanItems().stream()
                    .filter(span -> span.getName().equals("depot::stock::Warehouse/_get_site")).findFirst()
                    .orElseThrow(() -> new AssertionError("no span of the call in the application's OpenTelemetry: "
                            + ApplicationOpenTelemetry.SPANS.getFinishedSpanItems()));
            assertThat(call.getKind()).isEqualTo(SpanKind.CLIENT);
            assertThat(GlobalOpenTelemetry.getOrNoop()).as("the global instance stays unset")
                    .isSameAs(OpenTelemetry.noop());
            List<ServerTraceLine> served = await().atMost(Duration.ofSeconds(5)).until(() -> ServerTraceLine.ofTrace(
                    CatalogServersForContainer.warehouse().output(), call.getTraceId()), lines -> !lines.isEmpty());
            assertThat(served).singleElement().satisfies(line -> assertThat(line.parentSpanId())
                    .as("the C++ server's span is the call's child").isEqualTo(call.getSpanId()));
            WarehouseDesk.Answer absent = desk.absentSite();
            assertThat(absent.answered()).isFalse();
            assertThat(absent.text()).startsWith("NameServiceUnavailableException: ");
            WarehouseDesk.Answer borrowed = desk.borrowedSite();
            assertThat(borrowed.answered()).isFalse();
            assertThat(borrowed.text()).startsWith("OrbInitializationException: corbabridge.borrowed.orb is container")
                    .contains("java:comp/ORB", "set it to own");

            List<String> readiness = driver.readiness();
            System.out.println("readiness in OpenEJB on " + CatalogServersForContainer.orb() + ": " + readiness);
            assertThat(readiness).anySatisfy(check -> assertThat(check).startsWith("corbabridge-warehouse UP"));
            assertThat(readiness).anySatisfy(check -> assertThat(check).startsWith("corbabridge-sessions UP"));
            assertThat(readiness).anySatisfy(check -> assertThat(check).startsWith("corbabridge-absent DOWN")
                    .contains("error=NameServiceUnavailableException"));
            assertThat(readiness).anySatisfy(check -> assertThat(check).startsWith("corbabridge-borrowed DOWN")
                    .contains("error=OrbInitializationException"));
        } finally {
            deployer.undeploy(APPLICATION);
        }
    }

    @Test
    void theApplicationsListenerIsCalledBackWithItsLoaderAndRequestContextUntilItsExportEndsAsInPayara()
            throws Exception {
        deployer.deploy(APPLICATION);
        try {
            StockWatch watch = ((WarehouseDeskDriver) new InitialContext()
                    .lookup("java:global/" + APPLICATION + "/WarehouseDeskDriver")).watch();
            watch.start(50);
            await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(watch.report())
                    .matches("events=([3-9]|\\d{2,}) loader=true request-scoped=true active=true failed=0"));
            watch.stop();
            await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(watch.report())
                    .as("the server's next call back failed, and it ended the subscription")
                    .endsWith("active=false failed=1"));
        } finally {
            deployer.undeploy(APPLICATION);
        }
    }
}
