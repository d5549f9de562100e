package org.corbabridge.adapter.internal.orb;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import org.corbabridge.adapter.OrbConfig;
import org.omg.CORBA.Any;
import org.omg.CORBA.ORB;
import org.omg.CORBA.Policy;
import org.omg.CORBA.PolicyError;
import org.omg.CORBA.SetOverrideType;
import org.omg.CORBA.SystemException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An ORB the adapter either owns (created here, destroyed on close) or borrows (never
 * destroyed here). Knows how to bound the calls made through it.
 */
public final class OrbLease implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(OrbLease.class);

    /** org.omg.Messaging.RELATIVE_RT_TIMEOUT_POLICY_TYPE; not every OMG API jar carries the class. */
    private static final int RELATIVE_ROUNDTRIP_TIMEOUT_POLICY_TYPE = 32;
    /** TimeBase::TimeT counts 100 ns units. */
    private static final long TIME_T_UNITS_PER_MILLI = 10_000L;

    private final ORB orb;
    /** What this ORB's make does differently, chosen once for the lease. */
    private final OrbPlatform platform;
    private final boolean owned;
    private final Policy roundtripTimeout;
    /** A borrowed ORB's call time-out, when each reference gets a reply wait of its own instead of a policy (JacORB). */
    private final Duration replyWait;
    /** A view for an object another one handed out: closing it closes nothing. */
    private final boolean view;
    private final AtomicBoolean closed = new AtomicBoolean();

    private OrbLease(ORB orb, OrbPlatform platform, boolean owned, Policy roundtripTimeout, Duration replyWait,
            boolean view) {
        this.orb = orb;
        this.platform = platform;
        this.owned = owned;
        this.roundtripTimeout = roundtripTimeout;
        this.replyWait = replyWait;
        this.view = view;
    }

    /** The same ORB and bounds, for an object this lease's object handed out; its close() leaves both alone. */
    public OrbLease shared() {
        return new OrbLease(orb, platform, false, roundtripTimeout, replyWait, true);
    }

    /** Creates an ORB with both class properties set and its waits bounded by the two time-outs. */
    public static OrbLease create(OrbConfig config, Duration callTimeout, Duration connectTimeout) {
        ORB orb = OrbLifecycle.create(config, callTimeout, connectTimeout);
        return new OrbLease(orb, OrbPlatform.of(orb), true, null, null, false);
    }

    /**
     * Uses an ORB someone else owns. Its own properties bound its waits. On JacORB each reference
     * the adapter uses also gets a reply wait that ends at the call's deadline, at no cost per call
     * and without touching the ORB's other references ({@link OrbPlatform#boundReplyWait}); should JacORB
     * not allow that, the call time-out is set on each reference as a Messaging policy instead
     * (unless the ORB was created with a reply time-out no longer than the call time-out), which
     * works whatever the ORB was created with but makes every JacORB call dearer.
     */
    public static OrbLease borrow(ORB orb, Duration callTimeout) {
        if (orb == null) {
            throw new IllegalArgumentException("the ORB to borrow must not be null");
        }
        OrbPlatform platform = OrbPlatform.of(orb);
        boolean boundedByItsOwner = platform.replyTimeoutOf(orb)
                .filter(ownTimeout -> ownTimeout.compareTo(callTimeout) <= 0).isPresent();
        // on JacORB, the policy serves only a reference JacORB would not give a delegate of its own
        Policy policy = boundedByItsOwner ? null : roundtripTimeoutPolicy(orb, callTimeout);
        Duration replyWait = platform.boundsReplyWaitsPerReference() ? callTimeout : null;
        if (policy == null && replyWait == null) {
            LOG.debug("{} has no Messaging time-out policy: calls are bounded by that ORB's own settings; "
                    + "create it with OrbImplementation.boundingProperties", orb.getClass().getName());
        }
        return new OrbLease(orb, platform, false, policy, replyWait, false);
    }

    public ORB orb() {
        return orb;
    }

    /** What the ORB's make does differently: asked here, never of the ORB's class. */
    public OrbPlatform platform() {
        return platform;
    }

    public boolean owned() {
        return owned;
    }

    /** The reference, with the call time-out set on it when the ORB is borrowed and supports that. */
    public org.omg.CORBA.Object bounded(org.omg.CORBA.Object reference) {
        if (replyWait != null) {
            return platform.boundReplyWait(reference, replyWait).orElseGet(() -> withPolicy(reference));
        }
        return withPolicy(reference);
    }

    private org.omg.CORBA.Object withPolicy(org.omg.CORBA.Object reference) {
        if (roundtripTimeout == null) {
            return reference;
        }
        return reference._set_policy_override(new Policy[] {roundtripTimeout}, SetOverrideType.ADD_OVERRIDE);
    }

    /** Destroys the ORB if this lease owns it; a borrowed ORB is left as it is. Idempotent. */
    @Override
    public void close() {
        if (view || !closed.compareAndSet(false, true)) {
            return;
        }
        if (roundtripTimeout != null) {
            destroyQuietly(roundtripTimeout);
        }
        if (owned) {
            OrbLifecycle.destroy(orb);
        }
    }

    private static Policy roundtripTimeoutPolicy(ORB orb, Duration callTimeout) {
        try {
            Any value = orb.create_any();
            value.insert_ulonglong(callTimeout.toMillis() * TIME_T_UNITS_PER_MILLI);
            return orb.create_policy(RELATIVE_ROUNDTRIP_TIMEOUT_POLICY_TYPE, value);
        } catch (PolicyError | SystemException unsupported) {
            return null;
        }
    }

    private static void destroyQuietly(Policy policy) {
        try {
            policy.destroy();
        } catch (SystemException ignored) {
            // a policy of a destroyed ORB
        }
    }
}
