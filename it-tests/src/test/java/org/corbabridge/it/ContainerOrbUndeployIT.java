package org.corbabridge.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Set;
import org.corbabridge.ejb.CatalogSession;
import org.corbabridge.ejb.ContainerOrb;
import org.corbabridge.fixture.Threads;
import org.jboss.arquillian.container.test.api.Deployer;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The built-in ORB lives exactly as long as the deployment: created at deploy, destroyed at undeploy. */
@ExtendWith({CatalogServersForContainer.class, ArquillianExtension.class})
class ContainerOrbUndeployIT {

    private static final String DEPLOYMENT = "catalog-ejb";

    @ArquillianResource
    private Deployer deployer;

    @Deployment(name = DEPLOYMENT, managed = false)
    static JavaArchive deployment() {
        return CatalogEjb.asBuilt();
    }

    @Test
    void deployingCreatesTheContainerOrbAndUndeployingDestroysItWithItsThreads() throws Exception {
        // the container starts threads of its own (its caches, its pools) at its first deployment
        // and keeps them as long as it runs: one deploy and undeploy first, so that whichever class
        // this JVM ran before, only the threads of this deployment are counted
        deployer.deploy(DEPLOYMENT);
        deployer.undeploy(DEPLOYMENT);
        int before = ContainerOrb.liveCount();
        Set<Thread> threadsBefore = Threads.live();

        long deployStarted = System.nanoTime();
        deployer.deploy(DEPLOYMENT);
        long deployNanos = System.nanoTime() - deployStarted;
        assertThat(ContainerOrb.liveCount()).isEqualTo(before + 1);
        CatalogSession session = CatalogEjb.Bean.STATIC_BUILT_IN.newSession();
        assertThat(session.queryCatalog("bytes=102400").items()).isNotEmpty();
        session.remove();
        assertThat(ContainerOrb.liveCount()).as("a session's end leaves the container's ORB").isEqualTo(before + 1);

        long undeployStarted = System.nanoTime();
        deployer.undeploy(DEPLOYMENT);
        System.out.printf("[timing] %s: deploy %.0f ms, undeploy %.0f ms%n", CatalogServersForContainer.orb(),
                deployNanos / 1e6, (System.nanoTime() - undeployStarted) / 1e6);

        assertThat(ContainerOrb.liveCount()).isEqualTo(before);
        assertThat(Threads.stillAliveAfter(threadsBefore, Duration.ofSeconds(10)))
                .as("threads started while deployed").isEmpty();
    }
}
