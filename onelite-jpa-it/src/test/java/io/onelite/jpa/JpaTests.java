package io.onelite.jpa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import io.onelite.common.BeginMode;
import io.onelite.jpa.JpaServices.Counters;
import io.onelite.jpa.JpaServices.Modes;
import io.onelite.spring.OneLiteHibernateJpaDialect;
import io.onelite.spring.OneLiteJpaTransactionManager;
import io.onelite.spring.OneLiteStatistics;
import io.onelite.testing.Sqlite3;
import io.onelite.testing.Threads;

import jakarta.persistence.EntityManagerFactory;

import org.hibernate.community.dialect.SQLiteDialect;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Sort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.orm.ObjectOptimisticLockingFailureException;
import org.springframework.orm.jpa.EntityManagerFactoryInfo;
import org.springframework.orm.jpa.JpaTransactionManager;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

@SpringBootTest(classes = JpaTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.NONE)
class JpaTests {

    static Path file;

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) throws IOException {
        Path dir = Files.createTempDirectory(Files.createDirectories(Path.of("target", "test-databases")), "jpa-");
        file = dir.resolve("jpa.db").toAbsolutePath();
        registry.add("onelite.path", file::toString);
        registry.add("spring.jpa.hibernate.ddl-auto", () -> "none");
        registry.add("spring.jpa.open-in-view", () -> "false");
    }

    @Autowired Modes modes;
    @Autowired Counters counters;
    @Autowired CounterRepository counterRepository;
    @Autowired AuthorRepository authors;
    @Autowired BookRepository books;
    @Autowired ItemRepository items;
    @Autowired OneLiteStatistics statistics;
    @Autowired PlatformTransactionManager transactionManager;
    @Autowired EntityManagerFactory entityManagerFactory;
    @Autowired JdbcTemplate jdbc;

    @Test
    void jpaKeepsItsTransactionManagerWithTheOneLiteDialects() {
        assertThat(transactionManager).isInstanceOf(JpaTransactionManager.class);
        assertThat(((EntityManagerFactoryInfo) entityManagerFactory).getJpaDialect())
                .isInstanceOf(OneLiteHibernateJpaDialect.class);
        assertThat(entityManagerFactory.unwrap(SessionFactoryImplementor.class).getJdbcServices().getDialect())
                .isInstanceOf(SQLiteDialect.class);
    }

    @Test
    void eachAnnotationBeginsHibernatesConnectionWithItsMode() {
        assertThat(modes.concurrent()).isEqualTo(BeginMode.CONCURRENT);
        assertThat(modes.snapshot()).isEqualTo(BeginMode.CONCURRENT_SNAPSHOT);
        assertThat(modes.plain()).isEqualTo(BeginMode.IMMEDIATE);
        assertThat(modes.readOnly()).isEqualTo(BeginMode.DEFERRED);
    }

    @Test
    void beginModeLabelsAreHonouredThroughTheJpaTransactionManager() {
        assertThat(transactionManager).isInstanceOf(OneLiteJpaTransactionManager.class);
        assertThat(modes.labelledExclusive()).isEqualTo(BeginMode.EXCLUSIVE);
        assertThat(modes.labelledSnapshot()).isEqualTo(BeginMode.CONCURRENT_SNAPSHOT);
        assertThat(modes.labelledReadOnly()).isEqualTo(BeginMode.CONCURRENT);
        assertThat(modes.plain()).as("the mode does not leak to the next transaction").isEqualTo(BeginMode.IMMEDIATE);
    }

    @Test
    void eightThreadsOnOneCounterEntityEndWithTheExactCountAfterRetries() throws Exception {
        long id = counters.create("eight-threads");
        int threads = 8;
        int perThread = 25;
        OneLiteStatistics.Snapshot before = statistics.snapshot();
        Threads.run(threads, t -> {
            for (int i = 0; i < perThread; i++) {
                counters.increment(id);
            }
        });
        OneLiteStatistics.Snapshot after = statistics.snapshot();
        assertThat(counters.value(id)).isEqualTo(threads * perThread);
        long retries = after.retries() - before.retries();
        assertThat(retries).as("conflicts were retried").isPositive();
        // the JPA manager counts as the JDBC one: one commit per call, one lost commit per retry
        // (the flush and the COMMIT both run inside the manager's commit)
        assertThat(after.commits() - before.commits()).isEqualTo(threads * perThread);
        assertThat((after.conflicts() - before.conflicts()) + (after.holdTimeouts() - before.holdTimeouts()))
                .isEqualTo(retries);
        assertThat(sqlite3("pragma integrity_check")).isEqualTo("ok");
        assertThat(sqlite3("select n from counter where id = " + id)).isEqualTo(Integer.toString(threads * perThread));
    }

    @Test
    void concurrentInsertsAllLandExactlyOnce() throws Exception {
        int threads = 8;
        int perThread = 20;
        Threads.run(threads, t -> {
            for (int k = 0; k < perThread; k++) {
                counters.insert(t, k);
            }
        });
        for (int t = 0; t < threads; t++) {
            assertThat(items.countByWriter(t)).isEqualTo(perThread);
        }
        assertThat(jdbc.queryForObject("select count(distinct id) from item", Long.class)).isEqualTo(threads * perThread);
        assertThat(sqlite3("pragma integrity_check")).isEqualTo("ok");
    }

    @Test
    void relationsJpqlNativeQueriesAndPaginationWork() {
        TransactionTemplate tx = new TransactionTemplate(transactionManager);
        tx.executeWithoutResult(s -> {
            Author a = authors.save(new Author("Le Guin"));
            Author b = authors.save(new Author("Lem"));
            for (String title : List.of("Earthsea", "Lathe of Heaven", "The Dispossessed", "Left Hand", "Always Coming Home")) {
                books.save(new Book(title, a));
            }
            books.save(new Book("Solaris", b));
        });
        Page<Book> page = books.findByAuthorName("Le Guin", PageRequest.of(1, 2, Sort.by("title")));
        assertThat(page.getTotalElements()).isEqualTo(5);
        assertThat(page.getTotalPages()).isEqualTo(3);
        assertThat(page.getContent()).extracting(book -> book.title).containsExactly("Lathe of Heaven", "Left Hand");
        assertThat(books.countNativeTitleLike("L%")).isEqualTo(2);
        tx.executeWithoutResult(s -> {
            Author a = authors.findByName("Le Guin").orElseThrow();
            assertThat(a.books).hasSize(5).allSatisfy(book -> assertThat(book.author.id).isEqualTo(a.id));
            Book solaris = books.findAll().stream().filter(book -> book.title.equals("Solaris")).findFirst().orElseThrow();
            assertThat(solaris.author.getName()).isEqualTo("Lem");
            assertThat(solaris.id).isPositive();
        });
    }

    @Test
    void aStaleVersionFailsWithAnOptimisticLockingFailure() {
        long id = counters.create("versioned");
        Counter first = counterRepository.findById(id).orElseThrow();
        Counter second = counterRepository.findById(id).orElseThrow();
        first.n = 1;
        counterRepository.save(first);
        second.n = 2;
        assertThatThrownBy(() -> counterRepository.save(second)).isInstanceOf(ObjectOptimisticLockingFailureException.class);
        assertThat(counters.value(id)).isEqualTo(1);
        assertThat(counterRepository.findById(id).orElseThrow().version).isEqualTo(first.version + 1);
    }

    @Test
    void aUniqueViolationReachesSpringAsADataIntegrityViolation() {
        authors.save(new Author("Borges"));
        assertThatThrownBy(() -> authors.save(new Author("Borges")))
                .isInstanceOf(DataIntegrityViolationException.class)
                .hasMessageContaining("UNIQUE constraint failed: author.name");
        assertThat(authors.findAll()).filteredOn(a -> a.name.equals("Borges")).hasSize(1);
    }

    /** Runs one statement in the {@code sqlite3} shell, beside this process, on the same file. */
    static String sqlite3(String sql) throws Exception {
        return Sqlite3.checked(file, sql);
    }
}
