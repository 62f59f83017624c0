package io.onelite.sample.starter;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.onelite.common.BeginMode;
import io.onelite.spring.CommitConflictException;
import io.onelite.spring.OneLiteStatistics;
import io.onelite.spring.OneLiteTransactionManager;
import io.onelite.testing.Sqlite3;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.transaction.PlatformTransactionManager;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/** {@code @ConcurrentTransactional} through real services on the real engine. */
@SpringBootTest(classes = StarterTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.NONE)
class ConcurrentTransactionalTests {

    static Path file;

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) throws IOException {
        Path dir = Files.createTempDirectory(Files.createDirectories(Path.of("target", "test-databases")), "starter-");
        file = dir.resolve("starter.db").toAbsolutePath();
        registry.add("onelite.path", file::toString);
        registry.add("spring.sql.init.mode", () -> "never");
    }

    @Autowired
    StarterServices.Counter counter;

    @Autowired
    StarterServices.Doctors doctors;

    @Autowired
    StarterServices.Modes modes;

    @Autowired
    OneLiteStatistics statistics;

    @Autowired
    PlatformTransactionManager transactionManager;

    @BeforeEach
    void reset() {
        counter.reset();
        doctors.reset();
    }

    @Test
    void theAutoConfiguredManagerIsOneLites() {
        assertThat(transactionManager).isInstanceOf(OneLiteTransactionManager.class);
    }

    @Test
    void eachKindOfTransactionBeginsAsDocumented() throws Exception {
        assertThat(modes.concurrent()).isEqualTo(BeginMode.CONCURRENT);
        assertThat(modes.snapshot()).isEqualTo(BeginMode.CONCURRENT_SNAPSHOT);
        assertThat(modes.plain()).isEqualTo(BeginMode.IMMEDIATE);
        assertThat(modes.readOnly()).isEqualTo(BeginMode.DEFERRED);
        assertThat(modes.concurrentInsidePlain(modes)).as("joins the outer transaction").isEqualTo(BeginMode.IMMEDIATE);
    }

    @Test
    void eightThreadsOnOneCounterRowEndWithTheExactCountAfterRetries() throws Exception {
        int threads = 8;
        int perThread = 25;
        long retriesBefore = statistics.snapshot().retries();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<Future<?>> futures = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            futures.add(pool.submit(() -> {
                for (int i = 0; i < perThread; i++) {
                    counter.increment(100_000);
                }
                return null;
            }));
        }
        for (Future<?> f : futures) {
            f.get(120, TimeUnit.SECONDS);
        }
        pool.shutdown();
        assertThat(counter.value()).isEqualTo(threads * perThread);
        assertThat(statistics.snapshot().retries() - retriesBefore).as("conflicts were retried").isPositive();
        assertThat(Sqlite3.checked(file, "pragma integrity_check")).isEqualTo("ok");
        assertThat(Sqlite3.checked(file, "select n from counter")).isEqualTo(Integer.toString(threads * perThread));
    }

    @Test
    void disjointInsertsAreOpenAtTheSameTimeAndAllCommit() throws Exception {
        int writers = 6;
        CyclicBarrier allInside = new CyclicBarrier(writers);
        long conflictsBefore = statistics.snapshot().conflicts();
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        List<Future<?>> futures = new ArrayList<>();
        for (int w = 0; w < writers; w++) {
            int writer = w;
            futures.add(pool.submit(() -> {
                counter.insertTogether(writer, allInside, new AtomicInteger());
                return null;
            }));
        }
        for (Future<?> f : futures) {
            f.get(60, TimeUnit.SECONDS); // with BEGIN IMMEDIATE the barrier could never fill
        }
        pool.shutdown();
        assertThat(counter.items()).isEqualTo(writers);
        assertThat(statistics.snapshot().conflicts() - conflictsBefore).as("disjoint rows do not conflict").isZero();
    }

    @Test
    void serializableRefusesWriteSkew() throws Exception {
        runBoth((id, barrier, attempts) -> doctors.goOffSerializable(id, barrier, attempts));
        assertThat(doctors.onCall()).as("one doctor stays on call").isEqualTo(1);
    }

    @Test
    void snapshotAllowsWriteSkew() throws Exception {
        runBoth((id, barrier, attempts) -> doctors.goOffSnapshot(id, barrier, attempts));
        assertThat(doctors.onCall()).as("both went off call: snapshot isolation permits write skew").isZero();
    }

    interface GoOff {
        void run(int id, CyclicBarrier barrier, AtomicInteger attempts) throws Exception;
    }

    private void runBoth(GoOff goOff) throws Exception {
        CyclicBarrier bothRead = new CyclicBarrier(2);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        Future<?> one = pool.submit(() -> {
            goOff.run(1, bothRead, new AtomicInteger());
            return null;
        });
        Future<?> two = pool.submit(() -> {
            goOff.run(2, bothRead, new AtomicInteger());
            return null;
        });
        one.get(60, TimeUnit.SECONDS);
        two.get(60, TimeUnit.SECONDS);
        pool.shutdown();
    }

    @Test
    void aJoinedMethodDoesNotRetryAndTheOutermostConcurrentOneDoes(@Autowired StarterServices.Outer outer,
            @Autowired StarterServices.Inner inner) {
        assertThatExceptionOfType(CommitConflictException.class).isThrownBy(() -> outer.plain(inner));
        assertThat(inner.calls()).hasValue(1);
        assertThat(outer.calls()).hasValue(1);

        inner.calls().set(0);
        outer.concurrent(inner);
        assertThat(outer.calls()).as("plain 1 + concurrent 2").hasValue(3);
        assertThat(inner.calls()).hasValue(2);
    }
}
