package io.onelite.spring;

import org.springframework.dao.ConcurrencyFailureException;

/**
 * A OneLite transaction lost a conflict and was rolled back: {@code SQLITE_BUSY_SNAPSHOT} (517, a
 * row it read or wrote changed since it began, or its snapshot was stale) or
 * {@code SQLITE_BUSY_TIMEOUT} (773, its commit ran past {@code onelite.commit-hold-limit}).
 *
 * <p>Running the whole transaction again may succeed; {@link ConcurrentTransactional} does so.
 */
public class CommitConflictException extends ConcurrencyFailureException {

    private final int resultCode;

    public CommitConflictException(String message, int resultCode, Throwable cause) {
        super(message, cause);
        this.resultCode = resultCode;
    }

    /** The extended result code: 517 or 773. */
    public int resultCode() {
        return resultCode;
    }
}
