package io.onelite.spring;

import java.util.Collection;
import java.util.Locale;

import io.onelite.common.BeginMode;

import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.interceptor.TransactionAttribute;

/**
 * How a transaction definition asks for a begin mode: a transaction label
 * {@code onelite:begin=<mode>}, as in {@code @Transactional(label = "onelite:begin=concurrent")}.
 *
 * <p>{@link ConcurrentTransactional} methods carry such a label; a plain {@code @Transactional} may
 * carry one too. {@link OneLiteTransactionManager} reads it through
 * {@link TransactionAttribute#getLabels()}; under JPA, {@link OneLiteJpaTransactionManager} (and, for
 * {@link ConcurrentTransactional}, its own advice) makes the attribute known while Hibernate begins,
 * since Spring hands the JPA dialect a wrapped definition without labels.
 */
public final class BeginModeLabels {

    /** The prefix of a begin-mode label. */
    public static final String PREFIX = "onelite:begin=";

    private BeginModeLabels() {
    }

    /** The label that asks for {@code mode}. */
    public static String of(BeginMode mode) {
        return PREFIX + mode.name().toLowerCase(Locale.ROOT);
    }

    /** The label for a {@link ConcurrentTransactional} isolation. */
    public static String of(ConcurrentIsolation isolation) {
        return of(isolation == ConcurrentIsolation.SNAPSHOT ? BeginMode.CONCURRENT_SNAPSHOT : BeginMode.CONCURRENT);
    }

    /**
     * The attribute of the {@link ConcurrentTransactional} transaction this thread is beginning, for
     * transaction managers that pass a wrapped definition down (JPA's {@code JpaTransactionManager}
     * hands its dialect a definition without labels). Set only while the transaction is created.
     */
    private static final ThreadLocal<TransactionAttribute> BEGINNING = new ThreadLocal<>();

    /** Runs {@code action} (which begins a transaction) with {@code attribute} as the one being begun. */
    static <T> T whileBeginning(TransactionAttribute attribute, java.util.function.Supplier<T> action) {
        TransactionAttribute outer = BEGINNING.get();
        BEGINNING.set(attribute);
        try {
            return action.get();
        } finally {
            if (outer == null) {
                BEGINNING.remove();
            } else {
                BEGINNING.set(outer);
            }
        }
    }

    /**
     * The begin mode a definition's labels ask for, or {@code null} when none does. A definition
     * that is not a {@link TransactionAttribute} (a manager's wrapper) is read through the
     * attribute being begun on this thread, if any.
     */
    public static BeginMode requested(TransactionDefinition definition) {
        TransactionAttribute attribute = definition instanceof TransactionAttribute a ? a : BEGINNING.get();
        if (attribute == null) {
            return null;
        }
        Collection<String> labels = attribute.getLabels();
        if (labels == null) {
            return null;
        }
        for (String label : labels) {
            if (label != null && label.startsWith(PREFIX)) {
                return BeginMode.parse(label.substring(PREFIX.length()));
            }
        }
        return null;
    }
}
