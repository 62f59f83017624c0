package io.onelite.spring.autoconfigure;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import io.onelite.spring.ConcurrentIsolation;
import io.onelite.spring.ConcurrentRetryExhaustedException;
import io.onelite.spring.ConcurrentTransactional;
import io.onelite.spring.ConcurrentTransactional.Backoff;
import io.onelite.spring.OneLiteStatistics;
import io.onelite.spring.OneLiteTransactionManager;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.ContextConsumer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.dao.ConcurrencyFailureException;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceUtils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * What an application sees when it moves from OneLite to PostgreSQL without touching its
 * services: the starter on the class path, {@code spring.datasource.url} pointing at a real
 * PostgreSQL server, the same {@code @ConcurrentTransactional} methods. The server, not a mock,
 * produces the conflicts: SQLState 40001 (serialization failure) and 40P01 (deadlock).
 *
 * <p>Subclasses say where the server is: {@link PostgreSqlPortabilityTests} (a local cluster,
 * {@code .ci/run} starts one) and {@link PostgreSqlContainerPortabilityTests} (Testcontainers,
 * where Docker is available).
 *
 * <p>Conflicts are made certain, not hoped for: the first attempt of each racing call waits at a
 * barrier after its reads, so all of them read the same state before any writes.
 */
abstract class PostgreSqlPortabilityContract {

    static final int THREADS = 8;
    static final int INCREMENTS_PER_THREAD = 15;

    /** The server's JDBC URL; user and password may be in it (then the next two return null). */
    abstract String jdbcUrl();

    abstract String username();

    abstract String password();

    private ApplicationContextRunner runner() {
        ApplicationContextRunner runner = new ApplicationContextRunner()
                .withConfiguration(JdbcStack.autoConfigurations())
                .withPropertyValues("spring.datasource.url=" + jdbcUrl(),
                        "spring.datasource.hikari.maximum-pool-size=" + (THREADS + 2))
                .withUserConfiguration(Services.class);
        if (username() != null) {
            runner = runner.withPropertyValues("spring.datasource.username=" + username(),
                    "spring.datasource.password=" + password());
        }
        return runner;
    }

    private void run(ContextConsumer<AssertableApplicationContext> test) {
        runner().run(context -> {
            assertThat(context).hasNotFailed();
            context.getBean(JdbcTemplate.class).execute("""
                    drop table if exists counter, doctor, account;
                    create table counter (id int primary key, n bigint not null);
                    insert into counter values (1, 0);
                    create table doctor (id int primary key, on_call boolean not null);
                    insert into doctor values (1, true), (2, true);
                    create table account (id int primary key, n bigint not null);
                    insert into account values (1, 0), (2, 0);
                    """);
            test.accept(context);
        });
    }

    @Test
    void theStarterBacksOffToBootsDataSourceAndTheAnnotationRunsSerializableOrRepeatableRead() {
        run(context -> {
            HikariDataSource ds = context.getBean(HikariDataSource.class);
            assertThat(ds.getJdbcUrl()).startsWith("jdbc:postgresql:");
            assertThat(context.getBean(OneLiteTransactionManager.class)).isNotNull();
            Clinic clinic = context.getBean(Clinic.class);
            assertThat(clinic.isolation()).isEqualTo("serializable / " + Connection.TRANSACTION_SERIALIZABLE);
            assertThat(clinic.isolationSnapshot()).isEqualTo("repeatable read / " + Connection.TRANSACTION_REPEATABLE_READ);
        });
    }

    @Test
    void eightThreadsIncrementingOneCounterEndWithTheExactCountAfterRetries() {
        run(context -> {
            Clinic clinic = context.getBean(Clinic.class);
            Race race = context.getBean(Race.class);
            CyclicBarrier allHaveRead = new CyclicBarrier(THREADS);
            List<Callable<Void>> writers = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                writers.add(() -> {
                    race.rendezvous.set(allHaveRead); // first attempt: 8 read the same value
                    for (int i = 0; i < INCREMENTS_PER_THREAD; i++) {
                        clinic.increment();
                    }
                    return null;
                });
            }
            runAll(writers);

            long expected = (long) THREADS * INCREMENTS_PER_THREAD;
            assertThat(context.getBean(JdbcTemplate.class).queryForObject("select n from counter where id = 1", Long.class))
                    .isEqualTo(expected);
            OneLiteStatistics.Snapshot stats = context.getBean(OneLiteStatistics.class).snapshot();
            System.out.printf("PostgreSQL counter: %d increments by %d threads, %d retries (%.2f attempts per call)%n",
                    expected, THREADS, stats.retries(), stats.attemptsPerCall());
            // the 7 that lost the first round each ran again at least once, every loss was the server's 40001
            assertThat(stats.retries()).isGreaterThanOrEqualTo(THREADS - 1);
            assertThat(stats.retries()).isEqualTo(race.attempts.get() - expected);
            assertThat(stats.calls()).isEqualTo(expected);
            assertThat(stats.exhausted()).isZero();
            assertThat(race.sqlStates).isNotEmpty().containsOnly("40001");
        });
    }

    @Test
    void writeSkewIsRefusedAndRetriedUnderSerializable() {
        run(context -> {
            Clinic clinic = context.getBean(Clinic.class);
            Race race = context.getBean(Race.class);
            List<Boolean> wentOff = raceBoth(race, clinic::goOffCall);
            // the loser ran again, saw that the other doctor had left, and stayed
            assertThat(wentOff).containsExactlyInAnyOrder(true, false);
            assertThat(onCall(context)).isEqualTo(1);
            assertThat(context.getBean(OneLiteStatistics.class).snapshot().retries()).isGreaterThanOrEqualTo(1);
        });
    }

    @Test
    void writeSkewIsAllowedUnderSnapshot() {
        run(context -> {
            Clinic clinic = context.getBean(Clinic.class);
            Race race = context.getBean(Race.class);
            List<Boolean> wentOff = raceBoth(race, clinic::goOffCallSnapshot);
            // REPEATABLE READ is snapshot isolation on PostgreSQL: both commit, nobody is on call
            assertThat(wentOff).containsExactly(true, true);
            assertThat(onCall(context)).isZero();
            assertThat(context.getBean(OneLiteStatistics.class).snapshot().retries()).isZero();
        });
    }

    @Test
    void withOneAttemptTheLoserGetsTheExhaustedExceptionWithTheServersSerializationFailure() {
        run(context -> {
            Clinic clinic = context.getBean(Clinic.class);
            Race race = context.getBean(Race.class);
            CyclicBarrier bothHaveRead = new CyclicBarrier(2);
            List<Future<Boolean>> calls = submitBoth(race, bothHaveRead, clinic::goOffCallOnce);
            List<Throwable> failures = new ArrayList<>();
            for (Future<Boolean> call : calls) {
                try {
                    assertThat(call.get(60, TimeUnit.SECONDS)).isTrue();
                } catch (java.util.concurrent.ExecutionException e) {
                    failures.add(e.getCause());
                }
            }
            assertThat(failures).singleElement().isInstanceOfSatisfying(ConcurrentRetryExhaustedException.class, e -> {
                assertThat(e.attempts()).isEqualTo(1);
                assertThat(e.getMessage()).contains("Clinic.goOffCallOnce failed after 1 attempt");
                assertThat(sqlState(e)).isEqualTo("40001");
                // usually the server refuses the loser's COMMIT: translated, never a bare TransactionSystemException
                assertThat(e.getCause()).isInstanceOf(ConcurrencyFailureException.class);
            });
            assertThat(onCall(context)).isEqualTo(1);
            assertThat(context.getBean(OneLiteStatistics.class).snapshot().exhausted()).isEqualTo(1);
        });
    }

    @Test
    void aDeadlockIsRetriedAndBothTransfersLand() {
        run(context -> {
            Clinic clinic = context.getBean(Clinic.class);
            Race race = context.getBean(Race.class);
            CyclicBarrier bothHaveLocked = new CyclicBarrier(2);
            List<Callable<Void>> transfers = List.of(
                    () -> { race.rendezvous.set(bothHaveLocked); clinic.touchBoth(1, 2); return null; },
                    () -> { race.rendezvous.set(bothHaveLocked); clinic.touchBoth(2, 1); return null; });
            runAll(transfers);
            // the server chose a victim (40P01); its rerun landed after the other's commit. Under
            // load a rerun can start before the survivor has taken its second row and be chosen
            // again, so more than one 40P01 is allowed, but nothing else
            assertThat(race.sqlStates).isNotEmpty().containsOnly("40P01");
            assertThat(context.getBean(JdbcTemplate.class).queryForList("select n from account order by id", Long.class))
                    .containsExactly(2L, 2L);
            // at least the victim's rerun; one more if that rerun began before the other committed (40001)
            assertThat(context.getBean(OneLiteStatistics.class).snapshot().retries()).isGreaterThanOrEqualTo(1);
            assertThat(context.getBean(OneLiteStatistics.class).snapshot().exhausted()).isZero();
        });
    }

    private static int onCall(AssertableApplicationContext context) {
        return context.getBean(JdbcTemplate.class).queryForObject("select count(*) from doctor where on_call", Integer.class);
    }

    interface DoctorCall {
        boolean leave(int doctor);
    }

    /** Doctors 1 and 2 leave at once, both having read the roster before either writes. */
    private static List<Boolean> raceBoth(Race race, DoctorCall call) throws Exception {
        List<Boolean> results = new ArrayList<>();
        for (Future<Boolean> f : submitBoth(race, new CyclicBarrier(2), call)) {
            results.add(f.get(60, TimeUnit.SECONDS));
        }
        return results;
    }

    private static List<Future<Boolean>> submitBoth(Race race, CyclicBarrier barrier, DoctorCall call) {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<Boolean>> futures = new ArrayList<>();
            for (int doctor = 1; doctor <= 2; doctor++) {
                int d = doctor;
                futures.add(pool.submit(() -> {
                    race.rendezvous.set(barrier);
                    return call.leave(d);
                }));
            }
            return futures;
        } finally {
            pool.shutdown();
        }
    }

    private static void runAll(List<Callable<Void>> tasks) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(tasks.size());
        try {
            for (Future<Void> f : pool.invokeAll(tasks, 120, TimeUnit.SECONDS)) {
                f.get(); // rethrows a task's failure
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private static String sqlState(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof SQLException e && e.getSQLState() != null) {
                return e.getSQLState();
            }
        }
        return null;
    }

    @Configuration(proxyBeanMethods = false)
    static class Services {
        @Bean
        Race race() {
            return new Race();
        }

        @Bean
        Clinic clinic(DataSource dataSource, JdbcTemplate jdbc, Race race) {
            return new Clinic(dataSource, jdbc, race);
        }
    }

    /** What the test sees of the racing calls (not advised, so its fields are the real ones). */
    static class Race {
        final AtomicInteger attempts = new AtomicInteger();
        /** SQLStates of the statement failures the methods saw (commit failures are not seen here). */
        final Queue<String> sqlStates = new ConcurrentLinkedQueue<>();
        /** Set by a test for the next attempt on this thread: wait there for the other racers. */
        final ThreadLocal<CyclicBarrier> rendezvous = new ThreadLocal<>();
    }

    /** A service written for OneLite, unchanged. */
    public static class Clinic {
        private final DataSource dataSource;
        private final JdbcTemplate jdbc;
        private final Race race;

        Clinic(DataSource dataSource, JdbcTemplate jdbc, Race race) {
            this.dataSource = dataSource;
            this.jdbc = jdbc;
            this.race = race;
        }

        /** Read-modify-write: a lost update without isolation. */
        @ConcurrentTransactional(maxAttempts = 100, backoff = @Backoff(initial = 1, max = 20))
        public void increment() {
            race.attempts.incrementAndGet();
            long n = jdbc.queryForObject("select n from counter where id = 1", Long.class);
            meetTheOthers();
            recordingState(() -> jdbc.update("update counter set n = ? where id = 1", n + 1));
        }

        /** Goes off call if another doctor is still on call. */
        @ConcurrentTransactional(backoff = @Backoff(initial = 1, max = 20))
        public boolean goOffCall(int doctor) {
            return leaveIfCovered(doctor);
        }

        @ConcurrentTransactional(isolation = ConcurrentIsolation.SNAPSHOT, backoff = @Backoff(initial = 1, max = 20))
        public boolean goOffCallSnapshot(int doctor) {
            return leaveIfCovered(doctor);
        }

        @ConcurrentTransactional(maxAttempts = 1)
        public boolean goOffCallOnce(int doctor) {
            return leaveIfCovered(doctor);
        }

        /** Adds 1 to both accounts, {@code first} first: two opposite calls deadlock. */
        @ConcurrentTransactional(backoff = @Backoff(initial = 1, max = 20))
        public void touchBoth(int first, int second) {
            jdbc.execute("set local deadlock_timeout = '100ms'");
            jdbc.update("update account set n = n + 1 where id = ?", first);
            meetTheOthers();
            recordingState(() -> jdbc.update("update account set n = n + 1 where id = ?", second));
        }

        @ConcurrentTransactional
        public String isolation() throws SQLException {
            return seenIsolation();
        }

        @ConcurrentTransactional(isolation = ConcurrentIsolation.SNAPSHOT)
        public String isolationSnapshot() throws SQLException {
            return seenIsolation();
        }

        private String seenIsolation() throws SQLException {
            return jdbc.queryForObject("show transaction_isolation", String.class) + " / "
                    + DataSourceUtils.getConnection(dataSource).getTransactionIsolation();
        }

        private boolean leaveIfCovered(int doctor) {
            int onCall = jdbc.queryForObject("select count(*) from doctor where on_call", Integer.class);
            meetTheOthers();
            if (onCall < 2) {
                return false;
            }
            jdbc.update("update doctor set on_call = false where id = ?", doctor);
            return true;
        }

        private void recordingState(Runnable statement) {
            try {
                statement.run();
            } catch (DataAccessException e) {
                race.sqlStates.add(String.valueOf(sqlState(e)));
                throw e;
            }
        }

        private void meetTheOthers() {
            CyclicBarrier barrier = race.rendezvous.get();
            if (barrier != null) {
                race.rendezvous.remove(); // only the first attempt waits: a rerun must not
                try {
                    barrier.await(30, TimeUnit.SECONDS);
                } catch (Exception e) {
                    throw new IllegalStateException("the other racers did not arrive", e);
                }
            }
        }
    }
}
