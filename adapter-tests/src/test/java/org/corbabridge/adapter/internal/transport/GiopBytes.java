package org.corbabridge.adapter.internal.transport;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/** GIOP messages as bytes, for the tests of the connection wrappers. */
final class GiopBytes {

    static final byte REQUEST = 0;
    static final byte REPLY = 1;
    static final byte LOCATE_REQUEST = 3;
    static final byte FRAGMENT = 7;

    private GiopBytes() {
    }

    static byte[] message(int minor, ByteOrder order, int moreFlags, byte type, byte[] body) {
        int flags = (order == ByteOrder.LITTLE_ENDIAN ? 1 : 0) | moreFlags;
        return ByteBuffer.allocate(12 + body.length).order(order)
                .put(new byte[] {'G', 'I', 'O', 'P', 1, (byte) minor, (byte) flags, type}).putInt(body.length).put(body)
                .array();
    }

    /** A body of {@code length} bytes that starts with the request id, big-endian. */
    static byte[] withRequestId(int requestId, int length) {
        return ByteBuffer.allocate(length).putInt(requestId).array();
    }

    /** A GIOP 1.2 request body: the id, big-endian, then the response flags (0: a oneway). */
    static byte[] request(int requestId, int responseFlags, int length) {
        return ByteBuffer.allocate(length).putInt(requestId).put((byte) responseFlags).array();
    }

    static byte[] body(int length, int fill) {
        byte[] body = new byte[length];
        Arrays.fill(body, (byte) fill);
        return body;
    }

    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }
}
