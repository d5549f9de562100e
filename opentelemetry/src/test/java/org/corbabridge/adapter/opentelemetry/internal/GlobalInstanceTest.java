package org.corbabridge.adapter.opentelemetry.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.TracerProvider;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import org.junit.jupiter.api.Test;

/**
 * The global instance is read through whichever methods the API has: stand-ins for
 * {@code GlobalOpenTelemetry} as API 1.57+ and as API 1.29 (Payara 6's) shape it. The real API of
 * this build is the first kind; Payara's is proven in {@code PayaraMicroIT}.
 */
public class GlobalInstanceTest {

    static final OpenTelemetry TRACING = OpenTelemetrySdk.builder().build();

    /** API 1.57 and later: getOrNoop and isSet, and a get that must not be called. */
    public static final class CurrentApi {
        static OpenTelemetry global;

        public static OpenTelemetry getOrNoop() {
            return global != null ? global : OpenTelemetry.noop();
        }

        public static boolean isSet() {
            return global != null;
        }

        public static OpenTelemetry get() {
            throw new AssertionError("get() fixes the global; getOrNoop() must be used where it exists");
        }
    }

    /** API before 1.57: get() only (Payara's repackaged one may answer null when nothing is set). */
    public static final class OlderApi {
        static OpenTelemetry global;

        public static OpenTelemetry get() {
            return global;
        }
    }

    @Test
    void onACurrentApiTheGlobalIsReadWithGetOrNoopAndIsSet() {
        GlobalInstance instance = new GlobalInstance(CurrentApi.class);
        CurrentApi.global = null;
        assertThat(instance.read()).isSameAs(OpenTelemetry.noop());
        assertThat(instance.set()).isFalse();

        CurrentApi.global = TRACING;
        assertThat(instance.read()).isSameAs(TRACING);
        assertThat(instance.set()).isTrue();
    }

    @Test
    void onAnOlderApiTheGlobalIsReadWithGetAndIsSetWhenItTraces() {
        GlobalInstance instance = new GlobalInstance(OlderApi.class);
        OlderApi.global = null;
        assertThat(instance.read()).isSameAs(OpenTelemetry.noop());
        assertThat(instance.set()).isFalse();

        OlderApi.global = OpenTelemetry.noop();
        assertThat(instance.set()).as("the no-op instance does not count as set").isFalse();

        OlderApi.global = TRACING;
        assertThat(instance.read()).isSameAs(TRACING);
        assertThat(instance.set()).isTrue();
    }

    /** A server's global on a thread of no application: it delegates, to nothing here. */
    static final class ServersGlobal implements OpenTelemetry {
        @Override
        public TracerProvider getTracerProvider() {
            return TracerProvider.noop();
        }

        @Override
        public ContextPropagators getPropagators() {
            return ContextPropagators.noop();
        }
    }

    @Test
    void onAnOlderApiAServersOwnGlobalIsSetEvenOnAThreadWhereItTracesNothing() {
        GlobalInstance instance = new GlobalInstance(OlderApi.class);
        OlderApi.global = new ServersGlobal();

        assertThat(instance.set()).as("the ORB must carry trace context for the threads where it traces").isTrue();
    }

    @Test
    void theApiOfThisBuildIsReadWithoutFixingTheGlobal() {
        assertThat(GlobalInstance.isSet()).isFalse();
        assertThat(GlobalInstance.getOrNoop()).isSameAs(OpenTelemetry.noop());
        assertThat(GlobalInstance.isSet()).as("reading did not set it").isFalse();
    }

    @Test
    void aClassWithoutEitherMethodIsRefusedAtOnce() {
        assertThatThrownBy(() -> new GlobalInstance(String.class)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("java.lang.String");
    }
}
