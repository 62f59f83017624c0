package io.onelite.jpa;

import io.onelite.common.BeginMode;
import io.onelite.jdbc.OneLiteConnection;
import io.onelite.spring.ConcurrentIsolation;
import io.onelite.spring.ConcurrentTransactional;

import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

import org.hibernate.Session;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** Services the tests call through their proxies. */
final class JpaServices {

    private JpaServices() {
    }

    /** The begin mode of the connection Hibernate uses inside each kind of transaction. */
    @Service
    static class Modes {

        @PersistenceContext
        EntityManager em;

        BeginMode current() {
            return em.unwrap(Session.class).doReturningWork(con -> con.unwrap(OneLiteConnection.class).getBeginMode());
        }

        @ConcurrentTransactional
        public BeginMode concurrent() {
            return current();
        }

        @ConcurrentTransactional(isolation = ConcurrentIsolation.SNAPSHOT)
        public BeginMode snapshot() {
            return current();
        }

        @Transactional
        public BeginMode plain() {
            return current();
        }

        @Transactional(readOnly = true)
        public BeginMode readOnly() {
            return current();
        }

        @Transactional(label = "onelite:begin=exclusive")
        public BeginMode labelledExclusive() {
            return current();
        }

        @Transactional(label = "onelite:begin=concurrent_snapshot")
        public BeginMode labelledSnapshot() {
            return current();
        }

        /** A label on a read-only transaction wins over the read-only rule, as on the JDBC manager. */
        @Transactional(readOnly = true, label = "onelite:begin=concurrent")
        public BeginMode labelledReadOnly() {
            return current();
        }
    }

    @Service
    static class Counters {

        private final CounterRepository counters;
        private final ItemRepository items;

        Counters(CounterRepository counters, ItemRepository items) {
            this.counters = counters;
            this.items = items;
        }

        @Transactional
        public long create(String name) {
            return counters.save(new Counter(name)).id;
        }

        /** Read, add one, flush at commit: concurrent callers conflict on the row and are rerun. */
        @ConcurrentTransactional(maxAttempts = 1000)
        public void increment(long id) {
            Counter c = counters.findById(id).orElseThrow();
            c.n++;
        }

        @ConcurrentTransactional(maxAttempts = 1000)
        public void insert(int writer, int k) {
            items.save(new Item(writer, k));
        }

        @Transactional(readOnly = true)
        public long value(long id) {
            return counters.findById(id).orElseThrow().n;
        }
    }
}
