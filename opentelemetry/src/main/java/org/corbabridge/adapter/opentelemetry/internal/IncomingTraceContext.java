package org.corbabridge.adapter.opentelemetry.internal;

import io.opentelemetry.context.Context;

/**
 * The trace context of the call the current thread serves, as the server interceptor read it from
 * the request: set before the servant runs, cleared as the reply goes. Public only for
 * {@code Tracing}; not an API.
 */
public final class IncomingTraceContext {

    private static final ThreadLocal<Context> SERVED = new ThreadLocal<>();

    private IncomingTraceContext() {
    }

    /**
     * The context the request of the call this thread serves carried: the root context when it
     * carried none (or one that did not parse), null when no interceptor read the request (an ORB
     * without trace context).
     */
    public static Context current() {
        return SERVED.get();
    }

    static void set(Context context) {
        SERVED.set(context);
    }

    static void clear() {
        SERVED.remove();
    }
}
