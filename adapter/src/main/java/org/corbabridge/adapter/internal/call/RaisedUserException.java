package org.corbabridge.adapter.internal.call;

/**
 * Carries a user exception the server raised through the retry and failure translation, which
 * deal in unchecked exceptions only: a generated exception (a typed proxy rethrows it as it
 * is) or its generic members.
 */
public final class RaisedUserException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String repositoryId;
    private final transient Object value;

    public RaisedUserException(String repositoryId, Object value) {
        super(repositoryId, null, false, false);
        this.repositoryId = repositoryId;
        this.value = value;
    }

    public String repositoryId() {
        return repositoryId;
    }

    /** The generated exception, or a {@code Map} of its members. */
    public Object value() {
        return value;
    }
}
