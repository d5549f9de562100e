package org.corbabridge.adapter.internal.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Properties;
import org.corbabridge.adapter.TestOrbs;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag(TestOrbs.ORB_FREE)
class TransportSettingsTest {

    @Test
    void plainConnectionsTurnNagleOffUnlessThePropertySaysOtherwise() throws IOException {
        Properties nagleOn = new Properties();
        nagleOn.setProperty(Sockets.TCP_NO_DELAY, "false");
        try (ServerSocket server = new ServerSocket(0, 4, InetAddress.getLoopbackAddress())) {
            InetSocketAddress address = new InetSocketAddress(InetAddress.getLoopbackAddress(), server.getLocalPort());
            try (Socket byDefault = TransportSettings.from(new Properties(), "an ORB").connect(this, address, false, 2000);
                    Socket withNagle = TransportSettings.from(nagleOn, "an ORB").connect(this, address, false, 2000)) {
                assertThat(byDefault.getTcpNoDelay()).isTrue();
                assertThat(withNagle.getTcpNoDelay()).isFalse();
            }
        }
    }

    @Test
    void aTcpNoDelayThatIsNotABooleanFailsTheOrbsStart() {
        Properties wrong = new Properties();
        wrong.setProperty(Sockets.TCP_NO_DELAY, "sometimes");
        assertThatThrownBy(() -> TransportSettings.from(wrong, "an ORB"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(Sockets.TCP_NO_DELAY).hasMessageContaining("sometimes");
    }
}
