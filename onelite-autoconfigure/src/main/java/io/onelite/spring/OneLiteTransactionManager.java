package io.onelite.spring;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import javax.sql.DataSource;

import io.onelite.common.BeginMode;
import io.onelite.jdbc.OneLiteConnection;

import org.springframework.jdbc.datasource.ConnectionHolder;
import org.springframework.jdbc.support.JdbcTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.TransactionSystemException;
import org.springframework.transaction.support.DefaultTransactionStatus;
import org.springframework.transaction.support.DelegatingTransactionDefinition;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * A {@link JdbcTransactionManager} that chooses, per transaction, the {@code BEGIN} statement a
 * OneLite connection opens with ({@link OneLiteConnection#setBeginMode}), and makes lost
 * conflicts at commit clear Spring exceptions.
 *
 * <p>Begin mode of a new transaction, first rule that applies:
 * <ol>
 *   <li>a label {@code onelite:begin=<mode>} ({@link BeginModeLabels}): {@link ConcurrentTransactional}
 *       carries {@code concurrent} or {@code concurrent_snapshot};</li>
 *   <li>{@code readOnly = true}: {@code DEFERRED} (a read snapshot, no write lock);</li>
 *   <li>otherwise the default begin mode ({@code onelite.default-begin}, {@code IMMEDIATE}).</li>
 * </ol>
 * With concurrent writes switched off ({@code onelite.concurrent-writes=false}) a concurrent mode
 * becomes {@code IMMEDIATE}. A transaction that joins an existing one inherits its mode.
 *
 * <p>Commit: OneLite validates a {@code BEGIN CONCURRENT} transaction at {@code COMMIT}; when it
 * lost a conflict (517) or ran past the commit hold limit (773) the engine has already rolled it
 * back, and this manager throws a {@link CommitConflictException} (a Spring
 * {@code ConcurrencyFailureException}), never a bare {@link TransactionSystemException}. The
 * rollback Spring then runs is allowed to find nothing to undo.
 *
 * <p>On a connection that is not OneLite this is a plain {@link JdbcTransactionManager}: the
 * isolation level of the definition applies (so {@code @ConcurrentTransactional} runs
 * {@code SERIALIZABLE} or {@code REPEATABLE READ}) and exceptions are translated by the
 * database's own error codes. On OneLite the isolation level is not sent to the driver: the begin
 * mode carries it.
 */
public class OneLiteTransactionManager extends JdbcTransactionManager {

    private final boolean concurrentWrites;
    private final BeginMode defaultBegin;
    private final OneLiteStatistics statistics;

    /** The mode each OneLite connection had before this manager changed it, restored at cleanup. */
    private final Map<OneLiteConnection, BeginMode> previousModes = new ConcurrentHashMap<>();

    /** Set while a failed commit is being rolled back, so the rollback may find nothing open. */
    private final ThreadLocal<Boolean> commitFailed = new ThreadLocal<>();

    private volatile Boolean oneLite;

    /** A manager with concurrent writes on and {@code IMMEDIATE} for plain read-write transactions. */
    public OneLiteTransactionManager(DataSource dataSource) {
        this(dataSource, true, BeginMode.IMMEDIATE, new OneLiteStatistics());
    }

    public OneLiteTransactionManager(DataSource dataSource, boolean concurrentWrites, BeginMode defaultBegin,
                                     OneLiteStatistics statistics) {
        super(dataSource);
        if (defaultBegin == null || statistics == null) {
            throw new IllegalArgumentException("defaultBegin and statistics are required");
        }
        this.concurrentWrites = concurrentWrites;
        this.defaultBegin = defaultBegin;
        this.statistics = statistics;
        setExceptionTranslator(new OneLiteAwareExceptionTranslator(dataSource));
    }

    public boolean isConcurrentWrites() {
        return concurrentWrites;
    }

    public BeginMode getDefaultBegin() {
        return defaultBegin;
    }

    public OneLiteStatistics getStatistics() {
        return statistics;
    }

    /** The begin mode a new transaction with {@code definition} opens with (rules in the class javadoc). */
    public BeginMode beginModeFor(TransactionDefinition definition) {
        return new BeginModePolicy(concurrentWrites, defaultBegin).modeFor(definition);
    }

    @Override
    protected void doBegin(Object transaction, TransactionDefinition definition) {
        super.doBegin(transaction, new OneLiteBegin(definition, beginModeFor(definition), isOneLite()));
    }

    @Override
    protected void prepareTransactionalConnection(Connection con, TransactionDefinition definition)
            throws SQLException {
        super.prepareTransactionalConnection(con, definition);
        if (definition instanceof OneLiteBegin begin && OneLiteDataSources.isOneLite(con)) {
            OneLiteConnection oneLiteCon = con.unwrap(OneLiteConnection.class);
            previousModes.putIfAbsent(oneLiteCon, oneLiteCon.getBeginMode());
            oneLiteCon.setBeginMode(begin.mode);
        }
    }

    @Override
    protected void doCommit(DefaultTransactionStatus status) {
        long start = System.nanoTime();
        try {
            super.doCommit(status);
            statistics.commit();
        } catch (CommitConflictException e) {
            commitFailed.set(Boolean.TRUE);
            statistics.commitFailed(e.resultCode());
            throw e;
        } catch (TransactionSystemException e) {
            // a translator that did not know the code (a user-supplied one): still never bare
            if (e.getCause() instanceof SQLException sql && ConcurrencyFailures.isConflict(sql)) {
                commitFailed.set(Boolean.TRUE);
                statistics.commitFailed(sql.getErrorCode());
                throw new CommitConflictException("JDBC commit failed: " + sql.getMessage(), sql.getErrorCode(), sql);
            }
            throw e;
        } catch (RuntimeException e) {
            commitFailed.set(Boolean.TRUE);
            throw e;
        } finally {
            statistics.commitTime(System.nanoTime() - start);
        }
    }

    @Override
    protected void doRollback(DefaultTransactionStatus status) {
        try {
            super.doRollback(status);
            statistics.rollback();
        } catch (RuntimeException e) {
            if (commitFailed.get() == null) {
                throw e;
            }
            // the engine already rolled the failed commit back; the commit's exception is the one to report
            logger.debug("Rollback after a failed commit found nothing to undo", e);
        }
    }

    @Override
    protected void doCleanupAfterCompletion(Object transaction) {
        commitFailed.remove();
        if (TransactionSynchronizationManager.getResource(obtainDataSource()) instanceof ConnectionHolder holder
                && holder.getConnectionHandle() != null) {
            restoreBeginMode(holder.getConnection());
        }
        super.doCleanupAfterCompletion(transaction);
    }

    private void restoreBeginMode(Connection con) {
        try {
            if (OneLiteDataSources.isOneLite(con)) {
                OneLiteConnection oneLiteCon = con.unwrap(OneLiteConnection.class);
                BeginMode previous = previousModes.remove(oneLiteCon);
                if (previous != null) {
                    oneLiteCon.setBeginMode(previous);
                }
            }
        } catch (SQLException | RuntimeException e) {
            logger.debug("Could not restore the begin mode of a OneLite connection", e);
        }
    }

    /** Whether the data source is OneLite; decided at the first transaction that can connect. */
    private boolean isOneLite() {
        Boolean known = oneLite;
        if (known == null) {
            try {
                known = OneLiteDataSources.isOneLite(obtainDataSource());
            } catch (SQLException e) {
                return true; // unknown: doBegin will fail to connect anyway
            }
            oneLite = known;
        }
        return known;
    }

    /**
     * The definition {@code doBegin} passes down: the original one with its begin mode, and with
     * no isolation level on OneLite (the mode carries it; the driver need not understand it).
     */
    private static final class OneLiteBegin extends DelegatingTransactionDefinition {

        final BeginMode mode;
        private final boolean oneLite;

        OneLiteBegin(TransactionDefinition target, BeginMode mode, boolean oneLite) {
            super(target);
            this.mode = mode;
            this.oneLite = oneLite;
        }

        @Override
        public int getIsolationLevel() {
            return oneLite ? ISOLATION_DEFAULT : super.getIsolationLevel();
        }
    }
}
