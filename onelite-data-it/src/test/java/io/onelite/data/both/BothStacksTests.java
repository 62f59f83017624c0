package io.onelite.data.both;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.onelite.common.BeginMode;
import io.onelite.data.Harness;
import io.onelite.data.jdbc.Entry;
import io.onelite.data.jdbc.EntryRepository;
import io.onelite.data.jdbc.Tally;
import io.onelite.data.jdbc.TallyRepository;
import io.onelite.data.jpa.Account;
import io.onelite.data.jpa.AccountRepository;
import io.onelite.spring.OneLiteJpaTransactionManager;
import io.onelite.spring.OneLiteStatistics;
import io.onelite.spring.autoconfigure.OneLiteMetrics;
import io.onelite.spring.data.OneLiteJdbcDialect;
import io.onelite.testing.Sqlite3;
import io.onelite.testing.Threads;

import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.data.jdbc.core.JdbcAggregateTemplate;
import org.springframework.data.jdbc.core.dialect.JdbcDialect;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionManager;

/**
 * Spring Data JDBC, Spring Data JPA and Flyway in one Boot context on one OneLite file: the
 * schema comes from Flyway; one {@code OneLiteJpaTransactionManager} serves both stacks (JDBC access
 * runs on Hibernate's connection, in the same transaction); concurrent
 * {@code @ConcurrentTransactional} calls that conflict on the same rows through JPA, a Spring Data
 * JDBC repository, {@code JdbcTemplate} and all three at once land exactly once after retries.
 */
@SpringBootTest(classes = BothApplication.class, webEnvironment = SpringBootTest.WebEnvironment.NONE)
class BothStacksTests {

    static Path file;

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) throws Exception {
        file = Harness.newDatabase("both-");
        registry.add("onelite.path", file::toString);
        registry.add("spring.jpa.hibernate.ddl-auto", () -> "none");
        registry.add("spring.jpa.open-in-view", () -> "false");
    }

    @Autowired Ledger ledger;
    @Autowired AccountRepository accounts;
    @Autowired TallyRepository tallies;
    @Autowired EntryRepository entries;
    @Autowired JdbcTemplate jdbc;
    @Autowired JdbcAggregateTemplate aggregates;
    @Autowired OneLiteStatistics statistics;
    @Autowired OneLiteMetrics metrics;
    @Autowired List<TransactionManager> transactionManagers;
    @Autowired PlatformTransactionManager transactionManager;
    @Autowired JdbcDialect jdbcDialect;
    @Autowired Flyway flyway;

    long accountId;
    long tallyId;

    @BeforeEach
    void sharedRows() {
        accountId = accounts.findByName("shared").orElseThrow().id;
        tallyId = tallies.findByName("shared").orElseThrow().id();
    }

    @Test
    void oneJpaTransactionManagerServesBothStacksOnTheSchemaFlywayMade() {
        assertThat(transactionManagers).hasSize(1);
        assertThat(transactionManager).isInstanceOf(OneLiteJpaTransactionManager.class);
        assertThat(jdbcDialect).isSameAs(OneLiteJdbcDialect.ONELITE);
        assertThat(flyway.info().applied()).hasSize(2);
        assertThat(flyway.info().pending()).isEmpty();
        Ledger.Connections seen = ledger.connections();
        assertThat(seen.same()).as("JdbcTemplate runs on Hibernate's connection").isTrue();
        assertThat(seen.hibernate()).isEqualTo(BeginMode.CONCURRENT);
        assertThat(seen.jdbcTemplate()).isEqualTo(BeginMode.CONCURRENT);
    }

    @Test
    void conflictingCallsOnEveryStackLandExactlyOnceAfterRetries() throws Exception {
        int threads = 8;
        int perThread = 12; // 3 of each of the 4 kinds
        long balanceBefore = accounts.findById(accountId).orElseThrow().balance;
        long tallyBefore = tallies.findById(tallyId).orElseThrow().n();
        long entriesBefore = entries.countByAccountId(accountId);
        MeterRegistry meters = new SimpleMeterRegistry();
        metrics.bindTo(meters);
        double commitsBefore = meters.get("onelite.commits").functionCounter().count();
        double failuresBefore = failures(meters);
        OneLiteStatistics.Snapshot before = statistics.snapshot();
        Set<Long> entryIds = ConcurrentHashMap.newKeySet();
        AtomicInteger transfers = new AtomicInteger();

        Threads.run(threads, t -> {
            for (int i = 0; i < perThread; i++) {
                switch ((t + i) % 4) {
                    case 0 -> ledger.addToAccount(accountId);
                    case 1 -> ledger.addToTally(tallyId);
                    case 2 -> ledger.bumpTally(tallyId);
                    default -> {
                        entryIds.add(ledger.transfer(accountId, tallyId, 10));
                        transfers.incrementAndGet();
                    }
                }
            }
        });

        OneLiteStatistics.Snapshot after = statistics.snapshot();
        double commitsAfter = meters.get("onelite.commits").functionCounter().count();
        double failuresAfter = failures(meters);
        int calls = threads * perThread;
        int each = calls / 4;
        assertThat(transfers.get()).isEqualTo(each);
        long retries = after.retries() - before.retries();
        System.out.println("both stacks: " + calls + " calls, " + retries + " retries, "
                + (after.conflicts() - before.conflicts()) + " conflicts (517), "
                + (after.holdTimeouts() - before.holdTimeouts()) + " hold-limit failures (773)");
        assertThat(retries).as("the calls conflicted and were rerun").isPositive();
        assertThat(after.exhausted()).isEqualTo(before.exhausted());

        // exactly once: every call's writes are there, once
        assertThat(accounts.findById(accountId).orElseThrow().balance).isEqualTo(balanceBefore + each + 10L * each);
        assertThat(tallies.findById(tallyId).orElseThrow().n()).isEqualTo(tallyBefore + 3L * each);
        assertThat(entries.countByAccountId(accountId)).isEqualTo(entriesBefore + each);
        assertThat(entryIds).hasSize(each);
        assertThat(entries.findAllById(entryIds)).hasSize(each).allSatisfy(e -> assertThat(e.amount()).isEqualTo(10));

        // the meters count commits and lost commits of the JPA manager as of the JDBC one
        assertThat(after.commits() - before.commits()).isEqualTo(calls);
        assertThat((after.conflicts() - before.conflicts()) + (after.holdTimeouts() - before.holdTimeouts())).isEqualTo(retries);
        assertThat(commitsAfter - commitsBefore).isEqualTo(calls);
        assertThat(failuresAfter - failuresBefore).isEqualTo(retries);

        // out of process: the file is sound and holds the same figures
        assertThat(Sqlite3.checked(file, "pragma integrity_check")).isEqualTo("ok");
        assertThat(Sqlite3.checked(file, "select balance from account where id = " + accountId))
                .isEqualTo(Long.toString(balanceBefore + 11L * each));
        assertThat(Sqlite3.checked(file, "select n from tally where id = " + tallyId)).isEqualTo(Long.toString(tallyBefore + 3L * each));
        assertThat(Sqlite3.checked(file, "select count(*) from entry where account_id = " + accountId))
                .isEqualTo(Long.toString(entriesBefore + each));
    }

    @Test
    void aFailureAfterWritesOfAllThreeStacksLeavesNoneOfThem() throws Exception {
        long balance = accounts.findById(accountId).orElseThrow().balance;
        long n = tallies.findById(tallyId).orElseThrow().n();
        long count = entries.count();
        assertThatThrownBy(() -> ledger.transferThenFail(accountId, tallyId)).isInstanceOf(IllegalStateException.class);
        assertThat(accounts.findById(accountId).orElseThrow().balance).isEqualTo(balance);
        assertThat(tallies.findById(tallyId).orElseThrow().n()).isEqualTo(n);
        assertThat(entries.count()).isEqualTo(count);
        assertThat(Sqlite3.checked(file, "select n from tally where id = " + tallyId)).isEqualTo(Long.toString(n));
    }

    @Test
    void aReadOnlyJpaTransactionIsReadOnlyForJdbcAccessToo() {
        long n = tallies.findById(tallyId).orElseThrow().n();
        assertThatThrownBy(() -> ledger.bumpTallyReadOnly(tallyId)).isInstanceOf(DataAccessException.class);
        assertThat(tallies.findById(tallyId).orElseThrow().n()).isEqualTo(n);
    }

    @Test
    void springDataJdbcSaveAllGetsEveryKeyInsideTheJpaManagersTransaction() {
        List<Entry> saved = entries.saveAll(List.of(new Entry(null, -1, 1), new Entry(null, -1, 2), new Entry(null, -1, 3)));
        assertThat(saved).extracting(Entry::id).doesNotContainNull().doesNotHaveDuplicates();
        for (Entry e : saved) {
            assertThat(jdbc.queryForObject("select amount from entry where id = ?", Long.class, e.id())).isEqualTo(e.amount());
        }
    }

    @Test
    void constraintViolationsReachSpringAlikeThroughEveryStack() {
        // unique: DuplicateKeyException, SQLState 23505
        assertDuplicate(() -> accounts.save(new Account("shared")));
        assertDuplicate(() -> tallies.save(new Tally(null, "shared", 0)));
        assertDuplicate(() -> jdbc.update("insert into tally (name, n) values ('shared', 0)"));
        // primary key: DuplicateKeyException, SQLState 23505
        assertDuplicate(() -> accounts.insertNative(accountId, "other"));
        assertDuplicate(() -> aggregates.insert(new Tally(tallyId, "other", 0)));
        assertDuplicate(() -> jdbc.update("insert into tally (id, name, n) values (?, 'other', 0)", tallyId));
        // NOT NULL: a DataIntegrityViolationException that is not a duplicate, SQLState 23502
        assertNotNull(() -> accounts.save(new Account(null)));
        assertNotNull(() -> tallies.save(new Tally(null, null, 0)));
        assertNotNull(() -> jdbc.update("insert into tally (name, n) values (null, 0)"));
    }

    private static void assertDuplicate(Runnable write) {
        Throwable failure = catchFailure(write);
        assertThat(inChain(failure, DuplicateKeyException.class)).as(String.valueOf(failure)).isTrue();
        assertThat(sqlState(failure)).isEqualTo("23505");
    }

    private static void assertNotNull(Runnable write) {
        Throwable failure = catchFailure(write);
        assertThat(inChain(failure, DataIntegrityViolationException.class)).as(String.valueOf(failure)).isTrue();
        assertThat(inChain(failure, DuplicateKeyException.class)).isFalse();
        assertThat(sqlState(failure)).isEqualTo("23502");
    }

    private static Throwable catchFailure(Runnable write) {
        try {
            write.run();
        } catch (RuntimeException e) {
            return e;
        }
        throw new AssertionError("the write did not fail");
    }

    private static boolean inChain(Throwable failure, Class<? extends Throwable> type) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return true;
            }
        }
        return false;
    }

    private static String sqlState(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof SQLException e) {
                return e.getSQLState();
            }
        }
        return null;
    }

    private static double failures(MeterRegistry meters) {
        return meters.get("onelite.commit.failures").functionCounters().stream().mapToDouble(c -> c.count()).sum();
    }
}
