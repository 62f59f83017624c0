package io.onelite.jdbc;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import org.junit.jupiter.api.Test;

import java.sql.SQLException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.sql.SQLNonTransientException;
import java.sql.SQLSyntaxErrorException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransactionRollbackException;
import java.sql.SQLTransientException;

import static org.assertj.core.api.Assertions.assertThat;

class SqlErrorsTests {

    private static SQLException map(ResultCode rc, String msg) {
        return SqlErrors.of(new OneLiteException(rc, msg));
    }

    @Test
    void uniqueAndPrimaryKeyViolationsAre23505WithTheExtendedCode() {
        SQLException e = map(ResultCode.CONSTRAINT_UNIQUE, "UNIQUE constraint failed: t.a");
        assertThat((Throwable) e).isInstanceOf(SQLIntegrityConstraintViolationException.class);
        assertThat(e.getSQLState()).isEqualTo("23505");
        assertThat(e.getErrorCode()).isEqualTo(2067);
        assertThat(e.getMessage()).contains("UNIQUE constraint failed: t.a").contains("SQLITE_CONSTRAINT_UNIQUE");
        assertThat(map(ResultCode.CONSTRAINT_PRIMARYKEY, "x").getSQLState()).isEqualTo("23505");
        assertThat(map(ResultCode.CONSTRAINT_ROWID, "x").getSQLState()).isEqualTo("23505");
    }

    @Test
    void otherConstraintViolationsHaveOther23States() {
        assertThat(map(ResultCode.CONSTRAINT_NOTNULL, "x").getSQLState()).isEqualTo("23502");
        assertThat(map(ResultCode.CONSTRAINT_FOREIGNKEY, "x").getSQLState()).isEqualTo("23503");
        assertThat(map(ResultCode.CONSTRAINT_CHECK, "x").getSQLState()).isEqualTo("23514");
        SQLException e = map(ResultCode.CONSTRAINT, "x");
        assertThat((Throwable) e).isInstanceOf(SQLIntegrityConstraintViolationException.class);
        assertThat(e.getSQLState()).isEqualTo("23000");
        assertThat(e.getErrorCode()).isEqualTo(19);
    }

    @Test
    void syntaxErrorsAre42000() {
        SQLException e = map(ResultCode.ERROR, "near \"selec\": syntax error");
        assertThat((Throwable) e).isInstanceOf(SQLSyntaxErrorException.class);
        assertThat(e.getSQLState()).isEqualTo("42000");
        assertThat(e.getErrorCode()).isEqualTo(1);
        assertThat((Throwable) map(ResultCode.ERROR, "incomplete input")).isInstanceOf(SQLSyntaxErrorException.class);
        assertThat(map(ResultCode.ERROR, "no such table: t").getSQLState()).isEqualTo("42S02");
        assertThat(map(ResultCode.ERROR, "no such column: x").getSQLState()).isEqualTo("42S22");
        assertThat(map(ResultCode.ERROR, "table t already exists").getSQLState()).isEqualTo("42S01");
        assertThat((Throwable) map(ResultCode.ERROR, "misuse of aggregate: max()")).isNotInstanceOf(SQLSyntaxErrorException.class);
    }

    @Test
    void busySnapshotAndBusyTimeoutAreRollbacksWith40001() {
        for (ResultCode rc : new ResultCode[]{ResultCode.BUSY_SNAPSHOT, ResultCode.BUSY_TIMEOUT}) {
            SQLException e = map(rc, null);
            assertThat((Throwable) e).isInstanceOf(SQLTransactionRollbackException.class);
            assertThat(e.getSQLState()).isEqualTo("40001");
            assertThat(e.getErrorCode()).isEqualTo(rc.code());
        }
        assertThat(map(ResultCode.BUSY_SNAPSHOT, null).getErrorCode()).isEqualTo(517);
        assertThat(map(ResultCode.BUSY_TIMEOUT, null).getErrorCode()).isEqualTo(773);
    }

    @Test
    void plainBusyIsTransient() {
        SQLException e = map(ResultCode.BUSY, null);
        assertThat((Throwable) e).isInstanceOf(SQLTransientException.class).isNotInstanceOf(SQLTransactionRollbackException.class);
        assertThat(e.getErrorCode()).isEqualTo(5);
        assertThat(e.getMessage()).contains("database is locked");
    }

    @Test
    void interruptsAfterATimeoutAreTimeouts() {
        assertThat((Throwable) SqlErrors.of(new OneLiteException(ResultCode.INTERRUPT), true)).isInstanceOf(SQLTimeoutException.class);
        assertThat((Throwable) SqlErrors.of(new OneLiteException(ResultCode.INTERRUPT), false)).isNotInstanceOf(SQLTimeoutException.class);
    }

    @Test
    void readOnlyAndCorruptionAreNonTransient() {
        assertThat((Throwable) map(ResultCode.READONLY, null)).isInstanceOf(SQLNonTransientException.class);
        assertThat((Throwable) map(ResultCode.CORRUPT, null)).isInstanceOf(SQLNonTransientException.class);
        assertThat(map(ResultCode.NOTADB, null).getErrorCode()).isEqualTo(26);
    }

    @Test
    void theEngineExceptionIsTheCause() {
        OneLiteException cause = new OneLiteException(ResultCode.CONSTRAINT_NOTNULL, "NOT NULL constraint failed: t.a");
        assertThat((Throwable) SqlErrors.of(cause).getCause()).isSameAs(cause);
    }
}
