package org.corbabridge.perf.run;

import java.util.List;

/**
 * How far the session-scaling part goes. Every configuration steps through {@code sessionSteps}
 * until a step fails, a step's sessions cannot all be created in {@code growLimitMillis}, or the
 * configuration has run for {@code configurationLimitMillis}: every run ends by itself.
 *
 * @param payloads Catalog queries: a small reply and one of about 100 KB
 * @param thinkMillis each session's pause between the end of one call and the next
 * @param warmupMillis back-to-back calls from a few sessions before the first step, so that the
 *     JIT has compiled the call path (the start-up part shows how many calls that takes)
 * @param serverModels omniORB server threading models to compare ({@link ServerModel})
 */
public record ScalePlan(String name, List<Integer> sessionSteps, long thinkMillis, long warmupMillis, long rampMillis,
        long windowMillis, long growLimitMillis, long configurationLimitMillis, List<Long> payloads,
        List<ServerModel> serverModels) {

    /** Three steps per configuration, small payload only, both server models: seconds, for every build. */
    public static ScalePlan quick() {
        return new ScalePlan("quick", List.of(1, 40), 100, 1000, 300, 700, 30_000, 60_000, List.of(1024L),
                List.of(ServerModel.values()));
    }

    /**
     * The main job's: to 300 sessions, small payload, about 15 s per configuration; the server's
     * default thread per connection only (the quick and full plans compare it with a pool), so that
     * the main job keeps within its 10 minutes on a slow day of this machine.
     */
    public static ScalePlan standard() {
        return new ScalePlan("standard", List.of(1, 10, 100, 300), 100, 1500, 500, 1200, 20_000, 25_000,
                List.of(1024L), List.of(ServerModel.THREAD_PER_CONNECTION));
    }

    /** From one session to 2000, both payloads. */
    public static ScalePlan full() {
        return new ScalePlan("full", List.of(1, 10, 50, 100, 200, 400, 700, 1000, 1500, 2000), 100, 10_000, 1500,
                4000,
                90_000, 150_000, List.of(1024L, 100 * 1024L), List.of(ServerModel.values()));
    }

    /**
     * How the omniORB server serves connections: a thread per connection (its default below
     * 10 000 connections) or a pool of threads shared by all connections, woken by a select.
     */
    public enum ServerModel {
        THREAD_PER_CONNECTION("thread per connection", List.of("-ORBthreadPerConnectionPolicy", "1")),
        // a thread that has served a call goes on watching its connection, as omniORB advises for
        // pools: without it every call on an idle connection waits for the poller's next turn
        THREAD_POOL("thread pool (4)", List.of("-ORBthreadPerConnectionPolicy", "0",
                "-ORBmaxServerThreadPoolSize", "4", "-ORBconnectionWatchImmediate", "1"));

        private final String label;
        private final List<String> serverArguments;

        ServerModel(String label, List<String> serverArguments) {
            this.label = label;
            this.serverArguments = serverArguments;
        }

        public String label() {
            return label;
        }

        public List<String> serverArguments() {
            return serverArguments;
        }
    }
}
