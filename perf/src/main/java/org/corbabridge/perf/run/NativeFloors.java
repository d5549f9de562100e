package org.corbabridge.perf.run;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.corbabridge.fixture.Host;
import org.corbabridge.fixture.NativePrograms;

/**
 * Runs catalog_client for one batch of the native floors and reads its timings. The C++ client
 * runs where the Java callers do; the raw round trip's far end runs where the servers do: a
 * thread of the client's own over loopback, a {@code --raw-serve} process in the servers'
 * network namespace over the network path. The call-back part's floor, callback_floor, runs
 * where the Java listeners do.
 */
final class NativeFloors {

    private final String nameServiceUrl;
    private final Host servers;
    private final Path log;

    NativeFloors(String nameServiceUrl, Host servers, Path log) {
        this.nameServiceUrl = nameServiceUrl;
        this.servers = servers;
        this.log = log;
    }

    /** omniORB static calls of {@code query}: response and server times, ns. */
    Timings corba(String query, int calls, int warmup) {
        return run(List.of("--naming", nameServiceUrl, "--query", query, "--calls", Integer.toString(calls),
                "--warmup", Integer.toString(warmup)));
    }

    /** Raw TCP round trips of {@code bytes} bytes. */
    Timings raw(long bytes, int calls, int warmup) {
        List<String> client = new ArrayList<>(List.of("--raw", "--bytes", Long.toString(bytes), "--calls",
                Integer.toString(calls), "--warmup", Integer.toString(warmup)));
        if (servers == Host.LOOPBACK) {
            return run(client);
        }
        List<String> serve = new ArrayList<>(servers.commandPrefix());
        serve.addAll(List.of(NativePrograms.catalogClient().toString(), "--raw-serve",
                servers.address().getHostAddress(), "--bytes", Long.toString(bytes)));
        Process far = null;
        try {
            far = new ProcessBuilder(serve).redirectError(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
            BufferedReader portLine = new BufferedReader(new InputStreamReader(far.getInputStream(), StandardCharsets.US_ASCII));
            String port = portLine.readLine();
            if (port == null) {
                throw new IllegalStateException("catalog_client --raw-serve printed no port (see " + log + "): " + serve);
            }
            client.addAll(List.of("--connect", servers.address().getHostAddress() + ":" + port.trim()));
            Timings timings = run(client);
            if (!far.waitFor(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("catalog_client --raw-serve did not end with its client: " + serve);
            }
            return timings;
        } catch (IOException e) {
            throw new IllegalStateException("cannot run " + serve, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted running " + serve, e);
        } finally {
            if (far != null && far.isAlive()) {
                far.destroyForcibly();
            }
        }
    }

    /**
     * callback_floor's omniORB listener called back {@code calls} times by the Warehouse bound as
     * {@code warehouse} in this name service, each call back with a photo of {@code photoBytes}
     * octets, after {@code warmup} call backs it does not print: each call back's duration as the
     * server timed it, ns.
     */
    long[] callbacks(String warehouse, int photoBytes, int calls, int warmup) {
        return run(NativePrograms.callbackFloor(), List.of("--warehouse", nameServiceUrl + "#" + warehouse,
                "--count", Integer.toString(calls), "--photo-bytes", Integer.toString(photoBytes), "--warmup",
                Integer.toString(warmup))).response();
    }

    /** @param server the server's own time of each call; zeros where the program prints one figure a line */
    record Timings(long[] response, long[] server) {
    }

    private Timings run(List<String> arguments) {
        return run(NativePrograms.catalogClient(), arguments);
    }

    /** Runs {@code program}, which prints one call a line: its response time, and the server's time where it has one. */
    private Timings run(Path program, List<String> arguments) {
        List<String> command = new ArrayList<>();
        command.add(program.toString());
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
                    rows.add(new long[] {Long.parseLong(fields[0]), fields.length > 1 ? Long.parseLong(fields[1]) : 0});
                }
            }
            if (!process.waitFor(2, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                throw new IllegalStateException(program.getFileName() + " did not finish: " + command);
            }
            if (process.exitValue() != 0) {
                throw new IllegalStateException(program.getFileName() + " exited with " + process.exitValue() + " (see "
                        + log + "): " + command);
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
