package io.onelite.spring;

import io.onelite.common.BeginMode;

import org.springframework.transaction.TransactionDefinition;

/**
 * Which {@code BEGIN} a new transaction opens with, shared by every transaction manager of the
 * starter ({@link OneLiteTransactionManager} for JDBC, {@link OneLiteHibernateJpaDialect} for JPA),
 * so that an annotation means the same thing on each stack. First rule that applies:
 * <ol>
 *   <li>a label {@code onelite:begin=<mode>} ({@link BeginModeLabels}): {@link ConcurrentTransactional}
 *       carries {@code concurrent} or {@code concurrent_snapshot};</li>
 *   <li>{@code readOnly = true}: {@code DEFERRED} (a read snapshot, no write lock);</li>
 *   <li>otherwise {@code defaultBegin} ({@code onelite.default-begin}, {@code IMMEDIATE}).</li>
 * </ol>
 * With {@code concurrentWrites} off a concurrent mode becomes {@code IMMEDIATE}.
 */
public record BeginModePolicy(boolean concurrentWrites, BeginMode defaultBegin) {

    /** Concurrent writes on, {@code IMMEDIATE} for plain read-write transactions. */
    public static final BeginModePolicy DEFAULT = new BeginModePolicy(true, BeginMode.IMMEDIATE);

    public BeginModePolicy {
        if (defaultBegin == null) {
            throw new IllegalArgumentException("defaultBegin is required");
        }
    }

    /** The begin mode a new transaction with {@code definition} opens with. */
    public BeginMode modeFor(TransactionDefinition definition) {
        BeginMode requested = BeginModeLabels.requested(definition);
        BeginMode mode = requested != null ? requested
                : definition.isReadOnly() ? BeginMode.DEFERRED : defaultBegin;
        if (!concurrentWrites && mode.isConcurrent()) {
            return BeginMode.IMMEDIATE;
        }
        return mode;
    }
}
