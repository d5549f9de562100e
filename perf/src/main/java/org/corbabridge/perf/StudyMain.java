package org.corbabridge.perf;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.corbabridge.perf.report.StudyReport;
import org.corbabridge.perf.report.StudyResults;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** The study's command line: runs a plan and writes its report. The perf module's build supplies the classpaths. */
@Command(name = "study", mixinStandardHelpOptions = true,
        description = "Response time against payload size: standalone client, EJB with the container's ORB, "
                + "EJB with its own ORB; static and dynamic invocation; JacORB and the Eclipse ORB; "
                + "beside the omniORB C++ client and a raw TCP floor. Then response time and memory against "
                + "concurrent sessions, start-up, what tracing costs, what ORB settings are worth, calls in flight sync and async, "
                + "replicas, and a Java listener called back by the C++ server beside an omniORB one.")
public final class StudyMain implements Callable<Integer> {

    @Option(names = "--plan", defaultValue = "standard",
            description = "quick (seconds: proves every configuration runs), standard (under 10 minutes) or full "
                    + "(about an hour) (default: ${DEFAULT-VALUE})")
    private String plan;

    @Option(names = "--parts", split = ",", defaultValue = Study.PLAN_PARTS,
            description = "parts to run, comma-separated: payload, scale, startup, tracing, settings, async, "
                    + "replicas, callbacks; or "
                    + Study.PLAN_PARTS + ": the plan's own (all but settings in the standard plan, all in the others) "
                    + "(default: ${DEFAULT-VALUE})")
    private List<String> parts;

    @Option(names = "--network-path", defaultValue = "false", arity = "1",
            description = "true: run the payload part a second time with omniNames and the server in a network "
                    + "namespace of their own, joined by a veth pair at MTU 1500, and report it beside loopback "
                    + "(needs root; over loopback again, saying so, where namespaces cannot be made) "
                    + "(default: ${DEFAULT-VALUE})")
    private boolean networkPath;

    @Option(names = "--output", required = true, description = "directory for the report")
    private Path output;

    @Option(names = "--ejb-jar", required = true, description = "the built catalog-ejb jar")
    private Path ejbJar;

    public static void main(String[] args) {
        System.exit(new CommandLine(new StudyMain()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        System.setProperty("java.awt.headless", "true");
        Study study;
        try {
            Study named = Study.named(plan);
            study = parts.equals(List.of(Study.PLAN_PARTS)) ? named : named.only(Study.parts(parts));
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(new CommandLine(this), e.getMessage());
        }
        System.out.println("study: " + study);
        StudyResults results = study.run(OrbClasspaths.fromSystemProperties(), ejbJar, output.resolve("logs"),
                line -> System.out.println("study: " + line), networkPath);
        Path index = StudyReport.write(results, output);
        System.out.printf(Locale.ROOT, "study: done in %.0f s; report: %s%n", results.durationSeconds(),
                index.toAbsolutePath());
        return 0;
    }
}
