package io.onelite.spring;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.sql.SQLTransactionRollbackException;
import java.util.List;

import io.onelite.common.BeginMode;

import org.hibernate.TransactionException;
import org.junit.jupiter.api.Test;

import org.springframework.dao.DataAccessException;
import org.springframework.transaction.interceptor.RuleBasedTransactionAttribute;
import org.springframework.transaction.support.DefaultTransactionDefinition;
import org.springframework.transaction.support.DelegatingTransactionDefinition;

class OneLiteHibernateJpaDialectTests {

    @Test
    void aCommitThatLostAConflictBecomesACommitConflictEvenWhenHibernateWrappedIt() {
        SQLException busySnapshot = new SQLTransactionRollbackException("database is locked", "40001", 517);
        TransactionException hibernate = new TransactionException("Unable to commit against JDBC Connection", busySnapshot);
        DataAccessException translated = new OneLiteHibernateJpaDialect().translateExceptionIfPossible(hibernate);
        assertThat(translated).isInstanceOf(CommitConflictException.class);
        assertThat(((CommitConflictException) translated).resultCode()).isEqualTo(517);
        assertThat(ConcurrencyFailures.isRetryable(translated)).isTrue();
    }

    @Test
    void otherFailuresKeepSpringsTranslation() {
        TransactionException hibernate = new TransactionException("boom", new SQLException("no such table: t", "HY000", 1));
        DataAccessException translated = new OneLiteHibernateJpaDialect().translateExceptionIfPossible(hibernate);
        assertThat(translated).isNotInstanceOf(CommitConflictException.class);
    }

    @Test
    void aWrappedDefinitionIsReadThroughTheAttributeBeingBegun() {
        RuleBasedTransactionAttribute concurrent = new RuleBasedTransactionAttribute();
        concurrent.setLabels(List.of(BeginModeLabels.of(ConcurrentIsolation.SNAPSHOT)));
        DelegatingTransactionDefinition wrapped = new DelegatingTransactionDefinition(concurrent) { };
        BeginModePolicy policy = BeginModePolicy.DEFAULT;
        assertThat(policy.modeFor(wrapped)).as("outside a begin the label is not visible").isEqualTo(BeginMode.IMMEDIATE);
        assertThat(BeginModeLabels.whileBeginning(concurrent, () -> policy.modeFor(wrapped)))
                .isEqualTo(BeginMode.CONCURRENT_SNAPSHOT);
        DefaultTransactionDefinition readOnly = new DefaultTransactionDefinition();
        readOnly.setReadOnly(true);
        assertThat(policy.modeFor(new DelegatingTransactionDefinition(readOnly) { })).isEqualTo(BeginMode.DEFERRED);
        assertThat(new BeginModePolicy(false, BeginMode.IMMEDIATE).modeFor(concurrent)).isEqualTo(BeginMode.IMMEDIATE);
    }
}
