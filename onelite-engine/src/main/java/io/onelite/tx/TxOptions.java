package io.onelite.tx;

import java.time.Duration;
import java.util.Objects;

/**
 * Transaction settings, frozen when the {@link TransactionManager} is built.
 *
 * @param busyTimeout     how long to wait for the write lock before failing with
 *                        {@code SQLITE_BUSY} (5); zero means try once ({@code PRAGMA busy_timeout})
 * @param commitHoldLimit how long a concurrent commit may spend in validation and replay under the
 *                        write lock before it stops, releases the lock and fails with
 *                        {@code SQLITE_BUSY_TIMEOUT} (773); default 5 s ({@code commit_hold_limit})
 */
public record TxOptions(Duration busyTimeout, Duration commitHoldLimit) {
    /** Busy timeout 5 s, commit hold limit 5 s. */
    public static final TxOptions DEFAULTS = new TxOptions(Duration.ofSeconds(5), Duration.ofSeconds(5));

    public TxOptions {
        Objects.requireNonNull(busyTimeout, "busyTimeout");
        Objects.requireNonNull(commitHoldLimit, "commitHoldLimit");
        if (busyTimeout.isNegative() || commitHoldLimit.isNegative()) {
            throw new IllegalArgumentException("negative duration: " + busyTimeout + ", " + commitHoldLimit);
        }
    }

    public TxOptions withBusyTimeout(Duration d) {
        return new TxOptions(d, commitHoldLimit);
    }

    public TxOptions withCommitHoldLimit(Duration d) {
        return new TxOptions(busyTimeout, d);
    }
}
