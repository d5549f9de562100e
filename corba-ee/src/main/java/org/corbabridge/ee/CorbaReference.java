package org.corbabridge.ee;

import static java.lang.annotation.ElementType.FIELD;
import static java.lang.annotation.ElementType.METHOD;
import static java.lang.annotation.ElementType.PARAMETER;
import static java.lang.annotation.ElementType.TYPE;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import jakarta.enterprise.util.AnnotationLiteral;
import jakarta.inject.Qualifier;
import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;

/**
 * Injects the typed proxy of a CORBA object, configured through MicroProfile Config under
 * {@code corbabridge.<name>.}, in any Jakarta EE 10 server with CDI:
 *
 * <pre>{@code
 * @Inject @CorbaReference("warehouse")
 * WarehouseOperations warehouse;
 * }</pre>
 *
 * <pre>{@code
 * corbabridge.warehouse.name-service-url=corbaname::naming.example:2809
 * corbabridge.warehouse.name=Warehouse
 * corbabridge.warehouse.call-timeout-millis=5000
 * corbabridge.warehouse.idempotent=echo, fetch, _get_site
 * }</pre>
 *
 * <p>Every property of {@link ClientSettings} is one here, in kebab case ({@code NameServiceUrl} is
 * {@code name-service-url}), with the same defaults; an unknown or malformed one fails the
 * deployment, naming it. {@code corbabridge.<name>.orb} chooses the ORB: {@code own} (the
 * default: one of the client's own, shared by the application), {@code container} (the server's,
 * {@code java:comp/ORB}, borrowed and left alone) or {@code per-session} (an ORB per HTTP
 * session: the proxy is session scoped). The client is made at the first call, so that a server
 * down at deployment is a typed error of that call, and closed with the application (or the
 * session). With MicroProfile Health, each client is a readiness check. docs/ee.md.
 */
@Qualifier
@Documented
@Retention(RUNTIME)
@Target({FIELD, METHOD, PARAMETER, TYPE})
public @interface CorbaReference {

    /** The client's name, the middle of its properties' names: {@code corbabridge.<name>.*}. */
    String value();

    /** The qualifier as a value, for programmatic lookup ({@code CDI.current().select(type, CorbaReference.Literal.of("warehouse"))}). */
    final class Literal extends AnnotationLiteral<CorbaReference> implements CorbaReference {
        private static final long serialVersionUID = 1L;

        private final String value;

        private Literal(String value) {
            this.value = value;
        }

        public static Literal of(String name) {
            return new Literal(name);
        }

        @Override
        public String value() {
            return value;
        }
    }
}
