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
import org.corbabridge.adapter.internal.cdr.CdrReader;
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
 * <p>The result is kept per TypeCode object and ORB class, so a type is checked once.
 */
final class TypeCodeWireCheck {

    private static final int INDIRECTION = 0xffffffff;
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
            read = new Reader(written).typeCode();
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
        Object value = Codecs.of(discriminator, null).read(union.member_label(member).create_input_stream());
        if (value instanceof String enumLabel) {
            TypeCode plain = Codecs.unaliased(discriminator);
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

    // ---- CDR's encoding of a TypeCode, read independently ------------------------------------

    /** Reads a TypeCode's CDR encoding into the canonical text {@link #describe(TypeCode)} makes. */
    private static final class Reader {
        private final CdrReader in;
        /** Where each TypeCode read started, with the alignment base and byte order there, for indirections. */
        private final Map<Integer, int[]> starts = new HashMap<>();
        private final Set<String> path = new HashSet<>();

        /** A scratch stream as the ORB wrote it: no byte-order octet, big-endian, alignment from its start. */
        Reader(byte[] data) {
            this.in = new CdrReader(data, 0, 0, false);
        }

        String typeCode() {
            in.align(4);
            int start = in.position;
            int kind = in.readLong();
            if (kind == INDIRECTION) {
                int offsetAt = in.position;
                int target = offsetAt + in.readLong();
                int[] context = starts.get(target);
                if (context == null) {
                    throw new IllegalArgumentException("an indirection to " + target + ", where no TypeCode starts");
                }
                String enclosing = idOfEnclosing(target);
                if (enclosing != null) {
                    return "ref(" + enclosing + ")";
                }
                int savedPosition = in.position;
                int savedBase = in.base;
                boolean savedLittle = in.little;
                in.position = target;
                in.base = context[0];
                in.little = context[1] != 0;
                String resolved = typeCode();
                in.position = savedPosition;
                in.base = savedBase;
                in.little = savedLittle;
                return resolved;
            }
            starts.put(start, new int[] {in.base, in.little ? 1 : 0});
            switch (kind) {
                case TCKind._tk_string, TCKind._tk_wstring:
                    return kind + "<" + in.readLong() + ">";
                case TCKind._tk_fixed: {
                    int digits = in.readUShort();
                    int scale = in.readShort();
                    return kind + "<" + digits + "," + scale + ">";
                }
                default:
                    break;
            }
            if (!complex(kind)) {
                return Integer.toString(kind);
            }
            int length = in.readLong();
            int end = in.position + length;
            if (length < 1 || end > in.data.length) {
                throw new IllegalArgumentException("an encapsulation of " + length + " bytes at " + in.position + " of "
                        + in.data.length);
            }
            int savedBase = in.base;
            boolean savedLittle = in.little;
            in.base = in.position;
            in.little = in.data[in.position++] != 0;
            String text = encapsulated(kind);
            if (in.position != end) {
                throw new IllegalArgumentException("TCKind " + kind + "'s encapsulation holds " + (end - in.base)
                        + " bytes, its fields " + (in.position - in.base));
            }
            in.base = savedBase;
            in.little = savedLittle;
            return text;
        }

        /** The id of the struct, union or exception starting at {@code target} if it encloses what is read now. */
        private String idOfEnclosing(int target) {
            CdrReader peek = new CdrReader(in.data, target, starts.get(target)[0], starts.get(target)[1] != 0);
            int kind = peek.readLong();
            if (kind != TCKind._tk_struct && kind != TCKind._tk_union && kind != TCKind._tk_except) {
                return null;
            }
            peek.readLong();
            peek.base = peek.position;
            peek.little = peek.data[peek.position++] != 0;
            String id = peek.readString(true);
            return path.contains(id) ? id : null;
        }

        private static boolean complex(int kind) {
            return kind == TCKind._tk_objref || kind == TCKind._tk_struct || kind == TCKind._tk_union
                    || kind == TCKind._tk_enum || kind == TCKind._tk_sequence || kind == TCKind._tk_array
                    || kind == TCKind._tk_alias || kind == TCKind._tk_except || kind == TCKind._tk_value
                    || kind == TCKind._tk_value_box || kind == TCKind._tk_native
                    || kind == TCKind._tk_abstract_interface;
        }

        private String encapsulated(int kind) {
            switch (kind) {
                case TCKind._tk_sequence, TCKind._tk_array: {
                    String content = typeCode();
                    return kind + "<" + in.readLong() + "," + content + ">";
                }
                case TCKind._tk_objref, TCKind._tk_abstract_interface, TCKind._tk_native: {
                    String id = in.readString(true);
                    in.readString(true);
                    return kind + "(" + id + ")";
                }
                case TCKind._tk_alias: {
                    String id = in.readString(true);
                    in.readString(true);
                    return kind + "(" + id + "," + typeCode() + ")";
                }
                case TCKind._tk_enum: {
                    String id = in.readString(true);
                    in.readString(true);
                    int count = readCount();
                    List<String> labels = new ArrayList<>();
                    for (int i = 0; i < count; i++) {
                        labels.add(in.readString(true));
                    }
                    return kind + "(" + id + "," + labels + ")";
                }
                case TCKind._tk_struct, TCKind._tk_except:
                    return members(kind, false);
                case TCKind._tk_union:
                    return members(kind, true);
                default:
                    throw new IllegalArgumentException("TCKind " + kind + " is not read here");
            }
        }

        private String members(int kind, boolean union) {
            String id = in.readString(true);
            in.readString(true);
            path.add(id);
            StringBuilder text = new StringBuilder().append(kind).append('(').append(id);
            int discriminatorKind = 0;
            int defaultIndex = -1;
            if (union) {
                int discriminatorStart = in.position;
                String discriminator = typeCode();
                discriminatorKind = baseKind(discriminator, discriminatorStart);
                defaultIndex = in.readLong();
                text.append(",switch ").append(discriminator).append(",default ").append(defaultIndex);
            }
            int count = readCount();
            for (int i = 0; i < count; i++) {
                text.append(',');
                if (union) {
                    // every label, the default's too, is a value of the discriminator's type
                    String label = readLabel(discriminatorKind);
                    text.append(i == defaultIndex ? "default" : label).append(':');
                }
                text.append(in.readString(true)).append(' ').append(typeCode());
            }
            path.remove(id);
            return text.append(')').toString();
        }

        /** The kind a discriminator's label is written as: an alias's content's, an enum's as a long. */
        private static int baseKind(String discriminator, int at) {
            String text = discriminator;
            while (text.startsWith(TCKind._tk_alias + "(")) {
                text = text.substring(text.indexOf(',') + 1);
            }
            int end = 0;
            while (end < text.length() && Character.isDigit(text.charAt(end))) {
                end++;
            }
            if (end == 0) {
                throw new IllegalArgumentException("a discriminator TypeCode at " + at + " that is no kind: " + discriminator);
            }
            return Integer.parseInt(text.substring(0, end));
        }

        private String readLabel(int kind) {
            switch (kind) {
                case TCKind._tk_short:
                    return Integer.toString(in.readShort());
                case TCKind._tk_ushort:
                    return Integer.toString((short) in.readUShort());
                case TCKind._tk_long, TCKind._tk_ulong, TCKind._tk_enum:
                    return Long.toString(in.readLong());
                case TCKind._tk_longlong, TCKind._tk_ulonglong:
                    return Long.toString(in.readLongLong());
                case TCKind._tk_boolean, TCKind._tk_octet:
                    return Integer.toString(in.readOctet());
                case TCKind._tk_char:
                    return Integer.toString(in.readOctet());
                case TCKind._tk_wchar:
                    return Integer.toString((char) in.readUShort());
                default:
                    throw new IllegalArgumentException("a discriminator of TCKind " + kind);
            }
        }

        private int readCount() {
            int count = in.readLong();
            if (count < 0 || count > in.data.length) {
                throw new IllegalArgumentException("a count of " + count + " at " + (in.position - 4));
            }
            return count;
        }
    }
}
