package org.corbabridge.adapter.internal.codec;

import java.io.IOException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.WeakHashMap;
import org.corbabridge.adapter.internal.cdr.TypeCodeReader;
import org.corbabridge.adapter.internal.idl.TypeCodes;
import org.corbabridge.adapter.internal.orb.OrbPlatform;
import org.omg.CORBA.ORB;
import org.omg.CORBA.TCKind;
import org.omg.CORBA.TypeCode;
import org.omg.CORBA.TypeCodePackage.BadKind;
import org.omg.CORBA.TypeCodePackage.Bounds;
import org.omg.CORBA.portable.InputStream;
import org.omg.CORBA.portable.OutputStream;

/**
 * Whether an ORB writes a TypeCode as CDR says, checked before an {@code any} holding a value
 * of it is sent: the ORB marshals the TypeCode into a scratch stream, and an independent reader
 * of CDR's TypeCode encoding (alignment within each encapsulation, indirections, union labels of
 * the discriminator's type) must read back the TypeCode that was given. All three ORBs fail it
 * for some unions whose default branch follows a member of an enum type: the padding before the
 * default label is left out (JacORB when the enum is written once; the Eclipse and OpenJDK ORBs
 * also when it repeats under several labels). A peer then reads every byte after it out of
 * place: omniORB answers MARSHAL, a more lenient peer reads the value wrong.
 *
 * <p>The reader is {@link TypeCodeReader}; this class writes the TypeCode as given in the same
 * canonical text ({@link #describe(TypeCode)}). The result is kept per TypeCode object and ORB
 * class, so a type is checked once.
 */
final class TypeCodeWireCheck {

    private static final Map<TypeCode, Map<Class<?>, Optional<String>>> CHECKED =
            Collections.synchronizedMap(new WeakHashMap<>());

    private TypeCodeWireCheck() {
    }

    /** What is wrong with how {@code orb} writes {@code type}, or empty when it writes it as CDR says. */
    static Optional<String> problem(ORB orb, TypeCode type) {
        Map<Class<?>, Optional<String>> byOrb = CHECKED.computeIfAbsent(type, key -> new HashMap<>());
        synchronized (byOrb) {
            return byOrb.computeIfAbsent(orb.getClass(), key -> check(orb, type));
        }
    }

    private static Optional<String> check(ORB orb, TypeCode type) {
        byte[] written;
        try {
            OutputStream out = (OutputStream) orb.create_output_stream();
            out.write_TypeCode(type);
            written = written(out);
        } catch (RuntimeException e) {
            return Optional.of("the ORB cannot write it (" + e + ")");
        }
        String expected = describe(type);
        String read;
        try {
            read = TypeCodeReader.canonical(written);
        } catch (RuntimeException e) {
            return Optional.of("what the ORB writes cannot be read by CDR's rules (" + e.getMessage() + ")");
        }
        return read.equals(expected) ? Optional.empty()
                : Optional.of("what the ORB writes reads back as " + abbreviate(read) + ", not " + abbreviate(expected));
    }

    private static String abbreviate(String text) {
        return text.length() > 300 ? text.substring(0, 300) + "..." : text;
    }

    /**
     * What a scratch stream holds: its own {@code toByteArray()} where it has one (the Eclipse and
     * OpenJDK ORBs' streams; reading past their end logs a stack trace), else read back.
     */
    private static byte[] written(OutputStream out) {
        try {
            Method toByteArray = out.getClass().getMethod("toByteArray");
            if (toByteArray.getReturnType() == byte[].class && toByteArray.trySetAccessible()) {
                return (byte[]) toByteArray.invoke(out);
            }
        } catch (ReflectiveOperationException | RuntimeException none) {
            // read it back instead
        }
        return octets(out.create_input_stream());
    }

    /** Every octet of a stream: as many as it says are left where it says, else one at a time until it ends. */
    private static byte[] octets(InputStream in) {
        try {
            int available = in.available();
            if (available > 0) {
                byte[] all = new byte[available];
                in.read_octet_array(all, 0, available);
                return all;
            }
        } catch (IOException | RuntimeException unknown) {
            // fall back to reading one at a time
        }
        return octetByOctet(in);
    }

    private static byte[] octetByOctet(InputStream in) {
        byte[] buffer = new byte[256];
        int length = 0;
        while (true) {
            byte next;
            try {
                next = in.read_octet();
            } catch (RuntimeException end) {
                return Arrays.copyOf(buffer, length);
            }
            if (length == buffer.length) {
                buffer = Arrays.copyOf(buffer, buffer.length * 2);
            }
            buffer[length++] = next;
            if (length > 16 << 20) {
                throw new IllegalStateException("a TypeCode of more than 16 MiB");
            }
        }
    }

    // ---- the TypeCode as given, in one canonical text -------------------------------------

    static String describe(TypeCode type) {
        try {
            return describe(type, new HashSet<>());
        } catch (BadKind | Bounds e) {
            return "?" + e;
        }
    }

    private static String describe(TypeCode type, Set<String> path) throws BadKind, Bounds {
        int kind = type.kind().value();
        switch (kind) {
            case TCKind._tk_string, TCKind._tk_wstring:
                return kind + "<" + type.length() + ">";
            case TCKind._tk_fixed:
                return kind + "<" + type.fixed_digits() + "," + type.fixed_scale() + ">";
            case TCKind._tk_sequence, TCKind._tk_array:
                return kind + "<" + type.length() + "," + describe(type.content_type(), path) + ">";
            case TCKind._tk_objref, TCKind._tk_abstract_interface, TCKind._tk_native:
                return kind + "(" + type.id() + ")";
            case TCKind._tk_alias:
                return kind + "(" + type.id() + "," + describe(type.content_type(), path) + ")";
            case TCKind._tk_enum: {
                List<String> labels = new ArrayList<>();
                for (int i = 0; i < type.member_count(); i++) {
                    labels.add(type.member_name(i));
                }
                return kind + "(" + type.id() + "," + labels + ")";
            }
            case TCKind._tk_struct, TCKind._tk_except, TCKind._tk_union: {
                String id = type.id();
                if (!path.add(id)) {
                    return "ref(" + id + ")";
                }
                StringBuilder text = new StringBuilder().append(kind).append('(').append(id);
                TypeCode discriminator = kind == TCKind._tk_union ? type.discriminator_type() : null;
                if (discriminator != null) {
                    text.append(",switch ").append(describe(discriminator, path)).append(",default ")
                            .append(type.default_index());
                }
                for (int i = 0; i < type.member_count(); i++) {
                    text.append(',');
                    if (discriminator != null) {
                        text.append(i == type.default_index() ? "default" : label(type, i, discriminator)).append(':');
                    }
                    text.append(type.member_name(i)).append(' ').append(describe(type.member_type(i), path));
                }
                path.remove(id);
                return text.append(')').toString();
            }
            default:
                return Integer.toString(kind);
        }
    }

    /** A union member's label as a number (an enum's by its ordinal, a boolean as 0 or 1, a char by its code). */
    private static String label(TypeCode union, int member, TypeCode discriminator) throws BadKind, Bounds {
        Object value = Codecs.of(discriminator, null, OrbPlatform.OTHER).read(union.member_label(member).create_input_stream());
        if (value instanceof String enumLabel) {
            TypeCode plain = TypeCodes.unaliased(discriminator);
            for (int i = 0; i < plain.member_count(); i++) {
                if (plain.member_name(i).equals(enumLabel)) {
                    return Integer.toString(i);
                }
            }
        }
        if (value instanceof Boolean flag) {
            return flag ? "1" : "0";
        }
        if (value instanceof Character character) {
            return Integer.toString(character);
        }
        return Long.toString(((Number) value).longValue());
    }
}
