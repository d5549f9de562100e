package org.corbabridge.adapter.catalog;

import java.util.ArrayList;
import java.util.List;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.Completion;
import org.corbabridge.adapter.CorbaAdapterException;
import org.corbabridge.adapter.InvocationMode;
import org.corbabridge.adapter.internal.OrbLease;
import org.corbabridge.adapter.internal.RemoteObject;
import org.corbabridge.shop.CatalogHelper;
import org.corbabridge.shop.InvalidQuery;
import org.corbabridge.shop.Item;
import org.corbabridge.shop.QueryResult;
import org.omg.CORBA.ORB;

/**
 * The adapter object of the study for the Catalog interface: finds the Catalog in CosNaming
 * and calls it by static or dynamic invocation.
 *
 * <pre>{@code
 * AdapterConfig config = AdapterConfig.builder()
 *         .nameService("corbaname::127.0.0.1:2809#Catalog")
 *         .invocation(InvocationMode.DYNAMIC)
 *         .build();
 * try (CatalogAdapter catalog = CatalogAdapter.create(config)) {
 *     CatalogResult result = catalog.queryCatalog("name~lamp limit=10");
 * }
 * }</pre>
 *
 * <p><b>Threads.</b> One adapter serves concurrent calls from any number of threads; both ORBs
 * multiplex them over their connection. {@link #close()} may run while calls are under way:
 * those calls then fail with a {@link CorbaAdapterException}, and later ones with
 * {@link org.corbabridge.adapter.AdapterClosedException}.
 *
 * <p><b>Errors and recovery.</b> Every failure is a {@link CorbaAdapterException} subclass. A
 * query is idempotent, so when the server is unreachable or has forgotten the object, the
 * adapter resolves the name again and retries as the configuration's
 * {@link org.corbabridge.adapter.RetryPolicy} allows (3 attempts by default): a restarted server
 * is found again without the caller noticing. A call that timed out is not retried.
 */
public final class CatalogAdapter implements AutoCloseable {

    /** The name the catalog server binds by default. */
    public static final String DEFAULT_NAME = "Catalog";

    private static final String OPERATION = "queryCatalog";
    /** A query only reads: running it twice is harmless, so the retry policy may repeat it. */
    private static final boolean QUERY_IS_IDEMPOTENT = true;
    private static final int QUERY_ECHO_LENGTH = 80;

    private final RemoteObject<org.omg.CORBA.Object> catalog;
    private final CatalogInvoker invoker;
    private final String invocation;

    private CatalogAdapter(AdapterConfig config, CatalogInvoker invoker, OrbLease orb) {
        this.invoker = invoker;
        this.invocation = config.invocation();
        String name = config.name() != null ? config.name() : DEFAULT_NAME;
        this.catalog = RemoteObject.open(config, name, orb, CatalogHelper.id(), invoker::bind);
    }

    /** Creates and owns an ORB as {@code config.orb()} says, and destroys it on {@link #close()}. */
    public static CatalogAdapter create(AdapterConfig config) {
        CatalogInvoker invoker = invokerFor(config.invocation());
        OrbLease orb = OrbLease.create(config.orb(), config.callTimeout(), config.connectTimeout());
        return new CatalogAdapter(config, invoker, orb);
    }

    /** Uses {@code orb}, which its owner keeps and destroys; {@code config.orb()} is ignored. */
    public static CatalogAdapter create(AdapterConfig config, ORB orb) {
        CatalogInvoker invoker = invokerFor(config.invocation());
        return new CatalogAdapter(config, invoker, OrbLease.borrow(orb, config.callTimeout()));
    }

    /**
     * Runs {@code Catalog::queryCatalog}. The query grammar is the server's (see
     * cpp-catalog-server/README.md).
     *
     * @throws InvalidQueryException the server refused the query, or it is null or holds a NUL
     *     character (which no CORBA string may)
     * @throws CorbaAdapterException any other failure, typed by its cause
     */
    public CatalogResult queryCatalog(String query) {
        if (query == null) {
            throw new InvalidQueryException("the query is null", "null query", Completion.NO, null);
        }
        int nul = query.indexOf('\0');
        if (nul >= 0) {
            // an IDL string may not hold NUL: JacORB sends it and a C++ server stops reading there,
            // so the server would silently answer a shorter query than the one asked
            String reason = "a CORBA string cannot contain NUL (U+0000), found at index " + nul;
            throw new InvalidQueryException("queryCatalog refused '" + echo(query) + "' before sending it: " + reason,
                    reason, Completion.NO, null);
        }
        QueryResult result = catalog.call(OPERATION, QUERY_IS_IDEMPOTENT, target -> {
            try {
                return invoker.queryCatalog(target, query);
            } catch (InvalidQuery refused) {
                throw new InvalidQueryException(OPERATION + " on " + catalog.describeTarget() + " refused '"
                        + echo(query) + "': " + refused.reason, refused.reason, Completion.YES, refused);
            }
        });
        return toResult(result);
    }

    /** {@code static}, {@code dynamic} or the invoker's class name, as configured. */
    public String invocation() {
        return invocation;
    }

    /** Whether {@link #close()} destroys the ORB. */
    public boolean ownsOrb() {
        return catalog.orb().owned();
    }

    public boolean isClosed() {
        return catalog.isClosed();
    }

    /** Calls tried again by the retry policy, since the adapter was created. */
    public long retries() {
        return catalog.retries();
    }

    /** Times the name was resolved again because the server had gone (restarted, moved). */
    public long rebinds() {
        return catalog.rebinds();
    }

    /** Destroys the ORB if the adapter owns it; a borrowed ORB is left alone. Idempotent. */
    @Override
    public void close() {
        catalog.close();
    }

    @Override
    public String toString() {
        return "CatalogAdapter[" + catalog.describeTarget() + ", " + invocation + ", "
                + (ownsOrb() ? "own ORB" : "borrowed ORB") + (isClosed() ? ", closed" : "") + "]";
    }

    /** The strategy for {@code static}, {@code dynamic}, or a {@link CatalogInvoker} class name. */
    static CatalogInvoker invokerFor(String invocation) {
        if (InvocationMode.STATIC.configName().equals(invocation)) {
            return new StaticCatalogInvoker();
        }
        if (InvocationMode.DYNAMIC.configName().equals(invocation)) {
            return new DynamicCatalogInvoker();
        }
        try {
            Class<?> type = Class.forName(invocation, true, classLoader());
            if (!CatalogInvoker.class.isAssignableFrom(type)) {
                throw new IllegalArgumentException("invocation " + invocation + " is not a "
                        + CatalogInvoker.class.getName());
            }
            return (CatalogInvoker) type.getConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalArgumentException("invocation '" + invocation + "' is neither static, dynamic, nor a "
                    + "loadable CatalogInvoker class with a public no-argument constructor: " + e, e);
        }
    }

    private static ClassLoader classLoader() {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        return context != null ? context : CatalogAdapter.class.getClassLoader();
    }

    private static CatalogResult toResult(QueryResult result) {
        List<CatalogItem> items = new ArrayList<>(result.items.length);
        for (Item item : result.items) {
            items.add(new CatalogItem(item.id, item.itemName, item.description, item.price));
        }
        return new CatalogResult(result.timeInServer, items);
    }

    /** The start of a query, printable, for messages: queries may be megabytes of anything. */
    private static String echo(String query) {
        StringBuilder shown = new StringBuilder();
        for (int i = 0; i < query.length() && i < QUERY_ECHO_LENGTH; i++) {
            char c = query.charAt(i);
            if (c >= 0x20 && c < 0x7f) {
                shown.append(c);
            } else {
                shown.append(String.format("\\u%04x", (int) c));
            }
        }
        if (query.length() > QUERY_ECHO_LENGTH) {
            shown.append("... (").append(query.length()).append(" characters)");
        }
        return shown.toString();
    }
}
