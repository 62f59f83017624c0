package io.onelite.pager;

import io.onelite.btree.BTree;
import io.onelite.btree.Record;
import io.onelite.btree.TableCursor;
import io.onelite.testing.Sqlite3;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;

/** Real b-trees (many pages, overflow chains, freelist) committed through the file pager, checked by sqlite3. */
class BTreeFileTests {
    @TempDir
    Path dir;

    private static void commit(Pager p, Consumer<WriteSet> change) {
        p.lockWrite(Duration.ofSeconds(10));
        try {
            WriteSet ws = p.newWriteSet(p.latest());
            change.accept(ws);
            p.appendCommit(ws);
            p.publish();
        } finally {
            p.unlockWrite();
        }
        p.maybeAutoCheckpoint();
    }

    private static int createTable(WriteSet ws, long schemaRowid, String name) {
        int root = BTree.create(ws, true);
        new TableCursor(ws, 1, null).insert(schemaRowid, Record.encode("table", name, name, (long) root,
                "CREATE TABLE " + name + "(a INTEGER, b TEXT)"));
        byte[] p1 = ws.write(1);
        FileHeader.putInt(p1, FileHeader.SCHEMA_COOKIE, FileHeader.getInt(p1, FileHeader.SCHEMA_COOKIE) + 1);
        return root;
    }

    private static String text(long i) {
        return i % 97 == 0 ? "x".repeat(5000 + (int) i % 300) : "row " + i;
    }

    private static long count(Pager p, int root) {
        Snapshot s = p.beginRead();
        try {
            TableCursor c = new TableCursor(s, root, null);
            long n = 0;
            for (boolean ok = c.first(); ok; ok = c.next()) {
                n++;
            }
            return n;
        } finally {
            p.endRead(s);
        }
    }

    @Test
    void manyPagesOverflowAndFreelistPassSqliteIntegrityCheck() {
        Path db = dir.resolve("bt.db");
        int[] roots = new int[2];
        try (Pager p = Pager.open(db, PagerOptions.DEFAULTS.withAutoCheckpointFrames(300))) {
            commit(p, ws -> roots[0] = createTable(ws, 1, "t"));
            for (int batch = 0; batch < 10; batch++) {
                int b = batch;
                commit(p, ws -> {
                    TableCursor c = new TableCursor(ws, roots[0], null);
                    for (long i = b * 2000L + 1; i <= (b + 1) * 2000L; i++) {
                        c.insert(i, Record.encode(i, text(i)));
                    }
                });
            }
            assertThat(Sqlite3.checked(db, "select count(*) from t; pragma integrity_check")).isEqualTo("20000\nok");
            commit(p, ws -> {
                TableCursor c = new TableCursor(ws, roots[0], null);
                for (long i = 3; i <= 20000; i += 3) {
                    c.delete(i);
                }
                roots[1] = createTable(ws, 2, "u");
                TableCursor u = new TableCursor(ws, roots[1], null);
                for (long i = 1; i <= 5000; i++) {
                    u.insert(i, Record.encode(i, text(i)));
                }
            });
            commit(p, ws -> {
                BTree.drop(ws, roots[1]);
                new TableCursor(ws, 1, null).delete(2);
                byte[] p1 = ws.write(1);
                FileHeader.putInt(p1, FileHeader.SCHEMA_COOKIE, FileHeader.getInt(p1, FileHeader.SCHEMA_COOKIE) + 1);
            });
            String out = Sqlite3.checked(db, "select count(*) from t; pragma freelist_count; pragma integrity_check");
            String[] lines = out.split("\n");
            assertThat(lines[0]).isEqualTo("13334");
            assertThat(Long.parseLong(lines[1])).isPositive();
            assertThat(lines[2]).isEqualTo("ok");
            Sqlite3.checked(db, "insert into t select a + 100000, b from t where a <= 3000");
            assertThat(count(p, roots[0])).isEqualTo(15334);
            commit(p, ws -> {
                TableCursor c = new TableCursor(ws, roots[0], null);
                for (long i = 200001; i <= 203000; i++) {
                    c.insert(i, Record.encode(i, text(i)));
                }
            });
            assertThat(Sqlite3.checked(db, "select count(*) from t; pragma integrity_check")).isEqualTo("18334\nok");
        }
        assertThat(Sqlite3.checked(db, "select count(*), sum(a) from t; pragma integrity_check").split("\n")[1]).isEqualTo("ok");
    }
}
