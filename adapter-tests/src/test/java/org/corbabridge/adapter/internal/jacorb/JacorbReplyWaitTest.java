package org.corbabridge.adapter.internal.jacorb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Properties;
import org.corbabridge.adapter.Orbs;
import org.corbabridge.adapter.TestOrbs;
import org.corbabridge.adapter.internal.time.CurrentAttempt;
import org.corbabridge.adapter.internal.time.Deadline;
import org.corbabridge.adapter.internal.time.FakeTicker;
import org.jacorb.config.Configuration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.omg.CORBA.ORB;
import org.omg.CORBA.portable.ObjectImpl;

/** The reply wait a borrowed JacORB ORB's references get: the current call's time left, as JacORB reads it. */
@Tag(TestOrbs.JACORB_ONLY)
class JacorbReplyWaitTest {

    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(2);

    private ORB orb;

    @AfterEach
    void destroy() {
        if (orb != null) {
            Orbs.destroy(orb);
        }
    }

    @Test
    void outsideACallJacorbWaitsTheCallTimeout() {
        assertThat(wait(orbConfiguration(new Properties()))).isEqualTo(2000);
    }

    @Test
    void insideACallJacorbWaitsWhatItsDeadlineHasLeft() {
        Object configuration = orbConfiguration(new Properties());
        FakeTicker clock = new FakeTicker();
        Deadline deadline = Deadline.after(CALL_TIMEOUT, clock);
        CurrentAttempt outer = CurrentAttempt.begin(deadline, true);
        try {
            assertThat(wait(configuration)).isEqualTo(2000);
            clock.advance(Duration.ofMillis(1_880));
            assertThat(wait(configuration)).as("after a first attempt took 1.88 s").isEqualTo(120);
            clock.advance(Duration.ofSeconds(1));
            assertThat(wait(configuration)).as("past the deadline: 1 ms, since 0 would be for ever").isEqualTo(1);
        } finally {
            CurrentAttempt.restore(outer);
        }
    }

    @Test
    void anOwnReplyTimeoutOfTheOrbShorterThanTheCallsStaysTheBound() {
        Properties properties = new Properties();
        properties.setProperty(JacorbReplyWait.REPLY_TIMEOUT, "300");
        assertThat(wait(orbConfiguration(properties))).isEqualTo(300);
    }

    @Test
    void everyOtherSettingIsTheOrbsAndNoneCanBeChangedThroughIt() throws Exception {
        Properties properties = new Properties();
        properties.setProperty("jacorb.connection.client.retry_on_failure", "on");
        Object configuration = orbConfiguration(properties);
        assertThat(((Configuration) configuration).getAttributeAsBoolean("jacorb.connection.client.retry_on_failure", false)).isTrue();
        assertThat(((Configuration) configuration).getAttribute("corbabridge.test.never-set", "none")).isEqualTo("none");
        assertThatThrownBy(() -> ((Configuration) configuration).setAttribute(JacorbReplyWait.REPLY_TIMEOUT, "0"))
                .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void aBoundReferenceHasADelegateOfItsOwnAndTheOriginalKeepsTheOrbsConfiguration() throws Exception {
        orb = TestOrbs.plainOrb(new Properties());
        org.omg.CORBA.Object reference = orb.string_to_object("corbaloc::127.0.0.1:1/Anything");

        org.omg.CORBA.Object bound = JacorbReplyWait.bound(reference, CALL_TIMEOUT).orElseThrow();

        Object boundDelegate = ((ObjectImpl) bound)._get_delegate();
        assertThat(boundDelegate).isNotSameAs(((ObjectImpl) reference)._get_delegate());
        assertThat(configurationOf(boundDelegate)).isInstanceOf(JacorbReplyWait.Deadlined.class);
        assertThat(configurationOf(((ObjectImpl) reference)._get_delegate()))
                .isSameAs(((org.jacorb.orb.ORB) orb).getConfiguration());
        assertThat(bound._is_equivalent(reference)).isTrue();
    }

    private static Object configurationOf(Object delegate) throws ReflectiveOperationException {
        var field = org.jacorb.orb.Delegate.class.getDeclaredField("configuration");
        field.setAccessible(true);
        return field.get(delegate);
    }

    // no JacORB type in a signature or an exception handler here: the other ORBs' test runs link
    // this class (to find its tests) without JacORB

    /** What JacORB reads as its reply time-out from {@code configuration} (a JacORB configuration). */
    private static int wait(Object configuration) {
        try {
            return ((Configuration) configuration).getAttributeAsInteger(JacorbReplyWait.REPLY_TIMEOUT, 0);
        } catch (Exception configurationException) {
            // JacORB's ConfigurationException, not named: a handler's type is loaded when the class is linked
            throw new AssertionError(configurationException);
        }
    }

    /** A {@link JacorbReplyWait.Deadlined} over a new ORB's configuration. */
    private Object orbConfiguration(Properties properties) {
        orb = TestOrbs.plainOrb(properties);
        return new JacorbReplyWait.Deadlined(((org.jacorb.orb.ORB) orb).getConfiguration(), CALL_TIMEOUT);
    }
}
