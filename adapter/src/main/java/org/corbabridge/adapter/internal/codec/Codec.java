package org.corbabridge.adapter.internal.codec;

import org.omg.CORBA.portable.InputStream;
import org.omg.CORBA.portable.OutputStream;

/**
 * Writes and reads the values of one IDL type straight on the ORB's portable streams, as a
 * generated helper would, but built at run time from a TypeCode. Thread-safe and stateless:
 * built once per operation, used by every call.
 */
public interface Codec {

    void write(OutputStream out, Object value);

    Object read(InputStream in);
}
