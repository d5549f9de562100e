package org.corbabridge.perf.run;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.corbabridge.fixture.NativePrograms;

/** Runs catalog_client for one batch of the native floors and reads its timings. */
final class NativeFloors {

    private final String nameServiceUrl;
    private final Path log;

    NativeFloors(String nameServiceUrl, Path log) {
        this.nameServiceUrl = nameServiceUrl;
        this.log = log;
    }

    /** omniORB static calls of {@code query}: response and server times, ns. */
    Timings corba(String query, int calls, int warmup) {
        return run(List.of("--naming", nameServiceUrl, "--query", query, "--calls", Integer.toString(calls),
                "--warmup", Integer.toString(warmup)));
    }

    /** Raw TCP round trips of {@code bytes} bytes. */
    Timings raw(long bytes, int calls, int warmup) {
        return run(List.of("--raw", "--bytes", Long.toString(bytes), "--calls", Integer.toString(calls), "--warmup",
                Integer.toString(warmup)));
    }

    record Timings(long[] response, long[] server) {
    }

    private Timings run(List<String> arguments) {
        List<String> command = new ArrayList<>();
        command.add(NativePrograms.catalogClient().toString());
        command.addAll(arguments);
        try {
            Process process = new ProcessBuilder(command)
                    .redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()))
                    .start();
            List<long[]> rows = new ArrayList<>();
            try (BufferedReader out = new BufferedReader(
                    new InputStreamReader(process.getInputStream(), StandardCharsets.US_ASCII))) {
                String line;
                while ((line = out.readLine()) != null) {
                    String[] fields = line.trim().split(" ");
                    rows.add(new long[] {Long.parseLong(fields[0]), Long.parseLong(fields[1])});
                }
            }
            if (!process.waitFor(2, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                throw new IllegalStateException("catalog_client did not finish: " + command);
            }
            if (process.exitValue() != 0) {
                throw new IllegalStateException("catalog_client exited with " + process.exitValue() + " (see " + log
                        + "): " + command);
            }
            long[] response = new long[rows.size()];
            long[] server = new long[rows.size()];
            for (int i = 0; i < rows.size(); i++) {
                response[i] = rows.get(i)[0];
                server[i] = rows.get(i)[1];
            }
            return new Timings(response, server);
        } catch (IOException e) {
            throw new IllegalStateException("cannot run " + command, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted running " + command, e);
        }
    }
}
