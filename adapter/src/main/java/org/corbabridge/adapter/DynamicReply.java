package org.corbabridge.adapter;

import java.util.Map;

/**
 * What a {@link DynamicClient} call returned: the result, and the values of its {@code out}
 * and {@code inout} parameters by name, in parameter order. Values are as described on
 * {@link DynamicClient}. Immutable.
 *
 * <pre>{@code
 * DynamicReply reply = warehouse.invoke("store", pallet, null, counters);
 * Object slot = reply.output("slot");
 * }</pre>
 */
public interface DynamicReply {

    /** The result; null for {@code void}. */
    Object result();

    /** The out and inout parameters' values, by parameter name, in order. */
    Map<String, Object> outputs();

    /**
     * @throws IllegalArgumentException the operation has no out or inout parameter of that name
     */
    default Object output(String parameter) {
        Map<String, Object> outputs = outputs();
        if (!outputs.containsKey(parameter)) {
            throw new IllegalArgumentException("no out or inout parameter '" + parameter + "'; the reply has "
                    + outputs.keySet());
        }
        return outputs.get(parameter);
    }
}
