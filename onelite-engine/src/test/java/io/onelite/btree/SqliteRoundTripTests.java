package io.onelite.btree;

import io.onelite.pager.FileHeader;
import io.onelite.testing.Sqlite3;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/** Files we write pass the sqlite3 shell's integrity_check and read back equal through sqlite-jdbc. */
class SqliteRoundTripTests {
    @TempDir
    Path dir;

    private static final KeyInfo NOCASE_DESC = new KeyInfo(new Collation[] {Collation.NOCASE}, new boolean[] {true});

    /** A table t(a INTEGER, b TEXT, c BLOB) with indexes i(b, a) and j(b COLLATE NOCASE DESC), kept in step. */
    private static final class Db {
        final MemoryPages s;
        final int t;
        final int i;
        final int j;
        final TreeMap<Long, Object[]> rows = new TreeMap<>();

        Db(int pageSize, int reserved) {
            s = MemoryPages.create(pageSize, reserved);
            t = BTree.create(s, true);
            i = BTree.create(s, false);
            j = BTree.create(s, false);
            TableCursor schema = new TableCursor(s, 1, null);
            schema.insert(1, Record.encode("table", "t", "t", (long) t, "CREATE TABLE t(a INTEGER, b TEXT, c BLOB)"));
            schema.insert(2, Record.encode("index", "i", "t", (long) i, "CREATE INDEX i ON t(b, a)"));
            schema.insert(3, Record.encode("index", "j", "t", (long) j, "CREATE INDEX j ON t(b COLLATE NOCASE DESC)"));
            FileHeader.putInt(s.read(1), FileHeader.SCHEMA_COOKIE, 1);
        }

        void put(long rowid, Object a, Object b, Object c) {
            delete(rowid);
            new TableCursor(s, t, null).insert(rowid, Record.encode(a, b, c));
            new IndexCursor(s, i, KeyInfo.BINARY, null).insert(new Object[] {b, a, rowid});
            new IndexCursor(s, j, NOCASE_DESC, null).insert(new Object[] {b, rowid});
            rows.put(rowid, new Object[] {rowid, a, b, c});
        }

        void delete(long rowid) {
            Object[] old = rows.remove(rowid);
            if (old != null) {
                assertThat(new TableCursor(s, t, null).delete(rowid)).isTrue();
                assertThat(new IndexCursor(s, i, KeyInfo.BINARY, null).delete(new Object[] {old[2], old[1], rowid})).isTrue();
                assertThat(new IndexCursor(s, j, NOCASE_DESC, null).delete(new Object[] {old[2], rowid})).isTrue();
            }
        }

        Map<Integer, KeyInfo> roots() {
            Map<Integer, KeyInfo> m = new HashMap<>();
            m.put(1, null);
            m.put(t, null);
            m.put(i, KeyInfo.BINARY);
            m.put(j, NOCASE_DESC);
            return m;
        }
    }

    @Test
    void randomEditsProduceFilesThatSqlitePassesAndReadsBackEqual() throws Exception {
        long seed = System.nanoTime();
        System.out.println("roundTrip seed " + seed);
        Random r = new Random(seed);
        for (int[] cfg : new int[][] {{512, 0}, {1024, 16}, {4096, 0}, {16384, 0}}) {
            Db db = new Db(cfg[0], cfg[1]);
            for (int k = 0; k < 1500; k++) {
                long rowid = r.nextInt(10) == 0 ? r.nextLong() : r.nextInt(1200);
                if (r.nextInt(4) == 0) {
                    db.delete(rowid);
                } else {
                    Object a = r.nextInt(8) == 0 ? null : (Object) (long) r.nextInt(100);
                    Object b = r.nextInt(8) == 0 ? null : (r.nextBoolean() ? "Word" : "word") + r.nextInt(50)
                        + (r.nextInt(30) == 0 ? "x".repeat(r.nextInt(3 * cfg[0])) : "");
                    byte[] c = new byte[r.nextInt(10) == 0 ? r.nextInt(5 * cfg[0]) : r.nextInt(30)];
                    r.nextBytes(c);
                    db.put(rowid, a, b, c);
                }
            }
            assertThat(IntegrityCheck.check(db.s, db.roots(), 20)).isEmpty();
            Path file = dir.resolve("w" + cfg[0] + ".db");
            db.s.save(file);
            assertThat(Sqlite3.run(file, "pragma integrity_check;")).as("seed " + seed + " page size " + cfg[0]).isEqualTo("ok");
            List<Object[]> back = TreeOracle.query(file, "select rowid, a, b, c from t order by rowid");
            ReadPathTests.assertRowsEqual(back, new ArrayList<>(db.rows.values()));
            assertThat(TreeOracle.query(file, "select count(*) from t indexed by j where b >= 'word3'").get(0)[0])
                .isEqualTo(TreeOracle.query(file, "select count(*) from t not indexed where b >= 'word3'").get(0)[0]);
        }
    }

    @Test
    void sqliteCanKeepWritingFilesWeWroteAndWeReadWhatItWrote() throws Exception {
        Db db = new Db(1024, 0);
        for (long k = 1; k <= 500; k++) {
            db.put(k, k, "w" + k, new byte[(int) (k % 7) * 100]);
        }
        for (long k = 1; k <= 500; k += 3) {
            db.delete(k);
        }
        int withFreeblocks = 0;
        for (int pg = 2; pg <= db.s.pageCount(); pg++) {
            if (PageHeader.get16(db.s.read(pg), PageHeader.FIRST_FREEBLOCK) != 0) {
                withFreeblocks++;
            }
        }
        assertThat(withFreeblocks).as("deletes leave freeblocks in place").isPositive();
        assertThat(IntegrityCheck.check(db.s, db.roots(), 20)).isEmpty();
        Path file = dir.resolve("mixed.db");
        db.s.save(file);
        String out = Sqlite3.run(file, """
            insert into t(rowid, a, b, c) select rowid + 1000, a, b || 'z', c from t;
            delete from t where rowid % 5 = 0;
            update t set c = zeroblob(3000) where rowid % 7 = 0;
            pragma integrity_check;
            """);
        assertThat(out).isEqualTo("ok");
        MemoryPages s = MemoryPages.load(file);
        assertThat(IntegrityCheck.check(s, db.roots(), 20)).isEmpty();
        TableCursor c = new TableCursor(s, db.t, null);
        List<Object[]> mine = new ArrayList<>();
        for (boolean ok = c.first(); ok; ok = c.next()) {
            mine.add(ReadPathTests.concat(c.rowid(), Record.decode(c.payload())));
        }
        ReadPathTests.assertRowsEqual(mine, TreeOracle.query(file, "select rowid, a, b, c from t order by rowid"));
        // and we can write on top of sqlite's pages (freeblocks, its freelist) again
        for (long k = 2000; k < 2300; k++) {
            c.insert(k, Record.encode(k, "n" + k, new byte[10]));
            new IndexCursor(s, db.i, KeyInfo.BINARY, null).insert(new Object[] {"n" + k, k, k});
            new IndexCursor(s, db.j, NOCASE_DESC, null).insert(new Object[] {"n" + k, k});
        }
        s.save(file);
        assertThat(Sqlite3.run(file, "pragma integrity_check;")).isEqualTo("ok");
    }

    @Test
    void theSchemaTreeOnPageOneSplitsAndShrinksBackAroundTheFileHeader() throws Exception {
        MemoryPages s = MemoryPages.create(512, 0);
        TableCursor schema = new TableCursor(s, 1, null);
        java.util.List<Integer> roots = new ArrayList<>();
        for (int k = 1; k <= 150; k++) {
            int root = BTree.create(s, true);
            roots.add(root);
            new TableCursor(s, root, null).insert(1, Record.encode((long) k, "row of table " + k));
            schema.insert(k, Record.encode("table", "t" + k, "t" + k, (long) root, "CREATE TABLE t" + k + "(a, b)"));
        }
        FileHeader.putInt(s.read(1), FileHeader.SCHEMA_COOKIE, 1);
        assertThat(BTreePage.read(s, 1).isLeaf()).isFalse();
        Path file = dir.resolve("schema.db");
        s.save(file);
        assertThat(Sqlite3.run(file, "pragma integrity_check; select count(*) from sqlite_schema; select b from t77;"))
            .isEqualTo("ok\n150\nrow of table 77");
        for (int k = 1; k <= 150; k++) {
            if (k % 50 != 0) {
                BTree.drop(s, roots.get(k - 1));
                assertThat(schema.delete(k)).isTrue();
            }
        }
        assertThat(BTreePage.read(s, 1).isLeaf()).isTrue();
        s.save(file);
        assertThat(Sqlite3.run(file, "pragma integrity_check; select count(*) from sqlite_schema; select b from t100;"))
            .isEqualTo("ok\n3\nrow of table 100");
    }

    @Test
    void ascendingInsertsFillLeavesAlmostCompletely() {
        MemoryPages s = MemoryPages.create(4096, 0);
        int root = BTree.create(s, true);
        TableCursor c = new TableCursor(s, root, null);
        byte[] payload = Record.encode("x".repeat(90));
        for (long k = 1; k <= 20000; k++) {
            c.insert(k, payload);
        }
        int cellSize = 2 + Varint.size(payload.length) + 3 + payload.length;
        int perPage = (4096 - 8) / cellSize;
        int minimumLeaves = (20000 + perPage - 1) / perPage;
        int pages = s.pageCount() - 2; // minus page 1 and the root
        assertThat(pages).isLessThan((int) (minimumLeaves * 1.05) + 10);
        assertThat(IntegrityCheck.check(s, WritePathTests.tableRoots(root), 10)).isEmpty();
    }
}
