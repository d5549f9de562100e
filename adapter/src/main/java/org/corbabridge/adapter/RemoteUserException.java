package org.corbabridge.adapter;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A user exception an operation raised, as a {@link DynamicClient} reports it: its repository
 * id and its members, recognised by the exception TypeCodes of the operation's signature. When
 * the generated exception class was known to the signature, {@link #getCause()} is that
 * exception, filled in. A typed proxy throws the generated exception itself instead.
 *
 * <pre>{@code
 * try {
 *     warehouse.invoke("fetch", "P-404");
 * } catch (RemoteUserException e) {
 *     if (e.repositoryId().equals("IDL:corbabridge/warehouse/PalletNotFound:1.0")) {
 *         System.out.println("no pallet " + e.members().get("id"));
 *     }
 * }
 * }</pre>
 */
public class RemoteUserException extends CorbaAdapterException {
    private static final long serialVersionUID = 1L;

    private final String repositoryId;
    private final transient Map<String, Object> members;

    public RemoteUserException(String message, String repositoryId, Map<String, Object> members, Throwable cause) {
        super(message, Completion.YES, cause);
        this.repositoryId = repositoryId;
        // in the IDL's member order, which Map.copyOf would lose
        this.members = Collections.unmodifiableMap(new LinkedHashMap<>(members));
    }

    /**
     * What a {@link DynamicServant} throws to raise one of its operation's IDL exceptions:
     * {@code exception} is its repository id or its IDL name ({@code "ListenerRefused"}), {@code
     * members} its members by name as generic values.
     */
    public RemoteUserException(String exception, Map<String, Object> members) {
        this(exception + " " + members, exception, members, null);
    }

    /** Such as {@code IDL:shop/InvalidQuery:1.0}. */
    public String repositoryId() {
        return repositoryId;
    }

    /** The exception's members by name, in the IDL's order, as generic values (see {@link DynamicClient}). */
    public Map<String, Object> members() {
        return members;
    }
}
