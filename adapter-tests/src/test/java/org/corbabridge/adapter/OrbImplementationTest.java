package org.corbabridge.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Properties;
import org.corbabridge.adapter.internal.transport.MessageLimits;
import org.corbabridge.adapter.internal.transport.TransportTimeouts;
import org.junit.jupiter.api.Test;
import org.omg.CORBA.ORB;

class OrbImplementationTest {

    @Test
    void jacorbWaitsAreBoundedAndItRetriesNothingItself() {
        Properties properties = OrbImplementation.JACORB.boundingProperties(Duration.ofSeconds(7), Duration.ofSeconds(2));
        assertThat(properties)
                .containsEntry("jacorb.connection.client.pending_reply_timeout", "7000")
                .containsEntry("jacorb.connection.client.connect_timeout", "2000")
                .containsEntry("jacorb.retries", "0");
    }

    @Test
    void eclipseOrbWaitsAreBoundedAndNoConnectWaitExceedsAQuarterOfTheBudget() {
        Properties properties =
                OrbImplementation.ECLIPSE_ORB.boundingProperties(Duration.ofSeconds(7), Duration.ofSeconds(2));
        assertThat(properties)
                .containsEntry("com.sun.corba.ee.transport.ORBWaitForResponseTimeout", "7000")
                .containsEntry("com.sun.corba.ee.transport.ORBTCPConnectTimeouts", "50:2000:100:500")
                .containsEntry("com.sun.corba.ee.transport.ORBTCPTimeouts", "100:7000:20");
    }

    @Test
    void openJdkOrbWaitsAreBoundedByTheAdaptersSocketFactoryAtTheCallTimeout() {
        Properties properties =
                OrbImplementation.OPENJDK_ORB.boundingProperties(Duration.ofSeconds(7), Duration.ofSeconds(2));
        assertThat(properties)
                .containsEntry(TransportTimeouts.CONNECT_TIMEOUT_MILLIS, "2000")
                .containsEntry(TransportTimeouts.REPLY_TIMEOUT_MILLIS, "7000")
                .containsEntry("com.sun.CORBA.transport.ORBSocketFactoryClass",
                        "org.corbabridge.adapter.internal.openjdk.OpenJdkSocketFactory");
    }

    @Test
    void everyKnownOrbCapsIncomingMessagesAtTheDefaultUnlessToldOtherwise() {
        for (OrbImplementation implementation : OrbImplementation.values()) {
            assertThat(implementation.boundingProperties(Duration.ofSeconds(7), Duration.ofSeconds(2)))
                    .containsEntry(MessageLimits.MAX_INCOMING_MESSAGE_BYTES,
                            Long.toString(OrbConfig.DEFAULT_MAX_INCOMING_MESSAGE_BYTES));
            assertThat(implementation.messageLimitProperties(5000))
                    .containsEntry(MessageLimits.MAX_INCOMING_MESSAGE_BYTES, "5000");
        }
        assertThat(OrbConfig.ofDefaults().maxIncomingMessageBytes()).isEqualTo(64L << 20);
        assertThatThrownBy(() -> OrbConfig.builder().maxIncomingMessageBytes(1023))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least 1024");
    }

    @Test
    void aRunningOrbTellsTheReplyTimeoutItWasCreatedWithWhereItCan() {
        Duration callTimeout = Duration.ofMillis(2345);
        ORB bounded = Orbs.create(OrbConfig.of(TestOrbs.current()), callTimeout, TestOrbs.CONNECT_TIMEOUT);
        ORB unbounded = ORB.init(new String[0], classProperties());
        try {
            if (TestOrbs.current() == OrbImplementation.JACORB) {
                // a borrowed JacORB ORB bounded like this needs no time-out policy per reference
                assertThat(OrbImplementation.JACORB.replyTimeoutOf(bounded)).contains(callTimeout);
            } else {
                // the other ORBs do not say; their own properties bound them, no policy is ever set
                assertThat(TestOrbs.current().replyTimeoutOf(bounded)).isEmpty();
            }
            assertThat(TestOrbs.current().replyTimeoutOf(unbounded)).isEmpty();
        } finally {
            Orbs.destroy(bounded);
            Orbs.destroy(unbounded);
        }
    }

    private static Properties classProperties() {
        Properties properties = new Properties();
        properties.setProperty("org.omg.CORBA.ORBClass", TestOrbs.current().orbClass());
        properties.setProperty("org.omg.CORBA.ORBSingletonClass", TestOrbs.current().orbSingletonClass());
        return properties;
    }

    @Test
    void aConfigurationThatNamesNoOrbGetsTheOneOnTheClassPath() {
        // each test JVM has one ORB's jars only, as an application that depends on one ORB
        assertThat(OrbImplementation.onClassPath()).isEqualTo(TestOrbs.current());
        assertThat(OrbConfig.ofDefaults().implementation()).isEqualTo(TestOrbs.current());
        assertThat(AdapterConfig.ofDefaults().orb().orbClass()).isEqualTo(TestOrbs.current().orbClass());
    }
}
