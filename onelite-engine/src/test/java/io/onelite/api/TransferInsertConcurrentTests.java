package io.onelite.api;

import io.onelite.common.OneLiteException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static io.onelite.api.ThinPathTests.query;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@code INSERT INTO dest SELECT * FROM src} copied record by record (the transfer of
 * {@code plan.TransferInsert}) inside BEGIN CONCURRENT: its rows are traced as any insert's, so
 * two transactions copying into one table without an INTEGER PRIMARY KEY take rowids from the
 * shared allocator and both commit, and two copying the same INTEGER PRIMARY KEY values conflict.
 */
class TransferInsertConcurrentTests {
    @TempDir
    Path dir;

    private interface Pair {
        void run(Session a, Session b);
    }

    private void withTables(String dest, Pair body) {
        Path file = dir.resolve("xfer" + System.nanoTime() + ".db");
        try (Database db = Database.open(file.toString(), DatabaseOptions.DEFAULTS);
             Session a = db.openSession();
             Session b = db.openSession()) {
            a.execute("CREATE TABLE s1(id INTEGER PRIMARY KEY, v TEXT)");
            a.execute("CREATE TABLE s2(id INTEGER PRIMARY KEY, v TEXT)");
            a.execute("CREATE TABLE n1(v TEXT)");
            a.execute("CREATE TABLE n2(v TEXT)");
            a.execute(dest);
            for (int i = 1; i <= 300; i++) {
                a.execute("INSERT INTO s1 VALUES (" + i + ", 'a" + i + "')");
                a.execute("INSERT INTO s2 VALUES (" + (1000 + i) + ", 'b" + i + "')");
                a.execute("INSERT INTO n1 VALUES ('a" + i + "')");
                a.execute("INSERT INTO n2 VALUES ('b" + i + "')");
            }
            a.execute("BEGIN CONCURRENT");
            b.execute("BEGIN CONCURRENT");
            body.run(a, b);
            assertThat(query(a, "PRAGMA integrity_check")).containsExactly(List.of("ok"));
        }
    }

    @Test
    void copiesIntoOneTableWithNewRowidsBothCommit() {
        withTables("CREATE TABLE d(v TEXT)", (a, b) -> {
            a.execute("INSERT INTO d SELECT * FROM n1");
            b.execute("INSERT INTO d SELECT * FROM n2");
            b.execute("COMMIT");
            a.execute("COMMIT");
            assertThat(query(a, "SELECT count(*), count(DISTINCT rowid), count(DISTINCT v) FROM d"))
                    .containsExactly(List.of(600L, 600L, 600L));
        });
    }

    @Test
    void copiesOfDisjointKeysMergeAndOfTheSameKeysConflict() {
        withTables("CREATE TABLE d(id INTEGER PRIMARY KEY, v TEXT)", (a, b) -> {
            a.execute("INSERT INTO d SELECT * FROM s1");
            b.execute("INSERT INTO d SELECT * FROM s2");
            b.execute("COMMIT");
            a.execute("COMMIT");
            assertThat(query(a, "SELECT count(*), min(id), max(id) FROM d")).containsExactly(List.of(600L, 1L, 1300L));
            a.execute("BEGIN CONCURRENT");
            b.execute("BEGIN CONCURRENT");
            a.execute("DELETE FROM d");
            a.execute("INSERT INTO d SELECT * FROM s1");
            b.execute("UPDATE d SET v = 'changed' WHERE id = 5");
            b.execute("COMMIT");
            assertThatThrownBy(() -> a.execute("COMMIT")).isInstanceOf(OneLiteException.class)
                    .extracting(e -> ((OneLiteException) e).code()).isEqualTo(517);
            assertThat(query(a, "SELECT count(*), (SELECT v FROM d WHERE id = 5) FROM d"))
                    .containsExactly(List.of(600L, "changed"));
        });
    }
}
