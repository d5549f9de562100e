package org.corbabridge.perf.run;

import org.corbabridge.adapter.InvocationMode;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.perf.Caller;

/**
 * One line of the study's charts: a caller, its ORB (none for the floors), its invocation mode
 * (static for the floors).
 */
public record Series(Caller caller, OrbImplementation orb, InvocationMode mode) {

    public static Series nativeFloor() {
        return new Series(Caller.NATIVE, null, InvocationMode.STATIC);
    }

    public static Series rawFloor() {
        return new Series(Caller.RAW, null, InvocationMode.STATIC);
    }

    public String orbName() {
        if (orb == null) {
            return caller == Caller.NATIVE ? "omniORB" : "none";
        }
        return orb.displayName();
    }

    public String modeName() {
        if (caller == Caller.RAW) {
            return "-";
        }
        return switch (mode) {
            case STATIC -> "SII";
            case DII -> "DII";
            case DYNAMIC -> "DYN";
        };
    }

    /** "ASIO JacORB DII", "C++ omniORB SII", "raw TCP". */
    public String label() {
        return switch (caller) {
            case NATIVE -> "C++ omniORB SII";
            case RAW -> "raw TCP";
            default -> caller.name() + " " + orbName() + " " + modeName();
        };
    }
}
