package io.onelite.spring;

import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.interceptor.TransactionAttribute;
import org.springframework.transaction.interceptor.TransactionInterceptor;

/**
 * The transaction advice of {@link ConcurrentTransactional}: Spring's {@link TransactionInterceptor}
 * that, while it begins a transaction, makes the attribute (and its begin-mode label) known to
 * {@link BeginModeLabels#requested}, so that a transaction manager passing a wrapped definition
 * down (JPA's, to {@link OneLiteHibernateJpaDialect}) still opens {@code BEGIN CONCURRENT}.
 */
public class ConcurrentTransactionInterceptor extends TransactionInterceptor {

    @Override
    protected TransactionInfo createTransactionIfNecessary(PlatformTransactionManager tm, TransactionAttribute txAttr,
                                                           String joinpointIdentification) {
        return BeginModeLabels.whileBeginning(txAttr,
                () -> super.createTransactionIfNecessary(tm, txAttr, joinpointIdentification));
    }
}
