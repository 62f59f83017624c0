package io.onelite.tx;

import io.onelite.common.BeginMode;
import io.onelite.common.OneLiteException;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static io.onelite.tx.TxFixture.get;
import static io.onelite.tx.TxFixture.put;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TransactionTests {

    @Test
    void anImmediateCommitIsSeenByLaterTransactionsOnly() {
        try (TxFixture f = new TxFixture()) {
            int t = f.createTable();
            Transaction reader = f.begin(BeginMode.DEFERRED);
            reader.readStore(); // its snapshot starts here
            Transaction w = f.begin(BeginMode.IMMEDIATE);
            assertThat(w.isWriting()).isTrue();
            put(w, t, 1, "a");
            w.commit();
            assertThat(get(reader, t, 1)).isNull();
            reader.rollback();
            assertThat(f.rows(t)).containsOnlyKeys(1L);
        }
    }

    @Test
    void aDeferredTransactionTakesTheLockAtItsFirstWrite() {
        try (TxFixture f = new TxFixture()) {
            int t = f.createTable();
            Transaction d = f.begin(BeginMode.DEFERRED);
            assertThat(d.isWriting()).isFalse();
            assertThat(f.pager.isWriteLocked()).isFalse();
            put(d, t, 1, "x");
            assertThat(f.pager.isWriteLocked()).isTrue();
            d.commit();
            assertThat(f.pager.isWriteLocked()).isFalse();
            assertThat(f.rows(t)).containsOnlyKeys(1L);
        }
    }

    @Test
    void aDeferredTransactionOnAStaleSnapshotCannotWrite() {
        try (TxFixture f = new TxFixture()) {
            int t = f.createTable();
            Transaction d = f.begin(BeginMode.DEFERRED);
            get(d, t, 1);
            Transaction w = f.begin(BeginMode.IMMEDIATE);
            put(w, t, 1, "w");
            w.commit();
            assertThatThrownBy(d::writeStore).isInstanceOf(OneLiteException.class)
                    .extracting(e -> ((OneLiteException) e).code()).isEqualTo(517);
            assertThat(f.pager.isWriteLocked()).isFalse();
            d.rollback();
        }
    }

    @Test
    void aSecondImmediateWriterGetsBusyAfterTheBusyTimeout() {
        try (TxFixture f = new TxFixture(TxOptions.DEFAULTS.withBusyTimeout(Duration.ofMillis(30)))) {
            Transaction a = f.begin(BeginMode.IMMEDIATE);
            assertThatThrownBy(() -> f.begin(BeginMode.EXCLUSIVE))
                    .extracting(e -> ((OneLiteException) e).code()).isEqualTo(5);
            Transaction d = f.begin(BeginMode.DEFERRED);
            assertThatThrownBy(d::writeStore).extracting(e -> ((OneLiteException) e).code()).isEqualTo(5);
            assertThat(d.isWriting()).isFalse(); // still a reader
            a.rollback();
            d.writeStore();
            d.commit();
        }
    }

    @Test
    void rollbackLeavesNothingAndReleasesTheLock() {
        try (TxFixture f = new TxFixture()) {
            int t = f.createTable();
            Transaction w = f.begin(BeginMode.IMMEDIATE);
            put(w, t, 1, "gone");
            w.rollback();
            assertThat(f.pager.isWriteLocked()).isFalse();
            assertThat(f.rows(t)).isEmpty();
        }
    }

    @Test
    void savepointsUndoNestedWorkInEveryMode() {
        for (BeginMode mode : BeginMode.values()) {
            try (TxFixture f = new TxFixture()) {
                int t = f.createTable();
                Transaction w = f.begin(mode);
                int sp1 = w.savepoint(); // before the first write
                put(w, t, 1, "one");
                int sp2 = w.savepoint();
                put(w, t, 2, "two");
                w.rollbackTo(sp2);
                put(w, t, 3, "three");
                w.release(sp2);
                assertThat(get(w, t, 2)).isNull();
                w.rollbackTo(sp1);
                assertThat(get(w, t, 1)).as(mode.name()).isNull();
                put(w, t, 4, "four");
                w.commit();
                assertThat(f.rows(t)).as(mode.name()).containsOnlyKeys(4L);
            }
        }
    }

    @Test
    void sequentialRowidsAreMaxPlusOneAsInSqlite() {
        try (TxFixture f = new TxFixture()) {
            int t = f.createTable();
            Transaction w = f.begin(BeginMode.IMMEDIATE);
            put(w, t, 41, "x");
            assertThat(TxFixture.insert(w, t, "y")).isEqualTo(42);
            w.commit();
        }
    }

    @Test
    void commitHooksGetNumbersInCommitOrderStoredInTheFile() {
        try (TxFixture f = new TxFixture()) {
            int t = f.createTable();
            List<Long> seen = new java.util.ArrayList<>();
            for (BeginMode mode : List.of(BeginMode.IMMEDIATE, BeginMode.CONCURRENT, BeginMode.DEFERRED,
                    BeginMode.CONCURRENT_SNAPSHOT)) {
                Transaction w = f.begin(mode);
                put(w, t, seen.size() + 1, "r");
                w.onCommit((store, seq) -> seen.add(seq));
                w.commit();
            }
            assertThat(seen).containsExactly(1L, 2L, 3L, 4L);
            Transaction r = f.begin(BeginMode.DEFERRED);
            assertThat(TransactionManager.committedSeq(r.readStore())).isEqualTo(4);
            assertThat(SchemaRoots.rootOf(r.readStore(), "onelite_commit_seq")).isPositive();
            r.rollback();
        }
    }

    @Test
    void aHookWritesIntoTheCommittedState() {
        try (TxFixture f = new TxFixture()) {
            int t = f.createTable();
            Transaction w = f.begin(BeginMode.CONCURRENT);
            put(w, t, 1, "row", null);
            w.onCommit((store, seq) -> new io.onelite.btree.TableCursor(store, t, io.onelite.btree.TreeAccessListener.NONE)
                    .insert(1, io.onelite.btree.Record.encode("row", seq)));
            w.commit();
            assertThat(f.rows(t).get(1L)).containsExactly("row", 1L);
        }
    }

    @Test
    void aHookRegisteredBeforeAnyWriteStillRuns() {
        for (BeginMode mode : BeginMode.values()) {
            try (TxFixture f = new TxFixture()) {
                List<Long> seen = new java.util.ArrayList<>();
                Transaction w = f.begin(mode);
                w.onCommit((store, seq) -> seen.add(seq));
                w.commit();
                assertThat(seen).as(mode.name()).containsExactly(1L);
            }
        }
    }

    @Test
    void aDeferredTransactionThatReadNothingYetIsNotStale() {
        try (TxFixture f = new TxFixture()) {
            int t = f.createTable();
            Transaction d = f.begin(BeginMode.DEFERRED); // BEGIN; as SQLite, no snapshot yet
            Transaction w = f.begin(BeginMode.IMMEDIATE);
            put(w, t, 1, "w");
            w.commit();
            put(d, t, 2, "d"); // the snapshot is taken now, under the write lock
            d.commit();
            assertThat(f.rows(t)).containsOnlyKeys(1L, 2L);
        }
    }

    @Test
    void aConcurrentTransactionTakesItsSnapshotAtItsFirstAccess() {
        try (TxFixture f = new TxFixture()) {
            int t = f.createTable();
            Transaction c = f.begin(BeginMode.CONCURRENT);
            Transaction w = f.begin(BeginMode.IMMEDIATE);
            put(w, t, 1, "w");
            w.commit();
            assertThat(get(c, t, 1)).containsExactly("w");
            put(c, t, 2, "c");
            c.commit();
            assertThat(f.tm.stats().fastPathCommits()).isEqualTo(1);
        }
    }
}
