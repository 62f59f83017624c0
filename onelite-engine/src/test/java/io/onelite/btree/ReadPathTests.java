package io.onelite.btree;

import io.onelite.testing.Sqlite3;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

class ReadPathTests {
    @TempDir
    Path dir;

    static final String POPULATE = """
        pragma journal_mode=delete;
        create table t(a, b, c);
        create index ia on t(a, b);
        create index ic on t(c collate nocase desc);
        with recursive n(x) as (select 1 union all select x + 1 from n where x < %d)
        insert into t select
          case x %% 7 when 0 then null when 1 then x * 1.5 when 2 then 'k' || (x %% 50) else x %% 97 end,
          case x %% 5 when 0 then randomblob(abs(random()) %% %d) when 1 then zeroblob(%d) else hex(randomblob(x %% 40)) end,
          case x %% 3 when 0 then 'Abc' || x when 1 then 'abc' || (x %% 10) else x end
        from n;
        delete from t where rowid %% 11 = 0;
        insert into t(rowid, a, b, c) values (9223372036854775807, 'max', 1, 2), (-5, 'neg', 2, 3);
        """;

    @Test
    void readsFilesWrittenBySqliteAtEveryPageSizeWithAndWithoutReservedBytes() throws Exception {
        int[][] configs = {{512, 0}, {512, 20}, {1024, 0}, {4096, 0}, {4096, 32}, {8192, 0}, {65536, 0}, {65536, 100}};
        for (int[] cfg : configs) {
            Path file = dir.resolve("r" + cfg[0] + "_" + cfg[1] + ".db");
            MemoryPages.create(cfg[0], cfg[1]).save(file);
            int rows = cfg[0] < 4096 ? 400 : cfg[0] > 8192 ? 250 : 1200;
            String out = Sqlite3.run(file, POPULATE.formatted(rows, cfg[0] * 3, cfg[0] * 2) + "pragma integrity_check;");
            assertThat(out).endsWith("ok");
            checkFile(file, new Random(cfg[0] + cfg[1]));
        }
    }

    @Test
    void readsRecordsWithFewerColumnsThanTheTableAndEveryIntegerWidth() throws Exception {
        Path file = dir.resolve("alter.db");
        String out = Sqlite3.run(file, """
            pragma journal_mode=delete;
            create table x(a);
            insert into x values (0), (1), (-1), (127), (-32768), (8388607), (2147483648), (140737488355328), (-9223372036854775808);
            alter table x add column b default 7;
            insert into x values (2, 8);
            pragma integrity_check;
            """);
        assertThat(out).endsWith("ok");
        MemoryPages s = MemoryPages.load(file).readOnly();
        TableCursor c = new TableCursor(s, TreeOracle.roots(s).get("x"), null);
        List<Object[]> rows = new ArrayList<>();
        for (boolean ok = c.first(); ok; ok = c.next()) {
            byte[] p = c.payload();
            rows.add(new Object[] {Record.columnCount(p), Record.column(p, 0), Record.column(p, 1)});
        }
        assertRowsEqual(rows, List.of(
            new Object[] {1, 0L, null}, new Object[] {1, 1L, null}, new Object[] {1, -1L, null},
            new Object[] {1, 127L, null}, new Object[] {1, -32768L, null}, new Object[] {1, 8388607L, null},
            new Object[] {1, 2147483648L, null}, new Object[] {1, 140737488355328L, null},
            new Object[] {1, Long.MIN_VALUE, null}, new Object[] {2, 2L, 8L}));
    }

    @Test
    void readsAutoVacuumFilesButRefusesToWriteThem() throws Exception {
        Path file = dir.resolve("av.db");
        String out = Sqlite3.run(file, "pragma page_size=1024; pragma auto_vacuum=full; " + POPULATE.formatted(300, 3000, 2000)
            + "pragma integrity_check;");
        assertThat(out).endsWith("ok");
        MemoryPages s = MemoryPages.load(file);
        Map<String, Integer> roots = TreeOracle.roots(s);
        Map<Integer, KeyInfo> check = new java.util.HashMap<>();
        check.put(roots.get("t"), null);
        check.put(roots.get("ia"), KeyInfo.BINARY);
        check.put(roots.get("ic"), new KeyInfo(new Collation[] {Collation.NOCASE}, new boolean[] {true}));
        assertThat(IntegrityCheck.check(s, check, 10)).isEmpty();
        TableCursor c = new TableCursor(s, roots.get("t"), null);
        assertThat(c.seek(3)).isTrue();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> c.insert(5000, Record.encode(1L)))
            .isInstanceOf(io.onelite.common.OneLiteException.class).hasMessageContaining("auto_vacuum");
    }

    private void checkFile(Path file, Random r) throws Exception {
        MemoryPages s = MemoryPages.load(file).readOnly();
        assertThat(s.usableSize()).isEqualTo(s.pageSize() - (s.read(1)[20] & 0xff));
        Map<String, Integer> roots = TreeOracle.roots(s);
        List<Object[]> expected = TreeOracle.query(file, "select rowid, a, b, c from t order by rowid");
        TableCursor c = new TableCursor(s, roots.get("t"), null);
        List<Object[]> forward = new ArrayList<>();
        for (boolean ok = c.first(); ok; ok = c.next()) {
            forward.add(concat(c.rowid(), Record.decode(c.payload())));
        }
        assertRowsEqual(forward, expected);
        List<Object[]> backward = new ArrayList<>();
        for (boolean ok = c.last(); ok; ok = c.prev()) {
            backward.add(0, concat(c.rowid(), Record.decode(c.payload())));
        }
        assertRowsEqual(backward, expected);

        TreeMap<Long, Object[]> model = new TreeMap<>();
        for (Object[] row : expected) {
            model.put((Long) row[0], row);
        }
        for (int i = 0; i < 300; i++) {
            long k = r.nextInt(3) == 0 ? r.nextLong() : r.nextInt(2000) - 10;
            Long ge = model.ceilingKey(k);
            Long le = model.floorKey(k);
            assertThat(c.seekGE(k)).isEqualTo(ge != null);
            if (ge != null) {
                assertThat(c.rowid()).isEqualTo(ge);
            }
            assertThat(c.seekLE(k)).isEqualTo(le != null);
            if (le != null) {
                assertThat(c.rowid()).isEqualTo(le);
            }
            assertThat(c.seek(k)).isEqualTo(model.containsKey(k));
            assertThat(c.valid()).isTrue();
        }
        assertThat(c.maxRowid()).isEqualTo(Long.MAX_VALUE);

        checkIndex(file, s, roots.get("ia"), KeyInfo.BINARY, "select a, b, rowid from t order by a, b, rowid", r);
        KeyInfo nocaseDesc = new KeyInfo(new Collation[] {Collation.NOCASE}, new boolean[] {true});
        checkIndex(file, s, roots.get("ic"), nocaseDesc, "select c, rowid from t order by c collate nocase desc, rowid", r);
    }

    private void checkIndex(Path file, MemoryPages s, int root, KeyInfo ki, String sql, Random r) throws Exception {
        List<Object[]> expected = TreeOracle.query(file, sql);
        IndexCursor ic = new IndexCursor(s, root, ki, null);
        List<Object[]> forward = new ArrayList<>();
        for (boolean ok = ic.first(); ok; ok = ic.next()) {
            forward.add(ic.key());
        }
        assertRowsEqual(forward, expected);
        List<Object[]> backward = new ArrayList<>();
        for (boolean ok = ic.last(); ok; ok = ic.prev()) {
            backward.add(0, ic.key());
        }
        assertRowsEqual(backward, expected);
        for (int i = 0; i < 200; i++) {
            Object[] probe = expected.get(r.nextInt(expected.size()));
            Object[] prefix = Arrays.copyOf(probe, 1);
            int firstGE = -1;
            int lastLE = -1;
            for (int j = 0; j < expected.size(); j++) {
                int cmp = KeyCompare.compareKeys(expected.get(j), prefix, ki);
                if (cmp >= 0 && firstGE < 0) {
                    firstGE = j;
                }
                if (cmp <= 0) {
                    lastLE = j;
                }
            }
            assertThat(ic.seekGE(prefix)).isTrue();
            assertKey(ic.key(), expected.get(firstGE));
            assertThat(ic.seekLE(prefix)).isTrue();
            assertKey(ic.key(), expected.get(lastLE));
            assertThat(ic.seekGT(prefix)).isEqualTo(lastLE + 1 < expected.size());
            if (lastLE + 1 < expected.size()) {
                assertKey(ic.key(), expected.get(lastLE + 1));
            }
            assertThat(ic.seekLT(prefix)).isEqualTo(firstGE > 0);
            if (firstGE > 0) {
                assertKey(ic.key(), expected.get(firstGE - 1));
            }
            assertThat(ic.seekGE(probe)).isTrue();
            assertKey(ic.key(), probe);
        }
    }

    static Object[] concat(long rowid, Object[] rest) {
        Object[] out = new Object[rest.length + 1];
        out[0] = rowid;
        System.arraycopy(rest, 0, out, 1, rest.length);
        return out;
    }

    static void assertKey(Object[] actual, Object[] expected) {
        if (!Arrays.deepEquals(actual, expected)) {
            throw new AssertionError(Arrays.deepToString(actual) + " != " + Arrays.deepToString(expected));
        }
    }

    static void assertRowsEqual(List<Object[]> actual, List<Object[]> expected) {
        assertThat(actual).hasSameSizeAs(expected);
        for (int i = 0; i < actual.size(); i++) {
            if (!Arrays.deepEquals(actual.get(i), expected.get(i))) {
                throw new AssertionError("row " + i + ": " + Arrays.deepToString(actual.get(i)) + " != " + Arrays.deepToString(expected.get(i)));
            }
        }
    }
}
