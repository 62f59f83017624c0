package io.onelite.spring;

import java.time.Duration;

/**
 * How {@link ConcurrentTransactional} retries: attempts in all and the back-off between them.
 * Immutable.
 *
 * @param maxAttempts attempts in all, the first included, at least 1
 * @param initialBackoff pause before the second attempt
 * @param multiplier growth of the pause per further attempt, at least 1
 * @param maxBackoff longest pause
 * @param jitter random share taken off each pause, 0..1
 */
public record RetrySettings(int maxAttempts, Duration initialBackoff, double multiplier, Duration maxBackoff,
                            double jitter) {

    /** Ten attempts, 1 ms doubling up to 100 ms, half of each pause random. */
    public static final RetrySettings DEFAULTS =
            new RetrySettings(10, Duration.ofMillis(1), 2.0, Duration.ofMillis(100), 0.5);

    public RetrySettings {
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts must be at least 1, was " + maxAttempts);
        }
        if (initialBackoff == null || initialBackoff.isNegative() || maxBackoff == null || maxBackoff.isNegative()) {
            throw new IllegalArgumentException("back-off durations must be zero or positive");
        }
        if (!(multiplier >= 1.0)) {
            throw new IllegalArgumentException("multiplier must be at least 1.0, was " + multiplier);
        }
        if (!(jitter >= 0.0 && jitter <= 1.0)) {
            throw new IllegalArgumentException("jitter must be between 0.0 and 1.0, was " + jitter);
        }
    }

    /** These settings with the values {@code annotation} sets itself. */
    public RetrySettings overriddenBy(ConcurrentTransactional annotation) {
        ConcurrentTransactional.Backoff b = annotation.backoff();
        return new RetrySettings(
                annotation.maxAttempts() > 0 ? annotation.maxAttempts() : maxAttempts,
                b.initial() >= 0 ? Duration.ofMillis(b.initial()) : initialBackoff,
                b.multiplier() > 0 ? b.multiplier() : multiplier,
                b.max() >= 0 ? Duration.ofMillis(b.max()) : maxBackoff,
                b.jitter() >= 0 ? b.jitter() : jitter);
    }
}
