package org.corbabridge.adapter.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.corbabridge.adapter.InvocationMode;
import org.corbabridge.adapter.TestOrbs;
import org.corbabridge.fixture.ServerFixture;
import org.corbabridge.fixture.ServerFixtureExtension;
import org.corbabridge.fixture.ReferenceCatalog;
import org.corbabridge.fixture.ReferenceItem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every field of every item, at the study's payload sizes, by each invocation mode. */
@ExtendWith(ServerFixtureExtension.class)
class CatalogAdapterDataTest {

    private static final Map<InvocationMode, CatalogAdapter> ADAPTERS = new EnumMap<>(InvocationMode.class);

    @BeforeAll
    static void createAdapters(ServerFixture fixture) {
        for (InvocationMode mode : InvocationMode.values()) {
            ADAPTERS.put(mode, CatalogAdapter.create(TestOrbs.configFor(fixture).invocation(mode).build()));
        }
    }

    @AfterAll
    static void closeAdapters() {
        ADAPTERS.values().forEach(CatalogAdapter::close);
        ADAPTERS.clear();
    }

    static Stream<Arguments> payloads() {
        return Stream.of(InvocationMode.values()).flatMap(mode -> Stream.of(
                Arguments.of(mode, "items=0", ReferenceCatalog.firstItems(0)),
                Arguments.of(mode, "bytes=1024", ReferenceCatalog.itemsWithin(1024)),
                Arguments.of(mode, "bytes=102400", ReferenceCatalog.itemsWithin(102_400)),
                Arguments.of(mode, "bytes=307200", ReferenceCatalog.itemsWithin(307_200)),
                Arguments.of(mode, "bytes=1048576", ReferenceCatalog.itemsWithin(1_048_576)),
                Arguments.of(mode, "items=250", ReferenceCatalog.firstItems(250))));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("payloads")
    void returnsEveryFieldOfTheExpectedItems(InvocationMode mode, String query, List<ReferenceItem> expected) {
        CatalogResult result = adapter(mode).queryCatalog(query);

        assertSameItems(result.items(), expected);
        assertThat(result.timeInServerNanos()).isPositive();
        if (query.startsWith("bytes=")) {
            long budget = Long.parseLong(query.substring("bytes=".length()));
            assertThat(ReferenceCatalog.marshalledBytes(expected)).isLessThanOrEqualTo(budget)
                    .isGreaterThan(budget - 200);
        }
    }

    @Test
    void everyInvocationModeReturnsIdenticalItems() {
        for (String query : List.of("items=0", "bytes=102400", "bytes=1048576", "name~oak limit=500")) {
            List<CatalogItem> byStub = adapter(InvocationMode.STATIC).queryCatalog(query).items();
            for (InvocationMode mode : InvocationMode.values()) {
                assertThat(adapter(mode).queryCatalog(query).items()).as(mode + " " + query).isEqualTo(byStub);
            }
        }
    }

    @Test
    void keywordSearchReturnsMatchingItemsInIdOrder() {
        for (CatalogAdapter adapter : ADAPTERS.values()) {
            assertSameItems(adapter.queryCatalog("name~lamp limit=50").items(), ReferenceCatalog.search("lamp", 50));
            assertSameItems(adapter.queryCatalog("name~Walnut").items(),
                    ReferenceCatalog.search("walnut", ReferenceCatalog.DEFAULT_SEARCH_LIMIT));
            assertThat(adapter.queryCatalog("name~zebra").items()).isEmpty();
        }
    }

    @Test
    void serverTimeGrowsWithThePayload() {
        long small = medianServerTime("items=1");
        long large = medianServerTime("bytes=1048576");
        assertThat(large).isGreaterThan(small);
    }

    private static long medianServerTime(String query) {
        return Stream.generate(() -> adapter(InvocationMode.STATIC).queryCatalog(query).timeInServerNanos())
                .limit(9).sorted().skip(4).findFirst().orElseThrow();
    }

    private static CatalogAdapter adapter(InvocationMode mode) {
        return ADAPTERS.get(mode);
    }

    static void assertSameItems(List<CatalogItem> actual, List<ReferenceItem> expected) {
        List<ReferenceItem> received = actual.stream()
                .map(item -> new ReferenceItem(item.id(), item.itemName(), item.description(), item.price()))
                .toList();
        assertThat(ReferenceCatalog.firstDifference(expected, received)).isEmpty();
    }
}
