package org.corbabridge.perf.run;

/**
 * How much the start-up part measures.
 *
 * @param repetitions fresh JVMs per ORB and mode
 * @param calls timed calls after the first, for the warm-up curve
 */
public record StartupPlan(int repetitions, int calls) {

    public static StartupPlan quick() {
        return new StartupPlan(1, 1000);
    }

    public static StartupPlan standard() {
        return new StartupPlan(1, 5000);
    }

    public static StartupPlan full() {
        return new StartupPlan(3, 20000);
    }
}
