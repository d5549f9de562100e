package org.corbabridge.adapter.internal.codec;

import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import org.corbabridge.adapter.internal.idl.TypeCodes;
import org.corbabridge.adapter.internal.orb.OrbPlatform;
import org.omg.CORBA.Any;
import org.omg.CORBA.ORB;
import org.omg.CORBA.TCKind;
import org.omg.CORBA.TypeCode;
import org.omg.CORBA.TypeCodePackage.BadKind;
import org.omg.CORBA.TypeCodePackage.Bounds;

/**
 * Refuses, before anything is sent, an {@code any} the ORB would send wrong: every any among an
 * operation's arguments, at any depth, has its TypeCode checked against what the ORB writes
 * for it ({@link TypeCodeWireCheck}; once per TypeCode). All three ORBs write some union
 * TypeCodes with the default branch's label out of place when the member before it has an enum's
 * TypeCode, which ends off a 4-byte boundary (JacORB when the enum is written once, the Eclipse
 * and OpenJDK ORBs also when it repeats under several labels). In a TypeCode that travels inside
 * an any, every byte after it is then out of place: omniORB answers MARSHAL, a more lenient peer
 * would read the value wrong. And an any holding a {@code fixed} where the ORB cannot carry one
 * ({@link #fixedInAnAny}).
 */
public final class AnyGuard {

    private AnyGuard() {
    }

    /** Whether a value of this type can hold an any. */
    public static boolean carriesAny(TypeCode type) {
        return find(type, new HashSet<>(), candidate -> candidate.kind().value() == TCKind._tk_any) != null;
    }

    /** The first {@code fixed} a value of this type can hold, or null. */
    public static TypeCode fixedWithin(TypeCode type) {
        return find(type, new HashSet<>(), candidate -> candidate.kind().value() == TCKind._tk_fixed);
    }

    /**
     * @throws IllegalArgumentException the value holds, at any depth, an any whose TypeCode
     *         {@code orb} would not write as CDR says ({@link TypeCodeWireCheck})
     */
    public static void requireSendable(Object value, ORB orb, OrbPlatform platform) {
        walk(value, orb, platform, 0);
    }

    private static void walk(Object value, ORB orb, OrbPlatform platform, int depth) {
        if (value == null || depth > Codecs.MAX_NESTING) {
            return;
        }
        if (value instanceof Any any) {
            Optional<String> fixed = fixedInAnAny(any.type(), platform);
            if (fixed.isPresent()) {
                throw new IllegalArgumentException("an any holding " + describe(any.type()) + " cannot be sent "
                        + "correctly by " + platform.nameIn(orb) + ": " + fixed.get() + ". Nothing was sent. Send the value "
                        + "as an argument of its own IDL type, which the adapter marshals itself");
            }
            Optional<String> problem = TypeCodeWireCheck.problem(orb, any.type());
            if (problem.isPresent()) {
                String union = misplacedDefaultLabel(any.type(), new HashSet<>());
                throw new IllegalArgumentException("an any holding " + describe(any.type()) + " cannot be sent "
                        + "correctly by " + platform.nameIn(orb) + ": " + problem.get()
                        + (union != null ? "; the label of union " + union + "'s default branch is likely what is "
                                + "written out of place, so the peer would read the rest wrong" : "")
                        + ". Nothing was sent" + (union != null ? ". Give the union no default branch, or call it on "
                                + "another ORB" : ""));
            }
            if (carriesAny(any.type())) {
                walk(Codecs.of(any.type(), null, platform).read(any.create_input_stream()), orb, platform, depth + 1);
            }
        } else {
            for (Object member : Nesting.members(value)) {
                walk(member, orb, platform, depth + 1);
            }
        }
    }

    /**
     * Why an ORB of {@code platform} cannot carry an any of {@code type} as CDR has it, where the
     * type holds a {@code fixed} ({@link OrbPlatform#fixedInAnAny}: JacORB writes any fixed with the
     * value's own digits rather than the type's; the Eclipse and OpenJDK ORBs copy a fixed inside a
     * constructed type of an any as 4 octets).
     */
    static Optional<String> fixedInAnAny(TypeCode type, OrbPlatform platform) {
        TypeCode fixed = fixedWithin(type);
        if (fixed == null) {
            return Optional.empty();
        }
        return platform.fixedInAnAny(TypeCodes.unaliased(type).kind().value() == TCKind._tk_fixed, describe(fixed));
    }

    /**
     * "an any of T cannot be {@code done} ORB: why", where {@code orb} cannot carry an any of
     * {@code type} ({@link #fixedInAnAny}); empty where it can.
     *
     * @param done what cannot be done, and the word before the ORB's name: "made correctly on"
     */
    public static Optional<String> fixedRefusal(TypeCode type, ORB orb, OrbPlatform platform, String done) {
        return fixedInAnAny(type, platform).map(problem -> "an any of " + describe(type) + " cannot be " + done + " "
                + platform.nameIn(orb) + ": " + problem);
    }

    /** The id of a union within the type with a default member and a discriminator wider than an octet, or null. */
    private static String misplacedDefaultLabel(TypeCode type, Set<String> seen) {
        TypeCode union = find(type, seen, candidate -> {
            if (candidate.kind().value() != TCKind._tk_union) {
                return false;
            }
            int discriminator = TypeCodes.unaliased(candidate.discriminator_type()).kind().value();
            boolean oneOctet = discriminator == TCKind._tk_char || discriminator == TCKind._tk_boolean
                    || discriminator == TCKind._tk_octet;
            return candidate.default_index() >= 0 && !oneOctet;
        });
        try {
            return union == null ? null : union.id();
        } catch (BadKind e) {
            return "(no id)";
        }
    }

    /** A test of one TypeCode that may ask it anything. */
    interface Match {
        boolean test(TypeCode type) throws BadKind, Bounds;
    }

    /** The first type within {@code type} (itself included) that matches, each named type looked at once. */
    static TypeCode find(TypeCode type, Set<String> seen, Match match) {
        try {
            if (match.test(type)) {
                return type;
            }
            int kind = type.kind().value();
            switch (kind) {
                case TCKind._tk_alias, TCKind._tk_sequence, TCKind._tk_array:
                    return find(type.content_type(), seen, match);
                case TCKind._tk_struct, TCKind._tk_except, TCKind._tk_union:
                    if (!seen.add(type.id())) {
                        return null;
                    }
                    for (int i = 0; i < type.member_count(); i++) {
                        TypeCode found = find(type.member_type(i), seen, match);
                        if (found != null) {
                            return found;
                        }
                    }
                    return null;
                default:
                    return null;
            }
        } catch (BadKind | Bounds e) {
            return null;
        }
    }

    private static String describe(TypeCode type) {
        return TypeCodes.describe(type);
    }
}
