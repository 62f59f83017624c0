package io.onelite.spring;

import java.sql.SQLException;
import java.util.IdentityHashMap;
import java.util.Map;

import jakarta.persistence.EntityManagerFactory;

import org.springframework.orm.jpa.JpaTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.interceptor.TransactionAttribute;
import org.springframework.transaction.support.DefaultTransactionStatus;

/**
 * Spring's {@link JpaTransactionManager} with what {@link OneLiteTransactionManager} adds for JDBC:
 * <ul>
 *   <li><b>begin-mode labels</b>: {@code JpaTransactionManager} hands its {@code JpaDialect} a wrapped
 *       definition without the labels of the transaction attribute, so this manager makes the
 *       attribute known on the thread while it begins ({@link BeginModeLabels#requested}), and
 *       {@link OneLiteHibernateJpaDialect} honours {@code @Transactional(label = "onelite:begin=...")}
 *       as the JDBC manager does;</li>
 *   <li><b>statistics</b>: commits, rollbacks, lost conflicts at commit (517, 773; the flush of
 *       Hibernate's session happens inside the commit) and commit time go to the same
 *       {@link OneLiteStatistics} as the JDBC manager's, so the meters count both stacks alike.</li>
 * </ul>
 *
 * <p>Like every {@code JpaTransactionManager} it exposes Hibernate's JDBC connection for the
 * entity manager factory's {@code DataSource}: {@code JdbcTemplate}, {@code JdbcClient} and Spring
 * Data JDBC run inside the same transaction, on the same connection, with the same {@code BEGIN}.
 */
public class OneLiteJpaTransactionManager extends JpaTransactionManager {

    private final OneLiteStatistics statistics;

    /** A manager that finds its entity manager factory in the bean factory, as Boot's does. */
    public OneLiteJpaTransactionManager(OneLiteStatistics statistics) {
        if (statistics == null) {
            throw new IllegalArgumentException("statistics is required");
        }
        this.statistics = statistics;
    }

    public OneLiteJpaTransactionManager(EntityManagerFactory factory, OneLiteStatistics statistics) {
        this(statistics);
        setEntityManagerFactory(factory);
        afterPropertiesSet();
    }

    public OneLiteStatistics getStatistics() {
        return statistics;
    }

    @Override
    protected void doBegin(Object transaction, TransactionDefinition definition) {
        if (definition instanceof TransactionAttribute attribute) {
            BeginModeLabels.whileBeginning(attribute, () -> {
                super.doBegin(transaction, definition);
                return null;
            });
        } else {
            super.doBegin(transaction, definition);
        }
    }

    @Override
    protected void doCommit(DefaultTransactionStatus status) {
        long start = System.nanoTime();
        try {
            super.doCommit(status);
            statistics.commit();
        } catch (RuntimeException e) {
            Integer code = conflictCode(e);
            if (code != null) {
                statistics.commitFailed(code);
            }
            throw e;
        } finally {
            statistics.commitTime(System.nanoTime() - start);
        }
    }

    @Override
    protected void doRollback(DefaultTransactionStatus status) {
        super.doRollback(status);
        statistics.rollback();
    }

    /** The result code of the lost conflict in {@code failure}'s cause chain, or {@code null}. */
    static Integer conflictCode(Throwable failure) {
        Map<Throwable, Boolean> seen = new IdentityHashMap<>();
        for (Throwable t = failure; t != null && seen.put(t, Boolean.TRUE) == null; t = t.getCause()) {
            if (t instanceof CommitConflictException c) {
                return c.resultCode();
            }
            if (t instanceof SQLException e && ConcurrencyFailures.isConflict(e)) {
                return e.getErrorCode();
            }
        }
        return null;
    }
}
