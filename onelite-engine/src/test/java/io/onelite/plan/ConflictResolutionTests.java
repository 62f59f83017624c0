package io.onelite.plan;

import io.onelite.api.Database;
import io.onelite.api.DatabaseOptions;
import io.onelite.api.Session;
import io.onelite.common.OneLiteException;
import io.onelite.testing.Sqlite3;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static io.onelite.plan.ScenarioTests.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The FAIL and ROLLBACK conflict resolutions ({@code OR FAIL}, {@code OR ROLLBACK}, {@code
 * RAISE(FAIL|ROLLBACK, ...)}) compared with native SQLite: the rows kept, changes(), the error,
 * and whether a transaction is still open afterwards (a following COMMIT's error says).
 */
class ConflictResolutionTests {
    @TempDir
    Path dir;

    @Test
    void rowsKeptByOrFailAreInTheFileAndRolledBackOnesAreNot() {
        Path file = dir.resolve("f.db");
        try (Database db = Database.open(file.toString(), DatabaseOptions.DEFAULTS); Session s = db.openSession()) {
            s.execute("CREATE TABLE t(a UNIQUE, b)");
            s.execute("CREATE INDEX tb ON t(b)");
            s.execute("INSERT INTO t VALUES (3, 'x')");
            assertThatThrownBy(() -> s.execute("INSERT OR FAIL INTO t VALUES (1, 'a'), (2, 'b'), (3, 'c')"))
                    .isInstanceOf(OneLiteException.class).hasMessage("UNIQUE constraint failed: t.a");
            s.execute("BEGIN");
            s.execute("INSERT INTO t VALUES (4, 'd')");
            assertThatThrownBy(() -> s.execute("UPDATE OR ROLLBACK t SET a = 3 WHERE a = 4"))
                    .isInstanceOf(OneLiteException.class);
            assertThat(s.isAutoCommit()).isTrue();
        }
        assertThat(Sqlite3.run(file, "PRAGMA integrity_check;\nSELECT group_concat(a || b, ',') FROM (SELECT * FROM t ORDER BY a);"))
                .isEqualTo("ok\n1a,2b,3x");
    }

    @Test
    void orFailKeepsTheEarlierRowsAndCommitsThemInAutocommit() throws Exception {
        run("CREATE TABLE t(a UNIQUE, b NOT NULL, c CHECK (c > 0))",
                "INSERT INTO t VALUES (3, 'x', 1)",
                "INSERT OR FAIL INTO t VALUES (1, 'a', 1), (2, 'b', 1), (3, 'c', 1), (4, 'd', 1)",
                "SELECT changes(), total_changes()",
                "SELECT * FROM t ORDER BY rowid",
                "COMMIT",
                "INSERT OR FAIL INTO t VALUES (5, 'e', 1), (6, NULL, 1), (7, 'g', 1)",
                "INSERT OR FAIL INTO t VALUES (8, 'h', 1), (9, 'i', 0), (10, 'j', 1)",
                "SELECT changes(), total_changes()",
                "UPDATE OR FAIL t SET a = a + 1",
                "SELECT changes()",
                "SELECT * FROM t ORDER BY rowid",
                "DELETE FROM t WHERE a > 5",
                "INSERT OR ABORT INTO t VALUES (20, 'a', 1), (3, 'c', 1)",
                "SELECT changes(), count(*) FROM t");
    }

    @Test
    void orFailInsideATransactionKeepsItOpen() throws Exception {
        run("CREATE TABLE t(a PRIMARY KEY, b)",
                "INSERT INTO t VALUES (1, 'one')",
                "BEGIN",
                "INSERT INTO t VALUES (2, 'two')",
                "INSERT OR FAIL INTO t SELECT value + 2, 'n' FROM generate_series(1, 5) WHERE 0",
                "INSERT OR FAIL INTO t VALUES (3, 'three'), (1, 'dup'), (4, 'four')",
                "SELECT changes()",
                "SELECT * FROM t ORDER BY a",
                "ROLLBACK",
                "SELECT * FROM t ORDER BY a",
                "BEGIN",
                "INSERT OR FAIL INTO t VALUES (5, 'five'), (1, 'dup')",
                "COMMIT",
                "SELECT * FROM t ORDER BY a");
    }

    @Test
    void autoincrementAfterOrFail() throws Exception {
        run("CREATE TABLE s(id INTEGER PRIMARY KEY AUTOINCREMENT, v UNIQUE)",
                "INSERT INTO s(v) VALUES ('a')",
                "INSERT OR FAIL INTO s(v) VALUES ('b'), ('c'), ('a'), ('d')",
                "SELECT * FROM s",
                "SELECT * FROM sqlite_sequence",
                "INSERT INTO s(v) VALUES ('e')",
                "SELECT * FROM s");
    }

    @Test
    void raiseFailKeepsTheRowsBeforeIt() throws Exception {
        run("CREATE TABLE u(x)", "CREATE TABLE log(m)",
                "CREATE TRIGGER b BEFORE INSERT ON u WHEN new.x = 3 BEGIN SELECT RAISE(FAIL, 'three'); END",
                "CREATE TRIGGER a AFTER INSERT ON u BEGIN INSERT INTO log VALUES ('after ' || new.x); "
                        + "SELECT RAISE(FAIL, 'six') WHERE new.x = 6; END",
                "INSERT INTO u VALUES (1), (2), (3), (4)",
                "SELECT changes()",
                "SELECT * FROM u", "SELECT * FROM log",
                "BEGIN",
                "INSERT INTO u VALUES (5), (6), (7)",
                "SELECT changes()",
                "SELECT * FROM u", "SELECT * FROM log",
                "COMMIT",
                "COMMIT",
                "SELECT * FROM u", "SELECT * FROM log",
                "CREATE TRIGGER d BEFORE DELETE ON u WHEN old.x = 2 BEGIN SELECT RAISE(FAIL, 'two'); END",
                "DELETE FROM u",
                "SELECT changes()",
                "SELECT * FROM u",
                "CREATE TRIGGER ab BEFORE DELETE ON u WHEN old.x = 5 BEGIN SELECT RAISE(ABORT, 'five'); END",
                "DELETE FROM u WHERE x > 2",
                "SELECT * FROM u");
    }

    @Test
    void orFailWithAnImmediateForeignKeyViolationAbortsTheStatement() throws Exception {
        run("PRAGMA foreign_keys = ON",
                "CREATE TABLE p(id INTEGER PRIMARY KEY)", "CREATE TABLE c(pid REFERENCES p, v UNIQUE)",
                "INSERT INTO p VALUES (1)", "INSERT INTO c VALUES (1, 'x')",
                "INSERT OR FAIL INTO c VALUES (1, 'a'), (9, 'b'), (1, 'x')",
                "SELECT changes()",
                "SELECT * FROM c ORDER BY rowid");
    }

    @Test
    void orRollbackEndsTheTransaction() throws Exception {
        run("CREATE TABLE t(a UNIQUE, b)",
                "INSERT INTO t VALUES (1, 'one')",
                "BEGIN",
                "INSERT INTO t VALUES (2, 'two')",
                "INSERT OR ROLLBACK INTO t VALUES (3, 'three'), (1, 'dup')",
                "SELECT changes(), total_changes()",
                "SELECT * FROM t ORDER BY a",
                "COMMIT",
                "ROLLBACK",
                "BEGIN",
                "UPDATE t SET b = 'changed'",
                "UPDATE OR ROLLBACK t SET a = 1 WHERE a = 1",
                "UPDATE OR ROLLBACK t SET a = 5",
                "COMMIT",
                "SELECT * FROM t ORDER BY a",
                "SAVEPOINT s1",
                "INSERT INTO t VALUES (7, 'seven')",
                "INSERT OR ROLLBACK INTO t VALUES (NULL, 'n'), (1, 'dup')",
                "RELEASE s1",
                "SELECT * FROM t ORDER BY a",
                "INSERT OR ROLLBACK INTO t VALUES (8, 'eight'), (1, 'dup')",
                "SELECT changes()",
                "SELECT * FROM t ORDER BY a");
    }

    @Test
    void raiseRollbackEndsTheTransaction() throws Exception {
        run("CREATE TABLE u(x)",
                "CREATE TRIGGER b BEFORE INSERT ON u WHEN new.x = 3 BEGIN SELECT RAISE(ROLLBACK, 'three'); END",
                "BEGIN",
                "INSERT INTO u VALUES (1)",
                "INSERT INTO u VALUES (2), (3)",
                "SELECT * FROM u",
                "COMMIT",
                "INSERT INTO u VALUES (4), (3)",
                "SELECT * FROM u",
                "BEGIN IMMEDIATE",
                "INSERT INTO u VALUES (5)",
                "UPDATE u SET x = 3",
                "ROLLBACK",
                "SELECT * FROM u");
    }

    @Test
    void theOuterStatementsResolutionAppliesInsideItsTriggers() throws Exception {
        run("CREATE TABLE t(x)", "CREATE TABLE log(m UNIQUE)",
                "INSERT INTO log VALUES ('dup')",
                "CREATE TRIGGER a AFTER INSERT ON t WHEN new.x = 3 BEGIN INSERT INTO log VALUES ('dup'); END",
                "INSERT OR FAIL INTO t VALUES (1), (2), (3), (4)",
                "SELECT * FROM t", "SELECT * FROM log",
                "INSERT OR IGNORE INTO t VALUES (5), (3), (6)",
                "SELECT * FROM t", "SELECT * FROM log",
                "CREATE TABLE w(x)",
                "CREATE TRIGGER f AFTER INSERT ON w BEGIN INSERT OR FAIL INTO log VALUES (new.x); END",
                "INSERT INTO w VALUES ('p'), ('dup'), ('q')",
                "SELECT * FROM w", "SELECT * FROM log ORDER BY m",
                "INSERT OR ABORT INTO w VALUES ('r'), ('dup'), ('s')",
                "SELECT * FROM w", "SELECT * FROM log ORDER BY m");
    }

    @Test
    void replacePutsTheDefaultIntoANotNullColumn() throws Exception {
        run("CREATE TABLE t(a NOT NULL DEFAULT 5, b NOT NULL, c TEXT NOT NULL DEFAULT (1 + 1), d INTEGER NOT NULL DEFAULT '7')",
                "CREATE TABLE log(m)",
                "CREATE TRIGGER ai AFTER INSERT ON t BEGIN INSERT INTO log VALUES (new.a || typeof(new.c) || new.d); END",
                "INSERT OR REPLACE INTO t VALUES (NULL, 1, NULL, NULL) RETURNING a, c, typeof(c), d, typeof(d)",
                "SELECT * FROM log",
                "UPDATE OR REPLACE t SET a = NULL, c = NULL",
                "SELECT a, b, c, typeof(c), d FROM t",
                "INSERT OR REPLACE INTO t VALUES (1, NULL, 'x', 2)",
                "INSERT INTO t VALUES (NULL, 1, 'x', 2)",
                "REPLACE INTO t(b) VALUES (9)",
                "SELECT a, b, c, d FROM t ORDER BY rowid");
    }
}
