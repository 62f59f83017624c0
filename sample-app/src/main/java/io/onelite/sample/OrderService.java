package io.onelite.sample;

import java.util.List;
import java.util.function.LongConsumer;

import io.onelite.spring.ConcurrentTransactional;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Orders, written the Spring way. {@link #place} is {@code @ConcurrentTransactional}: it runs as
 * {@code BEGIN CONCURRENT}, several at once, and reruns when its commit loses a conflict (so it
 * keeps to database work). {@link #placeImmediate} is a plain {@code @Transactional}:
 * {@code BEGIN IMMEDIATE}, one writer at a time, as in SQLite.
 *
 * <p>Every insert sets {@code seq = commit_seq()}, which the engine fills in at commit, in commit
 * order: {@link #after} is a feed that never skips a row.
 */
@Service
public class OrderService {

    private static final String INSERT = "insert into orders (writer, item, seq) values (?, ?, commit_seq())";

    private final JdbcClient jdbc;

    public OrderService(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** Inserts an order, spends {@code workNanos} of "application work" in the transaction; returns the id. */
    @ConcurrentTransactional
    public long place(int writer, String item, long workNanos) {
        long id = insert(writer, item);
        Work.spin(workNanos);
        return id;
    }

    /** The same as {@link #place} with {@code BEGIN IMMEDIATE}: writers take turns. */
    @Transactional
    public long placeImmediate(int writer, String item, long workNanos) {
        long id = insert(writer, item);
        Work.spin(workNanos);
        return id;
    }

    /**
     * Inserts an order and, before the commit, hands its id to {@code whileOpen} (which may block):
     * the demo's transaction A, which stays open while B commits.
     */
    @ConcurrentTransactional
    public long placeAndHold(int writer, String item, LongConsumer whileOpen) {
        long id = insert(writer, item);
        whileOpen.accept(id);
        return id;
    }

    private long insert(int writer, String item) {
        jdbc.sql(INSERT).params(writer, item).update();
        return jdbc.sql("select last_insert_rowid()").query(Long.class).single();
    }

    /** The order with this id, with the seq its commit gave it. */
    @Transactional(readOnly = true)
    public Order find(long id) {
        return jdbc.sql("select id, writer, item, seq from orders where id = ?").param(id).query(Order.class).single();
    }

    /** Commit-ordered feed: orders committed after the one with {@code seq}, oldest commit first. */
    @Transactional(readOnly = true)
    public List<Order> after(long seq, int limit) {
        return jdbc.sql("select id, writer, item, seq from orders where seq > ? order by seq, id limit ?")
                .params(seq, limit).query(Order.class).list();
    }

    /** The naive poller's query: ids above the largest it saw. */
    @Transactional(readOnly = true)
    public List<Long> idsAbove(long id) {
        return jdbc.sql("select id from orders where id > ? order by id").param(id).query(Long.class).list();
    }

    @Transactional(readOnly = true)
    public long maxId() {
        return jdbc.sql("select coalesce(max(id), 0) from orders").query(Long.class).single();
    }

    @Transactional(readOnly = true)
    public long maxSeq() {
        return jdbc.sql("select coalesce(max(seq), 0) from orders").query(Long.class).single();
    }

    @Transactional(readOnly = true)
    public long count() {
        return jdbc.sql("select count(*) from orders").query(Long.class).single();
    }

    /** Empties the table (between demo runs). */
    @Transactional
    public void clear() {
        jdbc.sql("delete from orders").update();
    }
}
