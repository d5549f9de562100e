package org.corbabridge.adapter.internal.call;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.corbabridge.adapter.Completion;
import org.corbabridge.adapter.CorbaAdapterException;
import org.corbabridge.adapter.NameNotBoundException;
import org.corbabridge.adapter.NameServiceUnavailableException;
import org.corbabridge.adapter.ServerUnavailableException;
import org.corbabridge.adapter.TlsHandshakeException;
import org.corbabridge.adapter.internal.cdr.TlsLocations;
import org.corbabridge.adapter.internal.orb.OrbLease;
import org.corbabridge.adapter.internal.time.CurrentAttempt;
import org.omg.CORBA.BAD_PARAM;
import org.omg.CORBA.ORBPackage.InvalidName;
import org.omg.CORBA.SystemException;
import org.omg.CosNaming.Binding;
import org.omg.CosNaming.BindingIteratorHolder;
import org.omg.CosNaming.BindingListHolder;
import org.omg.CosNaming.BindingType;
import org.omg.CosNaming.NameComponent;
import org.omg.CosNaming.NamingContext;
import org.omg.CosNaming.NamingContextExt;
import org.omg.CosNaming.NamingContextExtHelper;
import org.omg.CosNaming.NamingContextHelper;
import org.omg.CosNaming.NamingContextPackage.CannotProceed;
import org.omg.CosNaming.NamingContextPackage.NotFound;

/** Resolves a name in CosNaming, reporting each way it can fail as its own exception. */
final class NamingLookup {

    private NamingLookup() {
    }

    /**
     * @param nameServiceUrl corbaname:/corbaloc: URL of the root context, or null for the
     *     ORB's NameService initial reference
     */
    static org.omg.CORBA.Object resolve(OrbLease orb, String nameServiceUrl, String name) {
        String where = nameServiceUrl != null ? nameServiceUrl : "the NameService initial reference";
        NamingContextExt root = rootContext(orb, nameServiceUrl, where);
        try {
            return root.resolve_str(name);
        } catch (NotFound e) {
            String missing = toString(e.rest_of_name);
            String detail = missing.isEmpty() || missing.equals(name) ? "" : " ('" + missing + "' is missing)";
            throw new NameNotBoundException("nothing is bound as '" + name + "' in the name service at " + where
                    + detail, Completion.NOT_APPLICABLE, e);
        } catch (CannotProceed e) {
            throw new NameNotBoundException("the name service at " + where + " cannot proceed resolving '" + name
                    + "' (at '" + toString(e.rest_of_name) + "')", Completion.NOT_APPLICABLE, e);
        } catch (org.omg.CosNaming.NamingContextPackage.InvalidName e) {
            throw new NameNotBoundException("'" + name + "' is not a valid CosNaming name (resolving in " + where
                    + ")", Completion.NOT_APPLICABLE, e);
        } catch (SystemException e) {
            throw unavailable("resolving '" + name + "' in the name service at " + where, e);
        } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
            throw unreadable("resolving '" + name + "' in the name service at " + where, e);
        }
    }

    /** At most this many bindings of a context are read: a replica set, not a directory. */
    static final int MAX_BINDINGS = 256;

    /**
     * The names of the objects bound in a context ({@code context}, empty for the root), in the
     * order the name service lists them, as full string names ({@code Warehouses/East}); contexts
     * bound in it are left out.
     */
    static List<String> objectsIn(OrbLease orb, String nameServiceUrl, String context) {
        String where = nameServiceUrl != null ? nameServiceUrl : "the NameService initial reference";
        NamingContextExt root = rootContext(orb, nameServiceUrl, where);
        try {
            NamingContext listed = context.isEmpty() ? root
                    : NamingContextHelper.narrow(orb.bounded(root.resolve_str(context)));
            BindingListHolder bindings = new BindingListHolder();
            BindingIteratorHolder rest = new BindingIteratorHolder();
            listed.list(MAX_BINDINGS, bindings, rest);
            if (rest.value != null) {
                try {
                    rest.value.destroy();
                } catch (SystemException ignored) {
                    // the name service forgets it in time
                }
            }
            List<String> names = new ArrayList<>();
            for (Binding binding : bindings.value) {
                if (binding.binding_type == BindingType.nobject) {
                    String name = toString(binding.binding_name);
                    names.add(context.isEmpty() ? name : context + "/" + name);
                }
            }
            return names;
        } catch (NotFound | CannotProceed | org.omg.CosNaming.NamingContextPackage.InvalidName e) {
            throw new NameNotBoundException("no naming context '" + context + "' in the name service at " + where,
                    Completion.NOT_APPLICABLE, e);
        } catch (BAD_PARAM e) {
            throw new NameNotBoundException("'" + context + "' in the name service at " + where
                    + " is not a naming context", Completion.NOT_APPLICABLE, e);
        } catch (SystemException e) {
            throw unavailable("listing '" + context + "' in the name service at " + where, e);
        } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
            throw unreadable("listing '" + context + "' in the name service at " + where, e);
        }
    }

    /** The object an {@code IOR:} string or a {@code corbaloc:} URL names, with no name service. */
    static org.omg.CORBA.Object object(OrbLease orb, String url) {
        try {
            org.omg.CORBA.Object reference = orb.orb().string_to_object(TlsLocations.locate(url));
            if (reference == null) {
                throw new ServerUnavailableException("the reference " + abbreviate(url) + " is nil",
                        Completion.NOT_APPLICABLE, null);
            }
            return reference;
        } catch (BAD_PARAM e) {
            throw new IllegalArgumentException("'" + abbreviate(url) + "' is not a valid IOR or corbaloc: URL ("
                    + RemoteFailures.describe(e) + ")", e);
        } catch (SystemException e) {
            throw new ServerUnavailableException("reading the reference " + abbreviate(url) + " failed ("
                    + RemoteFailures.describe(e) + ")", Completion.NO, e);
        }
    }

    /** A reference for messages: an IOR's first characters, a URL whole. */
    static String abbreviate(String url) {
        return url.length() > 48 ? url.substring(0, 44) + "...(" + url.length() + " characters)" : url;
    }

    private static NamingContextExt rootContext(OrbLease orb, String nameServiceUrl, String where) {
        org.omg.CORBA.Object reference;
        try {
            reference = nameServiceUrl == null
                    ? orb.orb().resolve_initial_references("NameService")
                    : orb.orb().string_to_object(rootContextLocation(nameServiceUrl));
        } catch (InvalidName e) {
            throw new NameServiceUnavailableException("the ORB has no NameService initial reference; configure a "
                    + "corbaname: URL, or pass -ORBInitRef NameService=corbaname::HOST:PORT to the ORB",
                    Completion.NOT_APPLICABLE, e);
        } catch (BAD_PARAM e) {
            throw new NameServiceUnavailableException("'" + where + "' is not a valid object URL ("
                    + RemoteFailures.describe(e) + ")", Completion.NOT_APPLICABLE, e);
        } catch (SystemException e) {
            throw unavailable("reaching the name service at " + where, e);
        }
        try {
            return NamingContextExtHelper.narrow(orb.bounded(reference));
        } catch (BAD_PARAM e) {
            throw new NameServiceUnavailableException("the object at " + where + " is not a naming context",
                    Completion.NOT_APPLICABLE, e);
        } catch (SystemException e) {
            throw unavailable("reaching the name service at " + where, e);
        } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
            throw unreadable("reaching the name service at " + where, e);
        }
    }

    /**
     * The corbaloc: URL of the root context a corbaname: URL names ({@code corbaname::h:p} is
     * {@code corbaloc::h:p/NameService}). The ORB then makes a plain reference without any
     * network traffic: the Eclipse ORB resolves corbaname: URLs itself and reports an
     * unreachable name service as a malformed URL (BAD_PARAM), after seconds.
     */
    static String rootContextLocation(String url) {
        if (TlsLocations.isTls(url)) {
            return TlsLocations.reference(url);
        }
        if (!url.regionMatches(true, 0, "corbaname:", 0, "corbaname:".length())) {
            return url;
        }
        String addressesAndKey = url.substring("corbaname:".length());
        return "corbaloc:" + addressesAndKey + (addressesAndKey.contains("/") ? "" : "/NameService");
    }

    /** The name service did not answer; or, over TLS, refused (or was refused by) this client: a typed refusal. */
    private static CorbaAdapterException unavailable(String attempt, SystemException e) {
        CorbaAdapterException stopped = stoppedByTheAttempt(attempt, e);
        if (stopped != null) {
            return stopped;
        }
        Optional<String> refused = RemoteFailures.tlsFailure(e);
        if (refused.isPresent()) {
            return new TlsHandshakeException(attempt + " failed: no TLS connection to the name service: "
                    + refused.get() + " (" + RemoteFailures.describe(e) + ")", Completion.NO, e);
        }
        return new NameServiceUnavailableException(attempt + " failed: the name service did not answer ("
                + RemoteFailures.describe(e) + ")", RemoteFailures.completion(e), e);
    }

    /**
     * The ORB failed with something other than a CORBA exception while it read the name service's
     * answer (an index out of bounds, a stack overflow of a forward loop, an array of a length a
     * hostile answer announced): the name service is not one this client can use.
     */
    private static CorbaAdapterException unreadable(String attempt, Throwable e) {
        if (e instanceof OutOfMemoryError memory) {
            RemoteFailures.throwUnlessHostileLength(memory);
        }
        CorbaAdapterException stopped = stoppedByTheAttempt(attempt, e);
        if (stopped != null) {
            return stopped;
        }
        return new NameServiceUnavailableException(attempt + " failed: the ORB could not read the name service's "
                + "answer (" + e + ")", Completion.MAYBE, e);
    }

    /**
     * The attempt's connections refused what the ORB would have sent (past the deadline, a loop
     * past the send limit): that is the news, whatever the ORB made of it on its way out; null if
     * they did not.
     */
    private static CorbaAdapterException stoppedByTheAttempt(String attempt, Throwable reported) {
        SystemException refusal = CurrentAttempt.currentRefusal();
        if (refusal == null) {
            return null;
        }
        return new NameServiceUnavailableException(attempt + " failed: " + refusal.getMessage()
                + " (the ORB reported " + reported + ")", Completion.NO, reported);
    }

    private static String toString(NameComponent[] path) {
        StringBuilder text = new StringBuilder();
        for (NameComponent component : path) {
            if (text.length() > 0) {
                text.append('/');
            }
            text.append(component.id);
            if (component.kind != null && !component.kind.isEmpty()) {
                text.append('.').append(component.kind);
            }
        }
        return text.toString();
    }
}
