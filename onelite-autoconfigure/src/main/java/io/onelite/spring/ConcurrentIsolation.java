package io.onelite.spring;

/**
 * The isolation a {@link ConcurrentTransactional} method runs with.
 *
 * <p>On OneLite each value picks a {@code BEGIN} statement; on another database (PostgreSQL...) it
 * picks the JDBC isolation level that gives the same guarantee there.
 */
public enum ConcurrentIsolation {
    /**
     * {@code BEGIN CONCURRENT}: serializable. A commit fails with {@code SQLITE_BUSY_SNAPSHOT} (517)
     * when a row it read or wrote was changed by a transaction that committed after it began.
     * Elsewhere: {@code SERIALIZABLE}.
     */
    SERIALIZABLE,
    /**
     * {@code BEGIN CONCURRENT SNAPSHOT}: snapshot isolation. Only rows both transactions changed
     * conflict, so write skew is possible. Elsewhere: {@code REPEATABLE READ} (snapshot
     * isolation on PostgreSQL).
     */
    SNAPSHOT
}
