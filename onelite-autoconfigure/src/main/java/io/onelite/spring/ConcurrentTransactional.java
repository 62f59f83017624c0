package io.onelite.spring;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Runs a method in a {@code BEGIN CONCURRENT} transaction and runs it again, in a new
 * transaction, when its commit loses a conflict.
 *
 * <p>Two pieces of advice apply, the retry outside the transaction, so that every attempt is a
 * fresh transaction on a fresh snapshot:
 * <ol>
 *   <li><b>retry</b> (Spring Retry's {@code RetryTemplate}): reruns the whole method when it fails
 *       with {@code SQLITE_BUSY_SNAPSHOT} (517) or {@code SQLITE_BUSY_TIMEOUT} (773) anywhere in
 *       the cause chain, or with SQLState 40001/40P01 on another database
 *       ({@link ConcurrencyFailures}), pausing with exponential back-off and jitter between
 *       attempts. After the last attempt the caller gets a {@link ConcurrentRetryExhaustedException}
 *       that says how many attempts were made. Other exceptions pass through at once.</li>
 *   <li><b>transaction</b> (Spring's {@code TransactionInterceptor}, propagation REQUIRED):
 *       {@link OneLiteTransactionManager} opens {@code BEGIN CONCURRENT}
 *       ({@link ConcurrentIsolation#SERIALIZABLE}) or {@code BEGIN CONCURRENT SNAPSHOT}
 *       ({@link ConcurrentIsolation#SNAPSHOT}).</li>
 * </ol>
 *
 * <p>Propagation:
 * <ul>
 *   <li>No transaction active: a new concurrent transaction per attempt, retried as above.</li>
 *   <li>Called inside an active transaction (another {@code @ConcurrentTransactional} or a plain
 *       {@code @Transactional}): the method joins it, keeps its begin mode, and does <em>not</em>
 *       retry by itself, since rerunning only part of a transaction cannot help; the failure
 *       propagates to the outermost boundary, which retries the whole unit if it is a
 *       {@code @ConcurrentTransactional} too.</li>
 *   <li>Outer transaction suspended (caller in {@code REQUIRES_NEW}/{@code NOT_SUPPORTED} code
 *       whose own transaction is not active here) or only synchronization active
 *       ({@code SUPPORTS}): as "no transaction active".</li>
 * </ul>
 *
 * <p>A retried method runs again from the start: keep side effects that must happen once (mail,
 * messages, calls to other services) out of it, or defer them to after the commit with
 * {@code @TransactionalEventListener} or {@code TransactionSynchronization#afterCommit}.
 *
 * <p>The advice comes from Spring proxies: calls from inside the same object ({@code this.m()})
 * are not advised. Do not put {@code @Transactional} and {@code @ConcurrentTransactional} on the
 * same method.
 */
@Target({ElementType.METHOD, ElementType.TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Inherited
@Documented
public @interface ConcurrentTransactional {

    /** SERIALIZABLE ({@code BEGIN CONCURRENT}) or SNAPSHOT ({@code BEGIN CONCURRENT SNAPSHOT}). */
    ConcurrentIsolation isolation() default ConcurrentIsolation.SERIALIZABLE;

    /** Attempts in all, the first call included; 0 takes {@code onelite.retry.max-attempts}. */
    int maxAttempts() default 0;

    /** Pauses between attempts; unset values take {@code onelite.retry.*}. */
    Backoff backoff() default @Backoff;

    /**
     * Timeout of each attempt's transaction in seconds (its statements get the time left as their
     * JDBC query timeout); -1 for the transaction manager's default.
     */
    int timeout() default -1;

    /** Checked exceptions that roll back (unchecked exceptions and errors always do). */
    Class<? extends Throwable>[] rollbackFor() default {};

    /** Exceptions that commit rather than roll back. */
    Class<? extends Throwable>[] noRollbackFor() default {};

    /** The bean name (or qualifier) of the transaction manager every attempt uses; empty for the default one. */
    String transactionManager() default "";

    /**
     * Back-off between attempts: the n-th retry pauses
     * {@code min(max, initial * multiplier^(n-1))}, minus a random share of at most {@code jitter}.
     */
    @Target({})
    @Retention(RetentionPolicy.RUNTIME)
    @Documented
    @interface Backoff {

        /** First pause in milliseconds; -1 takes {@code onelite.retry.initial-backoff}. */
        long initial() default -1;

        /** Growth factor of the pause; 0 takes {@code onelite.retry.multiplier}. */
        double multiplier() default 0;

        /** Longest pause in milliseconds; -1 takes {@code onelite.retry.max-backoff}. */
        long max() default -1;

        /** Random share taken off each pause, 0..1; -1 takes {@code onelite.retry.jitter}. */
        double jitter() default -1;
    }
}
