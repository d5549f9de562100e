package org.corbabridge.adapter;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.corbabridge.adapter.spi.AdapterExtension;
import org.omg.CORBA.ORB;

/**
 * The ORBs the adapter has created and not destroyed, as an extension hears of them: what the
 * tests check that no ORB is left behind with (registered for the tests only, in
 * {@code src/test/resources/META-INF/services}).
 */
public final class OrbCounter implements AdapterExtension {

    private static final Set<ORB> OPEN = ConcurrentHashMap.newKeySet();

    @Override
    public void orbCreated(ORB orb) {
        OPEN.add(orb);
    }

    @Override
    public void orbDestroyed(ORB orb) {
        OPEN.remove(orb);
    }

    /** ORBs created and not yet destroyed. */
    public static int open() {
        return OPEN.size();
    }
}
