package org.corbabridge.adapter.internal.bind;

import org.corbabridge.adapter.internal.orb.OrbPlatform;

/**
 * An invoker that marshals through the operation's codecs (the stream invoker and DII), and so
 * reads what its ORB's platform says of replies: where its streams are read past their message,
 * and how its DII tells a normal reply.
 */
abstract class MarshallingInvoker implements Invoker {

    final OrbPlatform platform;

    MarshallingInvoker(OrbPlatform platform) {
        this.platform = platform;
    }
}
