package org.corbabridge.cli;

import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.corbabridge.adapter.DynamicClient;
import org.corbabridge.adapter.internal.idl.TypeCodes;
import org.omg.CORBA.Any;
import org.omg.CORBA.TCKind;
import org.omg.CORBA.TypeCode;
import org.omg.CORBA.TypeCodePackage.BadKind;
import org.omg.CORBA.TypeCodePackage.Bounds;

/**
 * JSON to the dynamic client's generic values and back, each step directed by the IDL type:
 * a struct or exception is an object of its members, a union {@code {"discriminator": ..,
 * "member": ..}}, an enum its label, a sequence or an array a JSON array, an {@code any}
 * {@code {"type": "scoped::Name", "value": ..}}, unsigned numbers as their unsigned values. A
 * value that does not fit its type is refused with its path and the IDL type it needed.
 */
final class JsonValues {

    /**
     * Reads a JSON number with a fraction as the decimal it is written as, and writes one back
     * without an exponent: a {@code fixed<31, 2>} keeps all of its digits both ways (a double
     * keeps 17).
     */
    static final ObjectMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN)
            .nodeFactory(JsonNodeFactory.withExactBigDecimals(true))
            .build();
    private static final JsonNodeFactory NODES = JsonNodeFactory.withExactBigDecimals(true);
    private static final BigInteger TWO_TO_64 = BigInteger.ONE.shiftLeft(64);

    /** Makes an {@code any} of a type name and a generic value. */
    private final BiFunction<String, JsonNode, Any> anyMaker;

    JsonValues(BiFunction<String, JsonNode, Any> anyMaker) {
        this.anyMaker = anyMaker;
    }

    /** The value of {@code json} as a value of {@code type}; {@code path} names it in messages ("argument 'goods'"). */
    Object toValue(JsonNode json, TypeCode type, String path) {
        try {
            return convert(json, type, path);
        } catch (BadKind | Bounds e) {
            throw new IllegalArgumentException(path + ": an inconsistent TypeCode (" + e + ")", e);
        }
    }

    private Object convert(JsonNode json, TypeCode type, String path) throws BadKind, Bounds {
        int kind = type.kind().value();
        if (kind == TCKind._tk_alias) {
            return convert(json, type.content_type(), path);
        }
        if (json == null || json.isNull()) {
            throw wrong(path, type, json);
        }
        switch (kind) {
            case TCKind._tk_short:
                return (short) integer(json, type, path, Short.MIN_VALUE, Short.MAX_VALUE).longValue();
            case TCKind._tk_long:
                return (int) integer(json, type, path, Integer.MIN_VALUE, Integer.MAX_VALUE).longValue();
            case TCKind._tk_longlong:
                return integer(json, type, path, Long.MIN_VALUE, Long.MAX_VALUE).longValue();
            case TCKind._tk_ushort:
                return (short) integer(json, type, path, 0, 0xFFFF).longValue();
            case TCKind._tk_ulong:
                return (int) integer(json, type, path, 0, 0xFFFFFFFFL).longValue();
            case TCKind._tk_ulonglong: {
                BigInteger value = bigInteger(json, type, path);
                if (value.signum() < 0 || value.compareTo(TWO_TO_64) >= 0) {
                    throw wrong(path, type, json);
                }
                return value.longValue();
            }
            case TCKind._tk_octet:
                return (byte) integer(json, type, path, 0, 0xFF).longValue();
            case TCKind._tk_float:
                return (float) real(json, type, path);
            case TCKind._tk_double:
                return real(json, type, path);
            case TCKind._tk_boolean:
                if (!json.isBoolean()) {
                    throw wrong(path, type, json);
                }
                return json.booleanValue();
            case TCKind._tk_char:
            case TCKind._tk_wchar: {
                String text = json.isTextual() ? json.textValue() : "";
                if (text.length() != 1 || (kind == TCKind._tk_char && text.charAt(0) > 0xFF)) {
                    throw wrong(path, type, json);
                }
                return text.charAt(0);
            }
            case TCKind._tk_string:
            case TCKind._tk_wstring: {
                if (!json.isTextual()) {
                    throw wrong(path, type, json);
                }
                String text = json.textValue();
                if (type.length() > 0 && text.length() > type.length()) {
                    throw new IllegalArgumentException(path + ": " + IdlText.name(type) + " holds at most "
                            + type.length() + " characters, not " + text.length());
                }
                return text;
            }
            case TCKind._tk_enum: {
                List<String> labels = new ArrayList<>();
                for (int i = 0; i < type.member_count(); i++) {
                    labels.add(type.member_name(i));
                }
                if (!json.isTextual() || !labels.contains(json.textValue())) {
                    throw new IllegalArgumentException(path + ": enum " + IdlText.name(type) + " is one of " + labels
                            + ", not " + json);
                }
                return json.textValue();
            }
            case TCKind._tk_struct:
            case TCKind._tk_except:
                return struct(json, type, path);
            case TCKind._tk_union:
                return union(json, type, path);
            case TCKind._tk_sequence:
            case TCKind._tk_array:
                return elements(json, type, path, kind == TCKind._tk_array);
            case TCKind._tk_fixed: {
                // a number, or a string for a reader that would make a double of the number
                BigDecimal decimal;
                try {
                    decimal = json.isNumber() ? json.decimalValue()
                            : json.isTextual() ? new BigDecimal(json.textValue().trim()) : null;
                } catch (NumberFormatException notANumber) {
                    decimal = null;
                }
                if (decimal == null) {
                    throw wrong(path, type, json);
                }
                return decimal;
            }
            case TCKind._tk_any: {
                if (!json.isObject() || !json.has("type") || !json.get("type").isTextual() || !json.has("value")) {
                    throw new IllegalArgumentException(path + ": an any is {\"type\": \"an IDL type name\", \"value\": ...}, "
                            + "not " + json);
                }
                return anyMaker.apply(json.get("type").textValue(), json.get("value"));
            }
            default:
                throw new IllegalArgumentException(path + ": the command-line client cannot give a value of "
                        + IdlText.name(type) + " (object references, TypeCodes and value types): call it "
                        + "from Java");
        }
    }

    private Map<String, Object> struct(JsonNode json, TypeCode type, String path) throws BadKind, Bounds {
        if (!json.isObject()) {
            throw new IllegalArgumentException(path + ": " + IdlText.name(type) + " is a JSON object of its members "
                    + IdlText.members(type) + ", not " + json);
        }
        Map<String, Object> value = new LinkedHashMap<>();
        for (int i = 0; i < type.member_count(); i++) {
            String member = type.member_name(i);
            if (!json.has(member)) {
                throw new IllegalArgumentException(path + ": " + IdlText.name(type) + " needs member '" + member
                        + "' (" + IdlText.name(type.member_type(i)) + ")");
            }
            value.put(member, convert(json.get(member), type.member_type(i), path + "." + member));
        }
        for (Iterator<String> names = json.fieldNames(); names.hasNext();) {
            String name = names.next();
            if (!value.containsKey(name)) {
                throw new IllegalArgumentException(path + ": " + IdlText.name(type) + " has no member '" + name
                        + "'; its members are " + IdlText.members(type));
            }
        }
        return value;
    }

    private Map<String, Object> union(JsonNode json, TypeCode type, String path) throws BadKind, Bounds {
        if (!json.isObject() || !json.has("discriminator")) {
            throw new IllegalArgumentException(path + ": union " + IdlText.name(type) + " is {\"discriminator\": ..., "
                    + "\"member\": ...} with a member of " + IdlText.members(type) + ", not " + json);
        }
        Object discriminator = convert(json.get("discriminator"), type.discriminator_type(), path + ".discriminator");
        Map<String, Object> value = new LinkedHashMap<>();
        value.put("discriminator", discriminator);
        for (int i = 0; i < type.member_count(); i++) {
            String member = type.member_name(i);
            if (json.has(member)) {
                value.put(member, convert(json.get(member), type.member_type(i), path + "." + member));
                return value;
            }
        }
        return value;
    }

    private Object elements(JsonNode json, TypeCode type, String path, boolean array) throws BadKind, Bounds {
        if (!json.isArray()) {
            throw new IllegalArgumentException(path + ": " + IdlText.name(type) + " is a JSON array, not " + json);
        }
        if (array && json.size() != type.length()) {
            throw new IllegalArgumentException(path + ": " + IdlText.name(type) + " has exactly " + type.length()
                    + " elements, not " + json.size());
        }
        if (!array && type.length() > 0 && json.size() > type.length()) {
            throw new IllegalArgumentException(path + ": " + IdlText.name(type) + " holds at most " + type.length()
                    + " elements, not " + json.size());
        }
        TypeCode element = type.content_type();
        Class<?> primitive = primitiveClass(TypeCodes.unaliased(element).kind().value());
        if (primitive != null) {
            Object values = Array.newInstance(primitive, json.size());
            for (int i = 0; i < json.size(); i++) {
                Array.set(values, i, convert(json.get(i), element, path + "[" + i + "]"));
            }
            return values;
        }
        List<Object> values = new ArrayList<>();
        for (int i = 0; i < json.size(); i++) {
            values.add(convert(json.get(i), element, path + "[" + i + "]"));
        }
        return values;
    }

    /** The Java primitive an IDL primitive's sequences travel as (the adapter's bulk codecs take these arrays). */
    private static Class<?> primitiveClass(int kind) {
        return switch (kind) {
            case TCKind._tk_short, TCKind._tk_ushort -> short.class;
            case TCKind._tk_long, TCKind._tk_ulong -> int.class;
            case TCKind._tk_longlong, TCKind._tk_ulonglong -> long.class;
            case TCKind._tk_float -> float.class;
            case TCKind._tk_double -> double.class;
            case TCKind._tk_boolean -> boolean.class;
            case TCKind._tk_char, TCKind._tk_wchar -> char.class;
            case TCKind._tk_octet -> byte.class;
            default -> null;
        };
    }

    private static BigInteger integer(JsonNode json, TypeCode type, String path, long min, long max) {
        BigInteger value = bigInteger(json, type, path);
        if (value.compareTo(BigInteger.valueOf(min)) < 0 || value.compareTo(BigInteger.valueOf(max)) > 0) {
            throw new IllegalArgumentException(path + ": " + IdlText.name(type) + " is from " + min + " to " + max
                    + ", not " + json);
        }
        return value;
    }

    private static BigInteger bigInteger(JsonNode json, TypeCode type, String path) {
        if (!json.isIntegralNumber()) {
            throw wrong(path, type, json);
        }
        return json.bigIntegerValue();
    }

    private static double real(JsonNode json, TypeCode type, String path) {
        if (!json.isNumber()) {
            throw wrong(path, type, json);
        }
        return json.doubleValue();
    }

    private static IllegalArgumentException wrong(String path, TypeCode type, JsonNode json) {
        return new IllegalArgumentException(path + ": expected " + IdlText.name(type) + ", not "
                + (json == null ? "nothing" : json.toString()));
    }


    /**
     * A generic value as JSON, directed by its type (unsigned numbers unsigned, an octet from 0
     * to 255); an {@code any} with its type; a handed-out object as its client's target.
     */
    static JsonNode toJson(Object value, TypeCode type, Function<Any, Object> anyReader) {
        try {
            return json(value, type, anyReader);
        } catch (BadKind | Bounds e) {
            return NODES.textNode(String.valueOf(value));
        }
    }

    private static JsonNode json(Object value, TypeCode type, Function<Any, Object> anyReader) throws BadKind, Bounds {
        if (value == null) {
            return NODES.nullNode();
        }
        TypeCode plain = TypeCodes.unaliased(type);
        int kind = plain.kind().value();
        switch (kind) {
            case TCKind._tk_ushort:
                return NODES.numberNode(((Number) value).intValue() & 0xFFFF);
            case TCKind._tk_ulong:
                return NODES.numberNode(((Number) value).longValue() & 0xFFFFFFFFL);
            case TCKind._tk_ulonglong: {
                long raw = ((Number) value).longValue();
                return raw >= 0 ? NODES.numberNode(raw) : NODES.numberNode(BigInteger.valueOf(raw).add(TWO_TO_64));
            }
            case TCKind._tk_octet:
                return NODES.numberNode(((Number) value).intValue() & 0xFF);
            case TCKind._tk_any: {
                Any any = (Any) value;
                ObjectNode node = NODES.objectNode();
                node.put("type", IdlText.name(any.type()));
                node.set("value", json(anyReader.apply(any), any.type(), anyReader));
                return node;
            }
            case TCKind._tk_struct:
            case TCKind._tk_except: {
                ObjectNode node = NODES.objectNode();
                Map<?, ?> members = (Map<?, ?>) value;
                for (int i = 0; i < plain.member_count(); i++) {
                    node.set(plain.member_name(i), json(members.get(plain.member_name(i)), plain.member_type(i), anyReader));
                }
                return node;
            }
            case TCKind._tk_union: {
                ObjectNode node = NODES.objectNode();
                Map<?, ?> members = (Map<?, ?>) value;
                node.set("discriminator", json(members.get("discriminator"), plain.discriminator_type(), anyReader));
                for (int i = 0; i < plain.member_count(); i++) {
                    if (members.containsKey(plain.member_name(i))) {
                        node.set(plain.member_name(i), json(members.get(plain.member_name(i)), plain.member_type(i),
                                anyReader));
                        break;
                    }
                }
                return node;
            }
            case TCKind._tk_sequence:
            case TCKind._tk_array: {
                ArrayNode node = NODES.arrayNode();
                if (value.getClass().isArray()) {
                    for (int i = 0; i < Array.getLength(value); i++) {
                        node.add(json(Array.get(value, i), plain.content_type(), anyReader));
                    }
                } else {
                    for (Object item : (List<?>) value) {
                        node.add(json(item, plain.content_type(), anyReader));
                    }
                }
                return node;
            }
            case TCKind._tk_fixed:
                return NODES.numberNode((BigDecimal) value);
            case TCKind._tk_objref:
                return NODES.textNode(value instanceof DynamicClient client ? client.target() : String.valueOf(value));
            default:
                return JSON.valueToTree(value instanceof Character character ? character.toString() : value);
        }
    }
}
