package org.corbabridge.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.corbabridge.ejb.CatalogSession;
import org.corbabridge.fixture.ReferenceCatalog;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The sessions are not passivation-capable (an ORB and its references cannot be serialized):
 * with three times more live sessions than the stateful cache holds (arquillian.xml sets it to
 * 10), the container must keep every one of them as it is instead of passivating it.
 */
@ExtendWith({CatalogServersForContainer.class, ArquillianExtension.class})
class CachePressureIT {

    private static final int SESSIONS = 30;

    @Deployment
    static JavaArchive deployment() {
        return CatalogEjb.asBuilt();
    }

    @Test
    void sessionsBeyondTheCacheCapacityKeepTheirStateAndTheirOrbs() {
        List<CatalogSession> sessions = new ArrayList<>();
        CatalogEjb.Bean[] beans = CatalogEjb.Bean.values();
        try {
            for (int i = 0; i < SESSIONS; i++) {
                CatalogSession session = beans[i % beans.length].newSession();
                sessions.add(session);
                session.queryCatalog("items=" + i);
            }
            for (int i = 0; i < SESSIONS; i++) {
                CatalogSessionMatrixIT.assertSameItems(sessions.get(i).queryCatalog("items=" + (i + 1)).items(),
                        ReferenceCatalog.firstItems(i + 1));
                assertThat(sessions.get(i).stats().calls()).isEqualTo(2);
            }
        } finally {
            sessions.forEach(CatalogSession::remove);
        }
    }
}
