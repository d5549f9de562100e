package org.corbabridge.perf.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class StartupProfileTest {

    private static final String MAIN = "java/lang/Thread.run;org/corbabridge/perf/worker/StartupProbe.main;"
            + "org/corbabridge/perf/worker/StartupProbe.probe;";

    /** Collapsed stacks as async-profiler writes them: frames root first, then the samples (1 ms each). */
    private static final String STACKS = String.join("\n",
            MAIN + "javax/naming/InitialContext.<init>;org/apache/openejb/OpenEJB.init 30",
            MAIN + "org/apache/openejb/assembler/classic/Assembler.createApplication;java/lang/ClassLoader.loadClass 20",
            MAIN + "org/apache/openejb/config/ConfigurationFactory.configureApplication 5",
            MAIN + "com/sun/proxy/$Proxy12.queryCatalog;org/omg/CosNaming/_NamingContextExtStub.resolve_str 8",
            MAIN + "com/sun/proxy/$Proxy12.queryCatalog;org/jacorb/orb/Delegate.invoke;SystemDictionary::resolve_or_fail 4",
            MAIN + "com/sun/proxy/$Proxy12.queryCatalog;org/jacorb/orb/Delegate.invoke 3",
            // the client's lookup, on the adapter's helper thread
            "java/lang/Thread.run;java/util/concurrent/FutureTask.run;"
                    + "org/corbabridge/adapter/internal/time/CurrentAttempt.within;"
                    + "org/omg/CosNaming/_NamingContextExtStub.resolve_str 5",
            "thread_native_entry;CompileBroker::compiler_thread_loop;C2Compiler::compile_method 12",
            "thread_native_entry;WorkerThread::run;G1ParTask::work 2",
            "java/lang/Thread.run;org/jacorb/orb/giop/ClientConnection.run 6",
            "");

    @Test
    void theMainThreadsStepsAndTheAdaptersLookupAreToldApartByTheFramesTheyRunUnder() {
        StartupProfile profile = StartupProfile.of(STACKS, "profiles/x.html");
        assertThat(profile.millis(StartupProfile.Part.BOOT)).isCloseTo(30.0, within(1e-9));
        assertThat(profile.millis(StartupProfile.Part.DEPLOY)).isCloseTo(25.0, within(1e-9));
        assertThat(profile.millis(StartupProfile.Part.FIRST_CALL)).isCloseTo(20.0, within(1e-9));
        assertThat(profile.millis(StartupProfile.Part.JIT)).isCloseTo(12.0, within(1e-9));
        assertThat(profile.millis(StartupProfile.Part.GC)).isCloseTo(2.0, within(1e-9));
        assertThat(profile.millis(StartupProfile.Part.OTHER)).isCloseTo(6.0, within(1e-9));
        assertThat(profile.totalMillis()).isCloseTo(95.0, within(1e-9));
    }

    @Test
    void theFirstCallIsSplitIntoTheNamingLookupClassLoadingAndTheRest() {
        StartupProfile profile = StartupProfile.of(STACKS, "profiles/x.html");
        assertThat(profile.millis(StartupProfile.FirstCallPart.NAMING)).as("on the main thread and the helper")
                .isCloseTo(13.0, within(1e-9));
        assertThat(profile.millis(StartupProfile.FirstCallPart.CLASS_LOADING)).isCloseTo(4.0, within(1e-9));
        assertThat(profile.millis(StartupProfile.FirstCallPart.OTHER)).isCloseTo(3.0, within(1e-9));
    }
}
