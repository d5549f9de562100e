package org.corbabridge.adapter;

/**
 * The direction of an IDL parameter. In a typed proxy, {@code out} and {@code inout}
 * parameters are the generated holders; in a {@link DynamicClient} call they are positional
 * values ({@code out}: pass {@code null}) and come back in the {@link DynamicReply}.
 */
public enum ParameterMode {
    /** Sent to the server. */
    IN,
    /** Returned by the server. */
    OUT,
    /** Sent, and returned changed. */
    INOUT
}
