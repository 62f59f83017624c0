package io.onelite.common;

/**
 * Bytes read from a file failed a structural check ({@code SQLITE_CORRUPT}, 11), as SQLite's
 * {@code SQLITE_CORRUPT_BKPT}. The message names the page and the check that failed. Never an
 * assertion: bad bytes are input, not a bug.
 */
public final class CorruptDatabaseException extends OneLiteException {
    public CorruptDatabaseException(String message) {
        super(ResultCode.CORRUPT, "database disk image is malformed: " + message);
    }

    public CorruptDatabaseException(int pgno, String check) {
        this("page " + pgno + ": " + check);
    }
}
