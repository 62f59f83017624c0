package io.onelite.spring;

import java.sql.SQLException;
import java.sql.SQLTransactionRollbackException;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import org.junit.jupiter.api.Test;

import org.springframework.dao.CannotAcquireLockException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.dao.PessimisticLockingFailureException;
import org.springframework.transaction.TransactionSystemException;

import static org.assertj.core.api.Assertions.assertThat;

class ConcurrencyFailuresTests {

    @Test
    void oneLiteConflictCodesAreRetryable() {
        assertThat(ConcurrencyFailures.isRetryable(new SQLTransactionRollbackException("stale", "40001", 517))).isTrue();
        assertThat(ConcurrencyFailures.isRetryable(new SQLTransactionRollbackException("hold", "40001", 773))).isTrue();
        assertThat(ConcurrencyFailures.isRetryable(new SQLException("conflict without a state", null, 517))).isTrue();
        assertThat(ConcurrencyFailures.isRetryable(new OneLiteException(ResultCode.BUSY_SNAPSHOT))).isTrue();
        assertThat(ConcurrencyFailures.isRetryable(new OneLiteException(ResultCode.BUSY_TIMEOUT))).isTrue();
    }

    @Test
    void serverDatabaseSerializationFailuresAreRetryable() {
        assertThat(ConcurrencyFailures.isRetryable(new SQLException("could not serialize access", "40001", 0))).isTrue();
        assertThat(ConcurrencyFailures.isRetryable(new SQLException("deadlock detected", "40P01", 0))).isTrue();
    }

    @Test
    void conflictsAreFoundAnywhereInTheCauseChain() {
        SQLException sql = new SQLTransactionRollbackException("stale", "40001", 517);
        Throwable translated = new PessimisticLockingFailureException("JDBC commit", sql);
        Throwable wrapped = new IllegalStateException("service failed", new RuntimeException(translated));
        assertThat(ConcurrencyFailures.isRetryable(wrapped)).isTrue();
        assertThat(ConcurrencyFailures.isRetryable(new TransactionSystemException("commit", sql))).isTrue();
        assertThat(ConcurrencyFailures.isRetryable(new CommitConflictException("x", 517, null))).isTrue();
    }

    @Test
    void otherFailuresAreNotRetried() {
        assertThat(ConcurrencyFailures.isRetryable(new SQLException("database is locked", null, 5))).isFalse();
        assertThat(ConcurrencyFailures.isRetryable(new SQLException("UNIQUE constraint failed: t.a", "23505", 2067))).isFalse();
        assertThat(ConcurrencyFailures.isRetryable(new DuplicateKeyException("dup"))).isFalse();
        assertThat(ConcurrencyFailures.isRetryable(new CannotAcquireLockException("busy"))).isFalse();
        assertThat(ConcurrencyFailures.isRetryable(new SQLException("syntax", "42000", 1))).isFalse();
        assertThat(ConcurrencyFailures.isRetryable(new IllegalArgumentException("bug"))).isFalse();
        assertThat(ConcurrencyFailures.isRetryable(null)).isFalse();
    }

    @Test
    void aCauseCycleEnds() {
        RuntimeException a = new RuntimeException("a");
        RuntimeException b = new RuntimeException("b", a);
        a.initCause(b);
        assertThat(ConcurrencyFailures.isRetryable(b)).isFalse();
    }
}
