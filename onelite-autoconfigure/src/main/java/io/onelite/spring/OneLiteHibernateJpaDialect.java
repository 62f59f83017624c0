package io.onelite.spring;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.IdentityHashMap;
import java.util.Map;

import javax.sql.DataSource;

import io.onelite.common.BeginMode;
import io.onelite.jdbc.OneLiteConnection;

import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceException;

import org.hibernate.engine.spi.SessionImplementor;

import org.springframework.dao.DataAccessException;
import org.springframework.orm.jpa.vendor.HibernateJpaDialect;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.TransactionException;
import org.springframework.transaction.support.DelegatingTransactionDefinition;

/**
 * Spring's {@link HibernateJpaDialect} that makes a JPA transaction ({@code JpaTransactionManager})
 * open with the same {@code BEGIN} as a JDBC one: before Hibernate begins, it sets the begin mode
 * ({@link BeginModePolicy}) on the OneLite connection of the session
 * ({@link OneLiteConnection#setBeginMode}), and restores the previous mode at cleanup. So
 * {@link ConcurrentTransactional} opens {@code BEGIN CONCURRENT [SNAPSHOT]}, a plain read-write
 * {@code @Transactional} the default mode ({@code BEGIN IMMEDIATE}), a read-only one
 * {@code BEGIN DEFERRED}.
 *
 * <p>On OneLite the isolation level of the definition is not sent to the connection (the begin
 * mode carries it). On a connection that is not OneLite this is Spring's dialect unchanged.
 *
 * <p>Exceptions: with a data source given, Hibernate's JDBC exceptions are translated by
 * {@link OneLiteAwareExceptionTranslator} (unique violations to {@code DuplicateKeyException},
 * 517/773 to {@link CommitConflictException}); a lost conflict that Hibernate wrapped in
 * something else than a {@code JDBCException} (a failed {@code COMMIT}) becomes a
 * {@link CommitConflictException} too, so the caller never sees a bare Hibernate exception.
 */
public class OneLiteHibernateJpaDialect extends HibernateJpaDialect {

    private final BeginModePolicy policy;

    /** The default policy, no OneLite exception translation. */
    public OneLiteHibernateJpaDialect() {
        this(BeginModePolicy.DEFAULT, null);
    }

    /**
     * @param policy     which mode each transaction begins with
     * @param dataSource the data source of the entity manager factory, for exception translation
     *                   ({@code null}: Hibernate's own)
     */
    public OneLiteHibernateJpaDialect(BeginModePolicy policy, DataSource dataSource) {
        if (policy == null) {
            throw new IllegalArgumentException("policy is required");
        }
        this.policy = policy;
        if (dataSource != null) {
            setJdbcExceptionTranslator(new OneLiteAwareExceptionTranslator(dataSource));
        }
    }

    public BeginModePolicy getPolicy() {
        return policy;
    }

    @Override
    public Object beginTransaction(EntityManager entityManager, TransactionDefinition definition)
            throws PersistenceException, SQLException, TransactionException {
        // the connection Hibernate will run the transaction on (acquired now, as Spring's own
        // dialect does for an isolation level): its begin mode must be set before the BEGIN
        Connection con = entityManager.unwrap(SessionImplementor.class)
                .getJdbcCoordinator().getLogicalConnection().getPhysicalConnection();
        if (!OneLiteDataSources.isOneLite(con)) {
            return super.beginTransaction(entityManager, definition);
        }
        OneLiteConnection oneLite = con.unwrap(OneLiteConnection.class);
        BeginMode previous = oneLite.getBeginMode();
        oneLite.setBeginMode(policy.modeFor(definition));
        try {
            Object data = super.beginTransaction(entityManager, new WithoutIsolation(definition));
            return new OneLiteTransactionData(data, oneLite, previous);
        } catch (RuntimeException | SQLException e) {
            oneLite.setBeginMode(previous);
            throw e;
        }
    }

    @Override
    public void cleanupTransaction(Object transactionData) {
        if (transactionData instanceof OneLiteTransactionData data) {
            try {
                super.cleanupTransaction(data.target);
            } finally {
                data.restore();
            }
        } else {
            super.cleanupTransaction(transactionData);
        }
    }

    @Override
    public DataAccessException translateExceptionIfPossible(RuntimeException ex) {
        DataAccessException translated = super.translateExceptionIfPossible(ex);
        if (translated instanceof CommitConflictException) {
            return translated;
        }
        SQLException conflict = conflictIn(ex);
        if (conflict != null) {
            return new CommitConflictException("JPA transaction lost a conflict: " + conflict.getMessage(),
                    conflict.getErrorCode(), ex);
        }
        return translated;
    }

    /** The first {@link SQLException} in the cause chain that reports a lost conflict, or {@code null}. */
    private static SQLException conflictIn(Throwable failure) {
        Map<Throwable, Boolean> seen = new IdentityHashMap<>();
        for (Throwable t = failure; t != null && seen.put(t, Boolean.TRUE) == null; t = t.getCause()) {
            if (t instanceof SQLException e && ConcurrencyFailures.isConflict(e)) {
                return e;
            }
        }
        return null;
    }

    /** Spring's transaction data plus what restores the connection's begin mode. */
    private record OneLiteTransactionData(Object target, OneLiteConnection connection, BeginMode previous) {

        void restore() {
            try {
                connection.setBeginMode(previous);
            } catch (SQLException | RuntimeException e) {
                // a closed connection keeps no mode: nothing to restore
            }
        }
    }

    /** The definition without its isolation level: on OneLite the begin mode carries it. */
    private static final class WithoutIsolation extends DelegatingTransactionDefinition {

        WithoutIsolation(TransactionDefinition target) {
            super(target);
        }

        @Override
        public int getIsolationLevel() {
            return ISOLATION_DEFAULT;
        }
    }
}
