package io.onelite.jdbc;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;

import java.sql.SQLException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLNonTransientException;
import java.sql.SQLSyntaxErrorException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransactionRollbackException;
import java.sql.SQLTransientException;

/**
 * Maps engine failures to {@link SQLException}s. {@code getErrorCode()} is always the extended
 * result code; the subclass and SQLState follow what Spring's translators and pools expect:
 *
 * <table>
 *   <tr><th>result code</th><th>exception</th><th>SQLState</th></tr>
 *   <tr><td>CONSTRAINT_UNIQUE, _PRIMARYKEY, _ROWID</td><td>SQLIntegrityConstraintViolationException</td><td>23505</td></tr>
 *   <tr><td>CONSTRAINT_NOTNULL / _FOREIGNKEY / _CHECK / other</td><td>SQLIntegrityConstraintViolationException</td><td>23502 / 23503 / 23514 / 23000</td></tr>
 *   <tr><td>ERROR: syntax error, incomplete input, unrecognized token</td><td>SQLSyntaxErrorException</td><td>42000</td></tr>
 *   <tr><td>ERROR: no such table / no such column / already exists</td><td>SQLSyntaxErrorException</td><td>42S02 / 42S22 / 42S01</td></tr>
 *   <tr><td>BUSY_SNAPSHOT (517), BUSY_TIMEOUT (773)</td><td>SQLTransactionRollbackException</td><td>40001</td></tr>
 *   <tr><td>BUSY, LOCKED (and their other extended codes)</td><td>SQLTransientException</td><td>none</td></tr>
 *   <tr><td>INTERRUPT after a query timeout</td><td>SQLTimeoutException</td><td>HYT00</td></tr>
 *   <tr><td>READONLY</td><td>SQLNonTransientException</td><td>25006</td></tr>
 *   <tr><td>CORRUPT, NOTADB</td><td>SQLNonTransientException</td><td>none</td></tr>
 *   <tr><td>CANTOPEN</td><td>SQLNonTransientConnectionException</td><td>08001</td></tr>
 * </table>
 *
 * <p>Messages read {@code [SQLITE_<CODE>] <SQLite's message>}, as sqlite-jdbc's do.
 */
final class SqlErrors {
    private SqlErrors() {
    }

    static SQLException of(Throwable e) {
        return of(e, false);
    }

    /**
     * Maps an engine failure. Anything but a {@link OneLiteException} (a bug below, such as a
     * {@code StackOverflowError} on a deeply nested query) becomes SQLITE_INTERNAL rather than
     * escaping the JDBC contract. {@code timedOut}: the statement was interrupted by its query
     * timeout.
     */
    static SQLException of(Throwable t, boolean timedOut) {
        if (!(t instanceof OneLiteException e)) {
            SQLException out = new SQLException("[SQLITE_INTERNAL] internal error in the engine: " + t, null,
                    ResultCode.INTERNAL.code());
            out.initCause(t);
            return out;
        }
        ResultCode rc = e.resultCode();
        int code = rc.code();
        String text = e.getMessage();
        String msg = "[SQLITE_" + rc.name() + "] " + text;
        SQLException out = switch (rc.primary()) {
            case CONSTRAINT -> new SQLIntegrityConstraintViolationException(msg, switch (rc) {
                case CONSTRAINT_UNIQUE, CONSTRAINT_PRIMARYKEY, CONSTRAINT_ROWID -> "23505";
                case CONSTRAINT_NOTNULL -> "23502";
                case CONSTRAINT_FOREIGNKEY -> "23503";
                case CONSTRAINT_CHECK -> "23514";
                default -> "23000";
            }, code);
            case BUSY -> rc == ResultCode.BUSY_SNAPSHOT || rc == ResultCode.BUSY_TIMEOUT
                    ? new SQLTransactionRollbackException(msg, "40001", code)
                    : new SQLTransientException(msg, null, code);
            case LOCKED -> new SQLTransientException(msg, null, code);
            case INTERRUPT -> timedOut ? new SQLTimeoutException(msg, "HYT00", code) : new SQLException(msg, null, code);
            case READONLY -> new SQLNonTransientException(msg, "25006", code);
            case CORRUPT, NOTADB -> new SQLNonTransientException(msg, null, code);
            case CANTOPEN -> new SQLNonTransientConnectionException(msg, "08001", code);
            case ERROR -> grammar(text, msg, code);
            default -> new SQLException(msg, null, code);
        };
        out.initCause(e);
        return out;
    }

    private static SQLException grammar(String text, String msg, int code) {
        String t = text == null ? "" : text;
        if (t.contains("syntax error") || t.startsWith("incomplete input") || t.startsWith("unrecognized token")) {
            return new SQLSyntaxErrorException(msg, "42000", code);
        }
        if (t.startsWith("no such table") || t.startsWith("no such view")) {
            return new SQLSyntaxErrorException(msg, "42S02", code);
        }
        if (t.startsWith("no such column")) {
            return new SQLSyntaxErrorException(msg, "42S22", code);
        }
        if (t.contains("already exists")) {
            return new SQLSyntaxErrorException(msg, "42S01", code);
        }
        return new SQLException(msg, null, code);
    }

    /** An error of the driver itself (misuse), with SQLite's MISUSE code. */
    static SQLException misuse(String message) {
        return new SQLException(message, null, ResultCode.MISUSE.code());
    }

    /** A closed object was used. */
    static SQLException closed(String what) {
        return new SQLException(what + " is closed", null, ResultCode.MISUSE.code());
    }
}
