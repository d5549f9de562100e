package org.corbabridge.adapter.opentelemetry.internal;

import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.TracerProvider;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * OpenTelemetry's global instance, read on whichever API version the application runs with, from
 * 1.29 (the one Payara 6 exports to its applications) to today's.
 *
 * <p>API 1.57 added {@code GlobalOpenTelemetry.getOrNoop()} and {@code isSet()}, which read the
 * global without side effects; they are used where present. Older APIs have {@code get()} only,
 * which, called before anyone set the global, sets it to the no-op instance for good: on those, the
 * global is read with {@code get()}, as every instrumentation of their time did, and the server or
 * the application must set it before the first call (a server with MicroProfile Telemetry does so
 * when it starts). Calling a 1.57 method by name on an older API would fail to link, at the first
 * call, with a {@code NoSuchMethodError} that no caller could catch sensibly.
 */
public final class GlobalInstance {

    private static final GlobalInstance OF_THE_API = new GlobalInstance(GlobalOpenTelemetry.class);

    /** {@code getOrNoop()}, or {@code get()} on an API older than 1.57. */
    private final MethodHandle read;
    /** {@code isSet()}, or null on an API older than 1.57. */
    private final MethodHandle isSet;

    /** Reads the global instance of {@code global}, a class with {@code GlobalOpenTelemetry}'s static methods. */
    GlobalInstance(Class<?> global) {
        MethodHandle getOrNoop = find(global, "getOrNoop", OpenTelemetry.class);
        this.read = getOrNoop != null ? getOrNoop : find(global, "get", OpenTelemetry.class);
        this.isSet = find(global, "isSet", boolean.class);
        if (read == null) {
            throw new IllegalStateException(global.getName() + " has neither getOrNoop() nor get()");
        }
    }

    /** The global instance, or the no-op one when none is set (on an API older than 1.57, see above). */
    public static OpenTelemetry getOrNoop() {
        return OF_THE_API.read();
    }

    /**
     * Whether a global instance is set: on an API older than 1.57, one that traces, or a server's
     * own (see above).
     */
    public static boolean isSet() {
        return OF_THE_API.set();
    }

    OpenTelemetry read() {
        try {
            OpenTelemetry global = (OpenTelemetry) read.invoke();
            return global != null ? global : OpenTelemetry.noop();
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable checked) {
            throw new IllegalStateException(checked);
        }
    }

    boolean set() {
        if (isSet == null) {
            // the API's own no-op instance (what get() sets when nobody did) is not set; a server's
            // own global is, on every thread: Payara's delegates to the current application's
            // instance, and answers the no-op tracer provider on a thread of no application
            OpenTelemetry global = read();
            return global.getTracerProvider() != TracerProvider.noop()
                    || !global.getClass().getName().startsWith("io.opentelemetry.");
        }
        try {
            return (boolean) isSet.invoke();
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable checked) {
            throw new IllegalStateException(checked);
        }
    }

    private static MethodHandle find(Class<?> global, String name, Class<?> returns) {
        try {
            return MethodHandles.publicLookup().findStatic(global, name, MethodType.methodType(returns));
        } catch (NoSuchMethodException | IllegalAccessException absent) {
            return null;
        }
    }
}
