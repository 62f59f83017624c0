package io.onelite.tx;

import io.onelite.btree.Record;
import io.onelite.btree.TableCursor;
import io.onelite.common.BeginMode;
import io.onelite.common.OneLiteException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import java.util.List;

import static io.onelite.tx.TxFixture.delete;
import static io.onelite.tx.TxFixture.get;
import static io.onelite.tx.TxFixture.getLong;
import static io.onelite.tx.TxFixture.indexHas;
import static io.onelite.tx.TxFixture.indexInsert;
import static io.onelite.tx.TxFixture.indexProbe;
import static io.onelite.tx.TxFixture.insert;
import static io.onelite.tx.TxFixture.put;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Two concurrent transactions A and B on one snapshot; B commits first, then A: which pairs of
 * operations merge and which make A fail with BUSY_SNAPSHOT (517), in both concurrent modes.
 */
class ConflictMatrixTests {
    static final BeginMode SER = BeginMode.CONCURRENT;
    static final BeginMode SI = BeginMode.CONCURRENT_SNAPSHOT;

    private static void assertConflict(Executable commit) {
        assertThatThrownBy(commit::execute).isInstanceOf(OneLiteException.class)
                .extracting(e -> ((OneLiteException) e).code()).isEqualTo(517);
    }

    private static TxFixture withRows(int n) {
        TxFixture f = new TxFixture();
        f.createTable();
        Transaction t = f.begin(BeginMode.IMMEDIATE);
        for (int i = 1; i <= n; i++) {
            put(t, 2, i, "row" + i, 100L);
        }
        t.commit();
        return f;
    }

    @Test
    void updatesOfDifferentRowsMergeInBothModes() {
        for (BeginMode mode : List.of(SER, SI)) {
            try (TxFixture f = withRows(500)) {
                Transaction a = f.begin(mode);
                Transaction b = f.begin(mode);
                put(a, 2, 3, get(a, 2, 3)[0], 1L);
                put(b, 2, 400, get(b, 2, 400)[0], 2L);
                b.commit();
                a.commit();
                assertThat(f.rows(2).get(3L)).containsExactly("row3", 1L);
                assertThat(f.rows(2).get(400L)).containsExactly("row400", 2L);
                assertThat(f.tm.stats().replayedCommits()).isEqualTo(1);
            }
        }
    }

    @Test
    void updatesOfOneRowConflictInBothModes() {
        for (BeginMode mode : List.of(SER, SI)) {
            try (TxFixture f = withRows(10)) {
                Transaction a = f.begin(mode);
                Transaction b = f.begin(mode);
                put(a, 2, 5, "a", getLong(a, 2, 5, 1) + 1);
                put(b, 2, 5, "b", getLong(b, 2, 5, 1) + 1);
                b.commit();
                assertConflict(a::commit);
                assertThat(f.rows(2).get(5L)).containsExactly("b", 101L);
                assertThat(a.isFinished()).isTrue();
            }
        }
    }

    @Test
    void blindWritesOfOneRowConflictToo() {
        for (BeginMode mode : List.of(SER, SI)) {
            try (TxFixture f = withRows(10)) {
                Transaction a = f.begin(mode);
                Transaction b = f.begin(mode);
                put(a, 2, 5, "a", 1L); // no read: the before-image still decides
                put(b, 2, 5, "b", 2L);
                b.commit();
                assertConflict(a::commit);
            }
        }
    }

    @Test
    void updateAgainstDeleteConflictsEitherWay() {
        for (BeginMode mode : List.of(SER, SI)) {
            try (TxFixture f = withRows(10)) {
                Transaction a = f.begin(mode);
                Transaction b = f.begin(mode);
                put(a, 2, 7, "a", 0L);
                assertThat(delete(b, 2, 7)).isTrue();
                b.commit();
                assertConflict(a::commit);
            }
            try (TxFixture f = withRows(10)) {
                Transaction a = f.begin(mode);
                Transaction b = f.begin(mode);
                assertThat(delete(a, 2, 7)).isTrue();
                put(b, 2, 7, "b", 0L);
                b.commit();
                assertConflict(a::commit);
            }
        }
    }

    @Test
    void insertsOfTheSameExplicitRowidConflict() {
        for (BeginMode mode : List.of(SER, SI)) {
            try (TxFixture f = withRows(10)) {
                Transaction a = f.begin(mode);
                Transaction b = f.begin(mode);
                put(a, 2, 1000, "a");
                put(b, 2, 1000, "b");
                b.commit();
                assertConflict(a::commit);
                assertThat(f.rows(2).get(1000L)).containsExactly("b");
            }
        }
    }

    @Test
    void insertsOfDifferentExplicitRowidsCheckedFirstDoNotConflict() {
        // as the executor does: probe the rowid for a duplicate, then insert it
        for (BeginMode mode : List.of(SER, SI)) {
            try (TxFixture f = withRows(10)) {
                Transaction a = f.begin(mode);
                Transaction b = f.begin(mode);
                TableCursor ca = new TableCursor(a.writeStore(), 2, a.listener());
                assertThat(ca.seek(1000)).isFalse();
                ca.insert(1000, Record.encode("a"));
                TableCursor cb = new TableCursor(b.writeStore(), 2, b.listener());
                assertThat(cb.seek(1001)).isFalse();
                cb.insert(1001, Record.encode("b"));
                b.commit();
                a.commit();
                assertThat(f.rows(2)).containsKeys(1000L, 1001L).hasSize(12);
            }
        }
    }

    @Test
    void insertsWithoutARowidNeverCollide() {
        for (BeginMode mode : List.of(SER, SI)) {
            try (TxFixture f = withRows(10)) {
                Transaction a = f.begin(mode);
                Transaction b = f.begin(mode);
                long ra = insert(a, 2, "a");
                long rb = insert(b, 2, "b");
                assertThat(ra).isNotEqualTo(rb);
                b.commit();
                a.commit();
                assertThat(f.rows(2)).containsKeys(ra, rb).hasSize(12);
            }
        }
    }

    /** Write skew: each reads both rows and writes one; only snapshot isolation lets both commit. */
    @Test
    void writeSkewIsRefusedUnderSerializableAndAllowedUnderSnapshot() {
        for (BeginMode mode : List.of(SER, SI)) {
            try (TxFixture f = withRows(2)) {
                Transaction a = f.begin(mode);
                Transaction b = f.begin(mode);
                long sumA = getLong(a, 2, 1, 1) + getLong(a, 2, 2, 1);
                long sumB = getLong(b, 2, 1, 1) + getLong(b, 2, 2, 1);
                put(a, 2, 1, "row1", 100L - sumA);
                put(b, 2, 2, "row2", 100L - sumB);
                b.commit();
                if (mode == SER) {
                    assertConflict(a::commit);
                } else {
                    a.commit();
                    assertThat(f.rows(2).get(1L)).containsExactly("row1", -100L);
                    assertThat(f.rows(2).get(2L)).containsExactly("row2", -100L);
                }
            }
        }
    }

    @Test
    void aRangeReadConflictsWithAnInsertIntoTheRangeOnlyUnderSerializable() {
        for (BeginMode mode : List.of(SER, SI)) {
            try (TxFixture f = withRows(0)) {
                Transaction seed = f.begin(BeginMode.IMMEDIATE);
                for (long k = 10; k <= 300; k += 10) {
                    put(seed, 2, k, "r");
                }
                seed.commit();
                Transaction a = f.begin(mode);
                Transaction b = f.begin(mode);
                int seen = 0;
                TableCursor c = new TableCursor(a.readStore(), 2, a.listener());
                for (boolean ok = c.seekGE(100); ok && c.rowid() <= 200; ok = c.next()) {
                    seen++;
                }
                assertThat(seen).isEqualTo(11);
                put(a, 2, 1, "summary", (long) seen);
                put(b, 2, 150 + 5, "phantom");
                b.commit();
                if (mode == SER) {
                    assertConflict(a::commit);
                } else {
                    a.commit();
                }
            }
        }
    }

    @Test
    void aRangeReadDoesNotConflictWithAnInsertOutsideIt() {
        try (TxFixture f = withRows(0)) {
            Transaction seed = f.begin(BeginMode.IMMEDIATE);
            for (long k = 10; k <= 3000; k += 10) {
                put(seed, 2, k, "r");
            }
            seed.commit();
            Transaction a = f.begin(SER);
            Transaction b = f.begin(SER);
            TableCursor c = new TableCursor(a.readStore(), 2, a.listener());
            for (boolean ok = c.seekGE(100); ok && c.rowid() <= 200; ok = c.next()) {
                // read [100, 210]
            }
            put(a, 2, 1, "summary");
            put(b, 2, 2505, "far away");
            b.commit();
            a.commit();
            assertThat(f.rows(2)).containsKeys(1L, 2505L);
        }
    }

    @Test
    void aMaxProbeConflictsWithAnInsertAboveTheMax() {
        try (TxFixture f = withRows(10)) {
            Transaction a = f.begin(SER);
            Transaction b = f.begin(SER);
            TableCursor c = new TableCursor(a.readStore(), 2, a.listener());
            assertThat(c.last()).isTrue();
            long max = c.rowid();
            put(a, 2, 1, "max was", max);
            put(b, 2, 50, "new max");
            b.commit();
            assertConflict(a::commit);
        }
    }

    @Test
    void aPointLookupThatFoundNothingConflictsWithAnInsertOfThatKey() {
        try (TxFixture f = withRows(10)) {
            Transaction a = f.begin(SER);
            Transaction b = f.begin(SER);
            assertThat(get(a, 2, 20)).isNull();
            put(a, 2, 1, "20 is free");
            put(b, 2, 20, "taken");
            b.commit();
            assertConflict(a::commit);
        }
    }

    @Test
    void twoInsertsOfOneUniqueValueConflictInBothModes() {
        for (BeginMode mode : List.of(SER, SI)) {
            try (TxFixture f = withRows(0)) {
                int idx = f.createIndex();
                Transaction seed = f.begin(BeginMode.IMMEDIATE);
                indexInsert(seed, idx, "alice", 1L);
                indexInsert(seed, idx, "zoe", 2L);
                seed.commit();
                Transaction a = f.begin(mode);
                Transaction b = f.begin(mode);
                assertThat(indexHas(a, idx, "bob")).isFalse();
                assertThat(indexHas(b, idx, "bob")).isFalse();
                indexInsert(a, idx, "bob", 10L);
                put(a, 2, 10, "bob");
                indexInsert(b, idx, "bob", 11L);
                put(b, 2, 11, "bob");
                b.commit();
                assertConflict(a::commit);
            }
        }
    }

    @Test
    void uniqueProbesOfDifferentValuesMerge() {
        for (BeginMode mode : List.of(SER, SI)) {
            try (TxFixture f = withRows(0)) {
                int idx = f.createIndex();
                Transaction a = f.begin(mode);
                Transaction b = f.begin(mode);
                assertThat(indexHas(a, idx, "bob")).isFalse();
                assertThat(indexHas(b, idx, "carol")).isFalse();
                indexInsert(a, idx, "bob", 10L);
                indexInsert(b, idx, "carol", 11L);
                b.commit();
                if (mode == SER) {
                    // both probes of the empty index covered the whole (empty) key space
                    assertConflict(a::commit);
                } else {
                    a.commit();
                }
            }
        }
    }

    /** A WITHOUT ROWID table's tree: rows are index keys, primary key first, seeded with "a" and "z". */
    private static int clusteredTable(TxFixture f) {
        int root = f.createIndex();
        Transaction seed = f.begin(BeginMode.IMMEDIATE);
        indexInsert(seed, root, "a", "row a");
        indexInsert(seed, root, "z", "row z");
        seed.commit();
        return root;
    }

    @Test
    void clusteredInsertsOfDifferentKeysInOneGapMergeInBothModes() {
        // the primary-key check is a point probe: the gap between "a" and "z" is not read
        for (BeginMode mode : List.of(SER, SI)) {
            try (TxFixture f = withRows(0)) {
                int root = clusteredTable(f);
                Transaction a = f.begin(mode);
                Transaction b = f.begin(mode);
                assertThat(indexProbe(a, root, "m")).isFalse();
                indexInsert(a, root, "m", "row m");
                assertThat(indexProbe(b, root, "n")).isFalse();
                indexInsert(b, root, "n", "row n");
                b.commit();
                a.commit();
                assertThat(f.keys(root)).containsExactly(List.of("a", "row a"), List.of("m", "row m"),
                        List.of("n", "row n"), List.of("z", "row z"));
            }
        }
    }

    @Test
    void clusteredInsertsOfOneKeyWithDifferentRowsConflictInBothModes() {
        // the full keys differ ("m", "from a") / ("m", "from b"): only the probed prefix catches it
        for (BeginMode mode : List.of(SER, SI)) {
            try (TxFixture f = withRows(0)) {
                int root = clusteredTable(f);
                Transaction a = f.begin(mode);
                Transaction b = f.begin(mode);
                assertThat(indexProbe(a, root, "m")).isFalse();
                indexInsert(a, root, "m", "from a");
                assertThat(indexProbe(b, root, "m")).isFalse();
                indexInsert(b, root, "m", "from b");
                b.commit();
                assertConflict(a::commit);
                assertThat(f.keys(root)).containsExactly(List.of("a", "row a"), List.of("m", "from b"),
                        List.of("z", "row z"));
            }
        }
    }

    @Test
    void aClusteredProbeThatFoundTheRowConflictsWithItsDeletion() {
        for (BeginMode mode : List.of(SER, SI)) {
            try (TxFixture f = withRows(0)) {
                int root = clusteredTable(f);
                Transaction a = f.begin(mode);
                Transaction b = f.begin(mode);
                assertThat(indexProbe(a, root, "z")).isTrue(); // an UPDATE: find the row, rewrite it
                assertThat(new io.onelite.btree.IndexCursor(a.writeStore(), root, io.onelite.btree.KeyInfo.BINARY,
                        a.listener()).delete(new Object[]{"z", "row z"})).isTrue();
                indexInsert(a, root, "z", "row z v2");
                assertThat(new io.onelite.btree.IndexCursor(b.writeStore(), root, io.onelite.btree.KeyInfo.BINARY,
                        b.listener()).delete(new Object[]{"z", "row z"})).isTrue();
                b.commit();
                assertConflict(a::commit);
            }
        }
    }

    @Test
    void autoincrementCountersMergeAsMax() {
        try (TxFixture f = new TxFixture()) {
            int seq = f.createSchemaTable("sqlite_sequence", "CREATE TABLE sqlite_sequence(name,seq)");
            int t = f.createTable();
            Transaction init = f.begin(BeginMode.IMMEDIATE);
            put(init, seq, 1, "t", 5L);
            init.commit();
            Transaction a = f.begin(SER);
            Transaction b = f.begin(SER);
            // each reads the counter, inserts above it and stores the new value, as AUTOINCREMENT does
            long ca = getLong(a, seq, 1, 1);
            long cb = getLong(b, seq, 1, 1);
            put(a, t, ca + 1, "a");
            put(a, seq, 1, "t", ca + 1);
            put(b, t, cb + 2, "b");
            put(b, seq, 1, "t", cb + 2);
            b.commit();
            a.commit();
            assertThat(f.rows(seq).values()).containsExactly(List.of("t", 7L));
            assertThat(f.rows(t)).containsOnlyKeys(6L, 7L);
        }
    }

    @Test
    void autoincrementInsertsWithTheSharedAllocatorDoNotCollide() {
        try (TxFixture f = new TxFixture()) {
            int seq = f.createSchemaTable("sqlite_sequence", "CREATE TABLE sqlite_sequence(name,seq)");
            int t = f.createTable();
            Transaction init = f.begin(BeginMode.IMMEDIATE);
            put(init, seq, 1, "t", 5L);
            init.commit();
            long[] ids = new long[2];
            Transaction[] txs = {f.begin(SER), f.begin(SER)};
            for (int i = 0; i < 2; i++) {
                Transaction x = txs[i];
                long s = getLong(x, seq, 1, 1);
                TableCursor c = new TableCursor(x.writeStore(), t, x.listener());
                ids[i] = x.newRowid(c, t, s + 1);
                c.insert(ids[i], Record.encode("row"));
                put(x, seq, 1, "t", Math.max(s, ids[i]));
            }
            assertThat(ids[0]).isNotEqualTo(ids[1]);
            assertThat(ids[0]).isGreaterThan(5);
            txs[1].commit();
            txs[0].commit();
            assertThat(f.rows(t)).containsOnlyKeys(ids[0], ids[1]);
            assertThat(f.rows(seq).values()).containsExactly(List.of("t", Math.max(ids[0], ids[1])));
        }
    }

    @Test
    void anUnmergeableTransactionCommitsOnlyIfNobodyCommittedSinceItBegan() {
        try (TxFixture f = withRows(10)) {
            Transaction a = f.begin(SER);
            a.noteUnmergeable("PRAGMA user_version");
            put(a, 2, 1, "a");
            a.commit();
            Transaction b = f.begin(SER);
            Transaction c = f.begin(SER);
            b.noteUnmergeable("schema change");
            put(b, 2, 2, "b");
            put(c, 2, 3, "c");
            c.commit();
            assertConflict(b::commit);
        }
    }

    @Test
    void aSchemaChangeCommittedSinceTheSnapshotFailsTheCommit() {
        try (TxFixture f = withRows(10)) {
            Transaction a = f.begin(SER);
            put(a, 2, 1, "a");
            f.createSchemaTable("t2", "CREATE TABLE t2(x)");
            assertConflict(a::commit);
        }
    }

    @Test
    void anOverflowedTraceCommitsOnlyThroughTheFastPath() {
        try (TxFixture f = withRows(10)) {
            f.tm.traceLimit = 5; // stands for the 16M entries of the real limit
            Transaction a = f.begin(SER);
            for (int i = 0; i < 10; i++) {
                put(a, 2, 100 + i, "a");
            }
            assertThat(a.trace().overflowed()).isTrue();
            a.commit();
            assertThat(f.rows(2)).hasSize(20);
            Transaction b = f.begin(SER);
            Transaction c = f.begin(SER);
            for (int i = 0; i < 10; i++) {
                put(b, 2, 200 + i, "b");
            }
            put(c, 2, 300, "c");
            c.commit();
            assertConflict(b::commit);
            assertThat(f.rows(2)).hasSize(21);
        }
    }

    @Test
    void theFastPathIsTakenWhenNothingCommittedInBetween() {
        try (TxFixture f = withRows(10)) {
            long before = f.tm.stats().fastPathCommits();
            Transaction a = f.begin(SER);
            put(a, 2, 1, "a");
            a.commit();
            assertThat(f.tm.stats().fastPathCommits()).isEqualTo(before + 1);
            assertThat(f.tm.stats().replayedCommits()).isZero();
        }
    }

    @Test
    void aReplayedCommitCarriesOverflowPayloadsAndSplits() {
        try (TxFixture f = withRows(10)) {
            Transaction a = f.begin(SER);
            Transaction b = f.begin(SER);
            byte[] big = new byte[20_000];
            new java.util.Random(1).nextBytes(big);
            for (int i = 0; i < 300; i++) {
                put(a, 2, 1000 + i, "a", (long) i);
            }
            put(a, 2, 5000, (Object) big);
            put(b, 2, 9000, "b");
            b.commit();
            a.commit();
            var rows = f.rows(2);
            assertThat(rows).hasSize(10 + 300 + 1 + 1);
            assertThat((byte[]) rows.get(5000L).get(0)).isEqualTo(big);
            assertThat(Record.decode(Record.encode(rows.get(1299L).toArray()))).containsExactly("a", 299L);
        }
    }
}
