package org.corbabridge.adapter;

import java.util.Locale;

/**
 * How a call reaches the wire. Every mode works for any interface, with no per-interface code.
 *
 * <pre>{@code
 * AdapterConfig config = AdapterConfig.builder()
 *         .nameService("corbaname::127.0.0.1:2809#Catalog")
 *         .invocation(InvocationMode.DYNAMIC)
 *         .build();
 * }</pre>
 */
public enum InvocationMode {
    /** Static Invocation Interface: the stub the IDL compiler generated ({@code FooHelper.narrow}). */
    STATIC,
    /**
     * No stub: the arguments and the reply are marshalled straight on the ORB's portable
     * streams, driven by the operation's TypeCodes. The fast dynamic path.
     */
    DYNAMIC,
    /**
     * The ORB's own Dynamic Invocation Interface: an {@code org.omg.CORBA.Request} with its
     * arguments and result in {@code Any}s, as the classic study measured it. Slower than
     * {@link #DYNAMIC}; kept for comparison and for ORB features that need a Request.
     */
    DII;

    /** {@code static}, {@code dynamic} or {@code dii}: the names configuration files use. */
    public String configName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The mode for a configuration name, in any case. */
    public static InvocationMode fromConfig(String name) {
        if (name != null) {
            for (InvocationMode mode : values()) {
                if (mode.configName().equalsIgnoreCase(name.trim())) {
                    return mode;
                }
            }
        }
        throw new IllegalArgumentException("invocation must be static, dynamic or dii, not '" + name + "'");
    }
}
