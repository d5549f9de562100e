package org.corbabridge.perf.worker;

import java.lang.management.ManagementFactory;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.management.JMException;
import javax.management.ObjectName;
import org.corbabridge.perf.worker.ScaleMessages.ClassGrowth;

/**
 * The live objects of this JVM by class, as HotSpot's {@code GC.class_histogram} counts them
 * (after a full GC of its own), and what grew between two such counts: where the heap a step of
 * sessions added went, class by class. The worker counts and sends; the driver compares, so that
 * no count is held in the JVM being counted.
 *
 * @param byClass instances and bytes per class name
 */
public record HeapHistogram(Map<String, ClassGrowth> byClass) {

    /** "   1:   12345   678900  java.lang.String (java.base@17.0.15)": rank, instances, bytes, class, module. */
    private static final Pattern ROW = Pattern.compile("^\\s*\\d+:\\s+(\\d+)\\s+(\\d+)\\s+(\\S+)");

    /** Takes a histogram of this JVM's live objects; empty where the JVM offers no such command. */
    public static HeapHistogram take() {
        try {
            Object text = ManagementFactory.getPlatformMBeanServer().invoke(
                    new ObjectName("com.sun.management:type=DiagnosticCommand"), "gcClassHistogram",
                    new Object[] {new String[0]}, new String[] {String[].class.getName()});
            return parse(String.valueOf(text));
        } catch (JMException | RuntimeException e) {
            return new HeapHistogram(Map.of());
        }
    }

    static HeapHistogram parse(String text) {
        Map<String, ClassGrowth> byClass = new HashMap<>();
        for (String line : text.split("\n")) {
            Matcher row = ROW.matcher(line);
            if (row.find()) {
                String name = row.group(3);
                byClass.merge(name, new ClassGrowth(name, Long.parseLong(row.group(1)), Long.parseLong(row.group(2))),
                        (a, b) -> new ClassGrowth(name, a.instances() + b.instances(), a.bytes() + b.bytes()));
            }
        }
        return new HeapHistogram(Map.copyOf(byClass));
    }

    /** Bytes of every live object counted. */
    public long totalBytes() {
        return byClass.values().stream().mapToLong(ClassGrowth::bytes).sum();
    }

    /** The histogram of these counts (one per class). */
    public static HeapHistogram of(List<ClassGrowth> counts) {
        Map<String, ClassGrowth> byClass = new HashMap<>();
        counts.forEach(count -> byClass.put(count.className(), count));
        return new HeapHistogram(Map.copyOf(byClass));
    }

    /** Every class's count. */
    public List<ClassGrowth> counts() {
        return List.copyOf(byClass.values());
    }

    /** The {@code top} classes whose bytes grew most from {@code before} to this histogram, largest first. */
    public List<ClassGrowth> growthSince(HeapHistogram before, int top) {
        return byClass.values().stream()
                .map(now -> {
                    ClassGrowth then = before.byClass.getOrDefault(now.className(), new ClassGrowth(now.className(), 0, 0));
                    return new ClassGrowth(now.className(), now.instances() - then.instances(), now.bytes() - then.bytes());
                })
                .filter(growth -> growth.bytes() > 0)
                .sorted(Comparator.comparingLong(ClassGrowth::bytes).reversed())
                .limit(top)
                .toList();
    }
}
