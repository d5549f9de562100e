package org.corbabridge.adapter.internal.cdr;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.omg.CORBA.TCKind;

/**
 * Reads a TypeCode's CDR encoding (CORBA 3.3 part 2, 9.3.5: alignment within each encapsulation,
 * indirections, union labels of the discriminator's type) into a canonical text, independently
 * of any ORB: the codecs' {@code TypeCodeWireCheck} compares it with the same text made from the
 * TypeCode an ORB was given, which names each kind by its number, each named type by its id and
 * its members, and a type met again inside itself as {@code ref(id)}.
 */
public final class TypeCodeReader {

    private static final int INDIRECTION = 0xffffffff;


    private final CdrReader in;
    /** Where each TypeCode read started, with the alignment base and byte order there, for indirections. */
    private final Map<Integer, int[]> starts = new HashMap<>();
    private final Set<String> path = new HashSet<>();

    /** A scratch stream as the ORB wrote it: no byte-order octet, big-endian, alignment from its start. */
    private TypeCodeReader(byte[] data) {
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

    /** The canonical text of the TypeCode whose encoding {@code written} is, as a scratch stream holds it. */
    public static String canonical(byte[] written) {
        return new TypeCodeReader(written).typeCode();
    }
}
