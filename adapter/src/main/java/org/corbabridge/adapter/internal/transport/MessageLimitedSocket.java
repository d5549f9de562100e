package org.corbabridge.adapter.internal.transport;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.SocketException;
import java.net.SocketImpl;
import java.net.SocketOption;
import java.nio.channels.SocketChannel;
import java.util.Set;
import javax.net.ssl.SSLSocket;

/**
 * A connected socket whose input is read through a {@link GiopMessageLimit}, whose requests leave
 * through a {@link RequestScanner} (which stops an attempt's requests at the call's deadline)
 * and, for an ORB that does not bound its wait for a reply, are bounded by a {@link ReplyDeadline};
 * everything else is the wrapped socket's. It has no channel, on purpose: the Eclipse ORB and the
 * OpenJDK ORB then read it with blocking reads on a reader thread of their own, through
 * {@link #getInputStream()}, instead of reading the channel behind the stream's back. A write
 * still blocked at its call's deadline (a server that stopped reading) is ended by closing the
 * connection ({@link SocketDeadlines}).
 */
public final class MessageLimitedSocket extends Socket {

    private final Socket socket;
    private final InputStream input;
    private final OutputStream output;
    /** Set when a reply deadline owns the read time-out; the ORB's own setting is then not applied. */
    private final boolean readTimeoutOwned;
    /** The watch that ends a write blocked past its call's deadline ({@link SocketDeadlines}). */
    private final SocketDeadlines.Watched watched;
    /** Serves what the server sends over this connection (bidirectional GIOP); null: none. */
    private final BidirRelay relay;

    /** @param replyBoundMillis the longest a request may wait for its reply; 0: the ORB bounds it */
    MessageLimitedSocket(Socket socket, long cap, MessageLimits.Refusals refusals, long replyBoundMillis)
            throws IOException {
        this(socket, cap, refusals, replyBoundMillis, false, null, false);
    }

    /**
     * @param bidirectional the ORB's endpoint to relay the server's requests to
     *        ({@link BidirectionalGiop}); null: the ORB reads whatever comes
     */
    MessageLimitedSocket(Socket socket, long cap, MessageLimits.Refusals refusals, long replyBoundMillis,
            BidirectionalGiop.Endpoint bidirectional) throws IOException {
        this(socket, cap, refusals, replyBoundMillis, false, bidirectional, false);
    }

    /** @param jacorb whether JacORB writes through it (see {@link RequestScanner}: a refused first request closes it) */
    MessageLimitedSocket(Socket socket, long cap, MessageLimits.Refusals refusals, long replyBoundMillis,
            boolean jacorb) throws IOException {
        this(socket, cap, refusals, replyBoundMillis, jacorb, null, false);
    }

    /**
     * A connection a server opened to the ORB's listening socket ({@code accepted}): its incoming
     * requests are read through the cap; what the ORB writes on it, replies, leaves as it is
     * (nothing of a client's call to bound).
     */
    static MessageLimitedSocket accepted(Socket socket, long cap, MessageLimits.Refusals refusals) throws IOException {
        return new MessageLimitedSocket(socket, cap, refusals, 0, false, null, true);
    }

    private MessageLimitedSocket(Socket socket, long cap, MessageLimits.Refusals refusals, long replyBoundMillis,
            boolean jacorb, BidirectionalGiop.Endpoint bidirectional, boolean accepted) throws IOException {
        super((SocketImpl) null);
        this.socket = socket;
        String peer = socket.getInetAddress().getHostAddress() + ":" + socket.getPort();
        ReplyDeadline deadline = replyBoundMillis > 0 ? new ReplyDeadline(replyBoundMillis, peer) : null;
        this.watched = SocketDeadlines.watch(socket, peer);
        InputStream in = socket.getInputStream();
        if (deadline != null) {
            socket.setSoTimeout(deadline.sliceMillis());
            in = deadline.bounding(in);
        }
        // what the server answered each request of a call, seen by the input, asked after a failure
        ServerAnswers answers = new ServerAnswers();
        OutputStream out = socket.getOutputStream();
        if (bidirectional != null) {
            // the server's requests leave the input for the relay, whose replies go out between the
            // ORB's messages; below the cap, which then sees the ORB's own request ids
            FramedOutput framed = new FramedOutput(out);
            this.relay = bidirectional.relay(framed, cap, peer);
            in = new RelayedInput(in, relay, cap, peer);
            out = framed;
        } else {
            this.relay = null;
        }
        this.input = new GiopMessageLimit(in, cap, peer, refusals::note,
                deadline == null ? ReplyListener.NONE : deadline, answers);
        this.output = accepted ? out
                : new RequestScanner(out, peer, deadline, socket, jacorb, watched, answers);
        this.readTimeoutOwned = deadline != null;
    }

    /** Whether the connection is a TLS one. */
    public boolean isTls() {
        return socket instanceof SSLSocket;
    }

    @Override
    public InputStream getInputStream() {
        return input;
    }

    @Override
    public OutputStream getOutputStream() {
        return output;
    }

    @Override
    public SocketChannel getChannel() {
        return null;
    }

    @Override
    public void connect(SocketAddress endpoint, int timeout) throws IOException {
        throw new SocketException("already connected to " + socket.getRemoteSocketAddress());
    }

    @Override
    public void bind(SocketAddress bindpoint) throws IOException {
        throw new SocketException("already bound to " + socket.getLocalSocketAddress());
    }

    @Override
    public InetAddress getInetAddress() {
        return socket.getInetAddress();
    }

    @Override
    public InetAddress getLocalAddress() {
        return socket.getLocalAddress();
    }

    @Override
    public int getPort() {
        return socket.getPort();
    }

    @Override
    public int getLocalPort() {
        return socket.getLocalPort();
    }

    @Override
    public SocketAddress getRemoteSocketAddress() {
        return socket.getRemoteSocketAddress();
    }

    @Override
    public SocketAddress getLocalSocketAddress() {
        return socket.getLocalSocketAddress();
    }

    @Override
    public void setTcpNoDelay(boolean on) throws SocketException {
        socket.setTcpNoDelay(on);
    }

    @Override
    public boolean getTcpNoDelay() throws SocketException {
        return socket.getTcpNoDelay();
    }

    @Override
    public void setSoLinger(boolean on, int linger) throws SocketException {
        socket.setSoLinger(on, linger);
    }

    @Override
    public int getSoLinger() throws SocketException {
        return socket.getSoLinger();
    }

    @Override
    public void sendUrgentData(int data) throws IOException {
        socket.sendUrgentData(data);
    }

    @Override
    public void setOOBInline(boolean on) throws SocketException {
        socket.setOOBInline(on);
    }

    @Override
    public boolean getOOBInline() throws SocketException {
        return socket.getOOBInline();
    }

    @Override
    public void setSoTimeout(int timeout) throws SocketException {
        if (!readTimeoutOwned) {
            socket.setSoTimeout(timeout);
        }
    }

    @Override
    public int getSoTimeout() throws SocketException {
        return socket.getSoTimeout();
    }

    @Override
    public void setSendBufferSize(int size) throws SocketException {
        socket.setSendBufferSize(size);
    }

    @Override
    public int getSendBufferSize() throws SocketException {
        return socket.getSendBufferSize();
    }

    @Override
    public void setReceiveBufferSize(int size) throws SocketException {
        socket.setReceiveBufferSize(size);
    }

    @Override
    public int getReceiveBufferSize() throws SocketException {
        return socket.getReceiveBufferSize();
    }

    @Override
    public void setKeepAlive(boolean on) throws SocketException {
        socket.setKeepAlive(on);
    }

    @Override
    public boolean getKeepAlive() throws SocketException {
        return socket.getKeepAlive();
    }

    @Override
    public void setTrafficClass(int traffic) throws SocketException {
        socket.setTrafficClass(traffic);
    }

    @Override
    public int getTrafficClass() throws SocketException {
        return socket.getTrafficClass();
    }

    @Override
    public void setReuseAddress(boolean on) throws SocketException {
        socket.setReuseAddress(on);
    }

    @Override
    public boolean getReuseAddress() throws SocketException {
        return socket.getReuseAddress();
    }

    @Override
    public void close() throws IOException {
        watched.closed();
        if (relay != null) {
            relay.close();
        }
        socket.close();
    }

    @Override
    public void shutdownInput() throws IOException {
        socket.shutdownInput();
    }

    @Override
    public void shutdownOutput() throws IOException {
        socket.shutdownOutput();
    }

    @Override
    public boolean isConnected() {
        return socket.isConnected();
    }

    @Override
    public boolean isBound() {
        return socket.isBound();
    }

    @Override
    public boolean isClosed() {
        return socket.isClosed();
    }

    @Override
    public boolean isInputShutdown() {
        return socket.isInputShutdown();
    }

    @Override
    public boolean isOutputShutdown() {
        return socket.isOutputShutdown();
    }

    @Override
    public <T> Socket setOption(SocketOption<T> name, T value) throws IOException {
        socket.setOption(name, value);
        return this;
    }

    @Override
    public <T> T getOption(SocketOption<T> name) throws IOException {
        return socket.getOption(name);
    }

    @Override
    public Set<SocketOption<?>> supportedOptions() {
        return socket.supportedOptions();
    }

    @Override
    public String toString() {
        return "capped " + socket;
    }
}
