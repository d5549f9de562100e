package org.corbabridge.perf.worker;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.io.File;
import java.lang.management.ClassLoadingMXBean;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.Properties;
import javax.naming.Context;
import javax.naming.InitialContext;
import org.apache.openejb.OpenEJB;
import org.apache.openejb.assembler.classic.AppInfo;
import org.apache.openejb.assembler.classic.Assembler;
import org.apache.openejb.config.ConfigurationFactory;
import org.apache.openejb.core.LocalInitialContextFactory;
import org.apache.openejb.loader.SystemInstance;
import org.apache.openejb.spi.ContainerSystem;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.ejb.CatalogSession;
import org.corbabridge.ejb.OrbMode;
import org.corbabridge.ejb.ResourceOverrides;
import org.corbabridge.ejb.SessionStats;
import org.corbabridge.perf.report.StartupProfile;

/**
 * What a developer waits for, in a fresh JVM: the JVM itself, embedded OpenEJB with nothing
 * deployed, the deploy of the EJB jar, a session, its ORB's start, the naming lookup, the
 * first call; then {@code calls} more calls, each timed, to show the JIT warming up. Prints
 * one reply and exits. Arguments: ORB, orb mode, name service URL, Catalog name, EJB jar,
 * query, calls.
 */
public final class StartupProbe {

    private StartupProbe() {
    }

    /**
     * @param jvmToMainMillis from the JVM's start (as it reports it) to this class's main
     * @param orbInitMillis ORB.init of the ORB the session uses (the container's runs during deploy)
     * @param namingMillis the session's naming lookup and type check, inside the first call
     * @param callMicros every call after the first, in order
     * @param classes the classes the JVM loaded in each step; null from a probe that failed
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Reply(boolean ok, String error, double jvmToMainMillis, double containerBootMillis,
            double deployMillis, double sessionCreateMillis, double orbInitMillis, double namingMillis,
            double firstCallMillis, double[] callMicros, ClassesLoaded classes) {

        /** A reply without class counts. */
        public Reply(boolean ok, String error, double jvmToMainMillis, double containerBootMillis, double deployMillis,
                double sessionCreateMillis, double orbInitMillis, double namingMillis, double firstCallMillis,
                double[] callMicros) {
            this(ok, error, jvmToMainMillis, containerBootMillis, deployMillis, sessionCreateMillis, orbInitMillis,
                    namingMillis, firstCallMillis, callMicros, null);
        }
    }

    /**
     * How many classes the JVM loaded in each step (its count of loaded classes, hidden ones
     * included, before and after). Unlike the step's time, the load of the machine does not move
     * it: what a step brings in (the IDL reader in the first call, once) shows here first.
     */
    public record ClassesLoaded(long containerBoot, long deploy, long sessionCreate, long firstCall) {
    }

    /**
     * What a probe does, sent as its first line; {@code calls} timed calls follow the first.
     *
     * @param profile where to write a CPU profile from {@code main} to the first answer (the path
     *     without {@code .html} and {@code .collapsed}); null: none. A profiled probe's times are
     *     not measurements.
     */
    public record Setup(OrbImplementation orb, String orbMode, String nameServiceUrl, String catalogName,
            String ejbJar, String query, int calls, String profile) {
    }

    public static void main(String[] args) throws Exception {
        long mainEntered = System.currentTimeMillis();
        WorkerChannel channel = WorkerChannel.open();
        Reply reply;
        try {
            Setup setup = channel.setup(Setup.class);
            Profiling profiling = setup.profile() == null ? null : Profiling.start(StartupProfile.INTERVAL_NANOS);
            reply = probe(setup, mainEntered - ManagementFactory.getRuntimeMXBean().getStartTime(), profiling);
        } catch (Exception | LinkageError e) {
            e.printStackTrace();
            reply = new Reply(false, e.toString(), 0, 0, 0, 0, 0, 0, 0, new double[0]);
        }
        channel.reply(reply);
        System.exit(reply.ok() ? 0 : 1);
    }

    private static Reply probe(Setup setup, long jvmToMainMillis, Profiling profiling) throws Exception {
        OrbMode orbMode = OrbMode.fromConfig(setup.orbMode());
        AdapterConfig config = WorkerChannel.adapterConfig(setup.orb(), setup.nameServiceUrl(), setup.catalogName(),
                Duration.ofSeconds(10), Duration.ofSeconds(3));
        String query = setup.query();
        int calls = setup.calls();

        Properties properties = new Properties();
        properties.putAll(ResourceOverrides.of(config));
        properties.put(Context.INITIAL_CONTEXT_FACTORY, LocalInitialContextFactory.class.getName());
        properties.put("openejb.deployments.classpath", "false");

        ClassLoadingMXBean classes = ManagementFactory.getClassLoadingMXBean();
        long classesAtStart = classes.getTotalLoadedClassCount();
        long t0 = System.nanoTime();
        InitialContext context = new InitialContext(properties);
        long booted = System.nanoTime();
        long classesBooted = classes.getTotalLoadedClassCount();
        AppInfo app = new ConfigurationFactory().configureApplication(new File(setup.ejbJar()));
        Assembler assembler = SystemInstance.get().getComponent(Assembler.class);
        assembler.createApplication(app);
        long deployed = System.nanoTime();
        long classesDeployed = classes.getTotalLoadedClassCount();
        CatalogSession session = (CatalogSession) SystemInstance.get().getComponent(ContainerSystem.class)
                .getJNDIContext().lookup("global/catalog-ejb/CatalogSession"
                        + (orbMode == OrbMode.EXTERNAL ? "External" : "") + "!" + CatalogSession.class.getName());
        long created = System.nanoTime();
        long classesCreated = classes.getTotalLoadedClassCount();
        session.queryCatalog(query);
        long firstCall = System.nanoTime();
        long classesCalled = classes.getTotalLoadedClassCount();
        if (profiling != null) {
            profiling.stopAndWrite(setup.profile());
        }
        double[] callMicros = new double[calls];
        for (int i = 0; i < calls; i++) {
            long started = System.nanoTime();
            session.queryCatalog(query);
            callMicros[i] = (System.nanoTime() - started) / 1000.0;
        }
        SessionStats stats = session.stats();
        session.remove();
        assembler.destroyApplication(app.path);
        context.close();
        OpenEJB.destroy();
        return new Reply(true, null, jvmToMainMillis, millis(booted - t0), millis(deployed - booted),
                millis(created - deployed), millis(stats.orbInitNanos()), millis(stats.connectNanos()),
                millis(firstCall - created), callMicros, new ClassesLoaded(classesBooted - classesAtStart,
                        classesDeployed - classesBooted, classesCreated - classesDeployed, classesCalled - classesCreated));
    }

    private static double millis(long nanos) {
        return nanos / 1e6;
    }
}
