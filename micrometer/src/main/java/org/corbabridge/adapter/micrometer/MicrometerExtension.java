package org.corbabridge.adapter.micrometer;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.corbabridge.adapter.CallObserver;
import org.corbabridge.adapter.spi.AdapterExtension;
import org.omg.CORBA.ORB;

/**
 * Metrics for every client, once this module is on the class path: {@link CallMetrics#global()}
 * as a default observer, and the ORBs the adapter creates and destroys counted as it tells.
 */
public final class MicrometerExtension implements AdapterExtension {

    /** ORBs created and not yet destroyed: the metrics' open ORBs. */
    private static final Set<ORB> OPEN = ConcurrentHashMap.newKeySet();
    private static final LongAdder CREATED = new LongAdder();

    @Override
    public List<CallObserver> defaultObservers() {
        return List.of(CallMetrics.global());
    }

    @Override
    public void orbCreated(ORB orb) {
        CREATED.increment();
        OPEN.add(orb);
    }

    @Override
    public void orbDestroyed(ORB orb) {
        OPEN.remove(orb);
    }

    /** ORBs the adapter created in this class loader. */
    static long created() {
        return CREATED.sum();
    }

    /** ORBs the adapter created and has not destroyed. */
    static int open() {
        return OPEN.size();
    }
}
