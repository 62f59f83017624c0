package io.onelite.plan;

import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;

import static io.onelite.plan.ScenarioTests.run;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Against native SQLite: DELETE without WHERE clears the table's tree and its indexes at once
 * (SQLite's truncate optimization, OP_Clear), so the pages freed, the free list, changes() and
 * the rowids of later inserts are SQLite's; with a trigger, RETURNING, LIMIT or an enforced
 * foreign key it deletes row by row, as SQLite.
 */
class DeleteAllDifferentialTests {
    private static final String FILL = "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 3000)";

    @Test
    void aDeleteWithoutWhereFreesEveryPageAsSqlite() throws Exception {
        run("CREATE TABLE t(id INTEGER PRIMARY KEY, a TEXT, b INTEGER UNIQUE)",
                "CREATE INDEX ta ON t(a)", "CREATE INDEX tb ON t(b * 2) WHERE b > 10",
                "CREATE TABLE w(k TEXT PRIMARY KEY, v) WITHOUT ROWID", "CREATE INDEX wv ON w(v)",
                "CREATE TABLE au(id INTEGER PRIMARY KEY AUTOINCREMENT, x)",
                FILL + " INSERT INTO t SELECT i, printf('%0200d', i), i FROM c",
                FILL + " INSERT INTO w SELECT printf('k%05d', i), zeroblob(i % 500) FROM c",
                FILL + " INSERT INTO au(x) SELECT i FROM c",
                "DELETE FROM t", "SELECT changes(), total_changes()",
                "DELETE FROM w", "SELECT changes()",
                "DELETE FROM au", "SELECT changes()", "SELECT * FROM sqlite_sequence",
                "SELECT count(*) FROM t", "SELECT count(*) FROM w", "SELECT * FROM t WHERE a > '' OR b > 0",
                "INSERT INTO t(a, b) VALUES ('x', 11), ('y', 12)", "INSERT INTO au(x) VALUES (1)",
                "INSERT INTO w VALUES ('a', 1)",
                "SELECT * FROM t ORDER BY id", "SELECT * FROM au", "SELECT * FROM w", "SELECT b FROM t WHERE b * 2 = 24",
                "PRAGMA integrity_check",
                "DELETE FROM t", "SELECT changes()", "DELETE FROM t", "SELECT changes()");
    }

    /**
     * The pages in use after the deletes (page count less the free list) are SQLite's: every page
     * of the trees but their roots goes to the free list, overflow pages of long rows and long
     * index keys too, and DROP TABLE frees the roots as well. (The trees' shapes before may differ
     * by a few pages from SQLite's, whose balance differs; what the deletes leave in use does not.)
     */
    @Test
    void theTreesKeepOnlyTheirRootPages() throws Exception {
        String[] setup = {"CREATE TABLE t(id INTEGER PRIMARY KEY, a TEXT, b INTEGER UNIQUE)", "CREATE INDEX ta ON t(a)",
            "CREATE TABLE w(k TEXT PRIMARY KEY, v) WITHOUT ROWID", "CREATE INDEX wv ON w(v)",
            FILL + " INSERT INTO t SELECT i, printf('%0200d', i), i FROM c",
            FILL + " INSERT INTO w SELECT printf('k%05d', i), zeroblob(i % 500) FROM c",
            "CREATE TABLE o(id INTEGER PRIMARY KEY, big, t TEXT)", "CREATE INDEX ot ON o(t)",
            "CREATE TABLE dropped(id INTEGER PRIMARY KEY, big, t TEXT)", "CREATE INDEX dt ON dropped(t)",
            // rows of 5 KB and index keys of 2 KB: both spill onto overflow pages
            FILL + " INSERT INTO o SELECT i, zeroblob(5000), printf('%02000d', i) FROM c WHERE i <= 300",
            "INSERT INTO dropped SELECT * FROM o"};
        try (Connection sqlite = DriverManager.getConnection("jdbc:sqlite::memory:");
             Connection onelite = DriverManager.getConnection("jdbc:onelite::memory:")) {
            for (Connection c : java.util.List.of(sqlite, onelite)) {
                try (Statement s = c.createStatement()) {
                    for (String sql : setup) {
                        s.execute(sql);
                    }
                }
            }
            for (String delete : new String[] {"DELETE FROM t", "DELETE FROM w", "DELETE FROM o"}) {
                int expected;
                try (Statement s = sqlite.createStatement()) {
                    expected = s.executeUpdate(delete);
                }
                try (Statement s = onelite.createStatement()) {
                    assertThat(s.executeUpdate(delete)).isEqualTo(expected).isEqualTo(delete.endsWith("o") ? 300 : 3000);
                }
            }
            for (Connection c : java.util.List.of(sqlite, onelite)) {
                try (Statement s = c.createStatement()) {
                    s.execute("DROP TABLE dropped");
                }
            }
            // page 1 (sqlite_schema) and the roots of t, ta, b's autoindex, w, wv, o and ot
            assertThat(pagesInUse(onelite)).isEqualTo(pagesInUse(sqlite)).isEqualTo(8);
            try (Statement s = onelite.createStatement(); ResultSet rs = s.executeQuery("PRAGMA integrity_check")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString(1)).isEqualTo("ok");
            }
        }
    }

    private static long pagesInUse(Connection c) throws java.sql.SQLException {
        try (Statement s = c.createStatement()) {
            long pages;
            try (ResultSet rs = s.executeQuery("PRAGMA page_count")) {
                rs.next();
                pages = rs.getLong(1);
            }
            try (ResultSet rs = s.executeQuery("PRAGMA freelist_count")) {
                rs.next();
                return pages - rs.getLong(1);
            }
        }
    }

    /**
     * As SQLite, emptying a table evaluates none of its index expressions: a connection without the
     * application function an index calls still empties the table (row by row, each entry's key
     * would be computed and fail with "no such function").
     */
    @Test
    void aConnectionWithoutAnIndexFunctionStillEmptiesTheTable() throws Exception {
        java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("deleteall");
        String url = "jdbc:onelite:" + dir.resolve("f.db");
        try (Connection withF = DriverManager.getConnection(url); Statement s = withF.createStatement()) {
            withF.unwrap(io.onelite.jdbc.OneLiteConnection.class).createFunction("twice", 1, true,
                    args -> io.onelite.api.UserFunction.integer(args[0]) * 2);
            s.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, a)");
            s.execute("CREATE INDEX t2 ON t(twice(a))");
            s.execute(FILL + " INSERT INTO t SELECT i, i FROM c");
        }
        try (Connection without = DriverManager.getConnection(url); Statement s = without.createStatement()) {
            assertThat(s.executeUpdate("DELETE FROM t")).isEqualTo(3000);
            try (ResultSet rs = s.executeQuery("SELECT count(*) FROM t")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getLong(1)).isZero();
            }
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> s.execute("INSERT INTO t VALUES (1, 1)"))
                    .hasMessageContaining("twice");
        }
    }

    @Test
    void triggersReturningLimitsAndForeignKeysDeleteRowByRow() throws Exception {
        run("CREATE TABLE t(id INTEGER PRIMARY KEY, a)", "CREATE TABLE log(x)",
                "CREATE TABLE p(id INTEGER PRIMARY KEY)", "CREATE TABLE c(pid REFERENCES p(id) ON DELETE CASCADE)",
                FILL + " INSERT INTO t SELECT i, i FROM c",
                "INSERT INTO p VALUES (1), (2)", "INSERT INTO c VALUES (1), (2), (2)",
                "CREATE TRIGGER tr AFTER DELETE ON t WHEN old.id % 1000 = 0 BEGIN INSERT INTO log VALUES (old.id); END",
                "DELETE FROM t", "SELECT changes()", "SELECT * FROM log",
                "DROP TRIGGER tr", FILL + " INSERT INTO t SELECT i, i FROM c",
                "DELETE FROM t RETURNING id % 1000 = 7 AS seven ORDER BY 1 DESC LIMIT 2",
                "DELETE FROM t WHERE id > 10", "DELETE FROM t RETURNING id, a",
                "SELECT count(*) FROM t", FILL + " INSERT INTO t SELECT i, i FROM c",
                "PRAGMA foreign_keys = ON", "DELETE FROM p", "SELECT changes()", "SELECT count(*) FROM c",
                "PRAGMA foreign_keys = OFF", "INSERT INTO p VALUES (3)", "INSERT INTO c VALUES (3)",
                "DELETE FROM p", "SELECT changes()", "SELECT count(*) FROM c",
                "BEGIN", "DELETE FROM t", "SELECT count(*) FROM t", "ROLLBACK", "SELECT count(*) FROM t",
                "SAVEPOINT s", "DELETE FROM t", "ROLLBACK TO s", "RELEASE s", "SELECT count(*), sum(a) FROM t",
                "PRAGMA integrity_check");
    }

    /**
     * In BEGIN CONCURRENT each row's delete is traced (its commit may replay them), so the table is
     * emptied row by row: a concurrent insert into it that committed first makes that commit fail
     * with 517, one into another table does not.
     */
    @Test
    void aConcurrentTransactionDeletesRowByRowAndConflictsWithAnInsert() throws Exception {
        java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("deleteall");
        String url = "jdbc:onelite:" + dir.resolve("d.db");
        try (Connection a = DriverManager.getConnection(url); Connection b = DriverManager.getConnection(url);
             Statement sa = a.createStatement(); Statement sb = b.createStatement()) {
            sa.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, a)");
            sa.execute(FILL + " INSERT INTO t SELECT i, i FROM c");
            sa.execute("BEGIN CONCURRENT");
            assertThat(sa.executeUpdate("DELETE FROM t")).isEqualTo(3000);
            sb.execute("INSERT INTO t VALUES (5000, 1)");
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> sa.execute("COMMIT"))
                    .isInstanceOfSatisfying(java.sql.SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(517));
            try (ResultSet rs = sa.executeQuery("SELECT count(*) FROM t")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getLong(1)).isEqualTo(3001);
            }
            // an insert into another table meanwhile is no conflict: the deletes replay onto it
            sa.execute("CREATE TABLE u(x)");
            sa.execute("BEGIN CONCURRENT");
            assertThat(sa.executeUpdate("DELETE FROM t")).isEqualTo(3001);
            sb.execute("INSERT INTO u VALUES (1)");
            sa.execute("COMMIT");
            try (ResultSet rs = sb.executeQuery("SELECT (SELECT count(*) FROM t), (SELECT count(*) FROM u)")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getLong(1)).isZero();
                assertThat(rs.getLong(2)).isEqualTo(1);
            }
        }
    }
}
