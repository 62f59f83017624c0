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
 * {@link TransactionAttribute#getLabels()}.
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

    /** The begin mode a definition's labels ask for, or {@code null} when none does. */
    public static BeginMode requested(TransactionDefinition definition) {
        if (!(definition instanceof TransactionAttribute attribute)) {
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
