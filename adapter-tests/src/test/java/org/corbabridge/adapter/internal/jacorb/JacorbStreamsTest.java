package org.corbabridge.adapter.internal.jacorb;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.Arrays;
import org.corbabridge.adapter.TestOrbs;
import org.jacorb.orb.giop.ReplyInputStream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.omg.CORBA.ORB;
import org.omg.CORBA.portable.InputStream;

/**
 * Where a reply was read to, against its message's end, in a buffer larger than the message (a
 * pooled one of a JacORB ORB the application lends): values read past it are caught, and a reply
 * without a body, whose stream JacORB moves past the padding after its header, is not taken for one.
 */
@Tag(TestOrbs.JACORB_ONLY)
class JacorbStreamsTest {

    /** A GIOP 1.2 reply, big-endian: one service context of {@code contextBytes}, then {@code body}, in a buffer of 1 023 bytes of 0x55. */
    private static byte[] reply(int contextBytes, byte[] body) {
        ByteBuffer message = ByteBuffer.allocate(1023);
        Arrays.fill(message.array(), (byte) 0x55);
        message.put("GIOP".getBytes()).put((byte) 1).put((byte) 2).put((byte) 0).put((byte) 1).putInt(0);
        message.putInt(7).putInt(0).putInt(1).putInt(0x4e4f4e45).putInt(contextBytes).put(new byte[contextBytes]);
        if (body.length > 0) {
            while (message.position() % 8 != 0) {
                message.put((byte) 0);
            }
            message.put(body);
        }
        message.putInt(8, message.position() - 12);
        return message.array();
    }

    @Test
    void valuesReadPastTheEndOfTheMessageAreCaught() {
        try (TestOrbs.OwnedOrb orb = TestOrbs.newOrb()) {
            InputStream in = Jacorb.reply(orb.orb(), reply(0, new byte[] {0, 0, 0, 42}));

            assertThat(in.read_long()).isEqualTo(42);
            assertThat(JacorbStreams.readPastItsMessage(in)).as("the body read to its end").isFalse();
            in.read_long(); // the 0x55 bytes of the buffer after the message: a value the server never sent
            assertThat(JacorbStreams.readPastItsMessage(in)).isTrue();
        }
    }

    @Test
    void aReplyWithoutABodyAfterAnUnalignedHeaderIsNotReadPastItsEnd() {
        try (TestOrbs.OwnedOrb orb = TestOrbs.newOrb()) {
            // the header ends 5 bytes after an 8-byte border: JacORB skips 3 bytes past the message's end
            InputStream in = Jacorb.reply(orb.orb(), reply(5, new byte[0]));

            assertThat(Jacorb.position(in)).isGreaterThan(Jacorb.messageEnd(in));
            assertThat(JacorbStreams.readPastItsMessage(in)).isFalse();
            in.read_octet();
            assertThat(JacorbStreams.readPastItsMessage(in)).as("one octet read where there is no body").isTrue();
        }
    }

    /**
     * JacORB's own types, in a class of their own: the other ORBs' test runs leave JacORB off the
     * class path and skip this class by its tag, but only after loading it, which verifying a method
     * that names a JacORB type would fail.
     */
    private static final class Jacorb {

        static InputStream reply(ORB orb, byte[] message) {
            return new ReplyInputStream(orb, message);
        }

        static int position(InputStream in) {
            return ((ReplyInputStream) in).get_pos();
        }

        static int messageEnd(InputStream in) {
            return ((ReplyInputStream) in).msg_size + 12;
        }
    }
}
