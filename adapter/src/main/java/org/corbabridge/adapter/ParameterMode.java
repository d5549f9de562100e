package org.corbabridge.adapter;

/**
 * The direction of an IDL parameter. In a typed proxy, {@code out} and {@code inout}
 * parameters are the generated holders; in a {@link DynamicClient} call they are positional
 * values ({@code out}: pass {@code null}) and come back in the {@link DynamicReply}.
 *
 * <pre>{@code
 * // void store(in Pallet goods, out long slot, inout Counters totals)
 * InterfaceSignature signature = InterfaceSignature.of(WarehouseOperations.class).toBuilder()
 *         .parameterMode("store", 2, ParameterMode.INOUT)
 *         .build();
 * }</pre>
 */
public enum ParameterMode {
    /** Sent to the server. */
    IN,
    /** Returned by the server. */
    OUT,
    /** Sent, and returned changed. */
    INOUT
}
