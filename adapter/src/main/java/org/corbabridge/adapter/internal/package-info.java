/**
 * The implementation behind the API, wired here: {@code DefaultClientFactory}, registered as the
 * API's {@code ClientFactory}, makes typed and dynamic clients of the rooms below. Not an API:
 * users never import it or anything under it.
 *
 * <p>The rooms, each with one job, and the arrows between them (imports; no cycle, checked by
 * {@code InternalPackagesTest}):
 * <pre>
 * internal            wiring: the ClientFactory           -&gt; bind, call, orb, idl
 * internal.bind       binding an interface and invoking   -&gt; call, codec, orb, idl
 * internal.call       the call engine                     -&gt; codec, cdr, orb, transport, time
 * internal.codec      values by TypeCode                  -&gt; cdr, orb, idl
 * internal.cdr        references and CDR read by hand     -&gt; (nothing of the adapter)
 * internal.orb        creating, lending, destroying ORBs; the per-ORB object -&gt; transport, time, spi
 * internal.jacorb, .eclipse, .openjdk   each ORB's plug-ins and platform     -&gt; orb, transport, time
 * internal.transport  sockets, TLS, the message cap       -&gt; time
 * internal.time       the one deadline of a call          -&gt; nothing
 * internal.idl        IDL read at run time                -&gt; the API
 * internal.serving    the serving side (callbacks, served beans): its room, empty until it moves in
 * </pre>
 */
package org.corbabridge.adapter.internal;
