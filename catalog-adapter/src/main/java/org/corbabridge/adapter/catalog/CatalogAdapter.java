package org.corbabridge.adapter.catalog;

import java.util.List;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.Completion;
import org.corbabridge.adapter.CorbaAdapterException;
import org.corbabridge.adapter.CorbaClient;
import org.corbabridge.adapter.InterfaceSignature;
import org.corbabridge.adapter.InvocationMode;
import org.corbabridge.adapter.OperationSignature;
import org.corbabridge.shop.CatalogHelper;
import org.corbabridge.shop.CatalogOperations;
import org.corbabridge.shop.InvalidQuery;
import org.corbabridge.shop.InvalidQueryHelper;
import org.corbabridge.shop.QueryResult;
import org.corbabridge.shop.QueryResultHelper;
import org.omg.CORBA.ORB;
import org.omg.CORBA.TCKind;

/**
 * The adapter object of the study for the Catalog interface: one binding of the generic
 * {@link CorbaClient} core, which finds the Catalog in CosNaming and calls it by static or
 * dynamic invocation. What this class adds: {@code queryCatalog} is declared idempotent, a query
 * is checked before it is sent, and the reply comes back as plain records.
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
    private static final int QUERY_ECHO_LENGTH = 80;

    private final CorbaClient<CatalogOperations> client;
    private final CatalogOperations catalog;
    private final InvocationMode invocation;

    private CatalogAdapter(CorbaClient<CatalogOperations> client, InvocationMode invocation) {
        this.client = client;
        this.catalog = client.proxy();
        this.invocation = invocation;
    }

    /** Creates and owns an ORB as {@code config.orb()} says, and destroys it on {@link #close()}. */
    public static CatalogAdapter create(AdapterConfig config) {
        return new CatalogAdapter(CorbaClient.create(CatalogOperations.class, Signature.CATALOG, catalogConfig(config),
                null), config.invocation());
    }

    /** Uses {@code orb}, which its owner keeps and destroys; {@code config.orb()} is ignored. */
    public static CatalogAdapter create(AdapterConfig config, ORB orb) {
        ORB lent = borrowed(orb); // refused before the signature's ORB singleton is made
        return new CatalogAdapter(CorbaClient.create(CatalogOperations.class, Signature.CATALOG, catalogConfig(config),
                lent), config.invocation());
    }

    /**
     * Runs {@code Catalog::queryCatalog}. The query grammar is the server's (see
     * cpp-catalog-server/README.md).
     *
     * @throws InvalidQueryException the server refused the query, or it was refused before sending:
     *     null, a NUL character (which no CORBA string may hold: a C++ server would read a shorter
     *     query), or a character beyond Latin-1 on an ORB that would send it cut (JacORB)
     * @throws CorbaAdapterException any other failure, typed by its cause
     */
    public CatalogResult queryCatalog(String query) {
        if (query == null) {
            throw new InvalidQueryException("the query is null", "null query", Completion.NO, null);
        }
        try {
            return CatalogResult.of(catalog.queryCatalog(query));
        } catch (InvalidQuery refused) {
            throw new InvalidQueryException(OPERATION + " on " + client.target() + " refused '" + echo(query) + "': "
                    + refused.reason, refused.reason, Completion.YES, refused);
        } catch (IllegalArgumentException unsendable) {
            // the client's check of the one string argument before a byte was sent
            throw new InvalidQueryException("queryCatalog refused '" + echo(query) + "' before sending it: "
                    + unsendable.getMessage(), unsendable.getMessage(), Completion.NO, unsendable);
        }
    }

    /** How calls reach the wire, as configured. */
    public InvocationMode invocation() {
        return invocation;
    }

    /** Whether {@link #close()} destroys the ORB. */
    public boolean ownsOrb() {
        return client.ownsOrb();
    }

    public boolean isClosed() {
        return client.isClosed();
    }

    /** Calls tried again by the retry policy, since the adapter was created. */
    public long retries() {
        return client.retries();
    }

    /** Times the name was resolved again because the server had gone (restarted, moved). */
    public long rebinds() {
        return client.rebinds();
    }

    /** Destroys the ORB if the adapter owns it; a borrowed ORB is left alone. Idempotent. */
    @Override
    public void close() {
        client.close();
    }

    @Override
    public String toString() {
        return "CatalogAdapter[" + client.target() + ", " + invocation.configName() + ", "
                + (ownsOrb() ? "own ORB" : "borrowed ORB") + (isClosed() ? ", closed" : "") + "]";
    }

    /**
     * The Catalog's signature as catalog.idl declares it, made from the generated helpers' TypeCodes.
     * Given to the client, so that making a CatalogAdapter reads no IDL: without it the typed proxy
     * reads catalog.idl from the class path (InterfaceSignature.of), which loads the IDL reader
     * (ANTLR and the parser, about 250 classes) and parses the file inside the first call of every
     * JVM: about 0.1 s more of the first call's main-thread CPU (study.md, "What loads at
     * start-up"). CatalogSignatureTest holds it to what the IDL file says.
     */
    static InterfaceSignature signature() {
        return Signature.CATALOG;
    }

    /** What CorbaClient.create(Class, AdapterConfig, ORB) says of a null ORB (the signature's create would own one). */
    private static ORB borrowed(ORB orb) {
        if (orb == null) {
            throw new IllegalArgumentException("the ORB to borrow must not be null");
        }
        return orb;
    }

    /** Made when the first adapter is: its TypeCodes come from the ORB singleton. */
    private static final class Signature {
        static final InterfaceSignature CATALOG = InterfaceSignature.builder(CatalogHelper.id(), CatalogOperations.class)
                .operation(OperationSignature.builder(OPERATION)
                        .in("query", ORB.init().get_primitive_tc(TCKind.tk_string))
                        .returns(QueryResultHelper.type())
                        .raises(InvalidQueryHelper.type())
                        .build())
                .build();
    }

    /** A query only reads: running it twice is harmless, so the retry policy may repeat it. */
    private static AdapterConfig catalogConfig(AdapterConfig config) {
        return config.toBuilder().idempotent(OPERATION).build();
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
