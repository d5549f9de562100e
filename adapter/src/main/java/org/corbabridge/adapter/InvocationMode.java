package org.corbabridge.adapter;

import java.util.Locale;

/** The two ways of calling an operation the study compares. */
public enum InvocationMode {
    /** Static Invocation Interface: the IDL compiler's generated stub. */
    STATIC,
    /** Dynamic Invocation Interface: a {@code org.omg.CORBA.Request} built at run time, no stub. */
    DYNAMIC;

    /** {@code static} or {@code dynamic}: the names configuration files use. */
    public String configName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
