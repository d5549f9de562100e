package org.corbabridge.adapter.internal.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.SocketException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

/**
 * A listening socket the adapter stops before its ORB's shutdown refuses connections at once, but
 * holds the acceptor thread blocked in {@code accept} until the ORB closes it: JacORB's acceptor
 * loops on a closed socket's {@code accept}, logging every exception with its stack, for as long as
 * its shutdown waits for the calls it runs.
 */
class StoppedListeningSocketTest {

    private static ServerSocket listening() throws IOException {
        return MessageLimits.listening(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0,
                MessageLimits.DEFAULT_CAP, new Object(), accepted -> { });
    }

    @Test
    void aStoppedSocketRefusesConnectionsAndHoldsItsAcceptorUntilItsOwnerClosesIt() throws Exception {
        ServerSocket socket = listening();
        CompletableFuture<Throwable> acceptor = CompletableFuture.supplyAsync(() -> {
            try {
                // as JacORB's acceptor loops: accept again after each exception
                for (int tries = 0; tries < 1000; tries++) {
                    try {
                        socket.accept().close();
                    } catch (IOException e) {
                        if (socket.isClosed() && tries > 0) {
                            return e;
                        }
                    }
                }
                return new AssertionError("accept returned at once 1000 times");
            } catch (RuntimeException e) {
                return e;
            }
        });
        Thread.sleep(100);

        MessageLimits.stopAccepting(socket);

        // (not asserted by connecting: another test's socket may take the freed port at once)
        assertThat(socket.isClosed()).as("nothing listens any more").isTrue();
        assertThatThrownBy(() -> acceptor.get(500, TimeUnit.MILLISECONDS))
                .as("the acceptor waits, rather than loop on a closed socket").isInstanceOf(TimeoutException.class);

        socket.close();

        assertThat(acceptor.get(5, TimeUnit.SECONDS)).as("the owner's close ends the wait")
                .isInstanceOf(SocketException.class);
    }

    @Test
    void aSocketClosedWithoutBeingStoppedEndsItsAcceptAtOnce() throws Exception {
        ServerSocket socket = listening();
        CompletableFuture<Throwable> acceptor = CompletableFuture.supplyAsync(() -> {
            try {
                socket.accept().close();
                return null;
            } catch (IOException e) {
                return e;
            }
        });
        Thread.sleep(100);

        socket.close();

        assertThat(acceptor.get(5, TimeUnit.SECONDS)).isInstanceOf(SocketException.class);
    }
}
