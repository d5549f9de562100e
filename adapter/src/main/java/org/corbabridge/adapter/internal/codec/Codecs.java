package org.corbabridge.adapter.internal.codec;

import java.lang.reflect.Array;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.corbabridge.adapter.internal.idl.TypeCodes;
import org.corbabridge.adapter.internal.orb.OrbPlatform;
import org.omg.CORBA.Any;
import org.omg.CORBA.TCKind;
import org.omg.CORBA.TypeCode;
import org.omg.CORBA.TypeCodePackage.BadKind;
import org.omg.CORBA.TypeCodePackage.Bounds;
import org.omg.CORBA.portable.InputStream;
import org.omg.CORBA.portable.OutputStream;

/**
 * Builds a {@link Codec} from a TypeCode and, where the IDL compiler's classes are known, the
 * Java type to produce: a generated struct, exception, union or enum class, an array of one, or
 * a primitive array. With no Java type (or {@code Object}) values are generic, as
 * {@link org.corbabridge.adapter.DynamicClient} describes them.
 *
 * <p>What CDR cannot carry without more than a TypeCode here (value types, abstract interfaces,
 * {@code long double}) is refused when the codec is built, not at a call.
 * The constructed kinds have their own files: {@link StructCodecs}, {@link EnumCodecs},
 * {@link UnionCodecs}; fixed-point values {@link FixedCodec}; sequences, arrays, strings, anys,
 * TypeCodes and references are here.
 */
public final class Codecs {

    /** How deep a recursive type's values may nest; far more than real trees, far less than a thread's stack. */
    static final int MAX_NESTING = 1000;

    /** The most elements one sequence may announce before a byte of them is read: a 2^31 length is hostile. */
    private static final int MAX_SEQUENCE_LENGTH = Integer.MAX_VALUE - 8;

    private Codecs() {
    }

    /**
     * What is being built on this thread: the codecs of the structs and unions, by repository id
     * and Java type (a recursive type, a struct holding a sequence of itself, meets itself again
     * while its members are built and gets the codec under construction, not a new one for ever),
     * and the platform of the ORB whose streams the codecs will read.
     */
    private record Building(Map<String, Deferred> codecs, OrbPlatform platform) {
    }

    private static final ThreadLocal<Building> BUILDING = new ThreadLocal<>();

    /**
     * The codec of {@code type} for the streams of ORBs of {@code platform} ({@link OrbPlatform#OTHER}
     * for values of no particular ORB's streams, TypeCodes' labels). The codecs a codec builds for
     * its members share its platform.
     */
    public static Codec of(TypeCode type, Class<?> javaType, OrbPlatform platform) {
        boolean outermost = BUILDING.get() == null;
        if (outermost) {
            BUILDING.set(new Building(new HashMap<>(), platform));
        }
        try {
            return build(type, javaType == null || javaType == Object.class ? null : javaType);
        } catch (BadKind | Bounds e) {
            throw new IllegalArgumentException("inconsistent TypeCode " + TypeCodes.describe(type) + ": " + e, e);
        } finally {
            if (outermost) {
                BUILDING.remove();
            }
        }
    }

    static Codec build(TypeCode type, Class<?> javaType) throws BadKind, Bounds {
        int kind = type.kind().value();
        Primitive primitive = Primitive.of(kind);
        if (primitive != null) {
            return primitive.codec();
        }
        if (kind == TCKind._tk_struct || kind == TCKind._tk_except || kind == TCKind._tk_union) {
            String key = type.id() + "|" + (javaType == null ? "" : javaType.getName());
            Map<String, Deferred> building = BUILDING.get().codecs();
            Deferred known = building.get(key);
            if (known != null) {
                return known;
            }
            Deferred deferred = new Deferred();
            building.put(key, deferred);
            deferred.target = constructed(type, kind, javaType);
            return deferred.target;
        }
        switch (kind) {
            case TCKind._tk_alias:
                return build(type.content_type(), javaType);
            case TCKind._tk_string: {
                int bound = type.length();
                OrbPlatform platform = BUILDING.get().platform();
                return new Codec() {
                    @Override
                    public void write(OutputStream out, Object value) {
                        out.write_string(withinBound(Values.text(value), bound, "string"));
                    }

                    @Override
                    public Object read(InputStream in) {
                        return readWithinBound(StringReads.read(in, platform), bound, "string");
                    }
                };
            }
            case TCKind._tk_wstring: {
                int bound = type.length();
                return new Codec() {
                    @Override
                    public void write(OutputStream out, Object value) {
                        out.write_wstring(withinBound(Values.text(value), bound, "wstring"));
                    }

                    @Override
                    public Object read(InputStream in) {
                        return readWithinBound(in.read_wstring(), bound, "wstring");
                    }
                };
            }
            case TCKind._tk_any: {
                OrbPlatform platform = BUILDING.get().platform();
                return new Codec() {
                    @Override
                    public void write(OutputStream out, Object value) {
                        out.write_any((Any) Objects.requireNonNull(value, "an any cannot be null"));
                    }

                    /**
                     * What the ORB's read_any does, but on the Eclipse and OpenJDK ORBs an any
                     * holding a fixed they cannot carry ({@link AnyGuard#fixedInAnAny}) is a
                     * MARSHAL: they would read the values after it wrong, so the type is looked at
                     * first. JacORB reads every fixed right (its read_fixed reads up to the sign,
                     * whatever the digits); its any then holds it with the value's own digits,
                     * which its generated helpers read back and {@code fromAny} refuses.
                     */
                    @Override
                    public Object read(InputStream in) {
                        if (platform.readsFixedInAnysRight()) {
                            return in.read_any();
                        }
                        TypeCode type = in.read_TypeCode();
                        AnyGuard.fixedRefusal(type, in.orb(), platform, "read correctly by").ifPresent(refusal -> {
                            throw Unreadable.marshal(refusal);
                        });
                        Any any = in.orb().create_any();
                        any.read_value(in, type);
                        return any;
                    }
                };
            }
            case TCKind._tk_TypeCode:
                return new Codec() {
                    @Override
                    public void write(OutputStream out, Object value) {
                        out.write_TypeCode((TypeCode) value);
                    }

                    @Override
                    public Object read(InputStream in) {
                        return in.read_TypeCode();
                    }
                };
            case TCKind._tk_objref:
                return objectReference(javaType);
            case TCKind._tk_enum:
                return javaType != null ? new EnumCodecs.TypedEnum(type, javaType) : new EnumCodecs.GenericEnum(type);
            case TCKind._tk_sequence:
                return withinBound(elements(type, javaType, -1), type.length());
            case TCKind._tk_array:
                return elements(type, javaType, type.length());
            case TCKind._tk_fixed:
                return new FixedCodec(type.fixed_digits(), type.fixed_scale());
            default:
                throw new IllegalArgumentException("dynamic invocation cannot marshal " + TypeCodes.describe(type)
                        + " (TCKind " + kind + "): value types, abstract interfaces and long double "
                        + "need generated code; call this operation with InvocationMode.STATIC");
        }
    }

    private static Codec constructed(TypeCode type, int kind, Class<?> javaType) throws BadKind, Bounds {
        if (kind == TCKind._tk_union) {
            return javaType != null ? new UnionCodecs.TypedUnion(type, javaType) : new UnionCodecs.GenericUnion(type);
        }
        return javaType != null ? new StructCodecs.TypedStruct(type, javaType) : new StructCodecs.GenericStruct(type);
    }

    /**
     * A recursive type's codec, met inside itself: filled in once its outer codec is built. Its
     * nesting is bounded both ways, so that a value nested without end (a hostile reply, or a
     * cycle in the caller's objects) is a MARSHAL or an IllegalArgumentException, not a
     * StackOverflowError.
     */
    private static final class Deferred implements Codec {
        private static final ThreadLocal<int[]> DEPTH = ThreadLocal.withInitial(() -> new int[1]);
        private Codec target;

        @Override
        public void write(OutputStream out, Object value) {
            int[] depth = enter();
            try {
                if (depth[0] > MAX_NESTING) {
                    throw new IllegalArgumentException("a value of a recursive type nests deeper than " + MAX_NESTING
                            + " levels: a cycle among its objects?");
                }
                target.write(out, value);
            } finally {
                depth[0]--;
            }
        }

        @Override
        public Object read(InputStream in) {
            int[] depth = enter();
            try {
                if (depth[0] > MAX_NESTING) {
                    throw Unreadable.marshal("a value of a recursive type nests deeper than " + MAX_NESTING
                            + " levels");
                }
                return target.read(in);
            } finally {
                depth[0]--;
            }
        }

        private static int[] enter() {
            int[] depth = DEPTH.get();
            depth[0]++;
            return depth;
        }
    }

    /** A sequence ({@code fixedLength} < 0) or an array. */
    private static Codec elements(TypeCode type, Class<?> javaType, int fixedLength) throws BadKind, Bounds {
        TypeCode element = type.content_type();
        Class<?> elementJava = javaType != null && javaType.isArray() ? javaType.getComponentType() : null;
        Primitive primitive = Primitive.of(TypeCodes.unaliased(element).kind().value());
        if (primitive != null && (elementJava == null || elementJava == primitive.javaType())) {
            return primitive.arrayCodec(fixedLength);
        }
        Codec elementCodec = build(element, elementJava);
        return new Codec() {
            @Override
            public void write(OutputStream out, Object value) {
                List<?> items = Values.asList(value);
                if (fixedLength < 0) {
                    out.write_ulong(items.size());
                } else if (items.size() != fixedLength) {
                    throw new IllegalArgumentException("an IDL array of " + fixedLength + " elements cannot hold "
                            + items.size());
                }
                for (Object item : items) {
                    elementCodec.write(out, item);
                }
            }

            @Override
            public Object read(InputStream in) {
                int length = fixedLength < 0 ? readLength(in) : fixedLength;
                if (elementJava != null) {
                    // a reference type: primitive elements took the bulk path above. The array
                    // grows as elements arrive: the length is only what the peer announces
                    Object[] values = (Object[]) Array.newInstance(elementJava, Primitive.firstCapacity(length));
                    for (int i = 0; i < length; i++) {
                        if (i == values.length) {
                            values = Arrays.copyOf(values, Primitive.grownCapacity(values.length, length));
                        }
                        values[i] = elementCodec.read(in);
                    }
                    return values;
                }
                List<Object> values = new ArrayList<>(Math.min(length, 1 << 16));
                for (int i = 0; i < length; i++) {
                    values.add(elementCodec.read(in));
                }
                return values;
            }
        };
    }

    private static Codec objectReference(Class<?> javaType) {
        Method helperRead = javaType != null && javaType != org.omg.CORBA.Object.class
                ? GeneratedCode.helperMethod(javaType, "read", InputStream.class) : null;
        return new Codec() {
            @Override
            public void write(OutputStream out, Object value) {
                out.write_Object((org.omg.CORBA.Object) value);
            }

            @Override
            public Object read(InputStream in) {
                return helperRead != null ? GeneratedCode.invoke(helperRead, null, in) : in.read_Object();
            }
        };
    }

    /** A sequence's length, refused when it announces more elements than a Java array can hold. */
    static int readLength(InputStream in) {
        int length = in.read_ulong();
        if (length < 0 || length > MAX_SEQUENCE_LENGTH) {
            throw Unreadable.marshal("a sequence announces " + Integer.toUnsignedString(length)
                    + " elements, more than a Java array holds");
        }
        return length;
    }


    /** The string, refused where it is longer than its IDL type's bound (0: none), as a generated helper refuses it. */
    private static String withinBound(String text, int bound, String kind) {
        if (bound > 0 && text.length() > bound) {
            throw new IllegalArgumentException("a " + kind + "<" + bound + "> cannot hold " + text.length()
                    + " characters");
        }
        return text;
    }

    /** A sequence's codec, refusing to write more elements than its IDL type's bound (0: none). */
    private static Codec withinBound(Codec sequence, int bound) {
        if (bound <= 0) {
            return sequence;
        }
        return new Codec() {
            @Override
            public void write(OutputStream out, Object value) {
                int length = value != null && value.getClass().isArray() ? Array.getLength(value) : Values.asList(value).size();
                if (length > bound) {
                    throw new IllegalArgumentException("a sequence<…, " + bound + "> cannot hold " + length
                            + " elements");
                }
                sequence.write(out, value);
            }

            @Override
            public Object read(InputStream in) {
                Object read = sequence.read(in);
                int length = read.getClass().isArray() ? Array.getLength(read) : ((List<?>) read).size();
                if (length > bound) {
                    throw Unreadable.marshal("a sequence<…, " + bound + "> of " + length
                            + " elements in the reply, more than its IDL type holds");
                }
                return read;
            }
        };
    }

    /** A string read from a reply, refused where it is longer than its IDL type's bound, as a generated helper refuses it. */
    private static String readWithinBound(String text, int bound, String kind) {
        if (bound > 0 && text != null && text.length() > bound) {
            throw Unreadable.marshal("a " + kind + "<" + bound + "> of " + text.length()
                    + " characters in the reply, more than its IDL type holds");
        }
        return text;
    }







}
