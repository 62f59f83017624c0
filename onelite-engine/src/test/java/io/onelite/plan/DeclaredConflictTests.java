package io.onelite.plan;

import io.onelite.api.Database;
import io.onelite.api.DatabaseOptions;
import io.onelite.api.Session;
import io.onelite.testing.Sqlite3;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static io.onelite.plan.ScenarioTests.run;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The ON CONFLICT algorithms CREATE TABLE gives its NOT NULL, UNIQUE and PRIMARY KEY
 * constraints, compared with native SQLite: applied when a statement has no {@code OR ...} of
 * its own, overridden when it has, for multi-row INSERTs and UPDATEs, with changes() and the
 * transaction state a ROLLBACK leaves (a following COMMIT fails when none is open).
 */
class DeclaredConflictTests {
    @TempDir
    Path dir;

    private static final String[] ALGORITHMS = {"ROLLBACK", "ABORT", "FAIL", "IGNORE", "REPLACE"};

    /**
     * A constraint kind: its CREATE TABLE with the algorithm put in for %s, and which of the
     * columns (id, a, b) a conflicting row repeats from an existing one ('k'), the others fresh.
     */
    private record Kind(String create, String repeated) {
        /** A row that conflicts with existing row {@code k} (whose id, a and b are all k) on this kind's key only. */
        String row(int k, int fresh) {
            return "(" + value(0, k, fresh) + ", " + value(1, k, fresh) + ", " + value(2, k, fresh) + ")";
        }

        /** SET assignments that make a row conflict with row {@code k}, its other columns moved by {@code fresh}. */
        String set(int k, int fresh) {
            return "id = " + value(0, k, "id + " + fresh) + ", a = " + value(1, k, "a + " + fresh)
                    + ", b = " + value(2, k, "b + " + fresh);
        }

        private String value(int column, int k, Object fresh) {
            return repeated.charAt(column) == 'k' ? String.valueOf(k) : String.valueOf(fresh);
        }
    }

    private static final Kind[] KINDS = {
            new Kind("CREATE TABLE t(id INTEGER PRIMARY KEY, a UNIQUE ON CONFLICT %s, b)", "-k-"),
            new Kind("CREATE TABLE t(id INTEGER PRIMARY KEY, a, b, UNIQUE(a, b) ON CONFLICT %s)", "-kk"),
            new Kind("CREATE TABLE t(id INTEGER PRIMARY KEY ON CONFLICT %s, a, b)", "k--"),
            new Kind("CREATE TABLE t(id INTEGER, a, b, PRIMARY KEY(id) ON CONFLICT %s)", "k--"),
            new Kind("CREATE TABLE t(id TEXT PRIMARY KEY ON CONFLICT %s, a, b)", "k--"),
            new Kind("CREATE TABLE t(id INT, a, b, PRIMARY KEY(id, b) ON CONFLICT %s) WITHOUT ROWID", "k-k"),
            new Kind("CREATE TABLE t(id INTEGER PRIMARY KEY, a NOT NULL ON CONFLICT %s DEFAULT 5, b)", "---"),
            new Kind("CREATE TABLE t(id INTEGER PRIMARY KEY, a NOT NULL ON CONFLICT %s, b)", "---"),
    };

    static Stream<Arguments> constraintsAndAlgorithms() {
        List<Arguments> out = new ArrayList<>();
        for (Kind kind : KINDS) {
            for (String algorithm : ALGORITHMS) {
                out.add(Arguments.of(String.format(kind.create(), algorithm), kind));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("constraintsAndAlgorithms")
    void theDeclaredAlgorithmAppliesUnlessTheStatementNamesOne(String create, Kind kind) throws Exception {
        run(create,
                "CREATE TABLE log(m)",
                "INSERT INTO t VALUES (1, 1, 1), (2, 2, 2), (3, 3, 3)",
                // conflicts with rows 1 and 2 in the middle of a multi-row insert, autocommit
                "INSERT INTO t VALUES (4, 4, 4), " + kind.row(1, 14) + ", (5, NULL, 5), (6, 6, 6)",
                "SELECT changes(), total_changes()",
                "SELECT * FROM t ORDER BY id",
                "COMMIT",
                // inside a transaction: ROLLBACK ends it, FAIL and ABORT keep it open
                "BEGIN",
                "INSERT INTO log VALUES ('in tx')",
                "INSERT INTO t VALUES (7, 7, 7), " + kind.row(2, 17) + ", (8, NULL, 8), (9, 9, 9)",
                "SELECT changes()",
                "SELECT * FROM t ORDER BY id",
                "COMMIT",
                "SELECT * FROM log",
                // the statement's own OR clause wins over the declared one
                "INSERT OR ABORT INTO t VALUES (20, 20, 20), " + kind.row(3, 23),
                "INSERT OR IGNORE INTO t VALUES (21, 21, 21), " + kind.row(3, 24) + ", (22, NULL, 22)",
                "SELECT changes()",
                "INSERT OR FAIL INTO t VALUES (25, 25, 25), " + kind.row(3, 26),
                "INSERT OR REPLACE INTO t VALUES " + kind.row(3, 27) + ", (28, NULL, 28)",
                "SELECT * FROM t ORDER BY id",
                // UPDATE, one row at a time
                "UPDATE t SET " + kind.set(1, 30) + " WHERE id = 2",
                "SELECT changes()",
                "UPDATE t SET a = NULL WHERE id >= 3",
                "SELECT changes()",
                "SELECT * FROM t ORDER BY id",
                "UPDATE OR ABORT t SET " + kind.set(1, 40) + " WHERE id > 1",
                "UPDATE OR IGNORE t SET a = NULL",
                "SELECT changes()",
                "SELECT * FROM t ORDER BY id",
                "BEGIN",
                "INSERT INTO log VALUES ('second tx')",
                // one row: which of several rows REPLACE keeps is a known difference (docs/compat.md)
                "UPDATE t SET " + kind.set(1, 50) + " WHERE id = 4",
                "SELECT changes()",
                "COMMIT",
                "SELECT * FROM t ORDER BY id",
                "SELECT * FROM log");
    }

    @Test
    void replaceChecksRunAfterTheOthers() throws Exception {
        run("CREATE TABLE t(a UNIQUE ON CONFLICT REPLACE, b UNIQUE)",
                "CREATE TABLE u(b UNIQUE, a UNIQUE ON CONFLICT REPLACE)",
                "CREATE TABLE v(b UNIQUE ON CONFLICT IGNORE, a UNIQUE ON CONFLICT REPLACE)",
                "CREATE TABLE w(i INTEGER PRIMARY KEY ON CONFLICT REPLACE, b UNIQUE)",
                "CREATE TABLE x(i INTEGER PRIMARY KEY ON CONFLICT REPLACE, b UNIQUE ON CONFLICT IGNORE)",
                "CREATE TABLE y(i INTEGER PRIMARY KEY ON CONFLICT REPLACE, b UNIQUE ON CONFLICT FAIL, c UNIQUE ON CONFLICT REPLACE)",
                "INSERT INTO t VALUES (1, 1), (2, 2)", "INSERT INTO u VALUES (1, 1), (2, 2)",
                "INSERT INTO v VALUES (1, 1), (2, 2)", "INSERT INTO w VALUES (1, 1), (2, 2)",
                "INSERT INTO x VALUES (1, 1), (2, 2)", "INSERT INTO y VALUES (1, 1, 1), (2, 2, 2)",
                "INSERT INTO t VALUES (1, 2)", "INSERT INTO t VALUES (1, 3)", "SELECT * FROM t ORDER BY a",
                "INSERT INTO u VALUES (1, 2)", "INSERT INTO u VALUES (3, 1)", "SELECT * FROM u ORDER BY a",
                "INSERT INTO v VALUES (1, 2)", "SELECT changes()", "INSERT INTO v VALUES (3, 1)",
                "SELECT * FROM v ORDER BY a",
                "INSERT INTO w VALUES (1, 1)", "INSERT INTO w VALUES (1, 2)", "SELECT * FROM w ORDER BY i",
                "INSERT INTO x VALUES (1, 1)", "SELECT changes()", "INSERT INTO x VALUES (1, 3)",
                "SELECT * FROM x ORDER BY i",
                "INSERT INTO y VALUES (1, 1, 2)", "INSERT INTO y VALUES (1, 3, 2)", "SELECT * FROM y ORDER BY i");
    }

    @Test
    void aDeclaredRowidReplaceRunsLastAndAnOrReplaceFirst() throws Exception {
        run("PRAGMA recursive_triggers = 1",
                "CREATE TABLE w(i INTEGER PRIMARY KEY ON CONFLICT REPLACE, b UNIQUE ON CONFLICT REPLACE)",
                "CREATE TABLE log(m)",
                "CREATE TRIGGER d AFTER DELETE ON w BEGIN INSERT INTO log VALUES (old.i); END",
                "INSERT INTO w VALUES (1, 1), (2, 2)", "INSERT INTO w VALUES (1, 2)",
                "SELECT * FROM w", "SELECT * FROM log",
                "INSERT INTO w VALUES (2, 2), (3, 3)", "DELETE FROM log",
                "INSERT OR REPLACE INTO w VALUES (2, 3)", "SELECT * FROM w", "SELECT * FROM log",
                "CREATE TABLE k(i INT, b UNIQUE ON CONFLICT REPLACE, PRIMARY KEY(i) ON CONFLICT REPLACE) WITHOUT ROWID",
                "CREATE TRIGGER dk AFTER DELETE ON k BEGIN INSERT INTO log VALUES ('k' || old.i); END",
                "INSERT INTO k VALUES (1, 1), (2, 2)", "DELETE FROM log", "INSERT INTO k VALUES (1, 2)",
                "SELECT * FROM k", "SELECT * FROM log");
    }

    @Test
    void notNullReplaceWritesTheDefaultAndTriggersSeeIt() throws Exception {
        run("CREATE TABLE t(a NOT NULL ON CONFLICT REPLACE DEFAULT 'd', b NOT NULL ON CONFLICT IGNORE, "
                        + "c NOT NULL ON CONFLICT REPLACE)",
                "CREATE TABLE log(m)",
                "CREATE TRIGGER tr AFTER INSERT ON t BEGIN INSERT INTO log VALUES (new.a || new.b || new.c); END",
                "INSERT INTO t VALUES (NULL, 1, 1), (2, NULL, 2), (3, 3, 3)",
                "SELECT changes()",
                "INSERT INTO t VALUES (4, 4, NULL)",
                "INSERT INTO t VALUES (NULL, 5, 5) RETURNING *",
                "UPDATE t SET a = NULL WHERE a = 3",
                "UPDATE t SET b = NULL",
                "SELECT changes()",
                "SELECT * FROM t ORDER BY rowid", "SELECT * FROM log");
    }

    @Test
    void triggerStatementsUseTheDeclaredAlgorithmUnlessTheOuterStatementOverrides() throws Exception {
        run("CREATE TABLE t(a UNIQUE ON CONFLICT IGNORE)",
                "CREATE TABLE src(x)",
                "CREATE TRIGGER tr AFTER INSERT ON src BEGIN INSERT INTO t VALUES (new.x); END",
                "INSERT INTO src VALUES (1), (1), (2)",
                "SELECT * FROM t", "SELECT * FROM src",
                "INSERT OR ABORT INTO src VALUES (1)",
                "SELECT * FROM src");
    }

    @Test
    void upsertWinsForItsTargetAndTheDeclaredAlgorithmForTheOthers() throws Exception {
        run("CREATE TABLE t(a UNIQUE ON CONFLICT REPLACE, b UNIQUE ON CONFLICT IGNORE, c)",
                "INSERT INTO t VALUES (1, 1, 'x'), (2, 2, 'y')",
                "INSERT INTO t VALUES (1, 9, 'z') ON CONFLICT(a) DO UPDATE SET c = 'upserted'",
                "INSERT INTO t VALUES (3, 2, 'w') ON CONFLICT(a) DO NOTHING",
                "INSERT INTO t VALUES (2, 5, 'v') ON CONFLICT(b) DO NOTHING",
                "SELECT * FROM t ORDER BY a");
    }

    @Test
    void repeatedKeysMergeTheirAlgorithmsOrDisagree() throws Exception {
        run("CREATE TABLE t(a UNIQUE, UNIQUE(a) ON CONFLICT IGNORE)",
                "INSERT INTO t VALUES (1), (1)", "SELECT * FROM t",
                "CREATE TABLE u(a UNIQUE ON CONFLICT FAIL, UNIQUE(a) ON CONFLICT IGNORE)",
                "CREATE TABLE v(a PRIMARY KEY ON CONFLICT IGNORE, UNIQUE(a))",
                "INSERT INTO v VALUES (1), (1)", "SELECT * FROM v",
                "CREATE TABLE w(a NOT NULL ON CONFLICT IGNORE NOT NULL ON CONFLICT ABORT, b)",
                "INSERT INTO w VALUES (NULL, 1)",
                "SELECT * FROM w",
                "CREATE TABLE z(a, CHECK (a > 0) ON CONFLICT IGNORE)",
                "INSERT INTO z VALUES (0)", "INSERT OR IGNORE INTO z VALUES (0)", "SELECT changes()",
                "CREATE TABLE y(a CHECK (a > 0) ON CONFLICT IGNORE)");
    }

    @Test
    void theAlgorithmsComeBackWithTheSchemaOfAReopenedFile() {
        Path file = dir.resolve("f.db");
        try (Database db = Database.open(file.toString(), DatabaseOptions.DEFAULTS); Session s = db.openSession()) {
            s.execute("CREATE TABLE t(a UNIQUE ON CONFLICT IGNORE, b NOT NULL ON CONFLICT REPLACE DEFAULT 'd')");
            s.execute("INSERT INTO t VALUES (1, 'x')");
        }
        try (Database db = Database.open(file.toString(), DatabaseOptions.DEFAULTS); Session s = db.openSession()) {
            s.execute("INSERT INTO t VALUES (1, 'dup'), (2, NULL)");
        }
        assertThat(Sqlite3.run(file, "PRAGMA integrity_check;\nSELECT group_concat(a || b, ',') FROM t;"))
                .isEqualTo("ok\n1x,2d");
    }
}
