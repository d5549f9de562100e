package org.corbabridge.perf.run;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.corbabridge.perf.worker.PayloadWorker;
import org.corbabridge.perf.worker.WorkerMessages;
import org.corbabridge.perf.worker.WorkerMessages.Quit;
import org.corbabridge.perf.worker.WorkerMessages.Reply;

/**
 * A study worker JVM seen from the driver: one request, one reply, each bounded in time. Its
 * stderr (the ORBs' and the container's logs) goes to a file, and the JVM's crash report, if it
 * crashes, beside it. Closed by asking it to quit, then by its PID.
 */
final class WorkerProcess implements AutoCloseable {

    private final String name;
    private final Process process;
    private final Path log;
    /** Where the JVM writes its crash report (hs_err) if it crashes; {@code %p}: its PID. */
    private final Path crashReport;
    private final BufferedWriter requests;
    private final BlockingQueue<String> replies = new LinkedBlockingQueue<>();
    /**
     * Queued, compared by identity, when the worker's output ends: a worker that died (a JVM
     * crash under the profiler, once) fails the request it was given at once, not after the
     * request's limit of minutes.
     */
    @SuppressWarnings("StringOperationCanBeSimplified")
    private static final String GONE = new String("the worker's output ended");

    private WorkerProcess(String name, Process process, Path log, Path crashReport) {
        this.name = name;
        this.process = process;
        this.log = log;
        this.crashReport = crashReport;
        this.requests = new BufferedWriter(new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8));
        Thread reader = new Thread(this::readReplies, "worker-replies-" + name);
        reader.setDaemon(true);
        reader.start();
    }

    String name() {
        return name;
    }

    static WorkerProcess start(String name, String classpath, Object setup, Path log) {
        return start(name, classpath, PayloadWorker.class, List.of("-Xms256m", "-Xmx1g"), setup, log);
    }

    /**
     * A JVM running {@code mainClass}, which must answer like {@link PayloadWorker}; {@code setup}
     * (a record) is its first line of input.
     */
    static WorkerProcess start(String name, String classpath, Class<?> mainClass, List<String> jvmOptions,
            Object setup, Path log) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        // by default the report goes to the working directory, where no one looks for it
        Path crashReport = crashReportBeside(log);
        command.add("-XX:ErrorFile=" + crashReport);
        command.add("-cp");
        command.add(classpath);
        command.add(mainClass.getName());
        WorkerProcess worker;
        try {
            Process process = new ProcessBuilder(command)
                    .redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()))
                    .start();
            worker = new WorkerProcess(name, process, log, crashReport);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the " + name + " worker", e);
        }
        try {
            worker.send(setup);
        } catch (RuntimeException e) {
            worker.close();
            throw e;
        }
        return worker;
    }

    /** {@code worker.log}'s crash report: {@code worker-hs_err-%p.log} beside it. */
    static Path crashReportBeside(Path log) {
        String file = log.getFileName().toString();
        String stem = file.endsWith(".log") ? file.substring(0, file.length() - ".log".length()) : file;
        return log.resolveSibling(stem + "-hs_err-%p.log");
    }

    /** The first reply: set-up done, or failed. */
    Reply awaitReady(Duration limit) {
        return awaitReady(limit, Reply.class);
    }

    /** The first reply of a worker that answers with {@code replyType}. */
    <T> T awaitReady(Duration limit, Class<T> replyType) {
        return next(limit, "set-up", replyType);
    }

    /** A request of one of the {@link WorkerMessages} request types, named in errors by its {@code toString}. */
    Reply request(Record request, Duration limit) {
        return request(request, Reply.class, limit, request.toString());
    }

    /** Sends one request as a JSON line and waits, at most {@code limit}, for the reply. */
    <T> T request(Object request, Class<T> replyType, Duration limit, String what) {
        send(request);
        return next(limit, what, replyType);
    }

    private void send(Object message) {
        try {
            requests.write(WorkerMessages.JSON.writeValueAsString(message));
            requests.newLine();
            requests.flush();
        } catch (IOException e) {
            // a worker whose JVM crashed between two requests: the crash report is named here too
            throw new IllegalStateException("the " + name + " worker is gone (" + e + ")" + whyGone(), e);
        }
    }

    /** Where to read why the worker ended: its log, and the crash report its JVM writes if it crashed. */
    private String whyGone() {
        return "; its log says why (" + log + "), and if the JVM crashed, so does "
                + crashReport.getFileName().toString().replace("%p", String.valueOf(process.pid())) + " beside it";
    }

    /** Waits, at most {@code limit}, for a worker that ends by itself after its reply. */
    boolean awaitExit(Duration limit) {
        try {
            return process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    @Override
    public void close() {
        try {
            if (process.isAlive()) {
                request(Quit.INSTANCE, Object.class, Duration.ofSeconds(60), "quit");
            }
        } catch (RuntimeException e) {
            // it will be killed below
        } finally {
            try {
                if (!process.waitFor(20, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }

    private <T> T next(Duration limit, String what, Class<T> replyType) {
        try {
            String line = replies.poll(limit.toMillis(), TimeUnit.MILLISECONDS);
            if (line == GONE) {
                // left in place: every later request fails as fast
                replies.add(GONE);
                throw new IllegalStateException("the " + name + " worker exited before it answered " + what
                        + (process.waitFor(5, TimeUnit.SECONDS) ? " (exit code " + process.exitValue() + ")" : "")
                        + whyGone());
            }
            if (line == null) {
                process.destroyForcibly();
                throw new IllegalStateException("the " + name + " worker did not answer " + what + " within "
                        + limit.toSeconds() + " s" + (process.isAlive() ? "" : "; it exited"));
            }
            return WorkerMessages.JSON.readValue(line, replyType);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted waiting for the " + name + " worker", e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void readReplies() {
        try (BufferedReader out = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null) {
                if (line.startsWith(WorkerMessages.PREFIX)) {
                    replies.add(line.substring(WorkerMessages.PREFIX.length()));
                }
            }
        } catch (IOException e) {
            // the process is gone, as at the end of its output
        }
        replies.add(GONE);
    }
}
