package org.corbabridge.adapter;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * How a client spreads its calls over several replicas ({@link AdapterConfig.Builder#replicas})
 * and when it stops sending them to one.
 *
 * <ul>
 *   <li><b>Balancing</b>, per call: {@link Balancing#ROUND_ROBIN}, or
 *       {@link Balancing#LEAST_OUTSTANDING} (the default: the replica with the fewest calls of this
 *       client waiting on it, the next in turn among equals).</li>
 *   <li><b>Failover</b>, inside the call's one deadline: a failure that says the request did not
 *       run (a connection refused or unreachable, {@link Completion#NO}) goes to another replica at
 *       once, whatever the operation; one after which the server may have run it goes to another
 *       replica only for an operation declared idempotent. Each replica is tried at most once per
 *       call this way; the {@link RetryPolicy} then applies as to a single target.</li>
 *   <li><b>Ejection</b>: a replica on which {@link #ejectionFailures()} of the last
 *       {@link #ejectionWindow()} calls failed to reach it (unreachable, no reply in time) gets no
 *       calls for {@link #ejectionTime()}; then it is probed with {@code _non_existent}, within
 *       the call time-out, and gets calls again once the probe is answered. When every replica is
 *       ejected, calls go to them all as if none were: a client that cannot tell fails its calls
 *       rather than refusing them.</li>
 * </ul>
 *
 * <p><b>A replica that stops answering</b> (stopped, or its link gone: connections open, nothing
 * comes back) holds an attempt until the call's deadline, so a call on it could never fail over.
 * With an {@link Builder#attemptTimeout attempt time-out}, each attempt of an idempotent operation
 * runs on a helper thread that the caller waits for only that long; then the call goes to another
 * replica, and the stalled attempt ends on its own, bounded by the ORB. Calls of other operations
 * keep the whole call time-out: one the server may have run is not sent twice.
 *
 * Defaults: least outstanding, ejected after 3 failures among the last 5 calls, for 5 s, no
 * attempt time-out (each attempt may take the rest of the call time-out).
 *
 * <pre>{@code
 * ReplicaPolicy policy = ReplicaPolicy.builder()
 *         .balancing(ReplicaPolicy.Balancing.ROUND_ROBIN)
 *         .ejectAfter(2, 4)
 *         .ejectFor(Duration.ofSeconds(2))
 *         .build();
 * }</pre>
 */
public final class ReplicaPolicy {

    /** How each call chooses its replica. */
    public enum Balancing {
        /** Each replica in turn. */
        ROUND_ROBIN,
        /** The replica with the fewest of this client's calls waiting on it; in turn among equals. */
        LEAST_OUTSTANDING
    }

    private static final ReplicaPolicy DEFAULTS = builder().build();

    private final Balancing balancing;
    private final int ejectionFailures;
    private final int ejectionWindow;
    private final Duration ejectionTime;
    private final Duration attemptTimeout;

    private ReplicaPolicy(Builder builder) {
        this.balancing = builder.balancing;
        this.ejectionFailures = builder.ejectionFailures;
        this.ejectionWindow = builder.ejectionWindow;
        this.ejectionTime = builder.ejectionTime;
        this.attemptTimeout = builder.attemptTimeout;
    }

    public static ReplicaPolicy ofDefaults() {
        return DEFAULTS;
    }

    public static Builder builder() {
        return new Builder();
    }

    public Balancing balancing() {
        return balancing;
    }

    /** Failures among the last {@link #ejectionWindow()} calls of a replica that eject it. */
    public int ejectionFailures() {
        return ejectionFailures;
    }

    /** The calls of a replica over which its failures are counted. */
    public int ejectionWindow() {
        return ejectionWindow;
    }

    /** How long an ejected replica gets no calls before it is probed. */
    public Duration ejectionTime() {
        return ejectionTime;
    }

    /** How long one attempt of an idempotent operation may wait before the call fails over; empty: the call's time. */
    public Optional<Duration> attemptTimeout() {
        return Optional.ofNullable(attemptTimeout);
    }

    @Override
    public String toString() {
        return "ReplicaPolicy[" + balancing + ", eject after " + ejectionFailures + " of " + ejectionWindow
                + " calls failed, for " + ejectionTime.toMillis() + " ms"
                + (attemptTimeout == null ? "" : ", attempts of idempotent calls " + attemptTimeout.toMillis() + " ms")
                + "]";
    }

    public static final class Builder {
        private Balancing balancing = Balancing.LEAST_OUTSTANDING;
        private int ejectionFailures = 3;
        private int ejectionWindow = 5;
        private Duration ejectionTime = Duration.ofSeconds(5);
        private Duration attemptTimeout;

        private Builder() {
        }

        public Builder balancing(Balancing balancing) {
            this.balancing = Objects.requireNonNull(balancing, "balancing");
            return this;
        }

        /** Ejects a replica once {@code failures} of its last {@code window} calls failed to reach it. */
        public Builder ejectAfter(int failures, int window) {
            if (failures < 1 || window < failures) {
                throw new IllegalArgumentException("ejectAfter needs 1 <= failures <= window, not " + failures
                        + " of " + window);
            }
            this.ejectionFailures = failures;
            this.ejectionWindow = window;
            return this;
        }

        /** How long an ejected replica gets no calls before it is probed; positive. */
        public Builder ejectFor(Duration time) {
            Objects.requireNonNull(time, "time");
            if (time.isNegative() || time.isZero()) {
                throw new IllegalArgumentException("ejectFor must be positive, not " + time);
            }
            this.ejectionTime = time;
            return this;
        }

        /**
         * How long one attempt of an idempotent operation may wait for its replica before the call
         * goes to another; positive, and shorter than the call time-out to be of use. Each such
         * attempt then runs on a helper thread.
         */
        public Builder attemptTimeout(Duration timeout) {
            Objects.requireNonNull(timeout, "timeout");
            if (timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException("attemptTimeout must be positive, not " + timeout);
            }
            this.attemptTimeout = timeout;
            return this;
        }

        public ReplicaPolicy build() {
            return new ReplicaPolicy(this);
        }
    }
}
