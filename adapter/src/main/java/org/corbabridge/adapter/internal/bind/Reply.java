package org.corbabridge.adapter.internal.bind;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.corbabridge.adapter.DynamicReply;

/** A {@link DynamicReply}: the result and the out values in parameter order, unmodifiable. */
record Reply(Object result, Map<String, Object> outputs) implements DynamicReply {

    /** The reply of an operation that returns nothing and has no out parameters: one for all. */
    static final Reply EMPTY = new Reply(null, Map.of());

    Reply {
        outputs = Collections.unmodifiableMap(new LinkedHashMap<>(outputs));
    }

    static Reply of(Object result, Map<String, Object> outputs) {
        return result == null && outputs.isEmpty() ? EMPTY : new Reply(result, outputs);
    }

    @Override
    public String toString() {
        return "DynamicReply[result=" + result + ", outputs=" + outputs + "]";
    }
}
