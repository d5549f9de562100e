package org.corbabridge.adapter;

import java.time.Duration;
import java.util.Properties;
import org.corbabridge.fixture.ServerFixture;
import org.omg.CORBA.ORB;

/**
 * The ORB this test JVM runs (one Surefire execution per ORB), and configurations for it.
 * Shared with the other modules' tests through this module's test jar.
 */
public final class TestOrbs {

    /** Tag of tests of a JacORB-only feature; the Eclipse ORB's execution leaves them out. */
    /**
     * The tag of a test class that needs no ORB (pure rules, fake clocks): it runs once, in
     * JacORB's JVM, not once per ORB (the root pom's Surefire executions exclude it for the others).
     */
    public static final String ORB_FREE = "orb-free";
    public static final String JACORB_ONLY = "jacorb-only";

    /**
     * Tag of tests of the adapter's bidirectional GIOP relay, which only the Eclipse and OpenJDK
     * ORBs have (JacORB's is its own); JacORB's execution leaves them out.
     */
    public static final String RELAYED_BIDIR = "relayed-bidir";

    /** Tag of tests of the Eclipse ORB's own workarounds; JacORB's execution leaves them out. */
    public static final String ECLIPSE_ORB_ONLY = "eclipse-orb-only";

    public static final Duration CALL_TIMEOUT = Duration.ofSeconds(5);
    public static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(1);

    /**
     * What a test allows past a bound the library keeps (a call ended by its time-out, a write
     * given up at the deadline): the scheduling of a busy machine, not the library. The test command
     * runs two modules' test JVMs at once on two cores, and a call 2 s long was once measured 208 ms
     * late there with nothing wrong. Less than every failure such a test is there to catch: a
     * second attempt, an ORB's own time-out waited out again, a hang. A test whose failure would be
     * later than the bound by less than this is built so that it is not (a later forward, a later kill).
     */
    public static final Duration SLACK = Duration.ofSeconds(1);

    /** An ORB the test owns, destroyed as the adapter destroys its own. */
    public record OwnedOrb(ORB orb) implements AutoCloseable {
        @Override
        public void close() {
            Orbs.destroy(orb);
        }
    }

    private TestOrbs() {
    }

    public static OrbImplementation current() {
        return OrbImplementation.valueOf(System.getProperty("corbabridge.test.orb", "JACORB"));
    }

    /** The fixture's first server, on this JVM's ORB, with test time-outs. */
    public static AdapterConfig.Builder configFor(ServerFixture fixture) {
        return AdapterConfig.builder()
                .nameService(fixture.nameServiceUrl())
                .name(fixture.catalogName())
                .orb(current())
                .callTimeout(CALL_TIMEOUT)
                .connectTimeout(CONNECT_TIMEOUT);
    }

    /** An ORB of this JVM's implementation, owned by the test. */
    public static OwnedOrb newOrb() {
        return new OwnedOrb(Orbs.create(OrbConfig.of(current()), CALL_TIMEOUT, CONNECT_TIMEOUT));
    }

    /**
     * An ORB of this JVM's implementation as an application creates one to lend to the adapter:
     * its class names and {@code extra}, none of the adapter's properties. The caller destroys it.
     */
    public static ORB plainOrb(Properties extra) {
        Properties properties = new Properties();
        properties.putAll(extra);
        properties.setProperty("org.omg.CORBA.ORBClass", current().orbClass());
        properties.setProperty("org.omg.CORBA.ORBSingletonClass", current().orbSingletonClass());
        return ORB.init(new String[0], properties);
    }
}
