package org.corbabridge.perf;

/** Who makes the call in a series of the study. */
public enum Caller {
    /** A standalone CORBA client: the adapter alone in a JVM. */
    CC("standalone client", true),
    /** The session bean in embedded OpenEJB, through the container's ORB. */
    ASIO("EJB, built-in ORB", true),
    /** The session bean in embedded OpenEJB, through an ORB the session starts itself. */
    ASRO("EJB, external ORB", true),
    /**
     * The generated stub called directly on the CC worker's ORB, with no adapter around it: what a
     * user's plain ORB client does. Runs in the CC worker JVM.
     */
    STUB("generated stub, no adapter", true),
    /**
     * The generated stub on an ORB of its own created with nothing but its two class names, in a
     * tight loop: a user's plain ORB client, with none of the adapter's settings (bounded waits,
     * capped messages). The bare ORB every other Java series is compared with. Runs in the CC
     * worker JVM.
     */
    PLAIN("plain ORB client", true),
    /**
     * {@link #PLAIN} once more after the rounds, in one uninterrupted loop of many calls per size: a
     * user's tight loop, the cross-check of the study's interleaved method. Runs in the CC worker JVM.
     */
    LOOP("plain ORB client, one uninterrupted loop", true),
    /** The core's typed proxy (static invocation) with nothing around it. Runs in the CC worker JVM. */
    PROXY("typed proxy of the core", true),
    /**
     * The core's typed proxy (static invocation) over IIOP/TLS, on a second ORB of the CC worker
     * set up for TLS, to the same server's TLS endpoint: what TLS costs over {@link #PROXY}.
     */
    TLS("typed proxy of the core over TLS", true),
    /**
     * The Catalog adapter (static invocation) on an ORB of its own, called directly in ASIO's JVM,
     * beside the bean and not through it: ASIO over it is what the bean path costs, it over
     * {@link #CC} what the container's JVM costs the same call. Runs in the ASIO worker JVM.
     */
    ASIO_NO_BEAN("the adapter beside the bean, in the EJB worker's JVM", true),
    /** The omniORB C++ client, static invocation: the native floor. */
    NATIVE("C++ omniORB client", false),
    /** A raw loopback TCP round trip of the same size, no ORB at all. */
    RAW("raw TCP round trip", false);

    private final String description;
    private final boolean java;

    Caller(String description, boolean java) {
        this.description = description;
        this.java = java;
    }

    public String description() {
        return description;
    }

    /**
     * Whether this caller is a baseline: it runs in another caller's worker JVM ({@link #host()}),
     * interleaved with it, on requests of mode {@code baseline:NAME}.
     */
    public boolean isBaseline() {
        return host() != null;
    }

    /** The caller whose worker JVM runs this baseline; null for a caller with a worker (or a floor) of its own. */
    public Caller host() {
        return switch (this) {
            case STUB, PLAIN, PROXY, TLS -> CC;
            case ASIO_NO_BEAN -> ASIO;
            default -> null;
        };
    }

    /** Whether a Java worker JVM (one per ORB) runs this caller. */
    public boolean isJava() {
        return java;
    }
}
