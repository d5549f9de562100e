package org.corbabridge.adapter;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a {@link DynamicClient} call returned: the result, and the values of its {@code out}
 * and {@code inout} parameters by name, in parameter order. Values are as described on
 * {@link DynamicClient}.
 *
 * <pre>{@code
 * DynamicReply reply = warehouse.invoke("store", pallet, null, counters);
 * Object slot = reply.output("slot");
 * }</pre>
 */
public final class DynamicReply {

    private static final DynamicReply EMPTY = new DynamicReply(null, Map.of());

    private final Object result;
    private final Map<String, Object> outputs;

    public DynamicReply(Object result, Map<String, Object> outputs) {
        this.result = result;
        this.outputs = Collections.unmodifiableMap(new LinkedHashMap<>(outputs));
    }

    /** The reply of an operation that returns nothing and has no out parameters. */
    public static DynamicReply empty() {
        return EMPTY;
    }

    /** The result; null for {@code void}. */
    public Object result() {
        return result;
    }

    /** The out and inout parameters' values, by parameter name, in order. */
    public Map<String, Object> outputs() {
        return outputs;
    }

    /**
     * @throws IllegalArgumentException the operation has no out or inout parameter of that name
     */
    public Object output(String parameter) {
        if (!outputs.containsKey(parameter)) {
            throw new IllegalArgumentException("no out or inout parameter '" + parameter + "'; the reply has "
                    + outputs.keySet());
        }
        return outputs.get(parameter);
    }

    @Override
    public String toString() {
        return "DynamicReply[result=" + result + ", outputs=" + outputs + "]";
    }
}
