package org.corbabridge.adapter.internal.call;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.corbabridge.adapter.CallObserver;
import org.corbabridge.adapter.CorbaAdapterException;
import org.corbabridge.adapter.TestOrbs;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag(TestOrbs.ORB_FREE)
class ObserversTest {

    private final List<String> events = new ArrayList<>();

    private static final CallObserver IGNORES = (repositoryId, operation) -> CallObserver.Observation.NONE;

    /** An observer that records its start and end in {@link #events}. */
    private CallObserver seeing(String name) {
        return (repositoryId, operation) -> {
            events.add(name + " starts " + operation);
            return new CallObserver.Observation() {
                @Override
                public void succeeded() {
                    events.add(name + " ends");
                }

                @Override
                public void raisedUserException(String exceptionRepositoryId) {
                    events.add(name + " ends");
                }

                @Override
                public void failed(RuntimeException failure) {
                    events.add(name + " ends");
                }

                @Override
                public void retrying(int attempt, CorbaAdapterException cause) {
                    events.add(name + " retry " + attempt);
                }
            };
        };
    }

    @Test
    void observersThatAllIgnoreTheCallMakeNoObservationForIt() {
        CallObserver both = Observers.of(List.of(IGNORES, IGNORES));

        assertThat(both.start("IDL:x/Y:1.0", "op")).isSameAs(CallObserver.Observation.NONE);
    }

    @Test
    void theOneObserverThatSeesTheCallGetsItAlone() {
        CallObserver seen = seeing("metrics");
        CallObserver both = Observers.of(List.of(IGNORES, seen));

        CallObserver.Observation observation = both.start("IDL:x/Y:1.0", "op");
        observation.succeeded();

        assertThat(observation).isNotSameAs(CallObserver.Observation.NONE);
        assertThat(events).containsExactly("metrics starts op", "metrics ends");
    }

    @Test
    void everyObserverThatSeesTheCallHearsOfItAndTheyEndInTheReverseOrderOfTheirStart() {
        CallObserver all = Observers.of(List.of(seeing("tracing"), IGNORES, seeing("metrics")));

        CallObserver.Observation observation = all.start("IDL:x/Y:1.0", "op");
        observation.retrying(2, null);
        observation.failed(new IllegalStateException("gone"));

        assertThat(events).containsExactly("tracing starts op", "metrics starts op", "tracing retry 2",
                "metrics retry 2", "metrics ends", "tracing ends");
    }
}
