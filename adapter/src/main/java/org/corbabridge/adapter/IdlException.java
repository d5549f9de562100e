package org.corbabridge.adapter;

/**
 * IDL that cannot be read, or that uses what the library does not support: the message names
 * the file, the line and the construct, such as
 * {@code warehouse.idl:12: valuetype Box is not supported (used by operation pack of depot::Warehouse)}.
 */
public class IdlException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final String file;
    private final int line;

    public IdlException(String file, int line, String message) {
        super(file + ":" + line + ": " + message);
        this.file = file;
        this.line = line;
    }

    /** The file (or class-path resource) the construct stands in. */
    public String file() {
        return file;
    }

    /** Its line, from 1; 0 where the whole file is meant. */
    public int line() {
        return line;
    }
}
