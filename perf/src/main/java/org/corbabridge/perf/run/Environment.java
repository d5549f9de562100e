package org.corbabridge.perf.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** The machine and software a study ran on, for its report. */
final class Environment {

    private Environment() {
    }

    static Map<String, String> describe() {
        Map<String, String> environment = new LinkedHashMap<>();
        environment.put("date", OffsetDateTime.now(ZoneOffset.UTC).withNano(0).toString());
        environment.put("cpu", cpuModel());
        environment.put("cores", Integer.toString(Runtime.getRuntime().availableProcessors()));
        environment.put("memory", (totalMemoryKb() / 1024 / 1024) + " GiB");
        environment.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version"));
        environment.put("jvm", System.getProperty("java.vm.name") + " " + System.getProperty("java.version"));
        environment.put("JacORB", System.getProperty("corbabridge.version.jacorb", "?"));
        environment.put("Eclipse ORB", System.getProperty("corbabridge.version.eclipse-orb", "?"));
        environment.put("OpenJDK ORB", System.getProperty("corbabridge.version.openjdk-orb", "?"));
        environment.put("OpenEJB", System.getProperty("corbabridge.version.openejb", "?"));
        environment.put("omniORB", command("pkg-config", "--modversion", "omniORB4"));
        return environment;
    }

    private static String cpuModel() {
        try {
            return Files.readAllLines(Path.of("/proc/cpuinfo")).stream()
                    .filter(line -> line.startsWith("model name"))
                    .map(line -> line.substring(line.indexOf(':') + 1).trim())
                    .findFirst().orElse("?");
        } catch (IOException e) {
            return "?";
        }
    }

    private static long totalMemoryKb() {
        try {
            return Files.readAllLines(Path.of("/proc/meminfo")).stream()
                    .filter(line -> line.startsWith("MemTotal:"))
                    .map(line -> Long.parseLong(line.replaceAll("[^0-9]", "")))
                    .findFirst().orElse(0L);
        } catch (IOException | NumberFormatException e) {
            return 0;
        }
    }

    private static String command(String... command) {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(process.getInputStream().readAllBytes()).trim();
            return process.waitFor(10, TimeUnit.SECONDS) && process.exitValue() == 0 ? out : "?";
        } catch (IOException e) {
            return "?";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "?";
        }
    }
}
