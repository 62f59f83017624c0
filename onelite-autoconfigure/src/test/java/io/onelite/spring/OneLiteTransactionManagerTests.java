package io.onelite.spring;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLTransactionRollbackException;
import java.util.List;

import javax.sql.DataSource;

import io.onelite.common.BeginMode;
import io.onelite.jdbc.OneLiteConnection;
import io.onelite.jdbc.OneLiteDataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.mockito.InOrder;

import org.springframework.dao.CannotAcquireLockException;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.TransactionStatus;
import org.springframework.transaction.interceptor.DefaultTransactionAttribute;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.Mockito.atLeastOnce;
import static org.mockito.Mockito.doThrow;
import static org.mockito.Mockito.inOrder;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

/** The manager against a mocked OneLite connection: which BEGIN each definition gets, and commit failures. */
class OneLiteTransactionManagerTests {

    private final DataSource dataSource = mock(DataSource.class);
    private final OneLiteConnection con = mock(OneLiteConnection.class);
    private final OneLiteStatistics statistics = new OneLiteStatistics();

    @BeforeEach
    void oneLiteConnection() throws SQLException {
        when(dataSource.getConnection()).thenReturn(con);
        when(dataSource.isWrapperFor(OneLiteDataSource.class)).thenReturn(true);
        when(con.isWrapperFor(OneLiteConnection.class)).thenReturn(true);
        when(con.unwrap(OneLiteConnection.class)).thenReturn(con);
        when(con.getAutoCommit()).thenReturn(true);
        when(con.getBeginMode()).thenReturn(BeginMode.DEFERRED);
    }

    private OneLiteTransactionManager manager(boolean concurrentWrites) {
        return new OneLiteTransactionManager(dataSource, concurrentWrites, BeginMode.IMMEDIATE, statistics);
    }

    private static DefaultTransactionAttribute labelled(String... labels) {
        DefaultTransactionAttribute attribute = new DefaultTransactionAttribute();
        attribute.setLabels(List.of(labels));
        return attribute;
    }

    @Test
    void beginModeFollowsLabelThenReadOnlyThenDefault() {
        OneLiteTransactionManager tm = manager(true);
        assertThat(tm.beginModeFor(labelled("onelite:begin=concurrent"))).isEqualTo(BeginMode.CONCURRENT);
        assertThat(tm.beginModeFor(labelled("other", "onelite:begin=concurrent_snapshot"))).isEqualTo(BeginMode.CONCURRENT_SNAPSHOT);
        DefaultTransactionAttribute readOnly = new DefaultTransactionAttribute();
        readOnly.setReadOnly(true);
        assertThat(tm.beginModeFor(readOnly)).isEqualTo(BeginMode.DEFERRED);
        assertThat(tm.beginModeFor(new DefaultTransactionAttribute())).isEqualTo(BeginMode.IMMEDIATE);
        assertThat(tm.beginModeFor(TransactionDefinition.withDefaults())).isEqualTo(BeginMode.IMMEDIATE);
    }

    @Test
    void theKillSwitchTurnsConcurrentIntoImmediate() {
        OneLiteTransactionManager tm = manager(false);
        assertThat(tm.beginModeFor(labelled(BeginModeLabels.of(ConcurrentIsolation.SERIALIZABLE)))).isEqualTo(BeginMode.IMMEDIATE);
        assertThat(tm.beginModeFor(labelled(BeginModeLabels.of(ConcurrentIsolation.SNAPSHOT)))).isEqualTo(BeginMode.IMMEDIATE);
    }

    @Test
    void aConcurrentTransactionSetsTheConnectionsBeginModeAndRestoresItAfterwards() throws SQLException {
        OneLiteTransactionManager tm = manager(true);
        DefaultTransactionAttribute attribute = labelled("onelite:begin=concurrent");
        attribute.setIsolationLevel(TransactionDefinition.ISOLATION_SERIALIZABLE);
        TransactionStatus status = tm.getTransaction(attribute);
        tm.commit(status);
        InOrder order = inOrder(con);
        order.verify(con).setAutoCommit(false);
        order.verify(con).setBeginMode(BeginMode.CONCURRENT);
        order.verify(con).commit();
        order.verify(con).setBeginMode(BeginMode.DEFERRED);
        verify(con, never()).setTransactionIsolation(anyInt()); // the begin mode carries the isolation
        assertThat(statistics.snapshot().commits()).isEqualTo(1);
    }

    @Test
    void aLostConflictAtCommitIsRolledBackAndTranslated() throws SQLException {
        doThrow(new SQLTransactionRollbackException("database is locked (snapshot is stale)", "40001", 517)).when(con).commit();
        doThrow(new SQLException("cannot rollback - no transaction is active", null, 1)).when(con).rollback();
        OneLiteTransactionManager tm = manager(true);
        TransactionStatus status = tm.getTransaction(labelled("onelite:begin=concurrent"));
        assertThatExceptionOfType(CommitConflictException.class).isThrownBy(() -> tm.commit(status))
                .satisfies(e -> assertThat(e.resultCode()).isEqualTo(517))
                .withMessageContaining("snapshot is stale");
        verify(con).rollback();
        verify(con, atLeastOnce()).close(); // released to the pool
        assertThat(statistics.snapshot().conflicts()).isEqualTo(1);
    }

    @Test
    void aCommitPastTheHoldLimitIsCountedApart() throws SQLException {
        doThrow(new SQLTransactionRollbackException("hold limit", "40001", 773)).when(con).commit();
        OneLiteTransactionManager tm = manager(true);
        TransactionStatus status = tm.getTransaction(labelled("onelite:begin=concurrent"));
        assertThatExceptionOfType(CommitConflictException.class).isThrownBy(() -> tm.commit(status));
        assertThat(statistics.snapshot().holdTimeouts()).isEqualTo(1);
    }

    @Test
    void busyAtCommitIsCannotAcquireLock() throws SQLException {
        doThrow(new SQLException("database is locked", null, 5)).when(con).commit();
        OneLiteTransactionManager tm = manager(true);
        TransactionStatus status = tm.getTransaction(new DefaultTransactionAttribute());
        assertThatExceptionOfType(CannotAcquireLockException.class).isThrownBy(() -> tm.commit(status));
    }

    @Test
    void onAnotherDatabaseTheIsolationLevelApplies() throws SQLException {
        DataSource other = mock(DataSource.class);
        Connection plain = mock(Connection.class);
        when(other.getConnection()).thenReturn(plain);
        when(plain.getAutoCommit()).thenReturn(true);
        when(plain.getTransactionIsolation()).thenReturn(Connection.TRANSACTION_READ_COMMITTED);
        OneLiteTransactionManager tm = new OneLiteTransactionManager(other);
        DefaultTransactionAttribute attribute = labelled(BeginModeLabels.of(ConcurrentIsolation.SNAPSHOT));
        attribute.setIsolationLevel(TransactionDefinition.ISOLATION_REPEATABLE_READ);
        tm.commit(tm.getTransaction(attribute));
        verify(plain).setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
        verify(plain).commit();
    }
}
