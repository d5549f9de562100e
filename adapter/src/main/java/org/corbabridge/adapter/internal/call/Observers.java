package org.corbabridge.adapter.internal.call;

import java.util.Arrays;
import java.util.List;
import org.corbabridge.adapter.CallObserver;
import org.corbabridge.adapter.CorbaAdapterException;

/** One observer for a list of them: the list's own when it has one, none when it is empty. */
final class Observers {

    private Observers() {
    }

    static CallObserver of(List<CallObserver> observers) {
        if (observers.isEmpty()) {
            return (repositoryId, operation) -> CallObserver.Observation.NONE;
        }
        if (observers.size() == 1) {
            return observers.get(0);
        }
        CallObserver[] all = observers.toArray(CallObserver[]::new);
        return new CallObserver() {
            @Override
            public CallObserver.Observation start(String repositoryId, String operation) {
                return started(all, repositoryId, operation);
            }

            @Override
            public void replicaEjected(String replica, CorbaAdapterException cause) {
                for (CallObserver observer : all) {
                    observer.replicaEjected(replica, cause);
                }
            }

            @Override
            public void replicaProbed(String replica, boolean answered) {
                for (CallObserver observer : all) {
                    observer.replicaProbed(replica, answered);
                }
            }
        };
    }

    /**
     * The observations that see something: none, one, or each of them. The defaults, with neither
     * OpenTelemetry nor a Micrometer registry set up, both ignore the call, and then nothing is
     * made for it.
     */
    private static CallObserver.Observation started(CallObserver[] all, String repositoryId, String operation) {
        CallObserver.Observation only = CallObserver.Observation.NONE;
        CallObserver.Observation[] several = null;
        int count = 0;
        for (CallObserver observer : all) {
            CallObserver.Observation observation = observer.start(repositoryId, operation);
            if (observation == CallObserver.Observation.NONE) {
                continue;
            }
            if (count == 0) {
                only = observation;
            } else {
                if (several == null) {
                    several = new CallObserver.Observation[all.length];
                    several[0] = only;
                }
                several[count] = observation;
            }
            count++;
        }
        return several == null ? only : new Each(Arrays.copyOf(several, count));
    }

    /**
     * Every observer's observation; ended in the reverse order of their start, so that a span an
     * earlier observer made current is still current while later ones end.
     */
    private record Each(CallObserver.Observation[] observations) implements CallObserver.Observation {

        @Override
        public void retrying(int attempt, CorbaAdapterException cause) {
            for (CallObserver.Observation observation : observations) {
                observation.retrying(attempt, cause);
            }
        }

        @Override
        public void rebound() {
            for (CallObserver.Observation observation : observations) {
                observation.rebound();
            }
        }

        @Override
        public void replica(String replica) {
            for (CallObserver.Observation observation : observations) {
                observation.replica(replica);
            }
        }

        @Override
        public void server(String address, int port) {
            for (CallObserver.Observation observation : observations) {
                observation.server(address, port);
            }
        }

        @Override
        public void succeeded() {
            for (int i = observations.length - 1; i >= 0; i--) {
                observations[i].succeeded();
            }
        }

        @Override
        public void raisedUserException(String exceptionRepositoryId) {
            for (int i = observations.length - 1; i >= 0; i--) {
                observations[i].raisedUserException(exceptionRepositoryId);
            }
        }

        @Override
        public void failed(RuntimeException failure) {
            for (int i = observations.length - 1; i >= 0; i--) {
                observations[i].failed(failure);
            }
        }
    }
}
