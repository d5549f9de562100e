package org.corbabridge.perf.run;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import org.corbabridge.perf.worker.WorkerMessages;

/**
 * A worker that answers its set-up, then, at its first request, exits with code 3 as a dying
 * JVM would, or, with {@code -Dexiting.crash=true}, crashes for real: a write to address 0, a
 * SIGSEGV the JVM reports in a crash report (hs_err) before it ends, as async-profiler's sampling
 * has made a study worker do.
 */
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
        if (Boolean.getBoolean("exiting.crash")) {
            Field theUnsafe = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
            theUnsafe.setAccessible(true);
            ((sun.misc.Unsafe) theUnsafe.get(null)).putAddress(0, 0);
        }
        System.exit(EXIT_CODE);
    }
}
