package org.corbabridge.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Stream;
import org.corbabridge.adapter.catalog.CatalogItem;
import org.corbabridge.ejb.CatalogSession;
import org.corbabridge.ejb.SessionStats;
import org.corbabridge.fixture.ReferenceCatalog;
import org.corbabridge.fixture.ReferenceItem;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/** {built-in, external} × {static, dynamic} on this JVM's ORB: every field of every item, through the bean. */
@ExtendWith({CatalogServersForContainer.class, ArquillianExtension.class})
class CatalogSessionMatrixIT {

    @Deployment
    static JavaArchive deployment() {
        return CatalogEjb.asBuilt();
    }

    static Stream<Arguments> beansAndPayloads() {
        return Stream.of(CatalogEjb.Bean.values()).flatMap(bean -> Stream.of(
                Arguments.of(bean, "items=0", ReferenceCatalog.firstItems(0)),
                Arguments.of(bean, "bytes=1024", ReferenceCatalog.itemsWithin(1024)),
                Arguments.of(bean, "bytes=102400", ReferenceCatalog.itemsWithin(102_400)),
                Arguments.of(bean, "bytes=307200", ReferenceCatalog.itemsWithin(307_200))));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("beansAndPayloads")
    void everyConfigurationReturnsEveryFieldOfTheExpectedItems(CatalogEjb.Bean bean, String query,
            List<ReferenceItem> expected) {
        CatalogSession session = bean.newSession();
        try {
            assertSameItems(session.queryCatalog(query).items(), expected);
        } finally {
            session.remove();
        }
    }

    @ParameterizedTest
    @EnumSource(CatalogEjb.Bean.class)
    void eachDeclarationRunsItsOwnConfiguration(CatalogEjb.Bean bean) {
        CatalogSession session = bean.newSession();
        try {
            session.queryCatalog("name~lamp limit=5");
            SessionStats stats = session.stats();
            assertThat(stats.invocation()).isEqualTo(bean.invocation);
            assertThat(stats.orbMode().name()).isEqualTo(bean.orbMode);
            assertThat(stats.target()).contains("'Catalog'").contains(CatalogServersForContainer.fixture().nameServiceUrl());
            assertThat(stats.calls()).isEqualTo(1);
            assertThat(stats.lastResponseNanos()).isGreaterThan(stats.lastServerNanos()).isPositive();
            assertThat(stats.connectNanos()).as("naming lookup at the first call").isPositive();
            assertThat(stats.orbInitNanos()).as("ORB.init of the session's ORB, its own or the container's")
                    .isPositive();
        } finally {
            session.remove();
        }
    }

    static void assertSameItems(List<CatalogItem> actual, List<ReferenceItem> expected) {
        List<ReferenceItem> received = actual.stream()
                .map(item -> new ReferenceItem(item.id(), item.itemName(), item.description(), item.price()))
                .toList();
        assertThat(ReferenceCatalog.firstDifference(expected, received)).isEmpty();
    }
}
