package io.onelite.spring;

import java.util.ArrayList;
import java.util.List;

import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.interceptor.NoRollbackRuleAttribute;
import org.springframework.transaction.interceptor.RollbackRuleAttribute;
import org.springframework.transaction.interceptor.RuleBasedTransactionAttribute;

/**
 * The transaction attribute of a {@link ConcurrentTransactional} method: propagation REQUIRED, a
 * begin-mode label ({@code onelite:begin=concurrent} or {@code concurrent_snapshot}), the
 * portable isolation level (SERIALIZABLE, or REPEATABLE READ for SNAPSHOT), timeout, rollback
 * rules and transaction manager qualifier from the annotation, which it keeps for the retry advice.
 */
public final class ConcurrentTransactionAttribute extends RuleBasedTransactionAttribute {

    private final transient ConcurrentTransactional annotation;

    public ConcurrentTransactionAttribute(ConcurrentTransactional annotation) {
        this.annotation = annotation;
        setPropagationBehavior(TransactionDefinition.PROPAGATION_REQUIRED);
        setIsolationLevel(annotation.isolation() == ConcurrentIsolation.SNAPSHOT
                ? TransactionDefinition.ISOLATION_REPEATABLE_READ
                : TransactionDefinition.ISOLATION_SERIALIZABLE);
        setTimeout(annotation.timeout());
        setReadOnly(false);
        setQualifier(annotation.transactionManager());
        setLabels(List.of(BeginModeLabels.of(annotation.isolation())));
        List<RollbackRuleAttribute> rules = new ArrayList<>();
        for (Class<? extends Throwable> c : annotation.rollbackFor()) {
            rules.add(new RollbackRuleAttribute(c));
        }
        for (Class<? extends Throwable> c : annotation.noRollbackFor()) {
            rules.add(new NoRollbackRuleAttribute(c));
        }
        setRollbackRules(rules);
    }

    /** The annotation this attribute was read from. */
    public ConcurrentTransactional annotation() {
        return annotation;
    }
}
