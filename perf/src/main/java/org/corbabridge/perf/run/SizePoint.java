package org.corbabridge.perf.run;

import java.util.List;
import java.util.Locale;
import org.corbabridge.fixture.ReferenceCatalog;
import org.corbabridge.fixture.ReferenceItem;

/**
 * One payload of the sweep. Data size is the CDR-marshalled size of the QueryResult in the
 * reply body, computed exactly from the items returned (ReferenceCatalog.marshalledBytes, the
 * same formula the server uses and its tests check against omniORB's own marshalling); the
 * GIOP and reply headers around it (about 24 bytes) are not counted.
 *
 * @param budget the N of {@code bytes=N}
 * @param dataBytes the marshalled size of the answer, at most {@code budget}
 * @param items items in the answer
 */
public record SizePoint(long budget, long dataBytes, int items) {

    public static SizePoint ofBudget(long budget) {
        List<ReferenceItem> answer = ReferenceCatalog.itemsWithin(budget);
        return new SizePoint(budget, ReferenceCatalog.marshalledBytes(answer), answer.size());
    }

    public String query() {
        return "bytes=" + budget;
    }

    public double kilobytes() {
        return dataBytes / 1024.0;
    }

    /** "100 KB", "1 KB", "12 B". */
    public String label() {
        if (budget < 1024) {
            return dataBytes + " B";
        }
        double kb = budget / 1024.0;
        return (kb == Math.rint(kb) ? String.format(Locale.ROOT, "%.0f", kb)
                : String.format(Locale.ROOT, "%.1f", kb)) + " KB";
    }
}
