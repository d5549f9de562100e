package org.corbabridge.it;

import static org.assertj.core.api.Assertions.assertThat;

import javax.naming.InitialContext;
import org.corbabridge.examples.StockDesk;
import org.corbabridge.examples.StockDeskBean;
import org.jboss.arquillian.container.test.api.Deployer;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The docs' bean example, deployed as the docs show it: the examples module's bean and its
 * resources.xml, which declares nothing the IDL says. Its proxy reads the IDL from the jar of the
 * classes the docs' set-up generates (the OpenJDK ORB's idlj), and an any filled by their
 * helper reaches the server, once per ORB.
 */
@ExtendWith({CatalogServersForContainer.class, ArquillianExtension.class})
class StockDeskIT {

    private static final String DEPLOYMENT = "stock-desk";

    @ArquillianResource
    private Deployer deployer;

    @Deployment(name = DEPLOYMENT, managed = false)
    static JavaArchive deployment() {
        return ShrinkWrap.create(JavaArchive.class, DEPLOYMENT + ".jar")
                .addClasses(StockDesk.class, StockDeskBean.class)
                .addAsManifestResource("examples/resources.xml", "resources.xml");
    }

    @Test
    void theExampleBeanCallsTheWarehouseThroughItsInjectedProxy() throws Exception {
        deployer.deploy(DEPLOYMENT);
        try {
            StockDesk desk = (StockDesk) new InitialContext().lookup("java:global/" + DEPLOYMENT + "/StockDeskBean!"
                    + StockDesk.class.getName());
            assertThat(desk.site()).isEqualTo("depot-1");
            int first = desk.store("bean-a");
            assertThat(first).isPositive();
            assertThat(desk.store("bean-b")).isEqualTo(first + 1);
        } finally {
            deployer.undeploy(DEPLOYMENT);
        }
    }
}
