package org.corbabridge.perf.worker;

import java.util.Arrays;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.OrbConfig;
import org.corbabridge.adapter.OrbImplementation;

/**
 * What the loops run by {@code perf/scripts} take: {@code NAMING ORB ROUNDS CALLS BYTES}.
 *
 * @param config the Catalog in the name service, on the ORB named
 * @param query the query whose reply carries that many bytes of data
 */
record LoopArguments(AdapterConfig config, int rounds, int calls, String query) {

    /** The arguments, or a usage line and exit code 2 when they are not five. */
    static LoopArguments parse(String[] args, Class<?> main) {
        if (args.length != 5) {
            System.err.println("usage: " + main.getSimpleName() + " NAMING(corbaname::host:port) ORB("
                    + Arrays.toString(OrbImplementation.values()) + ") ROUNDS CALLS BYTES");
            System.exit(2);
        }
        AdapterConfig config = AdapterConfig.builder().nameService(args[0] + "#Catalog")
                .orb(OrbConfig.builder().implementation(OrbImplementation.valueOf(args[1])).build()).build();
        return new LoopArguments(config, Integer.parseInt(args[2]), Integer.parseInt(args[3]),
                "bytes=" + Long.parseLong(args[4]));
    }
}
