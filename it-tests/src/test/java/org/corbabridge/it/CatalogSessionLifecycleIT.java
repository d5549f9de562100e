package org.corbabridge.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.ejb.NoSuchEJBException;
import java.time.Duration;
import java.util.Set;
import org.corbabridge.ejb.CatalogSession;
import org.corbabridge.ejb.ContainerOrb;
import org.corbabridge.fixture.Threads;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Sessions keep their own state; removing one ends it and, in external mode, its ORB. */
@ExtendWith({CatalogServersForContainer.class, ArquillianExtension.class})
class CatalogSessionLifecycleIT {

    @Deployment
    static JavaArchive deployment() {
        return CatalogEjb.asBuilt();
    }

    @ParameterizedTest
    @EnumSource(CatalogEjb.Bean.class)
    void twoSessionsKeepSeparateState(CatalogEjb.Bean bean) {
        CatalogSession first = bean.newSession();
        CatalogSession second = bean.newSession();
        try {
            first.queryCatalog("items=1");
            first.queryCatalog("items=2");
            first.queryCatalog("items=3");
            second.queryCatalog("bytes=102400");

            assertThat(first.stats().calls()).isEqualTo(3);
            assertThat(second.stats().calls()).isEqualTo(1);
            assertThat(second.stats().lastServerNanos()).isNotEqualTo(first.stats().lastServerNanos());
        } finally {
            first.remove();
            second.remove();
        }
    }

    @ParameterizedTest
    @EnumSource(CatalogEjb.Bean.class)
    void removedSessionIsGone(CatalogEjb.Bean bean) {
        CatalogSession session = bean.newSession();
        session.queryCatalog("items=1");
        session.remove();
        assertThatThrownBy(() -> session.queryCatalog("items=1")).isInstanceOf(NoSuchEJBException.class);
    }

    @ParameterizedTest
    @EnumSource(value = CatalogEjb.Bean.class, names = {"STATIC_EXTERNAL", "DYNAMIC_EXTERNAL"})
    void removingAnExternalModeSessionEndsItsOrbAndAllItsThreads(CatalogEjb.Bean bean) throws Exception {
        // one session first, so that threads the container starts once are not counted
        CatalogSession warmUp = bean.newSession();
        warmUp.queryCatalog("items=1");
        warmUp.remove();
        Thread.sleep(200);

        Set<Thread> before = Threads.live();
        CatalogSession session = bean.newSession();
        session.queryCatalog("bytes=102400");
        assertThat(Threads.startedSince(before)).as("threads of the session's ORB").isNotEmpty();

        session.remove();

        assertThat(Threads.stillAliveAfter(before, Duration.ofSeconds(10))).isEmpty();
    }

    @Test
    void builtInModeSessionsShareTheOneContainerOrbAndLeaveItRunning() {
        assertThat(ContainerOrb.liveCount()).isEqualTo(1);
        CatalogSession first = CatalogEjb.Bean.STATIC_BUILT_IN.newSession();
        CatalogSession second = CatalogEjb.Bean.DYNAMIC_BUILT_IN.newSession();
        first.queryCatalog("items=5");
        second.queryCatalog("items=5");
        first.remove();
        second.remove();

        assertThat(ContainerOrb.liveCount()).isEqualTo(1);
        CatalogSession third = CatalogEjb.Bean.STATIC_BUILT_IN.newSession();
        try {
            assertThat(third.queryCatalog("items=2").items()).hasSize(2);
        } finally {
            third.remove();
        }
    }
}
