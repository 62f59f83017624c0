package io.onelite.spring;

import java.sql.SQLException;

import org.springframework.dao.CannotAcquireLockException;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.support.AbstractFallbackSQLExceptionTranslator;
import org.springframework.jdbc.support.SQLExceptionSubclassTranslator;
import org.springframework.jdbc.support.SQLExceptionTranslator;

/**
 * Turns OneLite's {@link SQLException}s into Spring's {@link DataAccessException}s by their
 * extended result code ({@link SQLException#getErrorCode()}):
 * <ul>
 *   <li>517 {@code SQLITE_BUSY_SNAPSHOT}, 773 {@code SQLITE_BUSY_TIMEOUT} -> {@link CommitConflictException}
 *       (a {@code ConcurrencyFailureException});</li>
 *   <li>5 {@code SQLITE_BUSY} and its other extended codes -> {@link CannotAcquireLockException};</li>
 *   <li>2067 {@code CONSTRAINT_UNIQUE}, 1555 {@code CONSTRAINT_PRIMARYKEY} -> {@link DuplicateKeyException};</li>
 *   <li>any other constraint (19) -> {@link DataIntegrityViolationException}.</li>
 * </ul>
 * Anything else goes to the fallback ({@link SQLExceptionSubclassTranslator} by default).
 *
 * <p>Only use it for a OneLite {@code DataSource}: other drivers give the same numbers other
 * meanings.
 */
public class OneLiteExceptionTranslator extends AbstractFallbackSQLExceptionTranslator {

    public OneLiteExceptionTranslator() {
        this(new SQLExceptionSubclassTranslator());
    }

    public OneLiteExceptionTranslator(SQLExceptionTranslator fallback) {
        setFallbackTranslator(fallback);
    }

    @Override
    protected DataAccessException doTranslate(String task, String sql, SQLException ex) {
        int code = ex.getErrorCode();
        String message = buildMessage(task, sql, ex);
        if (ConcurrencyFailures.isConflictCode(code)) {
            return new CommitConflictException(message, code, ex);
        }
        int primary = code & 0xff;
        if (primary == 5) {
            return new CannotAcquireLockException(message, ex);
        }
        if (code == 2067 || code == 1555) {
            return new DuplicateKeyException(message, ex);
        }
        if (primary == 19) {
            return new DataIntegrityViolationException(message, ex);
        }
        return null;
    }
}
