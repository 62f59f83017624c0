package io.onelite.spring;

import java.sql.SQLException;
import java.sql.SQLTransactionRollbackException;

import org.junit.jupiter.api.Test;

import org.springframework.dao.CannotAcquireLockException;
import org.springframework.dao.ConcurrencyFailureException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.DuplicateKeyException;

import static org.assertj.core.api.Assertions.assertThat;

class OneLiteExceptionTranslatorTests {

    private final OneLiteExceptionTranslator translator = new OneLiteExceptionTranslator();

    @Test
    void lostConflictsBecomeCommitConflictExceptions() {
        var busySnapshot = translator.translate("commit", null, new SQLTransactionRollbackException("stale", "40001", 517));
        assertThat(busySnapshot).isInstanceOf(CommitConflictException.class).isInstanceOf(ConcurrencyFailureException.class);
        assertThat(((CommitConflictException) busySnapshot).resultCode()).isEqualTo(517);
        var holdLimit = translator.translate("commit", null, new SQLTransactionRollbackException("hold", "40001", 773));
        assertThat(((CommitConflictException) holdLimit).resultCode()).isEqualTo(773);
    }

    @Test
    void busyBecomesCannotAcquireLock() {
        assertThat(translator.translate("insert", "insert into t values (1)", new SQLException("database is locked", null, 5)))
                .isInstanceOf(CannotAcquireLockException.class);
    }

    @Test
    void uniqueAndPrimaryKeyViolationsAreDuplicateKeys() {
        assertThat(translator.translate("insert", null, new SQLException("UNIQUE constraint failed: t.a", "23505", 2067)))
                .isInstanceOf(DuplicateKeyException.class);
        assertThat(translator.translate("insert", null, new SQLException("UNIQUE constraint failed: t.id", "23505", 1555)))
                .isInstanceOf(DuplicateKeyException.class);
    }

    @Test
    void otherConstraintsAreIntegrityViolations() {
        var notNull = translator.translate("insert", null, new SQLException("NOT NULL constraint failed: t.a", "23502", 1299));
        assertThat(notNull).isInstanceOf(DataIntegrityViolationException.class).isNotInstanceOf(DuplicateKeyException.class);
    }

    @Test
    void theAwareTranslatorUsesOneLiteCodesOnlyOnOneLite() throws SQLException {
        javax.sql.DataSource oneLite = org.mockito.Mockito.mock(javax.sql.DataSource.class);
        org.mockito.Mockito.when(oneLite.isWrapperFor(io.onelite.jdbc.OneLiteDataSource.class)).thenReturn(true);
        assertThat(new OneLiteAwareExceptionTranslator(oneLite).translate("insert", null,
                new SQLException("UNIQUE constraint failed: t.a", "23505", 2067))).isInstanceOf(DuplicateKeyException.class);

        // SQL Server's error 517 is a date overflow, not a lost conflict
        javax.sql.DataSource other = org.mockito.Mockito.mock(javax.sql.DataSource.class);
        java.sql.Connection con = org.mockito.Mockito.mock(java.sql.Connection.class);
        org.mockito.Mockito.when(other.getConnection()).thenReturn(con);
        var translated = new OneLiteAwareExceptionTranslator(other).translate("insert", null,
                new SQLException("Adding a value to a 'datetime' column caused an overflow.", "22007", 517));
        assertThat(translated).isNotInstanceOf(CommitConflictException.class);
    }

    @Test
    void theMessageNamesTaskAndStatement() {
        var e = translator.translate("insert order", "insert into orders values (1)", new SQLException("boom", null, 517));
        assertThat(e.getMessage()).contains("insert order").contains("insert into orders values (1)").contains("boom");
    }
}
