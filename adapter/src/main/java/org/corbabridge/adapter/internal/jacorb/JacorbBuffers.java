package org.corbabridge.adapter.internal.jacorb;

import org.jacorb.config.Configuration;
import org.jacorb.orb.AbstractBufferManager;
import org.jacorb.orb.BufferManagerFactory;
import org.jacorb.orb.IBufferManager;

/**
 * JacORB's buffers as the adapter has them ({@code jacorb.buffermanager.factory}): each received
 * message in a buffer of its own size, so that JacORB's reader, which checks its reads against the
 * buffer's end and not the message's, fails at the message's end. JacORB's default manager pools
 * buffers for every ORB of the JVM and hands a message one rounded up to a power of two, holding what
 * an earlier message left there: a reply shorter than its values (a server built from an older IDL)
 * was read on from those bytes, as values, without an error. JacORB's own non-caching manager sizes
 * buffers exactly too, but also grows an output stream by the bytes each write needs, copying it
 * again on every write: DII's arguments and results, which JacORB builds in such streams, took 8 to
 * 15 times as long at 100-300 KB in the study. An output stream here grows to twice what it needs.
 * Loaded by JacORB, by name; the adapter's code never calls it.
 */
public final class JacorbBuffers implements BufferManagerFactory {

    private static final IBufferManager EXACT = new AbstractBufferManager() {
        @Override
        public byte[] getBuffer(int size) {
            return new byte[size];
        }

        @Override
        public byte[] getExpandedBuffer(int size) {
            return new byte[(int) Math.min(Integer.MAX_VALUE - 8, 2L * size)];
        }
    };

    @Override
    public IBufferManager newSingletonBufferManager(Configuration configuration) {
        return EXACT;
    }

    @Override
    public IBufferManager newBufferManager(IBufferManager parent, Configuration configuration) {
        return EXACT;
    }
}
