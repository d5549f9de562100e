package org.corbabridge.perf.report;

import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.perf.run.CallbackPlan;

/**
 * One listener at one photo size in the call-back part: the C++ warehouse_server's own timing of
 * each call back (steady clock, from before the request is written to after the reply is read), µs,
 * over every round, and each round's median.
 *
 * @param orb the Java listener's ORB; null for the native floor (callback_floor, omniORB)
 * @param servant {@code typed}, {@code dynamic}, or {@value #NATIVE} for the floor
 * @param photoBytes the octets of the one pallet's photo in each event
 * @param calls timed call backs over every round
 * @param p10Us the 10th percentile: with the 90th, what shows call backs that fall into two modes
 * @param roundMediansUs each round's median: the ratios are taken round by round from these
 * @param failure why the listener could not be called back at this size (its first call back
 *     failed, so it was not measured), or null
 */
public record CallbackResult(OrbImplementation orb, String servant, int photoBytes, long calls, double p10Us,
        double medianUs, double p90Us, double p99Us, double maxUs, double[] roundMediansUs, String failure) {

    /** The native floor's servant. */
    public static final String NATIVE = "native";

    /** A measured point. */
    public CallbackResult(OrbImplementation orb, String servant, int photoBytes, long calls, double p10Us,
            double medianUs, double p90Us, double p99Us, double maxUs, double[] roundMediansUs) {
        this(orb, servant, photoBytes, calls, p10Us, medianUs, p90Us, p99Us, maxUs, roundMediansUs, null);
    }

    /** A listener whose first call back at this size failed with {@code failure}: not measured. */
    public static CallbackResult failed(OrbImplementation orb, String servant, int photoBytes, String failure) {
        return new CallbackResult(orb, servant, photoBytes, 0, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                Double.NaN, new double[0], failure);
    }

    public boolean failed() {
        return failure != null;
    }

    /**
     * Whether the call backs fell into two modes far apart rather than one: the 90th percentile more
     * than twice the 10th, the payload part's test for its floors ({@link PointResult#bimodal}). On
     * this machine a loopback round trip is a few µs when the peer's thread is still running and
     * tens when it must be woken on the other core; a round's median then depends on which mode it
     * landed in, and so does a ratio over it.
     */
    public boolean bimodal() {
        return !failed() && p10Us > 0 && p90Us > 2 * p10Us;
    }

    public boolean isNative() {
        return orb == null;
    }

    /** "JacORB, typed", "C++ omniORB". */
    public String label() {
        return isNative() ? "C++ omniORB" : orb.displayName() + ", " + servant;
    }

    /** "0 B", "100 KB", "1 MB". */
    public String photoLabel() {
        return CallbackPlan.label(photoBytes);
    }

    /**
     * This listener's time over {@code other}'s at the same size: the median of the per-round ratios
     * of the two round medians, with its 95% bootstrap interval (the same estimate as every other
     * table of the study). Both were measured in every round, in a rotated order.
     *
     * @throws IllegalArgumentException another size, or one of the two was not measured
     */
    public Estimate over(CallbackResult other) {
        if (failed() || other.failed()) {
            throw new IllegalArgumentException("no ratio with a listener that was not measured: " + label() + " "
                    + photoLabel() + " over " + other.label());
        }
        if (other.photoBytes != photoBytes) {
            throw new IllegalArgumentException("a ratio at one size, not " + photoLabel() + " over "
                    + other.photoLabel());
        }
        return Estimate.ofRounds(Ratio.roundByRound(roundMediansUs, other.roundMediansUs));
    }
}
