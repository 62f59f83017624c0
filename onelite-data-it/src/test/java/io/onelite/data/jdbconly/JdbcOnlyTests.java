package io.onelite.data.jdbconly;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import io.onelite.data.Harness;
import io.onelite.data.jdbc.Entry;
import io.onelite.data.jdbc.EntryRepository;
import io.onelite.data.jdbc.TallyRepository;
import io.onelite.spring.OneLiteStatistics;
import io.onelite.spring.OneLiteTransactionManager;
import io.onelite.spring.data.OneLiteJdbcDialect;
import io.onelite.testing.Sqlite3;
import io.onelite.testing.Threads;

import jakarta.persistence.EntityManagerFactory;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContext;
import org.springframework.data.jdbc.core.dialect.JdbcDialect;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.transaction.PlatformTransactionManager;

/**
 * A Spring Data JDBC application on the starter: the dialect comes from the resolver SPI, the JDBC
 * {@code OneLiteTransactionManager} runs the transactions, and concurrent
 * {@code @ConcurrentTransactional} calls that conflict land exactly once after retries.
 */
@SpringBootTest(classes = JdbcOnlyApplication.class, webEnvironment = SpringBootTest.WebEnvironment.NONE)
class JdbcOnlyTests {

    static Path file;

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) throws Exception {
        file = Harness.newDatabase("jdbc-only-");
        registry.add("onelite.path", file::toString);
    }

    @Autowired Tallies service;
    @Autowired TallyRepository tallies;
    @Autowired EntryRepository entries;
    @Autowired JdbcTemplate jdbc;
    @Autowired OneLiteStatistics statistics;
    @Autowired PlatformTransactionManager transactionManager;
    @Autowired JdbcDialect dialect;
    @Autowired ApplicationContext context;

    @Test
    void theJdbcManagerAndTheResolvedDialectServeTheApplication() {
        assertThat(transactionManager).isExactlyInstanceOf(OneLiteTransactionManager.class);
        assertThat(context.getBeanNamesForType(EntityManagerFactory.class)).isEmpty();
        assertThat(dialect).isSameAs(OneLiteJdbcDialect.ONELITE);
    }

    @Test
    void conflictingRepositoryTemplateAndSaveAllCallsLandExactlyOnceAfterRetries() throws Exception {
        long tallyId = tallies.findByName("shared").orElseThrow().id();
        long before = tallies.findById(tallyId).orElseThrow().n();
        int threads = 8;
        int perThread = 12;
        int entriesPerSave = 3;
        long account = 42;
        Set<Long> keys = ConcurrentHashMap.newKeySet();
        OneLiteStatistics.Snapshot start = statistics.snapshot();

        Threads.run(threads, t -> {
            for (int i = 0; i < perThread; i++) {
                switch ((t + i) % 3) {
                    case 0 -> service.addToTally(tallyId);
                    case 1 -> service.bumpTally(tallyId);
                    default -> {
                        List<Entry> saved = service.saveEntries(account, entriesPerSave);
                        assertThat(saved).extracting(Entry::id).doesNotContainNull();
                        saved.forEach(e -> keys.add(e.id()));
                    }
                }
            }
        });

        OneLiteStatistics.Snapshot end = statistics.snapshot();
        int calls = threads * perThread;
        int each = calls / 3;
        long retries = end.retries() - start.retries();
        System.out.println("Spring Data JDBC: " + calls + " calls, " + retries + " retries");
        assertThat(retries).as("the calls conflicted and were rerun").isPositive();
        assertThat(end.commits() - start.commits()).isEqualTo(calls);
        assertThat((end.conflicts() - start.conflicts()) + (end.holdTimeouts() - start.holdTimeouts())).isEqualTo(retries);

        assertThat(tallies.findById(tallyId).orElseThrow().n()).isEqualTo(before + 2L * each);
        assertThat(keys).as("every saveAll row got its own key, kept by the attempt that committed")
                .hasSize(each * entriesPerSave);
        assertThat(entries.countByAccountId(account)).isEqualTo((long) each * entriesPerSave);
        assertThat(jdbc.queryForList("select id from entry where account_id = ?", Long.class, account))
                .containsExactlyInAnyOrderElementsOf(keys);
        assertThat(Sqlite3.checked(file, "pragma integrity_check")).isEqualTo("ok");
        assertThat(Sqlite3.checked(file, "select n from tally where id = " + tallyId)).isEqualTo(Long.toString(before + 2L * each));
    }
}
