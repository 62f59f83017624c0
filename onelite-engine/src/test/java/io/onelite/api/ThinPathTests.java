package io.onelite.api;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ThinPathTests {

    static List<List<Object>> query(Session s, String sql, Object... args) {
        try (Statement st = s.prepare(sql)) {
            for (int i = 0; i < args.length; i++) {
                st.bind(i + 1, args[i]);
            }
            List<List<Object>> out = new ArrayList<>();
            while (st.step()) {
                List<Object> r = new ArrayList<>();
                for (int c = 0; c < st.columnCount(); c++) {
                    r.add(st.column(c));
                }
                out.add(r);
            }
            return out;
        }
    }

    @Test
    void createInsertAndSelectInMemory() {
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession()) {
            s.execute("CREATE TABLE t(a INTEGER PRIMARY KEY, b TEXT, c REAL)");
            s.execute("INSERT INTO t(b, c) VALUES ('x', 1.5), ('y', 2), ('z', NULL)");
            assertThat(query(s, "SELECT a, b, c FROM t WHERE a >= 2 ORDER BY b DESC LIMIT 5"))
                    .hasSize(2);
        }
    }

    @Test
    void committedRowsStayAndRolledBackRowsGo() {
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession()) {
            s.execute("CREATE TABLE t(a INTEGER PRIMARY KEY, b TEXT)");
            s.execute("BEGIN; INSERT INTO t VALUES (1, 'one'); INSERT INTO t VALUES (2, 'two'); COMMIT");
            s.execute("BEGIN; INSERT INTO t VALUES (3, 'three'); ROLLBACK");
            assertThat(query(s, "SELECT b FROM t WHERE a = ?", 2L)).containsExactly(List.of("two"));
            assertThat(query(s, "SELECT count(*) FROM t")).containsExactly(List.of(2L));
            assertThat(s.isAutoCommit()).isTrue();
        }
    }

    @Test
    void uniqueViolationInsideATransactionUndoesOnlyThatStatement() {
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession()) {
            s.execute("CREATE TABLE t(a INTEGER PRIMARY KEY, b TEXT UNIQUE)");
            s.execute("CREATE INDEX tb ON t(b)");
            s.execute("BEGIN");
            s.execute("INSERT INTO t VALUES (1, 'x')");
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> s.execute("INSERT INTO t VALUES (2, 'y'), (3, 'x')"))
                    .hasMessage("UNIQUE constraint failed: t.b");
            s.execute("COMMIT");
            assertThat(query(s, "SELECT a, b FROM t WHERE b = 'x'")).containsExactly(List.of(1L, "x"));
            assertThat(query(s, "SELECT count(*) FROM t")).containsExactly(List.of(1L));
        }
    }

    @Test
    void dataSurvivesReopeningTheFile(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        String path = dir.resolve("t.db").toString();
        try (Database db = Database.open(path, DatabaseOptions.DEFAULTS); Session s = db.openSession()) {
            s.execute("CREATE TABLE t(a INTEGER PRIMARY KEY, b TEXT UNIQUE, c)");
            s.execute("CREATE INDEX tc ON t(c)");
            s.execute("BEGIN; INSERT INTO t VALUES (1, 'one', 10); INSERT INTO t VALUES (2, 'two', 20); COMMIT");
            s.execute("BEGIN; INSERT INTO t VALUES (3, 'three', 30); ROLLBACK");
        }
        try (Database db = Database.open(path, DatabaseOptions.DEFAULTS); Session s = db.openSession()) {
            assertThat(query(s, "SELECT b FROM t WHERE a = ?", 2L)).containsExactly(List.of("two"));
            assertThat(query(s, "SELECT count(*) FROM t")).containsExactly(List.of(2L));
        }
        Process p = new ProcessBuilder("sqlite3", path, "pragma integrity_check; select b from t where c = 20;")
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes()).trim();
        p.waitFor();
        assertThat(out).isEqualTo("ok\ntwo");
    }

    @Test
    void beginConcurrentWritersOnDifferentRowsBothCommit() {
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session a = db.openSession();
             Session b = db.openSession()) {
            a.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, v)");
            a.execute("INSERT INTO t VALUES (1, 0), (2, 0)");
            a.execute("BEGIN CONCURRENT");
            b.execute("BEGIN CONCURRENT");
            a.execute("UPDATE t SET v = 1 WHERE id = 1");
            b.execute("UPDATE t SET v = 2 WHERE id = 2");
            a.execute("COMMIT");
            b.execute("COMMIT");
            assertThat(query(a, "SELECT id, v FROM t ORDER BY id")).containsExactly(List.of(1L, 1L), List.of(2L, 2L));
        }
    }

    @Test
    void manyWritesLeaveAFileThatSqlite3FindsIntact(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        String path = dir.resolve("big.db").toString();
        try (Database db = Database.open(path, DatabaseOptions.DEFAULTS); Session s = db.openSession()) {
            s.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, k TEXT UNIQUE, v INT, pad TEXT)");
            s.execute("CREATE INDEX tv ON t(v, k)");
            s.execute("BEGIN");
            try (Statement st = s.prepare("INSERT INTO t(k, v, pad) VALUES (?, ?, ?)")) {
                for (int i = 0; i < 3000; i++) {
                    st.bind(1, "key" + i);
                    st.bind(2, (long) (i % 97));
                    st.bind(3, "x".repeat(i % 300));
                    st.step();
                    st.reset();
                }
            }
            s.execute("COMMIT");
            s.execute("DELETE FROM t WHERE id % 3 = 0");
            s.execute("UPDATE t SET v = v + 1000, pad = NULL WHERE id % 5 = 0");
            assertThat(query(s, "PRAGMA integrity_check")).containsExactly(List.of("ok"));
            assertThat(query(s, "SELECT count(*), sum(v) FROM t WHERE v >= 1000"))
                    .containsExactly(List.of(400L, 400_000L + sumOfModulo()));
        }
        Process p = new ProcessBuilder("sqlite3", path,
                "pragma integrity_check; select count(*) from t; select count(*) from t where v >= 1000;")
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes()).trim();
        p.waitFor();
        assertThat(out).isEqualTo("ok\n2000\n400");
    }

    private static long sumOfModulo() {
        long sum = 0;
        for (int id = 1; id <= 3000; id++) {
            if (id % 3 != 0 && id % 5 == 0) {
                sum += (id - 1) % 97;
            }
        }
        return sum;
    }

    @Test
    void walCheckpointTruncateEmptiesTheWal(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        String path = dir.resolve("ck.db").toString();
        try (Database db = Database.open(path, DatabaseOptions.DEFAULTS); Session s = db.openSession()) {
            s.execute("CREATE TABLE t(a); INSERT INTO t VALUES (1), (2)");
            List<List<Object>> passive = query(s, "PRAGMA wal_checkpoint");
            assertThat(passive.get(0).get(0)).isEqualTo(0L);
            assertThat((Long) passive.get(0).get(1)).isPositive();
            assertThat(query(s, "PRAGMA wal_checkpoint(TRUNCATE)")).containsExactly(List.of(0L, 0L, 0L));
            assertThat(query(s, "SELECT count(*) FROM t")).containsExactly(List.of(2L));
        }
    }
}
