package org.corbabridge.perf.run;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import org.corbabridge.perf.worker.WorkerMessages;

/** A worker that answers its set-up, then exits with code 3 at its first request, as a crashed JVM would. */
public final class ExitingWorker {

    static final int EXIT_CODE = 3;

    private ExitingWorker() {
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        in.readLine();
        System.out.println(WorkerMessages.PREFIX + "{\"ok\":true}");
        System.out.flush();
        in.readLine();
        System.exit(EXIT_CODE);
    }
}
