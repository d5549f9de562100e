package org.corbabridge.perf;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * What Linux's /proc says of one process: CPU time, resident memory, threads, and its TCP
 * connections. Used on the study's own workers and on the C++ server, by PID.
 */
public final class ProcFs {

    /** USER_HZ: /proc/PID/stat counts CPU time in these; 100 on every Linux the study runs on. */
    private static final long CLOCK_TICKS_PER_SECOND = 100;
    private static final String ESTABLISHED = "01";

    private final Path dir;

    private ProcFs(Path dir) {
        this.dir = dir;
    }

    public static ProcFs of(long pid) {
        return new ProcFs(Path.of("/proc", Long.toString(pid)));
    }

    public static ProcFs self() {
        return of(ProcessHandle.current().pid());
    }

    /** User plus system CPU time so far, ns. */
    public long cpuNanos() {
        String stat = read("stat");
        // the command name in brackets may hold spaces; the fields after it are fixed
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        long ticks = Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
        return ticks * (1_000_000_000L / CLOCK_TICKS_PER_SECOND);
    }

    public long residentBytes() {
        return statusField("VmRSS:") * 1024;
    }

    public int threads() {
        return (int) statusField("Threads:");
    }

    /**
     * Established TCP connections of this process whose local or remote port is {@code port}
     * (0: all of them).
     */
    public int establishedConnections(int port) {
        Set<String> inodes = socketInodes();
        String hexPort = String.format(":%04X", port);
        int count = 0;
        for (String table : List.of("net/tcp", "net/tcp6")) {
            for (String line : lines(table)) {
                String[] f = line.trim().split("\\s+");
                if (f.length > 9 && ESTABLISHED.equals(f[3]) && inodes.contains(f[9])
                        && (port == 0 || f[1].endsWith(hexPort) || f[2].endsWith(hexPort))) {
                    count++;
                }
            }
        }
        return count;
    }

    /** Open file descriptors. */
    public int openFiles() {
        try (Stream<Path> fds = Files.list(dir.resolve("fd"))) {
            return (int) fds.count();
        } catch (IOException e) {
            return -1;
        }
    }

    private Set<String> socketInodes() {
        Set<String> inodes = new HashSet<>();
        try (Stream<Path> fds = Files.list(dir.resolve("fd"))) {
            fds.forEach(fd -> {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("socket:[")) {
                        inodes.add(target.substring(8, target.length() - 1));
                    }
                } catch (IOException e) {
                    // closed meanwhile
                }
            });
        } catch (IOException e) {
            // the process is gone: no sockets
        }
        return inodes;
    }

    private long statusField(String name) {
        for (String line : lines("status")) {
            if (line.startsWith(name)) {
                return Long.parseLong(line.replaceAll("[^0-9]", ""));
            }
        }
        return -1;
    }

    private String read(String file) {
        try {
            return Files.readString(dir.resolve(file));
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + dir.resolve(file) + " (has the process ended?)", e);
        }
    }

    private List<String> lines(String file) {
        return read(file).lines().toList();
    }
}
