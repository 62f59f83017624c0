package io.onelite.data.both;

import io.onelite.common.BeginMode;
import io.onelite.data.jdbc.Entry;
import io.onelite.data.jdbc.EntryRepository;
import io.onelite.data.jdbc.Tally;
import io.onelite.data.jdbc.TallyRepository;
import io.onelite.data.jpa.AccountRepository;
import io.onelite.jdbc.OneLiteConnection;
import io.onelite.spring.ConcurrentTransactional;

import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

import org.hibernate.Session;

import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Writers on one shared row of each stack, each a {@code @ConcurrentTransactional} method that
 * concurrent callers conflict in and are rerun: JPA alone, a Spring Data JDBC repository alone,
 * {@code JdbcTemplate} alone, and all three in one transaction.
 */
@Service
public class Ledger {

    @PersistenceContext
    EntityManager em;

    private final AccountRepository accounts;
    private final TallyRepository tallies;
    private final EntryRepository entries;
    private final JdbcTemplate jdbc;

    Ledger(AccountRepository accounts, TallyRepository tallies, EntryRepository entries, JdbcTemplate jdbc) {
        this.accounts = accounts;
        this.tallies = tallies;
        this.entries = entries;
        this.jdbc = jdbc;
    }

    /** JPA: read the entity, add one; Hibernate flushes the update at commit. */
    @ConcurrentTransactional(maxAttempts = 1000)
    public void addToAccount(long accountId) {
        accounts.findById(accountId).orElseThrow().balance++;
    }

    /** Spring Data JDBC: load the aggregate, save it with one more. */
    @ConcurrentTransactional(maxAttempts = 1000)
    public void addToTally(long tallyId) {
        Tally tally = tallies.findById(tallyId).orElseThrow();
        tallies.save(tally.plus(1));
    }

    /** {@code JdbcTemplate}: one UPDATE. */
    @ConcurrentTransactional(maxAttempts = 1000)
    public void bumpTally(long tallyId) {
        jdbc.update("update tally set n = n + 1 where id = ?", tallyId);
    }

    /** All three stacks in one transaction: lands whole or not at all, on every attempt. */
    @ConcurrentTransactional(maxAttempts = 1000)
    public long transfer(long accountId, long tallyId, long amount) {
        accounts.findById(accountId).orElseThrow().balance += amount;
        Entry entry = entries.save(new Entry(null, accountId, amount));
        jdbc.update("update tally set n = n + 1 where id = ?", tallyId);
        return entry.id();
    }

    /** The writes of {@link #transfer}, flushed, then a failure: nothing may remain of any stack. */
    @ConcurrentTransactional
    public void transferThenFail(long accountId, long tallyId) {
        accounts.findById(accountId).orElseThrow().balance += 1000;
        entries.save(new Entry(null, accountId, 1000));
        jdbc.update("update tally set n = n + 1000 where id = ?", tallyId);
        em.flush();
        throw new IllegalStateException("failed after the writes of three stacks");
    }

    /** A write through JDBC inside a read-only JPA transaction: the connection refuses it. */
    @Transactional(readOnly = true)
    public void bumpTallyReadOnly(long tallyId) {
        jdbc.update("update tally set n = n + 1 where id = ?", tallyId);
    }

    /** What Hibernate's session and {@code JdbcTemplate} each run on inside one transaction. */
    public record Connections(BeginMode hibernate, BeginMode jdbcTemplate, boolean same) {
    }

    @ConcurrentTransactional
    public Connections connections() {
        OneLiteConnection hibernate = em.unwrap(Session.class).doReturningWork(con -> con.unwrap(OneLiteConnection.class));
        OneLiteConnection template = jdbc.execute((ConnectionCallback<OneLiteConnection>) con -> con.unwrap(OneLiteConnection.class));
        return new Connections(hibernate.getBeginMode(), template.getBeginMode(), hibernate == template);
    }
}
