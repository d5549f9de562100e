package org.corbabridge.adapter.internal;

/**
 * Carries a user exception the server raised through the retry and failure translation, which
 * deal in unchecked exceptions only: a generated exception (a typed proxy rethrows it as it
 * is) or its generic members.
 */
final class RaisedUserException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String repositoryId;
    private final transient Object value;

    RaisedUserException(String repositoryId, Object value) {
        super(repositoryId, null, false, false);
        this.repositoryId = repositoryId;
        this.value = value;
    }

    String repositoryId() {
        return repositoryId;
    }

    /** The generated exception, or a {@code Map} of its members. */
    Object value() {
        return value;
    }
}
