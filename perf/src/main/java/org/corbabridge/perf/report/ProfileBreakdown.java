package org.corbabridge.perf.report;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * Sorts the samples of a CPU profile (async-profiler's collapsed stacks: frames from the thread's
 * root to the running frame, separated by {@code ;}, then the sample count) into what the time
 * was spent on. A sample belongs to the category of the running frame, or of the nearest frame
 * below it that has one: a socket read inside the ORB is I/O, a string decoded by a helper is
 * marshalling, the adapter's own code (and the EJB's) is the adapter's. Kernel frames of the network stack are
 * I/O; of the scheduler and futexes, thread hand-off.
 */
public final class ProfileBreakdown {

    /** Where a sample's time went. */
    public enum Category {
        MARSHALLING("marshalling and string decoding"),
        IO("socket I/O (Java and kernel)"),
        HANDOFF("thread hand-off (park, wake, schedule)"),
        ORB("the ORB's other work"),
        ADAPTER("the adapter"),
        CONTAINER("the EJB container"),
        JVM("JVM: GC, JIT, runtime"),
        /** Anything else, the study's own loop (which reads every item) included. */
        OTHER("other (the study's loop included)");

        private final String label;

        Category(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /**
     * What a call through the EJB container spends outside the bean's own method, by the
     * container's concern: the stacks that pass through OpenEJB and not through the bean class.
     */
    public enum ContainerPart {
        SECURITY("security (the caller's access-control context, the method permission)",
                "org/apache/openejb/core/security/", "jakarta/security/jacc/", "javax/security/auth/Subject"),
        TRANSACTIONS("transaction policy", "org/apache/openejb/core/transaction/", "org/apache/geronimo/transaction/"),
        THREAD_CONTEXT("thread context", "org/apache/openejb/core/ThreadContext"),
        OTHER("proxy, interceptors, instance lock and the rest");

        private final String label;
        private final List<String> markers;

        ContainerPart(String label, String... markers) {
            this.label = label;
            this.markers = List.of(markers);
        }

        public String label() {
            return label;
        }
    }

    /** Where the container hands over to the bean: a frame of a bean class of the study's EJB jar. */
    private static final String BEAN_CODE = "org/corbabridge/ejb/";
    private static final String CONTAINER_CODE = "org/apache/openejb/";

    private static final List<Rule> RULES = List.of(
            new Rule(Category.MARSHALLING, "org/jacorb/orb/CDR", "com/sun/corba/ee/impl/encoding/",
                    "com/sun/corba/se/impl/encoding/", "com/sun/corba/se/impl/corba/AnyImpl",
                    "org/corbabridge/shop/", "org/omg/CORBA/portable/", "java/lang/String", "java/lang/StringCoding",
                    "java/lang/StringLatin1", "java/lang/StringUTF16", "sun/nio/cs/", "java/nio/charset/",
                    "org/jacorb/orb/typecode", "org/jacorb/orb/Any", "com/sun/corba/ee/impl/corba/AnyImpl"),
            new Rule(Category.IO, "java/net/", "sun/nio/ch/", "java/io/", "sun/security/ssl/", "javax/net/ssl/",
                    "org/corbabridge/adapter/internal/transport/GiopMessageLimit", "tcp_", "sock_", "ip_", "__sys_sendto",
                    "__sys_recvfrom", "inet_", "skb_", "netif_", "__dev_queue", "dev_hard_start", "loopback_",
                    "__netif", "net_rx", "__x64_sys_read", "__x64_sys_write", "ksys_read", "ksys_write",
                    "__x64_sys_sendto", "__x64_sys_recvfrom", "__x64_sys_poll", "do_sys_poll", "ep_poll",
                    "__x64_sys_epoll"),
            new Rule(Category.HANDOFF, "jdk/internal/misc/Unsafe.park", "jdk/internal/misc/Unsafe.unpark",
                    "java/util/concurrent/locks/", "java/lang/Object.wait", "java/lang/Object.notify",
                    "futex", "schedule", "try_to_wake_up", "pick_next", "__switch_to", "finish_task_switch",
                    "Parker::", "ObjectMonitor::", "os::PlatformEvent"),
            new Rule(Category.ADAPTER, "org/corbabridge/adapter/", "org/corbabridge/ejb/", "org/corbabridge/ee/"),
            new Rule(Category.CONTAINER, "org/apache/openejb/", "org/apache/webbeans/", "org/apache/xbean/",
                    "jakarta/", "org/apache/geronimo/"),
            new Rule(Category.ORB, "org/jacorb/", "com/sun/corba/", "org/omg/", "org/glassfish/"),
            new Rule(Category.JVM, "GCTaskThread", "G1", "CompileBroker", "C2Compiler", "C1Compiler",
                    "Compile::", "VMThread", "[GC", "JvmtiAgent", "Interpreter", "SafepointSynchronize"));

    private ProfileBreakdown() {
    }

    /** Each category's share of the samples, 0 to 1; every category is present. */
    public static Map<Category, Double> shares(String collapsed) {
        Map<Category, Long> samples = samples(collapsed);
        long total = samples.values().stream().mapToLong(Long::longValue).sum();
        Map<Category, Double> shares = new EnumMap<>(Category.class);
        for (Category category : Category.values()) {
            shares.put(category, total == 0 ? 0 : samples.get(category) / (double) total);
        }
        return shares;
    }

    /** The samples of each category; every category is present. */
    public static Map<Category, Long> samples(String collapsed) {
        Map<Category, Long> samples = new EnumMap<>(Category.class);
        for (Category category : Category.values()) {
            samples.put(category, 0L);
        }
        forEachSample(collapsed, (stack, count) -> samples.merge(categoryOf(stack.split(";")), count, Long::sum));
        return samples;
    }

    /** The category of the running frame, or of the nearest frame below it that has one. */
    static Category categoryOf(String[] frames) {
        for (int i = frames.length - 1; i >= 0; i--) {
            for (Rule rule : RULES) {
                if (rule.matches(frames[i])) {
                    return rule.category;
                }
            }
        }
        return Category.OTHER;
    }

    /**
     * The samples of each {@link ContainerPart}: of a stack through the container and not through
     * the bean, the concern of the running frame or the nearest frame below it that has one
     * (every part present; none at all outside a container).
     */
    public static Map<ContainerPart, Long> containerSamples(String collapsed) {
        Map<ContainerPart, Long> samples = new EnumMap<>(ContainerPart.class);
        for (ContainerPart part : ContainerPart.values()) {
            samples.put(part, 0L);
        }
        forEachSample(collapsed, (stack, count) -> {
            if (stack.contains(CONTAINER_CODE) && !stack.contains(BEAN_CODE)) {
                samples.merge(containerPartOf(stack.split(";")), count, Long::sum);
            }
        });
        return samples;
    }

    static ContainerPart containerPartOf(String[] frames) {
        for (int i = frames.length - 1; i >= 0; i--) {
            for (ContainerPart part : ContainerPart.values()) {
                for (String marker : part.markers) {
                    if (frames[i].contains(marker)) {
                        return part;
                    }
                }
            }
        }
        return ContainerPart.OTHER;
    }

    /** Each line of collapsed stacks that is a sample: its stack (frames joined by {@code ;}) and its count. */
    static void forEachSample(String collapsed, BiConsumer<String, Long> sample) {
        collapsed.lines().forEach(line -> {
            int space = line.lastIndexOf(' ');
            if (space <= 0) {
                return;
            }
            long count;
            try {
                count = Long.parseLong(line.substring(space + 1).trim());
            } catch (NumberFormatException notASample) {
                return;
            }
            sample.accept(line.substring(0, space), count);
        });
    }

    /** The total number of samples. */
    public static long total(String collapsed) {
        return samples(collapsed).values().stream().mapToLong(Long::longValue).sum();
    }

    private record Rule(Category category, List<String> markers) {
        Rule(Category category, String... markers) {
            this(category, List.of(markers));
        }

        boolean matches(String frame) {
            for (String marker : markers) {
                if (frame.contains(marker)) {
                    return true;
                }
            }
            return false;
        }
    }
}
