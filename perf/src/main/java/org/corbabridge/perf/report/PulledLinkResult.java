package org.corbabridge.perf.report;

import org.corbabridge.adapter.OrbImplementation;

/**
 * One replica's cable pulled under load: how long until it was ejected, and what the sessions'
 * calls saw meanwhile (the timed window includes the pull).
 *
 * @param ejectedAfterMillis from the pull to the ejection, ms; -1 when it was not ejected
 * @param calls calls answered in the window
 * @param failed calls that failed in it (idempotent: none should)
 * @param worstMillis the longest call in the window
 */
public record PulledLinkResult(OrbImplementation orb, long ejectedAfterMillis, long calls, long failed,
        long worstMillis) {
}
