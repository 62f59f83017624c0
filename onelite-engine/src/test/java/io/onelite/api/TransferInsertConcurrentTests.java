package io.onelite.api;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static io.onelite.api.ThinPathTests.query;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code INSERT INTO dest SELECT * FROM src} copied record by record (the transfer of
 * {@code plan.TransferInsert}) inside BEGIN CONCURRENT: its rows are traced as any insert's, so
 * two transactions copying into one table without an INTEGER PRIMARY KEY take rowids from the
 * shared allocator and both commit, and two copying the same INTEGER PRIMARY KEY values conflict.
 */
class TransferInsertConcurrentTests {
    @TempDir
    Path dir;

    private void withTables(String dest, TwoSessions.Body body) {
        TwoSessions.run(dir, a -> {
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
        }, "BEGIN CONCURRENT", body);
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
            TwoSessions.assertBusySnapshot(a);
            assertThat(query(a, "SELECT count(*), (SELECT v FROM d WHERE id = 5) FROM d"))
                    .containsExactly(List.of(600L, "changed"));
        });
    }
}
