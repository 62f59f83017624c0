package io.onelite.sample.starter;

import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import javax.sql.DataSource;

import io.onelite.common.BeginMode;
import io.onelite.jdbc.OneLiteConnection;
import io.onelite.spring.CommitConflictException;
import io.onelite.spring.ConcurrentIsolation;
import io.onelite.spring.ConcurrentTransactional;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceUtils;
import org.springframework.transaction.annotation.Transactional;

/** Services that exercise {@code @ConcurrentTransactional} against the real engine. */
@Configuration(proxyBeanMethods = false)
class StarterServices {

    @Bean
    Counter counter(JdbcTemplate jdbc) {
        return new Counter(jdbc);
    }

    @Bean
    Doctors doctors(JdbcTemplate jdbc) {
        return new Doctors(jdbc);
    }

    @Bean
    Modes modes(DataSource dataSource) {
        return new Modes(dataSource);
    }

    @Bean
    Inner inner() {
        return new Inner();
    }

    @Bean
    Outer outer() {
        return new Outer();
    }

    /** One hot row that every call updates. */
    public static class Counter {
        private final JdbcTemplate jdbc;

        Counter(JdbcTemplate jdbc) {
            this.jdbc = jdbc;
        }

        @Transactional
        public void reset() {
            jdbc.execute("create table if not exists counter (id integer primary key, n integer not null)");
            jdbc.execute("create table if not exists items (id integer primary key, writer integer)");
            jdbc.update("delete from counter");
            jdbc.update("delete from items");
            jdbc.update("insert into counter (id, n) values (1, 0)");
        }

        @ConcurrentTransactional(maxAttempts = 1000, backoff = @ConcurrentTransactional.Backoff(initial = 0, max = 2))
        public void increment(long workNanos) {
            jdbc.update("update counter set n = n + 1 where id = 1");
            long end = System.nanoTime() + workNanos;
            while (System.nanoTime() < end) {
                Thread.onSpinWait();
            }
        }

        /**
         * Inserts its own row (rowid from the shared allocator), then, on its first attempt, waits
         * inside the transaction until all parties are inside theirs.
         */
        @ConcurrentTransactional
        public void insertTogether(int writer, CyclicBarrier allInside, AtomicInteger attempts) throws Exception {
            jdbc.update("insert into items (writer) values (?)", writer);
            if (attempts.incrementAndGet() == 1) {
                allInside.await(20, TimeUnit.SECONDS);
            }
        }

        @Transactional(readOnly = true)
        public long value() {
            return jdbc.queryForObject("select n from counter where id = 1", Long.class);
        }

        @Transactional(readOnly = true)
        public long items() {
            return jdbc.queryForObject("select count(*) from items", Long.class);
        }
    }

    /** The write-skew example: at least one doctor must stay on call. */
    public static class Doctors {
        private final JdbcTemplate jdbc;

        Doctors(JdbcTemplate jdbc) {
            this.jdbc = jdbc;
        }

        @Transactional
        public void reset() {
            jdbc.execute("create table if not exists doctors (id integer primary key, on_call integer not null)");
            jdbc.update("delete from doctors");
            jdbc.update("insert into doctors (id, on_call) values (1, 1), (2, 1)");
        }

        @ConcurrentTransactional(isolation = ConcurrentIsolation.SERIALIZABLE)
        public void goOffSerializable(int id, CyclicBarrier bothRead, AtomicInteger attempts) throws Exception {
            goOff(id, bothRead, attempts);
        }

        @ConcurrentTransactional(isolation = ConcurrentIsolation.SNAPSHOT)
        public void goOffSnapshot(int id, CyclicBarrier bothRead, AtomicInteger attempts) throws Exception {
            goOff(id, bothRead, attempts);
        }

        /** Goes off call if another doctor is on call, as both see it in their snapshot. */
        private void goOff(int id, CyclicBarrier bothRead, AtomicInteger attempts) throws Exception {
            long onCall = jdbc.queryForObject("select count(*) from doctors where on_call = 1", Long.class);
            if (attempts.incrementAndGet() == 1) {
                bothRead.await(20, TimeUnit.SECONDS); // both have read before either writes
            }
            if (onCall >= 2) {
                jdbc.update("update doctors set on_call = 0 where id = ?", id);
            }
        }

        @Transactional(readOnly = true)
        public long onCall() {
            return jdbc.queryForObject("select count(*) from doctors where on_call = 1", Long.class);
        }
    }

    /** Reports the begin mode the transaction manager gave the connection of the current transaction. */
    public static class Modes {
        private final DataSource dataSource;

        Modes(DataSource dataSource) {
            this.dataSource = dataSource;
        }

        BeginMode current() throws Exception {
            return DataSourceUtils.getConnection(dataSource).unwrap(OneLiteConnection.class).getBeginMode();
        }

        @ConcurrentTransactional
        public BeginMode concurrent() throws Exception {
            return current();
        }

        @ConcurrentTransactional(isolation = ConcurrentIsolation.SNAPSHOT)
        public BeginMode snapshot() throws Exception {
            return current();
        }

        @Transactional
        public BeginMode plain() throws Exception {
            return current();
        }

        @Transactional(readOnly = true)
        public BeginMode readOnly() throws Exception {
            return current();
        }

        /** A concurrent method joining a plain transaction keeps the outer one's mode. */
        @Transactional
        public BeginMode concurrentInsidePlain(Modes self) throws Exception {
            return self.concurrent();
        }
    }

    /** Fails with a lost conflict on its first call. */
    public static class Inner {
        private final AtomicInteger calls = new AtomicInteger();

        public AtomicInteger calls() {
            return calls;
        }

        @ConcurrentTransactional(backoff = @ConcurrentTransactional.Backoff(initial = 0, max = 0))
        public void failFirstTime() {
            if (calls.incrementAndGet() == 1) {
                throw new CommitConflictException("database is locked (snapshot is stale)", 517, null);
            }
        }
    }

    public static class Outer {
        private final AtomicInteger calls = new AtomicInteger();

        public AtomicInteger calls() {
            return calls;
        }

        @Transactional
        public void plain(Inner inner) {
            calls.incrementAndGet();
            inner.failFirstTime();
        }

        @ConcurrentTransactional(backoff = @ConcurrentTransactional.Backoff(initial = 0, max = 0))
        public void concurrent(Inner inner) {
            calls.incrementAndGet();
            inner.failFirstTime();
        }
    }
}
