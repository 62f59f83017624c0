package io.onelite.plan;

import io.onelite.api.Database;
import io.onelite.api.DatabaseOptions;
import io.onelite.api.Session;
import io.onelite.common.OneLiteException;
import org.junit.jupiter.api.Test;

import static io.onelite.plan.ScenarioTests.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Against native SQLite (sqlite-jdbc is built with SQLITE_ENABLE_UPDATE_DELETE_LIMIT): DELETE and
 * UPDATE with ORDER BY, LIMIT and OFFSET change only the rows the limit selects. Until 2026-12-07
 * the clauses were parsed and ignored, so {@code DELETE FROM t ORDER BY id LIMIT 1} deleted every
 * row (found by {@code DeleteAllDifferentialTests}).
 */
class DmlLimitDifferentialTests {
    @Test
    void deleteAndUpdateChangeOnlyTheRowsTheLimitSelects() throws Exception {
        run("CREATE TABLE t(id INTEGER PRIMARY KEY, a, b TEXT)", "CREATE INDEX tb ON t(b)",
                "INSERT INTO t VALUES (1, 1, 'e'), (2, 2, 'd'), (3, 3, 'c'), (4, 4, 'b'), (5, 5, 'a'), (6, 6, 'a')",
                "DELETE FROM t ORDER BY id DESC LIMIT 2", "SELECT changes(), group_concat(id) FROM t",
                "DELETE FROM t WHERE a > 1 LIMIT 1", "SELECT changes(), group_concat(id) FROM t",
                "UPDATE t SET a = 10 ORDER BY b LIMIT 1", "SELECT changes(), group_concat(id || ':' || a) FROM t",
                "UPDATE t SET a = a + 1 ORDER BY id LIMIT 1 OFFSET 1", "SELECT group_concat(id || ':' || a) FROM t",
                "UPDATE t SET a = 0 ORDER BY b DESC, id LIMIT 2, 1", "SELECT group_concat(id || ':' || a) FROM t",
                "DELETE FROM t AS q ORDER BY q.a LIMIT 1 OFFSET 1", "SELECT group_concat(id) FROM t",
                "DELETE FROM t LIMIT 0", "SELECT count(*) FROM t",
                "DELETE FROM t ORDER BY 1 LIMIT (SELECT 1)", "SELECT group_concat(id) FROM t",
                "INSERT INTO t VALUES (7, 7, 'z'), (8, 8, 'y')",
                "WITH k(n) AS (SELECT 2) DELETE FROM t ORDER BY b LIMIT (SELECT n FROM k)", "SELECT group_concat(id) FROM t",
                "DELETE FROM t WHERE id IN (SELECT id FROM t ORDER BY id LIMIT 1) LIMIT 5", "SELECT group_concat(id) FROM t",
                "UPDATE t SET a = -1 LIMIT -1", "SELECT group_concat(a) FROM t",
                "DELETE FROM t LIMIT -1", "SELECT count(*) FROM t");
    }

    @Test
    void errorsAsSqlite() throws Exception {
        run("CREATE TABLE t(id INTEGER PRIMARY KEY, a)", "INSERT INTO t VALUES (1, 1), (2, 2)",
                "DELETE FROM t ORDER BY id", "UPDATE t SET a = 1 ORDER BY id", "DELETE FROM t ORDER BY nosuch",
                "DELETE FROM t ORDER BY nosuch LIMIT 1", "DELETE FROM t ORDER BY 2 LIMIT 1",
                "UPDATE t SET a = 7 LIMIT 'x'", "UPDATE t SET a = 7 LIMIT 1.5", "DELETE FROM t LIMIT NULL",
                "DELETE FROM nosuch ORDER BY x", "DELETE FROM t LIMIT 1 OFFSET 'a'",
                "SELECT * FROM t");
    }

    @Test
    void withoutRowidTablesViewsTriggersReturningAndUpdateFrom() throws Exception {
        run("CREATE TABLE w(k TEXT, j INTEGER, v, PRIMARY KEY (k, j)) WITHOUT ROWID",
                "INSERT INTO w VALUES ('a', 1, 1), ('b', 2, 2), ('c', 3, 3), ('a', 2, 4)",
                "DELETE FROM w ORDER BY v DESC LIMIT 1", "SELECT * FROM w ORDER BY k, j",
                "UPDATE w SET v = 0 WHERE k > 'a' ORDER BY k DESC LIMIT 1 OFFSET 0", "SELECT * FROM w ORDER BY k, j",
                "CREATE TABLE t(id INTEGER PRIMARY KEY, a)", "CREATE TABLE u(x)", "CREATE TABLE log(x)",
                "INSERT INTO t VALUES (1, 1), (2, 2), (3, 3), (4, 4), (5, 5)", "INSERT INTO u VALUES (1), (2), (3)",
                "UPDATE t SET a = a + 100 FROM u WHERE u.x = t.id ORDER BY t.id DESC LIMIT 2",
                "SELECT group_concat(id || ':' || a) FROM t",
                "CREATE TRIGGER td AFTER DELETE ON t BEGIN INSERT INTO log VALUES (old.id); END",
                "DELETE FROM t ORDER BY a LIMIT 2 RETURNING id", "SELECT group_concat(x) FROM log",
                "UPDATE t SET a = 0 ORDER BY id DESC LIMIT 1 RETURNING id, a",
                "CREATE VIEW v AS SELECT * FROM t",
                "CREATE TRIGGER vd INSTEAD OF DELETE ON v BEGIN INSERT INTO log VALUES ('d' || old.id); END",
                "CREATE TRIGGER vu INSTEAD OF UPDATE ON v BEGIN INSERT INTO log VALUES ('u' || new.a); END",
                "DELETE FROM log", "DELETE FROM v ORDER BY id DESC", "UPDATE v SET a = a * 10 ORDER BY id DESC LIMIT 2",
                "DELETE FROM v WHERE id > 1 ORDER BY id LIMIT 1", "UPDATE v SET a = u.x FROM u ORDER BY u.x DESC LIMIT 1",
                "SELECT group_concat(x) FROM log");
    }

    /** A rowid table whose columns hide rowid, oid and _rowid_ and that has no INTEGER PRIMARY KEY: refused, nothing deleted. */
    @Test
    void aTableHidingEveryRowidNameIsRefusedAndKeepsItsRows() {
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession()) {
            s.execute("CREATE TABLE r(rowid, oid, _rowid_, b)");
            s.execute("INSERT INTO r VALUES (5, 5, 5, 1), (4, 4, 4, 2)");
            assertThatThrownBy(() -> s.execute("DELETE FROM r ORDER BY b LIMIT 1"))
                    .isInstanceOf(OneLiteException.class).hasMessageContaining("rowid");
            try (var st = s.prepare("SELECT count(*) FROM r")) {
                assertThat(st.step()).isTrue();
                assertThat(st.column(0)).isEqualTo(2L);
            }
        }
    }
}
