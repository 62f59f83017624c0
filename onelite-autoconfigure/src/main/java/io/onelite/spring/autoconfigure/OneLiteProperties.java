package io.onelite.spring.autoconfigure;

import java.time.Duration;

import io.onelite.common.BeginMode;
import io.onelite.common.Synchronous;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.Errors;
import org.springframework.validation.Validator;

/**
 * Settings of the OneLite database an application opens, bound from {@code onelite.*}.
 *
 * <p>The class validates itself (it is a Spring {@link Validator}): Boot checks every value at
 * start-up and a bad one stops the application with the property name, the value and the reason.
 * Each field's initializer is its default.
 */
@ConfigurationProperties("onelite")
public class OneLiteProperties implements Validator {

    /** Path of the database file; a relative path is resolved against the working directory and its folder is created. */
    private String path = "data/onelite.db";

    /** PRAGMA synchronous for the connections: OFF, NORMAL, FULL or EXTRA. */
    private Synchronous synchronous = Synchronous.FULL;

    /** Maximum time a BEGIN CONCURRENT commit may spend in validation and replay before it fails with SQLITE_BUSY_TIMEOUT (773). */
    private Duration commitHoldLimit = Duration.ofSeconds(5);

    /** Maximum time a transaction waits for the write lock before it fails with SQLITE_BUSY (5). */
    private Duration busyTimeout = Duration.ofSeconds(10);

    /**
     * How long the writer that took the write lock last may take it again ahead of writers queued in
     * this JVM (unset: the engine's 10ms); 0 hands the lock over strictly in turn, the fairest tail for
     * every writer at a lower rate of short transactions.
     */
    private Duration writeSlice;

    /** Whether @ConcurrentTransactional opens BEGIN CONCURRENT; false makes every write transaction BEGIN IMMEDIATE (a kill switch). */
    private boolean concurrentWrites = true;

    /** How a plain read-write @Transactional begins: DEFERRED, IMMEDIATE, EXCLUSIVE, CONCURRENT or CONCURRENT_SNAPSHOT. */
    private BeginMode defaultBegin = BeginMode.IMMEDIATE;

    /** How @ConcurrentTransactional reruns a method whose commit lost a conflict. */
    private final Retry retry = new Retry();

    public String getPath() {
        return path;
    }

    public void setPath(String path) {
        this.path = path;
    }

    public Synchronous getSynchronous() {
        return synchronous;
    }

    public void setSynchronous(Synchronous synchronous) {
        this.synchronous = synchronous;
    }

    public Duration getCommitHoldLimit() {
        return commitHoldLimit;
    }

    public void setCommitHoldLimit(Duration commitHoldLimit) {
        this.commitHoldLimit = commitHoldLimit;
    }

    public Duration getBusyTimeout() {
        return busyTimeout;
    }

    public void setBusyTimeout(Duration busyTimeout) {
        this.busyTimeout = busyTimeout;
    }

    public Duration getWriteSlice() {
        return writeSlice;
    }

    public void setWriteSlice(Duration writeSlice) {
        this.writeSlice = writeSlice;
    }

    public boolean isConcurrentWrites() {
        return concurrentWrites;
    }

    public void setConcurrentWrites(boolean concurrentWrites) {
        this.concurrentWrites = concurrentWrites;
    }

    public BeginMode getDefaultBegin() {
        return defaultBegin;
    }

    public void setDefaultBegin(BeginMode defaultBegin) {
        this.defaultBegin = defaultBegin;
    }

    public Retry getRetry() {
        return retry;
    }

    /** {@code onelite.retry.*}: defaults for every {@code @ConcurrentTransactional} that does not set its own. */
    public static class Retry {

        /** Maximum number of attempts (the first call included) before the caller gets the failure. */
        private int maxAttempts = 10;

        /** Pause before the second attempt. */
        private Duration initialBackoff = Duration.ofMillis(1);

        /** Factor applied to the pause after each further failed attempt. */
        private double multiplier = 2.0;

        /** Longest pause between two attempts. */
        private Duration maxBackoff = Duration.ofMillis(100);

        /** Random share taken off each pause (0 = none, 1 = anywhere between zero and the full pause), so that losers do not retry in lockstep. */
        private double jitter = 0.5;

        public int getMaxAttempts() {
            return maxAttempts;
        }

        public void setMaxAttempts(int maxAttempts) {
            this.maxAttempts = maxAttempts;
        }

        public Duration getInitialBackoff() {
            return initialBackoff;
        }

        public void setInitialBackoff(Duration initialBackoff) {
            this.initialBackoff = initialBackoff;
        }

        public double getMultiplier() {
            return multiplier;
        }

        public void setMultiplier(double multiplier) {
            this.multiplier = multiplier;
        }

        public Duration getMaxBackoff() {
            return maxBackoff;
        }

        public void setMaxBackoff(Duration maxBackoff) {
            this.maxBackoff = maxBackoff;
        }

        public double getJitter() {
            return jitter;
        }

        public void setJitter(double jitter) {
            this.jitter = jitter;
        }
    }

    @Override
    public boolean supports(Class<?> type) {
        return OneLiteProperties.class.isAssignableFrom(type);
    }

    /** Rejects values the engine or the retry loop cannot use, naming the rule each breaks. */
    @Override
    public void validate(Object target, Errors errors) {
        OneLiteProperties p = (OneLiteProperties) target;
        if (p.path == null || p.path.isBlank()) {
            errors.rejectValue("path", "onelite.path.blank", "must name a database file (or ':memory:')");
        }
        if (p.synchronous == null) {
            errors.rejectValue("synchronous", "onelite.synchronous.null", "must be OFF, NORMAL, FULL or EXTRA");
        }
        if (p.defaultBegin == null) {
            errors.rejectValue("defaultBegin", "onelite.default-begin.null",
                    "must be DEFERRED, IMMEDIATE, EXCLUSIVE, CONCURRENT or CONCURRENT_SNAPSHOT");
        }
        requirePositive(errors, "commitHoldLimit", p.commitHoldLimit);
        requireWholeMillis(errors, "commitHoldLimit", p.commitHoldLimit);
        requireNotNegative(errors, "busyTimeout", p.busyTimeout);
        requireWholeMillis(errors, "busyTimeout", p.busyTimeout);
        if (p.writeSlice != null && p.writeSlice.isNegative()) { // unset is fine: the engine's slice
            errors.rejectValue("writeSlice", "onelite.duration.negative", "must be zero or a positive duration, such as 500us");
        }
        Retry r = p.retry;
        if (r.maxAttempts < 1) {
            errors.rejectValue("retry.maxAttempts", "onelite.retry.max-attempts.min",
                    "must be at least 1 (1 means no retry)");
        }
        requireNotNegative(errors, "retry.initialBackoff", r.initialBackoff);
        requireNotNegative(errors, "retry.maxBackoff", r.maxBackoff);
        if (!(r.multiplier >= 1.0)) {
            errors.rejectValue("retry.multiplier", "onelite.retry.multiplier.min", "must be at least 1.0");
        }
        if (!(r.jitter >= 0.0 && r.jitter <= 1.0)) {
            errors.rejectValue("retry.jitter", "onelite.retry.jitter.range", "must be between 0.0 and 1.0");
        }
        if (r.initialBackoff != null && r.maxBackoff != null && r.maxBackoff.compareTo(r.initialBackoff) < 0) {
            errors.rejectValue("retry.maxBackoff", "onelite.retry.max-backoff.min",
                    "must not be shorter than onelite.retry.initial-backoff (" + r.initialBackoff + ")");
        }
    }

    private static void requirePositive(Errors errors, String field, Duration d) {
        if (d == null || d.isNegative() || d.isZero()) {
            errors.rejectValue(field, "onelite.duration.positive", "must be a positive duration, such as 5s");
        }
    }

    /** The engine takes both timeouts in milliseconds: a finer value would be cut, 500us to 0. */
    private static void requireWholeMillis(Errors errors, String field, Duration d) {
        if (d != null && d.getNano() % 1_000_000 != 0) {
            errors.rejectValue(field, "onelite.duration.millis",
                    "must be a whole number of milliseconds (the engine counts in ms), such as 1ms or 250ms");
        }
    }

    private static void requireNotNegative(Errors errors, String field, Duration d) {
        if (d == null || d.isNegative()) {
            errors.rejectValue(field, "onelite.duration.negative", "must be zero or a positive duration, such as 100ms");
        }
    }
}
