package io.onelite.spring;

import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import org.springframework.retry.RetryContext;
import org.springframework.retry.backoff.BackOffContext;
import org.springframework.retry.backoff.BackOffInterruptedException;
import org.springframework.retry.backoff.BackOffPolicy;

/**
 * Exponential back-off with jitter for Spring Retry: the n-th pause is
 * {@code min(maxBackoff, initialBackoff * multiplier^(n-1))} minus a random share of at most
 * {@code jitter} of it, in nanoseconds (pauses below a millisecond matter here: a lost conflict
 * usually clears as soon as the winner has committed).
 */
final class JitterBackOffPolicy implements BackOffPolicy {

    private final RetrySettings settings;

    JitterBackOffPolicy(RetrySettings settings) {
        this.settings = settings;
    }

    private static final class Attempts implements BackOffContext {
        int pauses;
    }

    @Override
    public BackOffContext start(RetryContext context) {
        return new Attempts();
    }

    @Override
    public void backOff(BackOffContext backOffContext) {
        Attempts attempts = (Attempts) backOffContext;
        attempts.pauses++;
        long nanos = pauseNanos(settings, attempts.pauses, ThreadLocalRandom.current().nextDouble());
        if (nanos <= 0) {
            return;
        }
        try {
            TimeUnit.NANOSECONDS.sleep(nanos);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BackOffInterruptedException("Interrupted while backing off before a retry", e);
        }
    }

    /** The n-th pause (n from 1) for a uniform random {@code u} in [0, 1). */
    static long pauseNanos(RetrySettings s, int n, double u) {
        double pause = s.initialBackoff().toNanos() * Math.pow(s.multiplier(), n - 1);
        pause = Math.min(pause, (double) s.maxBackoff().toNanos());
        return (long) (pause * (1.0 - s.jitter() * u));
    }
}
