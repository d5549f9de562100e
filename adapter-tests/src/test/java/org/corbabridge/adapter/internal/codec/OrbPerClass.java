package org.corbabridge.adapter.internal.codec;

import org.corbabridge.adapter.TestOrbs;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.omg.CORBA.ORB;

/**
 * An ORB of the test JVM's implementation for one test class's streams and TypeCodes, made at its
 * first use and destroyed after the class: {@code @RegisterExtension static final OrbPerClass ORB = new OrbPerClass();}
 */
public final class OrbPerClass implements AfterAllCallback {

    private TestOrbs.OwnedOrb owned;

    public synchronized ORB orb() {
        if (owned == null) {
            owned = TestOrbs.newOrb();
        }
        return owned.orb();
    }

    @Override
    public synchronized void afterAll(ExtensionContext context) {
        if (owned != null) {
            owned.close();
            owned = null;
        }
    }
}
