package org.corbabridge.perf;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Runs a main class in a JVM of its own (the JVM running this one, same java binary) and
 * hands every line it prints to a consumer. A child that outlives its time limit is killed
 * by the PID this class started.
 */
public final class ChildJvm {

    private ChildJvm() {
    }

    /** Returns the exit code; throws if the child did not finish within {@code limit}. */
    public static int run(String classpath, List<String> jvmOptions, String mainClass, List<String> arguments,
            Duration limit, Consumer<String> lines) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(classpath);
        command.add(mainClass);
        command.addAll(arguments);

        Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
        Thread relay = new Thread(() -> {
            try (BufferedReader reader = new BufferedReader(
                    new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = reader.readLine()) != null) {
                    lines.accept(line);
                }
            } catch (IOException e) {
                lines.accept("[output of " + mainClass + " lost: " + e + "]");
            }
        }, "child-jvm-output");
        relay.setDaemon(true);
        relay.start();
        try {
            if (!child.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new IllegalStateException(mainClass + " did not finish within " + limit.toSeconds() + " s");
            }
            relay.join(TimeUnit.SECONDS.toMillis(10));
            return child.exitValue();
        } finally {
            if (child.isAlive()) {
                child.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
    }
}
