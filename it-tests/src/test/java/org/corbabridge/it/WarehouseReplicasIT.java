package org.corbabridge.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import javax.naming.InitialContext;
import org.corbabridge.fixture.ServerProcess;
import org.corbabridge.it.replicas.ReplicatedSites;
import org.corbabridge.it.replicas.ReplicatedSitesBean;
import org.jboss.arquillian.container.test.api.Deployer;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A bean's injected proxy over three Warehouse replicas behind NAT, all declared in the
 * application's resources.xml (replicas, their policy, the address mapping): calls spread over
 * every replica, and a killed one costs the bean's idempotent calls nothing. Once per ORB.
 */
@ExtendWith({CatalogServersForContainer.class, ArquillianExtension.class})
class WarehouseReplicasIT {

    private static final String DEPLOYMENT = "warehouse-replicas";

    @ArquillianResource
    private Deployer deployer;

    @Deployment(name = DEPLOYMENT, managed = false)
    static JavaArchive deployment() {
        return ShrinkWrap.create(JavaArchive.class, DEPLOYMENT + ".jar")
                .addClasses(ReplicatedSites.class, ReplicatedSitesBean.class)
                .addAsManifestResource("replicas/resources.xml", "resources.xml");
    }

    @Test
    void theInjectedProxySpreadsOverEveryReplicaBehindNatAndOutlivesOne() throws Exception {
        List<ServerProcess> replicas = CatalogServersForContainer.replicas();
        deployer.deploy(DEPLOYMENT);
        try {
            ReplicatedSites bean = (ReplicatedSites) new InitialContext().lookup("java:global/" + DEPLOYMENT
                    + "/ReplicatedSitesBean!" + ReplicatedSites.class.getName());

            assertThat(bean.sites(30)).containsOnlyKeys("depot-1", "depot-2", "depot-3")
                    .allSatisfy((site, calls) -> assertThat(calls).isEqualTo(10));

            replicas.get(1).kill();
            try {
                assertThat(bean.sites(30)).containsOnlyKeys("depot-1", "depot-3");
            } finally {
                replicas.get(1).restart();
            }
        } finally {
            deployer.undeploy(DEPLOYMENT);
        }
    }
}
