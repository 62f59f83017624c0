package io.onelite.spring.autoconfigure;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.AbstractPlatformTransactionManager;
import org.springframework.transaction.support.DefaultTransactionStatus;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/** A transaction manager without a database: records what it begins, fails commits on demand. */
class RecordingTransactionManager extends AbstractPlatformTransactionManager {

    private final Object key = new Object();
    final List<TransactionDefinition> begun = new CopyOnWriteArrayList<>();
    final Deque<RuntimeException> commitFailures = new ArrayDeque<>();
    int commits;
    int rollbacks;

    private record Tx(boolean existing) {
    }

    @Override
    protected Object doGetTransaction() {
        return new Tx(TransactionSynchronizationManager.hasResource(key));
    }

    @Override
    protected boolean isExistingTransaction(Object transaction) {
        return ((Tx) transaction).existing();
    }

    @Override
    protected void doBegin(Object transaction, TransactionDefinition definition) {
        begun.add(definition);
        TransactionSynchronizationManager.bindResource(key, Boolean.TRUE);
    }

    @Override
    protected void doCommit(DefaultTransactionStatus status) {
        commits++;
        RuntimeException failure = commitFailures.poll();
        if (failure != null) {
            throw failure;
        }
    }

    @Override
    protected void doRollback(DefaultTransactionStatus status) {
        rollbacks++;
    }

    @Override
    protected void doSetRollbackOnly(DefaultTransactionStatus status) {
        // a joined transaction that failed: the outer boundary rolls back
    }

    @Override
    protected void doCleanupAfterCompletion(Object transaction) {
        TransactionSynchronizationManager.unbindResource(key);
    }
}
