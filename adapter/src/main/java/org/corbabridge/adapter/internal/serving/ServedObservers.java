package org.corbabridge.adapter.internal.serving;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import org.corbabridge.adapter.CallObserver;
import org.corbabridge.adapter.CallObserver.ServedObservation;
import org.omg.CORBA.SystemException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A client's observers as its served calls see them ({@link CallObserver#served}): each guarded,
 * so that an observer that throws is logged once and ignored, never thrown into the dispatch of
 * the call. With no observer, or none that sees the call, nothing is made for it.
 */
final class ServedObservers {

    private static final Logger LOG = LoggerFactory.getLogger(ServedObservers.class);

    /** None: what a client without observers (or a test) serves with. */
    static final ServedObservers NONE = new ServedObservers(List.of());

    private final Guarded[] all;

    private ServedObservers(List<CallObserver> observers) {
        this.all = observers.stream().map(Guarded::new).toArray(Guarded[]::new);
    }

    static ServedObservers of(List<CallObserver> observers) {
        return observers.isEmpty() ? NONE : new ServedObservers(List.copyOf(observers));
    }

    /** The call's observation: {@link ServedObservation#NONE} when no observer sees it. */
    ServedObservation served(String repositoryId, String operation) {
        if (all.length == 0) {
            return ServedObservation.NONE;
        }
        if (all.length == 1) {
            return all[0].served(repositoryId, operation);
        }
        List<ServedObservation> seeing = null;
        ServedObservation only = ServedObservation.NONE;
        for (Guarded observer : all) {
            ServedObservation observation = observer.served(repositoryId, operation);
            if (observation == ServedObservation.NONE) {
                continue;
            }
            if (only == ServedObservation.NONE) {
                only = observation;
            } else {
                if (seeing == null) {
                    seeing = new ArrayList<>(all.length);
                    seeing.add(only);
                }
                seeing.add(observation);
            }
        }
        return seeing == null ? only : new Each(seeing.toArray(ServedObservation[]::new));
    }

    /** One observer, whose first throw is logged and every throw ignored. */
    private static final class Guarded {
        private final CallObserver observer;
        private final AtomicBoolean logged = new AtomicBoolean();

        Guarded(CallObserver observer) {
            this.observer = observer;
        }

        ServedObservation served(String repositoryId, String operation) {
            ServedObservation observation;
            try {
                observation = observer.served(repositoryId, operation);
            } catch (RuntimeException | LinkageError thrown) {
                ignore(thrown);
                return ServedObservation.NONE;
            }
            return observation == null || observation == ServedObservation.NONE ? ServedObservation.NONE
                    : new GuardedObservation(this, observation);
        }

        void ignore(Throwable thrown) {
            if (logged.compareAndSet(false, true)) {
                LOG.warn("the call observer {} threw while observing a served call; it is ignored whenever it does "
                        + "(logged once)", observer, thrown);
            }
        }
    }

    /** An observation whose throws are ignored as its observer's are. */
    private record GuardedObservation(Guarded observer, ServedObservation observation) implements ServedObservation {

        @Override
        public void answered() {
            try {
                observation.answered();
            } catch (RuntimeException | LinkageError thrown) {
                observer.ignore(thrown);
            }
        }

        @Override
        public void raisedUserException(String exceptionRepositoryId) {
            try {
                observation.raisedUserException(exceptionRepositoryId);
            } catch (RuntimeException | LinkageError thrown) {
                observer.ignore(thrown);
            }
        }

        @Override
        public void failed(SystemException failure) {
            try {
                observation.failed(failure);
            } catch (RuntimeException | LinkageError thrown) {
                observer.ignore(thrown);
            }
        }
    }

    /**
     * Every observer's observation, ended in the reverse order of their start, so that a span an
     * earlier observer made current is still current while later ones end.
     */
    private record Each(ServedObservation[] observations) implements ServedObservation {

        @Override
        public void answered() {
            for (int i = observations.length - 1; i >= 0; i--) {
                observations[i].answered();
            }
        }

        @Override
        public void raisedUserException(String exceptionRepositoryId) {
            for (int i = observations.length - 1; i >= 0; i--) {
                observations[i].raisedUserException(exceptionRepositoryId);
            }
        }

        @Override
        public void failed(SystemException failure) {
            for (int i = observations.length - 1; i >= 0; i--) {
                observations[i].failed(failure);
            }
        }
    }
}
