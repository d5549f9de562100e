package org.corbabridge.adapter;

import java.util.Collections;
import java.util.LinkedHashMap;
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

    /**
     * A reply to give back from a {@link DynamicServant}: the result (null for {@code void}) and the
     * out and inout parameters' values by name.
     */
    static DynamicReply of(Object result, Map<String, Object> outputs) {
        Map<String, Object> copy = Collections.unmodifiableMap(new LinkedHashMap<>(outputs));
        return new DynamicReply() {
            @Override
            public Object result() {
                return result;
            }

            @Override
            public Map<String, Object> outputs() {
                return copy;
            }

            @Override
            public String toString() {
                return "DynamicReply[result=" + result + ", outputs=" + copy + "]";
            }
        };
    }

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
