package io.onelite.api;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static io.onelite.api.ThinPathTests.query;
import static org.assertj.core.api.Assertions.assertThat;

/** AUTOINCREMENT rowids under BEGIN CONCURRENT come from the shared allocator, so writers do not collide. */
class AutoincrementConcurrentTests {

    @Test
    void twoConcurrentInsertsIntoAnAutoincrementTableBothCommit(@TempDir Path dir) {
        String path = dir.resolve("ai.db").toString();
        try (Database db = Database.open(path, DatabaseOptions.DEFAULTS);
             Session a = db.openSession();
             Session b = db.openSession()) {
            a.execute("CREATE TABLE t(id INTEGER PRIMARY KEY AUTOINCREMENT, v TEXT)");
            a.execute("INSERT INTO t(v) VALUES ('seed')");
            a.execute("BEGIN CONCURRENT");
            b.execute("BEGIN CONCURRENT");
            a.execute("INSERT INTO t(v) VALUES ('a1'), ('a2')");
            b.execute("INSERT INTO t(v) VALUES ('b1')");
            a.execute("COMMIT");
            b.execute("COMMIT");
            List<List<Object>> rows = query(a, "SELECT id, v FROM t ORDER BY id");
            assertThat(rows).hasSize(4);
            assertThat(rows.stream().map(r -> r.get(0)).distinct()).hasSize(4);
            long max = (Long) query(a, "SELECT max(id) FROM t").get(0).get(0);
            assertThat(query(a, "SELECT seq FROM sqlite_sequence WHERE name = 't'")).containsExactly(List.of(max));
            // A later insert continues above every rowid ever handed out.
            a.execute("INSERT INTO t(v) VALUES ('after')");
            assertThat(query(a, "SELECT id FROM t WHERE v = 'after'").get(0).get(0)).isEqualTo(max + 1);
            assertThat(query(a, "PRAGMA integrity_check")).containsExactly(List.of("ok"));
        }
    }

    @Test
    void autoincrementNeverReusesADeletedMaximum() {
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession()) {
            s.execute("CREATE TABLE t(id INTEGER PRIMARY KEY AUTOINCREMENT, v)");
            s.execute("INSERT INTO t(v) VALUES (1), (2), (3)");
            s.execute("DELETE FROM t WHERE id = 3");
            s.execute("INSERT INTO t(v) VALUES (4)");
            assertThat(query(s, "SELECT id FROM t ORDER BY id")).containsExactly(List.of(1L), List.of(2L), List.of(4L));
        }
    }
}
