package io.onelite.spring;

import java.sql.SQLException;
import java.util.IdentityHashMap;
import java.util.Map;

import io.onelite.common.OneLiteException;

/**
 * Which failures mean "another transaction won, run again": the retry classification of
 * {@link ConcurrentTransactional}.
 *
 * <p>Retryable, wherever it sits in the cause chain (Spring's translated exceptions keep the
 * {@link SQLException} as their cause):
 * <ol>
 *   <li>a {@link CommitConflictException};</li>
 *   <li>an {@link SQLException} with OneLite's extended code 517 ({@code SQLITE_BUSY_SNAPSHOT}) or
 *       773 ({@code SQLITE_BUSY_TIMEOUT}), or an engine {@link OneLiteException} with those codes;</li>
 *   <li>an {@link SQLException} with SQLState {@code 40001} (serialization failure, the standard
 *       state, which OneLite also reports) or {@code 40P01} (PostgreSQL's deadlock), so that the
 *       same annotation works unchanged on a server database.</li>
 * </ol>
 * Everything else (constraint violations, {@code SQLITE_BUSY} (5) after the busy timeout, bugs) is
 * not retried: running again would fail the same way or hide a real problem.
 */
public final class ConcurrencyFailures {

    /** {@code SQLITE_BUSY_SNAPSHOT}. */
    public static final int BUSY_SNAPSHOT = 517;
    /** {@code SQLITE_BUSY_TIMEOUT}. */
    public static final int BUSY_TIMEOUT = 773;

    private ConcurrencyFailures() {
    }

    /** Whether {@code failure} or any of its causes is a lost conflict worth another attempt. */
    public static boolean isRetryable(Throwable failure) {
        Map<Throwable, Boolean> seen = new IdentityHashMap<>();
        for (Throwable t = failure; t != null && seen.put(t, Boolean.TRUE) == null; t = t.getCause()) {
            if (t instanceof CommitConflictException) {
                return true;
            }
            if (t instanceof OneLiteException e && isConflictCode(e.code())) {
                return true;
            }
            if (t instanceof SQLException e && isConflict(e)) {
                return true;
            }
        }
        return false;
    }

    /** Whether one {@link SQLException} (not its causes) reports a lost conflict. */
    public static boolean isConflict(SQLException e) {
        String state = e.getSQLState();
        return isConflictCode(e.getErrorCode()) || "40001".equals(state) || "40P01".equals(state);
    }

    /** Whether an extended result code is 517 or 773. */
    public static boolean isConflictCode(int code) {
        return code == BUSY_SNAPSHOT || code == BUSY_TIMEOUT;
    }
}
