package org.corbabridge.adapter.internal.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.corbabridge.adapter.internal.transport.GiopBytes.REQUEST;
import static org.corbabridge.adapter.internal.transport.GiopBytes.message;
import static org.corbabridge.adapter.internal.transport.GiopBytes.request;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.corbabridge.adapter.TestOrbs;
import org.corbabridge.adapter.internal.time.CurrentAttempt;
import org.corbabridge.adapter.internal.time.Deadline;
import org.corbabridge.adapter.internal.time.FakeTicker;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.omg.CORBA.CompletionStatus;
import org.omg.CORBA.TIMEOUT;

/**
 * A write blocked on a peer that stopped reading (a real loopback connection whose far end never
 * reads) is ended at its attempt's deadline, on the attempt's own clock; a write outside a call is
 * left alone.
 */
@Tag(TestOrbs.ORB_FREE)
class SocketDeadlinesTest {

    /** More than the client's send buffer (4 MiB at most here) and a 4 KiB receive window hold. */
    private static final int LARGE = 16 << 20;

    private final FakeTicker clock = new FakeTicker();
    private ServerSocket listener;
    private Socket client;
    private Socket neverRead;

    @BeforeEach
    void connectToAPeerThatNeverReads() throws Exception {
        listener = new ServerSocket();
        listener.setReceiveBufferSize(4 << 10);
        listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        client = new Socket(InetAddress.getLoopbackAddress(), listener.getLocalPort());
        neverRead = listener.accept();
    }

    @AfterEach
    void close() throws Exception {
        client.close();
        neverRead.close();
        listener.close();
    }

    /** The client's output as the adapter's transport makes it: scanned, and watched. */
    private RequestScanner watchedOutput() throws Exception {
        return new RequestScanner(client.getOutputStream(), "peer:1", null, client, false,
                SocketDeadlines.watch(client, "peer:1"));
    }

    private static byte[] largeRequest() {
        return message(2, ByteOrder.BIG_ENDIAN, 0, REQUEST, request(1, 3, LARGE));
    }

    @Test
    void aWriteStillBlockedAtItsDeadlineIsEndedAsNotRun() throws Exception {
        RequestScanner out = watchedOutput();
        byte[] large = largeRequest();
        CompletableFuture<Throwable> writer = CompletableFuture.supplyAsync(() -> {
            CurrentAttempt outer = CurrentAttempt.begin(Deadline.after(Duration.ofSeconds(2), clock), true);
            try {
                out.write(large, 0, large.length);
                return null;
            } catch (Throwable e) {
                return e;
            } finally {
                CurrentAttempt.restore(outer);
            }
        });
        // blocked, and left alone while its deadline has not passed
        Thread.sleep(4 * SocketDeadlines.TICK_MILLIS);
        assertThat(writer).isNotDone();
        assertThat(client.isClosed()).isFalse();

        clock.advance(Duration.ofSeconds(3));
        Throwable ended = writer.get(10, TimeUnit.SECONDS);
        assertThat(ended).isInstanceOf(TIMEOUT.class);
        assertThat(((TIMEOUT) ended).minor).isEqualTo(CurrentAttempt.WRITE_STALLED);
        assertThat(((TIMEOUT) ended).completed).isEqualTo(CompletionStatus.COMPLETED_NO);
        assertThat(client.isClosed()).as("the connection, half written, closed").isTrue();
    }

    @Test
    void aWriteOutsideACallIsNotEnded() throws Exception {
        RequestScanner out = watchedOutput();
        byte[] large = largeRequest();
        CompletableFuture<Throwable> writer = CompletableFuture.supplyAsync(() -> {
            try {
                out.write(large, 0, large.length);
                return null;
            } catch (Throwable e) {
                return e;
            }
        });
        clock.advance(Duration.ofHours(1));
        Thread.sleep(8 * SocketDeadlines.TICK_MILLIS);
        assertThat(writer).isNotDone();
        assertThat(client.isClosed()).isFalse();
        // its owner's close ends it, as before
        client.close();
        assertThat(writer.get(10, TimeUnit.SECONDS)).isNotNull();
    }
}
