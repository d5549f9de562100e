package org.corbabridge.ee;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.TracerProvider;
import io.opentelemetry.context.Scope;
import jakarta.interceptor.AroundInvoke;
import jakarta.interceptor.InvocationContext;
import org.corbabridge.adapter.opentelemetry.internal.GlobalInstance;

/**
 * An EJB interceptor that gives every business method a span, {@code <BeanClass>.<method>}, so
 * that the CORBA calls the method makes are its children and share its trace. It uses the
 * global OpenTelemetry and does nothing until the application sets one up. Bind it to beans in
 * {@code ejb-jar.xml}:
 *
 * <pre>{@code
 * <assembly-descriptor>
 *   <interceptor-binding>
 *     <ejb-name>*</ejb-name>
 *     <interceptor-class>org.corbabridge.ee.BusinessMethodSpans</interceptor-class>
 *   </interceptor-binding>
 * </assembly-descriptor>
 * }</pre>
 *
 * <p>A method the container runs on another thread ({@code @Asynchronous}) starts its own trace:
 * the caller's context does not cross the container's executor.
 */
public class BusinessMethodSpans {

    /** The instrumentation scope name of the tracer. */
    public static final String INSTRUMENTATION_SCOPE = "org.corbabridge.ee";

    @AroundInvoke
    public Object traced(InvocationContext invocation) throws Exception {
        TracerProvider tracers = GlobalInstance.getOrNoop().getTracerProvider();
        if (tracers == TracerProvider.noop()) {
            return invocation.proceed();
        }
        String bean = invocation.getTarget().getClass().getSimpleName();
        String method = invocation.getMethod().getName();
        Span span = tracers.get(INSTRUMENTATION_SCOPE).spanBuilder(bean + "." + method)
                .setSpanKind(SpanKind.INTERNAL)
                .setAttribute("code.namespace", invocation.getTarget().getClass().getName())
                .setAttribute("code.function", method)
                .startSpan();
        try (Scope ignored = span.makeCurrent()) {
            return invocation.proceed();
        } catch (Exception | Error e) {
            span.recordException(e);
            span.setStatus(StatusCode.ERROR, e.getMessage());
            throw e;
        } finally {
            span.end();
        }
    }
}
