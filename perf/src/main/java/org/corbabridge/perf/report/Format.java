package org.corbabridge.perf.report;

import java.util.Locale;
import java.util.Optional;

/** How the report writes its numbers; used by the CSV file and the page's templates alike. */
public final class Format {

    private Format() {
    }

    /** Response times in µs: whole numbers from 100 up, one decimal below. */
    public static String micros(double value) {
        return String.format(Locale.ROOT, value >= 100 ? "%.0f" : "%.1f", value);
    }

    /** Other figures: three significant digits or so; a dash for NaN. */
    public static String figure(double value) {
        if (Double.isNaN(value)) {
            return "–";
        }
        return String.format(Locale.ROOT, Math.abs(value) >= 100 ? "%.0f" : Math.abs(value) >= 10 ? "%.1f" : "%.2f",
                value);
    }

    /** Bytes as KB, or a dash when there is no figure. */
    public static String kb(Optional<Double> bytes) {
        return bytes.map(b -> figure(b / 1024)).orElse("–");
    }

    /** Bytes as MB. */
    public static String mb(double bytes) {
        return figure(bytes / 1048576.0);
    }

    /** A share as a percentage, one decimal. */
    public static String percent(double share) {
        return String.format(Locale.ROOT, "%.1f%%", share * 100);
    }

    /** A share as a whole percentage. */
    public static String wholePercent(double share) {
        return String.format(Locale.ROOT, "%.0f%%", share * 100);
    }

    /** A ratio or bound, two decimals. */
    public static String ratio(double value) {
        return String.format(Locale.ROOT, "%.2f", value);
    }

    /** A whole number. */
    public static String whole(double value) {
        return String.format(Locale.ROOT, "%.0f", value);
    }

    /** Nanoseconds as ms, two decimals. */
    public static String nanosAsMillis(long nanos) {
        return String.format(Locale.ROOT, "%.2f", nanos / 1e6);
    }
}
