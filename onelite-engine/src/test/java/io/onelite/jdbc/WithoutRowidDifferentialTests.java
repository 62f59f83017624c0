package io.onelite.jdbc;

import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * WITHOUT ROWID tables (issue #4) on both drivers: the same scripts of DDL, DML and queries give
 * the same rows, update counts, errors (extended code and message) and EXPLAIN QUERY PLAN lines.
 */
class WithoutRowidDifferentialTests {

    /** One line per statement: its rows, its update count, or its error. */
    static List<String> run(String url, String... script) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Connection c = Drivers.open(url); Statement s = c.createStatement()) {
            for (String sql : script) {
                out.add(sql + " -> " + outcome(s, sql));
            }
        }
        return out;
    }

    static String outcome(Statement s, String sql) {
        try {
            if (!s.execute(sql)) {
                // sqlite-jdbc reports the last DML's count after DDL or BEGIN (sqlite3_changes is not reset)
                boolean dml = sql.matches("(?s)(INSERT|UPDATE|DELETE|REPLACE).*");
                return dml ? "changed " + s.getUpdateCount() : "done";
            }
            StringBuilder sb = new StringBuilder();
            boolean plan = sql.startsWith("EXPLAIN QUERY PLAN");
            try (ResultSet rs = s.getResultSet()) {
                int n = rs.getMetaData().getColumnCount();
                while (rs.next()) {
                    sb.append('[');
                    for (int i = plan ? n : 1; i <= n; i++) { // a plan's detail only: the ids differ
                        Object v = rs.getObject(i);
                        sb.append(i > 1 ? "|" : "").append(v == null ? "NULL" : v.getClass().getSimpleName() + ":" + render(v));
                    }
                    sb.append(']');
                }
            }
            return sb.toString();
        } catch (SQLException e) {
            // "[SQLITE_CONSTRAINT_PRIMARYKEY] UNIQUE constraint failed: t.a" (OneLite) and
            // "[SQLITE_CONSTRAINT_PRIMARYKEY] A PRIMARY KEY constraint failed (UNIQUE constraint failed: t.a)"
            String m = e.getMessage();
            int close = m.indexOf(']');
            String code = m.startsWith("[") && close > 0 ? m.substring(0, close + 1) : "?";
            String text = m.substring(close + 1).trim();
            int open = text.indexOf('(');
            // sqlite-jdbc's "<generic text> (<message>)"; a message ending in "f()" is not wrapped
            if (open > 0 && text.charAt(open - 1) == ' ' && text.endsWith(")") && !text.startsWith("near")) {
                text = text.substring(open + 1, text.length() - 1);
            }
            return "error " + code + " " + text;
        }
    }

    private static String render(Object v) {
        if (v instanceof byte[] b) {
            return java.util.HexFormat.of().formatHex(b);
        }
        if (v instanceof Integer i) {
            return Long.toString(i);
        }
        return v.toString();
    }

    static void assertSame(String... script) throws SQLException {
        assertThat(run(Drivers.ONELITE, script)).containsExactlyElementsOf(run(Drivers.NATIVE, script));
    }

    /** A script of the statements {@code setUp} then {@code statements}. */
    static String[] script(String[] setUp, String... statements) {
        String[] all = new String[setUp.length + statements.length];
        System.arraycopy(setUp, 0, all, 0, setUp.length);
        System.arraycopy(statements, 0, all, setUp.length, statements.length);
        return all;
    }

    /**
     * A one-column INTEGER primary key (not DESC) gets its index after the UNIQUE ones, as in
     * SQLite, so it takes the last number: OneLite numbered it first, so the UNIQUE index of a file
     * sqlite3 made got another name here and was not found (its constraint silently unchecked).
     */
    @Test
    void anIntegerPrimaryKeyIsNumberedAfterTheUniqueConstraints() throws SQLException {
        assertSame("CREATE TABLE w1(a INTEGER PRIMARY KEY, b UNIQUE) WITHOUT ROWID",
                "CREATE TABLE w2(a INTEGER PRIMARY KEY DESC, b UNIQUE) WITHOUT ROWID",
                "CREATE TABLE w3(a INTEGER, b UNIQUE, PRIMARY KEY(a DESC)) WITHOUT ROWID",
                "CREATE TABLE w4(a INT PRIMARY KEY, b UNIQUE) WITHOUT ROWID",
                "CREATE TABLE w5(a INTEGER UNIQUE PRIMARY KEY, b UNIQUE) WITHOUT ROWID",
                "CREATE TABLE w6(a INTEGER PRIMARY KEY, b UNIQUE, c, UNIQUE(c, b)) WITHOUT ROWID",
                "CREATE TABLE r1(a TEXT UNIQUE PRIMARY KEY, b UNIQUE)",
                "SELECT name, tbl_name FROM sqlite_schema ORDER BY name",
                "PRAGMA index_list(w1)", "PRAGMA index_list(w2)", "PRAGMA index_list(w3)", "PRAGMA index_list(w4)",
                "PRAGMA index_list(w5)", "PRAGMA index_list(w6)", "PRAGMA index_list(r1)",
                "INSERT INTO w6 VALUES (1, 2, 3)",
                "INSERT INTO w6 VALUES (2, 2, 4)",
                "INSERT INTO w6 VALUES (1, 5, 6)");
    }

    @Test
    void createInsertAndReadByPrimaryKey() throws SQLException {
        assertSame("CREATE TABLE t(a TEXT PRIMARY KEY, b INT) WITHOUT ROWID",
                "INSERT INTO t VALUES('m', 1), ('c', 2), ('x', 3)",
                "SELECT * FROM t ORDER BY a, b",
                "SELECT b FROM t WHERE a = 'c'",
                "SELECT * FROM t WHERE a > 'd'",
                "SELECT count(*) FROM t",
                "EXPLAIN QUERY PLAN SELECT * FROM t WHERE a = 'c'",
                "EXPLAIN QUERY PLAN SELECT * FROM t",
                "INSERT INTO t VALUES('c', 9)",
                "INSERT INTO t VALUES(NULL, 9)",
                "SELECT rowid FROM t");
    }

    @Test
    void compositeKeyWithDescAndCollationOrdersAndSearchesAsNative() throws SQLException {
        assertSame("CREATE TABLE t(a TEXT COLLATE NOCASE, b INT, c, d, PRIMARY KEY(b DESC, a)) WITHOUT ROWID",
                "INSERT INTO t VALUES('x', 1, 'c1', 1.5), ('Y', 2, 'c2', NULL), ('y', 1, x'00ff', 3), ('Z', 2, 7, 'q')",
                "INSERT INTO t VALUES('X', 1, 0, 0)",
                "SELECT * FROM t ORDER BY a, b",
                "SELECT * FROM t WHERE b = 1",
                "SELECT * FROM t WHERE b = 2 AND a = 'z'",
                "SELECT * FROM t WHERE b = 2 AND a > 'y'",
                "SELECT * FROM t WHERE b < 2",
                "SELECT * FROM t WHERE b IN (1, 2) AND a = 'Y'",
                "SELECT a, b FROM t ORDER BY a, b",
                "SELECT count(*), sum(b), max(a) FROM t",
                "EXPLAIN QUERY PLAN SELECT * FROM t WHERE b = 1 AND a = 'x'",
                "EXPLAIN QUERY PLAN SELECT * FROM t WHERE b = 1",
                "EXPLAIN QUERY PLAN SELECT * FROM t WHERE b > 1");
    }

    /**
     * The planner's rowid-table paths (ordered walks, count from cell counts, join order, in-place
     * UPDATE) meet a WITHOUT ROWID table: its primary key gives ORDER BY / GROUP BY order, index
     * entries end with the primary key (no rowid to seek by), UPDATE goes by delete and insert.
     */
    @Test
    void plannerPathsOverPrimaryKeyAndSecondaryIndexes() throws SQLException {
        assertSame("CREATE TABLE t(a TEXT, b INT, c REAL, d, PRIMARY KEY(a DESC, b)) WITHOUT ROWID",
                "CREATE INDEX t_c ON t(c)",
                "CREATE UNIQUE INDEX t_d ON t(d)",
                "INSERT INTO t VALUES('x', 1, 1.5, 10), ('y', 2, 2, 20), ('a', 3, NULL, 30), ('x', 0, 7, 40), ('m', 5, 2, NULL)",
                "SELECT count(*) FROM t",
                "SELECT a, b FROM t ORDER BY a DESC, b",
                "SELECT a, b FROM t ORDER BY a, b DESC LIMIT 3",
                "SELECT c, a, b FROM t WHERE c > 1 ORDER BY c, a, b",
                "SELECT a, count(*) FROM t GROUP BY a",
                "SELECT d, c FROM t WHERE d >= 20 ORDER BY d",
                "EXPLAIN QUERY PLAN SELECT a, b FROM t ORDER BY a DESC, b",
                "UPDATE t SET c = c + 1 WHERE b >= 1",
                "UPDATE t SET d = 99 WHERE a = 'y'",
                "UPDATE OR REPLACE t SET d = 10 WHERE a = 'a'",
                "UPDATE t SET a = 'z' WHERE b = 5",
                "UPDATE t SET d = 40 WHERE a = 'z'",
                "SELECT * FROM t ORDER BY a, b",
                "SELECT * FROM t INDEXED BY t_c WHERE c > 0 ORDER BY a, b",
                "SELECT * FROM t NOT INDEXED WHERE a = 'x'",
                "SELECT count(*) FROM t",
                "SELECT t1.a, t2.b FROM t t1 JOIN t t2 ON t2.d = t1.d JOIN t t3 ON t3.a = t2.a ORDER BY 1, 2",
                "INSERT INTO t VALUES('x', 1, 0, 0) ON CONFLICT(a, b) DO UPDATE SET c = 100",
                "INSERT INTO t VALUES('x', 1, 0, 0) ON CONFLICT(a, b) DO UPDATE SET c = 100, d = 5",
                "SELECT * FROM t ORDER BY a, b",
                "PRAGMA integrity_check");
    }

    @Test
    void conflictClausesAndUpsert() throws SQLException {
        assertSame("CREATE TABLE kv(k TEXT PRIMARY KEY, v INT, n INT DEFAULT 0, u UNIQUE) WITHOUT ROWID",
                "INSERT INTO kv(k, v, u) VALUES('a', 1, 10), ('b', 2, 20)",
                "INSERT OR IGNORE INTO kv(k, v, u) VALUES('a', 9, 11)",
                "INSERT OR IGNORE INTO kv(k, v, u) VALUES('c', 9, 10)",
                "INSERT OR REPLACE INTO kv(k, v, u) VALUES('a', 5, 30)",
                "INSERT OR REPLACE INTO kv(k, v, u) VALUES('d', 6, 20)",
                "SELECT * FROM kv",
                "INSERT INTO kv(k, v, u) VALUES('a', 7, 40) ON CONFLICT(k) DO UPDATE SET v = excluded.v, n = n + 1",
                "INSERT INTO kv(k, v, u) VALUES('z', 7, 40) ON CONFLICT(u) DO UPDATE SET v = v + 100",
                "INSERT INTO kv(k, v, u) VALUES('d', 8, 99) ON CONFLICT DO NOTHING",
                "INSERT INTO kv(k, v, u) VALUES('e', 8, 99) ON CONFLICT(v) DO NOTHING",
                "INSERT INTO kv(k, v, u) VALUES('e', 1, 50) RETURNING k, v, n, u",
                "INSERT INTO kv(k, v, u) VALUES('f', 1, 50)",
                "INSERT INTO kv(k, v) VALUES('g', 1), ('g', 2)",
                "SELECT * FROM kv",
                "SELECT k FROM kv WHERE u = 40",
                "EXPLAIN QUERY PLAN SELECT k FROM kv WHERE u = 40");
    }

    @Test
    void updatesIncludingPrimaryKeyColumnsAndDeletes() throws SQLException {
        assertSame("CREATE TABLE t(a INT, b TEXT, c INT, PRIMARY KEY(a, b)) WITHOUT ROWID",
                "CREATE INDEX tc ON t(c)",
                "INSERT INTO t VALUES(1, 'x', 10), (1, 'y', 20), (2, 'x', 30), (3, 'z', 40)",
                "UPDATE t SET c = c + 1 WHERE a = 1",
                "UPDATE t SET a = a + 10 WHERE b = 'x'",
                "SELECT * FROM t ORDER BY a, b",
                "UPDATE t SET a = 1, b = 'y' WHERE a = 3",
                "UPDATE OR IGNORE t SET a = 1, b = 'y' WHERE a = 3",
                "UPDATE OR REPLACE t SET a = 1, b = 'y' WHERE a = 3",
                "SELECT * FROM t ORDER BY a, b",
                "SELECT a, b FROM t WHERE c = 40",
                "UPDATE t SET c = NULL WHERE a = 1 RETURNING *",
                "UPDATE t SET a = NULL",
                "DELETE FROM t WHERE a = 11 AND b = 'x' RETURNING a, b",
                "DELETE FROM t WHERE c IS NULL",
                "SELECT * FROM t ORDER BY a, b",
                "EXPLAIN QUERY PLAN UPDATE t SET c = 1 WHERE a = 1",
                "EXPLAIN QUERY PLAN DELETE FROM t WHERE a = 1 AND b = 'y'",
                "DELETE FROM t",
                "SELECT count(*) FROM t");
    }

    @Test
    void secondaryIndexesOnFilledTablesAndUniqueChecks() throws SQLException {
        assertSame("CREATE TABLE t(a TEXT PRIMARY KEY COLLATE NOCASE, b INT, c TEXT) WITHOUT ROWID",
                "INSERT INTO t VALUES('Apple', 3, 'r'), ('banana', 1, 'y'), ('Cherry', 3, 'r')",
                "INSERT INTO t VALUES('APPLE', 0, '')",
                "CREATE INDEX tb ON t(b)",
                "CREATE UNIQUE INDEX tc ON t(c)",
                "CREATE UNIQUE INDEX tbc ON t(b, c, a)",
                "CREATE INDEX ta2 ON t(a COLLATE BINARY, b DESC)",
                "SELECT a FROM t WHERE b = 3",
                "SELECT a FROM t WHERE a = 'CHERRY'",
                "SELECT a, b FROM t WHERE b > 1 ORDER BY a DESC",
                "INSERT INTO t VALUES('date', 3, 'r')",
                "UPDATE t SET b = 1 WHERE a = 'apple'",
                "SELECT * FROM t WHERE b = 1",
                "DELETE FROM t WHERE b = 1",
                "SELECT * FROM t ORDER BY a, b",
                "PRAGMA index_list(t)",
                "PRAGMA index_info(sqlite_autoindex_t_1)",
                "PRAGMA index_info(tbc)",
                "PRAGMA integrity_check");
    }

    @Test
    void creationErrorsAreSqlites() throws SQLException {
        assertSame("CREATE TABLE t(a, b) WITHOUT ROWID",
                "CREATE TABLE t(a INTEGER PRIMARY KEY AUTOINCREMENT) WITHOUT ROWID",
                "CREATE TABLE t(a PRIMARY KEY, b) WITHOUT ROWID",
                "CREATE INDEX ti ON t(rowid)",
                "INSERT INTO t(rowid, a) VALUES(1, 2)",
                "UPDATE t SET rowid = 1",
                "SELECT oid FROM t",
                "CREATE TABLE u(a INTEGER PRIMARY KEY, b) WITHOUT ROWID",
                "INSERT INTO u VALUES(NULL, 1)",
                "INSERT INTO u VALUES('1', 1)",
                "INSERT INTO u VALUES('x', 1)",
                "SELECT a, typeof(a) FROM u",
                "SELECT last_insert_rowid()",
                "DROP TABLE t",
                "SELECT name FROM sqlite_schema");
    }

    @Test
    void triggersAndForeignKeys() throws SQLException {
        assertSame("PRAGMA foreign_keys = ON",
                "CREATE TABLE parent(id TEXT PRIMARY KEY, name) WITHOUT ROWID",
                "CREATE TABLE child(p TEXT REFERENCES parent(id) ON DELETE CASCADE ON UPDATE CASCADE, x, PRIMARY KEY(p, x)) WITHOUT ROWID",
                "CREATE TABLE log(what)",
                "CREATE TRIGGER pi AFTER INSERT ON parent BEGIN INSERT INTO log VALUES('ins ' || new.id); END",
                "CREATE TRIGGER pu BEFORE UPDATE ON parent BEGIN INSERT INTO log VALUES('upd ' || old.id || '>' || new.id); END",
                "CREATE TRIGGER cd AFTER DELETE ON child WHEN old.x > 5 BEGIN INSERT INTO log VALUES('del ' || old.p); END",
                "INSERT INTO parent VALUES('a', 'A'), ('b', 'B')",
                "INSERT INTO child VALUES('a', 1), ('a', 2), ('b', 1), ('b', 9)",
                "DELETE FROM child WHERE x = 9",
                "INSERT INTO child VALUES('q', 1)",
                "UPDATE parent SET id = 'c' WHERE id = 'b'",
                "SELECT * FROM child",
                "DELETE FROM parent WHERE id = 'a'",
                "SELECT * FROM child",
                "SELECT * FROM log",
                "CREATE TABLE ref(pid REFERENCES parent)",
                "INSERT INTO ref VALUES('c')",
                "INSERT INTO ref VALUES('zz')",
                "DELETE FROM parent WHERE id = 'c'",
                "SELECT * FROM ref");
    }

    @Test
    void joinsSubqueriesAndAggregatesOverWithoutRowidTables() throws SQLException {
        assertSame("CREATE TABLE a(k INT PRIMARY KEY, v TEXT) WITHOUT ROWID",
                "CREATE TABLE b(k INT, j INT, w, PRIMARY KEY(k, j)) WITHOUT ROWID",
                "INSERT INTO a VALUES(1, 'one'), (2, 'two'), (3, 'three')",
                "INSERT INTO b VALUES(1, 1, 'x'), (1, 2, 'y'), (3, 1, 'z')",
                "SELECT a.v, b.w FROM a JOIN b ON a.k = b.k ORDER BY 1, 2",
                "SELECT a.v, b.w FROM a LEFT JOIN b ON a.k = b.k ORDER BY 1, 2",
                "SELECT k, (SELECT count(*) FROM b WHERE b.k = a.k) FROM a",
                "SELECT * FROM a WHERE k IN (SELECT k FROM b)",
                "SELECT k, group_concat(w) FROM b GROUP BY k",
                "SELECT DISTINCT k FROM b",
                "SELECT max(k), min(k) FROM a",
                "SELECT * FROM a ORDER BY k DESC LIMIT 2",
                "INSERT INTO a SELECT k + 10, w FROM b",
                "SELECT * FROM a",
                "EXPLAIN QUERY PLAN SELECT * FROM b JOIN a ON a.k = b.k",
                "CREATE TABLE c AS SELECT * FROM a",
                "SELECT count(*) FROM c");
    }

    @Test
    void uniquenessIsCheckedInSqlitesOrderNewestIndexFirst() throws SQLException {
        assertSame("CREATE TABLE w1(a PRIMARY KEY, b UNIQUE, c) WITHOUT ROWID",
                "CREATE TABLE w2(b UNIQUE, a PRIMARY KEY, c) WITHOUT ROWID",
                "CREATE TABLE w3(a, b UNIQUE, c, PRIMARY KEY(a)) WITHOUT ROWID",
                "CREATE UNIQUE INDEX w3c ON w3(c)",
                "CREATE TABLE r1(a, b UNIQUE, c)",
                "CREATE UNIQUE INDEX r1a ON r1(a)",
                "CREATE UNIQUE INDEX r1c ON r1(c)",
                "INSERT INTO w1 VALUES(1, 1, 1)", "INSERT INTO w1 VALUES(1, 1, 1)",
                "INSERT INTO w2 VALUES(1, 1, 1)", "INSERT INTO w2 VALUES(1, 1, 1)",
                "INSERT INTO w3 VALUES(1, 1, 1)", "INSERT INTO w3 VALUES(1, 1, 1)", "INSERT INTO w3 VALUES(1, 1, 2)",
                "INSERT INTO r1 VALUES(1, 1, 1)", "INSERT INTO r1 VALUES(1, 1, 1)", "INSERT INTO r1 VALUES(1, 1, 2)",
                "INSERT OR REPLACE INTO w3 VALUES(2, 1, 1)",
                "SELECT * FROM w3");
    }

    @Test
    void rightJoinsTriggersOnNewAndAlterTable() throws SQLException {
        assertSame("CREATE TABLE a(k INT PRIMARY KEY, v) WITHOUT ROWID",
                "CREATE TABLE b(k INT, j TEXT, PRIMARY KEY(j, k)) WITHOUT ROWID",
                "INSERT INTO a VALUES(1, 'one'), (2, 'two')",
                "INSERT INTO b VALUES(2, 'p'), (3, 'q'), (3, 'r')",
                "SELECT a.v, b.j FROM a RIGHT JOIN b ON a.k = b.k ORDER BY b.j",
                "SELECT a.v, b.j FROM a FULL JOIN b ON a.k = b.k ORDER BY a.v, b.j",
                "CREATE TRIGGER bad AFTER INSERT ON a BEGIN SELECT new.rowid; END",
                "INSERT INTO a VALUES(9, 'nine')",
                "DROP TRIGGER bad",
                "ALTER TABLE a ADD COLUMN extra DEFAULT 'dflt'",
                "INSERT INTO a VALUES(3, 'three', 'x')",
                "SELECT * FROM a",
                "SELECT * FROM a WHERE k = 1",
                "UPDATE a SET extra = 'set' WHERE k = 2",
                "SELECT k, extra FROM a ORDER BY k",
                "ALTER TABLE a RENAME COLUMN v TO name",
                "SELECT name FROM a WHERE k = 2",
                "ALTER TABLE b RENAME TO bb",
                "SELECT * FROM bb WHERE j = 'q'",
                "EXPLAIN QUERY PLAN SELECT * FROM bb WHERE j = 'q' AND k = 3",
                "PRAGMA integrity_check");
    }

    @Test
    void jdbcMetadataShowsThePrimaryKeyAndItsIndex() throws SQLException {
        List<List<String>> out = new ArrayList<>();
        for (String url : new String[]{Drivers.NATIVE, Drivers.ONELITE}) {
            try (Connection c = Drivers.open(url)) {
                Drivers.exec(c, "CREATE TABLE m(a TEXT, b INT, c UNIQUE, PRIMARY KEY(b, a)) WITHOUT ROWID");
                List<String> rows = new ArrayList<>();
                try (ResultSet rs = c.getMetaData().getPrimaryKeys(null, null, "m")) {
                    while (rs.next()) {
                        rows.add("pk " + rs.getString("COLUMN_NAME") + " " + rs.getString("KEY_SEQ"));
                    }
                }
                try (ResultSet rs = c.getMetaData().getIndexInfo(null, null, "m", true, false)) {
                    while (rs.next()) {
                        rows.add("index " + rs.getString("INDEX_NAME") + " " + rs.getString("COLUMN_NAME"));
                    }
                }
                rows.sort(null);
                out.add(rows);
            }
        }
        assertThat(out.get(1)).isEqualTo(out.get(0));
    }

    @Test
    void moreStatementShapes() throws SQLException {
        assertSame("CREATE TABLE t(a INT, b TEXT, c, PRIMARY KEY(a DESC, b)) WITHOUT ROWID",
                "CREATE TABLE src(a INT, v)",
                "INSERT INTO t DEFAULT VALUES",
                "INSERT INTO t(a, b) VALUES(1, NULL)",
                "REPLACE INTO t VALUES(1, 'x', 'first'), (1, 'x', 'second'), (2, 'y', 'z'), (3, 'x', 'w')",
                "INSERT INTO t SELECT a + 3, 'q', v FROM src",
                "INSERT INTO src VALUES(1, 'one'), (3, 'three'), (5, 'five')",
                "SELECT * FROM t WHERE a BETWEEN 1 AND 2 ORDER BY a",
                "SELECT * FROM t WHERE a IN (3, 1, 7) ORDER BY a DESC, b",
                "SELECT * FROM t WHERE a IN (SELECT a FROM src) ORDER BY a",
                "SELECT a FROM t ORDER BY a DESC LIMIT 2",
                "UPDATE t SET c = src.v FROM src WHERE src.a = t.a",
                "SELECT * FROM t ORDER BY a, b",
                "SAVEPOINT s1",
                "DELETE FROM t WHERE a > 1 RETURNING a, b",
                "ROLLBACK TO s1",
                "RELEASE s1",
                "SELECT count(*) FROM t",
                "BEGIN",
                "UPDATE t SET a = a * 10",
                "ROLLBACK",
                "SELECT * FROM t ORDER BY a, b",
                "SELECT typeof(a), typeof(b), typeof(c) FROM t WHERE a = '2'",
                "SELECT a, b, row_number() OVER (ORDER BY a DESC, b), sum(a) OVER (PARTITION BY b) FROM t ORDER BY a, b",
                "SELECT b, group_concat(a, '-') FROM (SELECT * FROM t ORDER BY a) GROUP BY b ORDER BY b",
                "WITH x AS (SELECT a FROM t WHERE a > 1) SELECT count(*) FROM x",
                "EXPLAIN QUERY PLAN SELECT * FROM t WHERE a IN (1, 2)",
                "EXPLAIN QUERY PLAN SELECT * FROM t WHERE a = 1 AND b > 'a'");
    }

    @Test
    void aPrimaryKeyColumnRepeatedUnderAnotherCollationIsKeptAndAddColumnGoesBeforeTableConstraints() throws SQLException {
        assertSame("CREATE TABLE p(a TEXT, b, PRIMARY KEY(a COLLATE NOCASE, a)) WITHOUT ROWID",
                "CREATE TABLE q(a TEXT, b, PRIMARY KEY(a, a)) WITHOUT ROWID",
                "INSERT INTO p VALUES('x', 1), ('X', 2)",
                "INSERT INTO p VALUES('x', 3)",
                "INSERT INTO q VALUES('x', 1), ('X', 2)",
                "INSERT INTO q VALUES('x', 3)",
                "SELECT * FROM p ORDER BY a",
                "SELECT * FROM p WHERE a = 'X'",
                "ALTER TABLE p ADD COLUMN c DEFAULT 'added'",
                "CREATE TABLE r(x, y, UNIQUE(x), CHECK(y IS NOT 0))",
                "ALTER TABLE r ADD COLUMN z TEXT DEFAULT 'zz'",
                "SELECT name, sql FROM sqlite_schema WHERE name IN ('p', 'r') ORDER BY name",
                "SELECT * FROM p ORDER BY a",
                "UPDATE p SET b = b + 10 WHERE a = 'x'",
                "SELECT * FROM p ORDER BY a",
                "PRAGMA integrity_check");
    }

    /** main's schema pragmas (index_xinfo, table_xinfo, pragma_x forms) and foreign_key_check see WITHOUT ROWID tables. */
    @Test
    void schemaPragmasAndForeignKeyCheckSeeTheClusteredPrimaryKey() throws SQLException {
        assertSame("CREATE TABLE t(a, b, c COLLATE NOCASE, d, PRIMARY KEY(b DESC, a)) WITHOUT ROWID",
                "CREATE INDEX ti ON t(c, a)",
                "CREATE UNIQUE INDEX tu ON t(d)",
                "INSERT INTO t VALUES(1, 'x', 'C', 10), (2, 'y', 'c', 20)",
                "PRAGMA table_info(t)",
                "PRAGMA table_xinfo(t)",
                "PRAGMA index_list(t)",
                "PRAGMA index_info(sqlite_autoindex_t_1)",
                "PRAGMA index_xinfo(sqlite_autoindex_t_1)",
                "PRAGMA index_xinfo(ti)",
                "PRAGMA index_xinfo(tu)",
                "SELECT seqno, cid, name, \"desc\", coll, key FROM pragma_index_xinfo('sqlite_autoindex_t_1')",
                "SELECT name, origin FROM pragma_index_list('t') ORDER BY name",
                "CREATE TABLE p(x PRIMARY KEY) WITHOUT ROWID",
                "CREATE TABLE ch(y REFERENCES p)",
                "CREATE TABLE c2(k PRIMARY KEY, y REFERENCES p) WITHOUT ROWID",
                "INSERT INTO p VALUES(1)",
                "INSERT INTO ch VALUES(1), (2)",
                "INSERT INTO c2 VALUES('b', 3), ('a', 1), ('c', 4)",
                "PRAGMA foreign_key_check(ch)", // without an argument SQLite's table order is its hash's
                "PRAGMA foreign_key_check(c2)",
                "SELECT * FROM pragma_foreign_key_check('c2')",
                "PRAGMA integrity_check");
    }

    /** main's index-based foreign key lookups, actions and deferred checks with WITHOUT ROWID parents and children. */
    @Test
    void foreignKeyLookupsAndActionsThroughClusteredParentsAndChildren() throws SQLException {
        assertSame("PRAGMA foreign_keys = ON",
                "CREATE TABLE p(k TEXT PRIMARY KEY, v) WITHOUT ROWID",
                "CREATE TABLE c(id PRIMARY KEY, pk REFERENCES p ON DELETE CASCADE ON UPDATE CASCADE, w) WITHOUT ROWID",
                "CREATE INDEX cpk ON c(pk)",
                "CREATE TABLE n(id INTEGER PRIMARY KEY, pk REFERENCES p ON DELETE SET NULL ON UPDATE CASCADE)",
                "CREATE TABLE r(id PRIMARY KEY, pk REFERENCES p ON UPDATE CASCADE) WITHOUT ROWID",
                "INSERT INTO p VALUES('a', 1), ('b', 2), ('c', 3)",
                "INSERT INTO c VALUES(10, 'a', 'x'), (11, 'a', 'y'), (12, 'b', 'z')",
                "INSERT INTO n VALUES(1, 'a'), (2, 'b')",
                "INSERT INTO r VALUES('q', 'c')",
                "INSERT INTO c VALUES(13, 'zz', 'w')",
                "UPDATE p SET k = 'A' WHERE k = 'a'",
                "SELECT * FROM c ORDER BY id",
                "DELETE FROM p WHERE k = 'b'",
                "SELECT * FROM c ORDER BY id",
                "SELECT * FROM n ORDER BY id",
                "DELETE FROM p WHERE k = 'c'",
                "BEGIN",
                "PRAGMA defer_foreign_keys = ON",
                "DELETE FROM p WHERE k = 'c'",
                "INSERT INTO p VALUES('c', 30)",
                "COMMIT",
                "SELECT * FROM p ORDER BY k",
                "CREATE TABLE line(pk, seq, qty, PRIMARY KEY(pk, seq DESC), FOREIGN KEY(pk) REFERENCES p"
                        + " ON UPDATE CASCADE ON DELETE CASCADE) WITHOUT ROWID", // found through its own key
                "INSERT INTO line VALUES('A', 1, 5), ('A', 2, 6), ('c', 1, 7)",
                "INSERT INTO line VALUES('nope', 1, 0)",
                "UPDATE p SET k = 'a2' WHERE k = 'A'",
                "DELETE FROM p WHERE k = 'a2'",
                "SELECT * FROM line",
                "SELECT * FROM c ORDER BY id",
                "SELECT * FROM n ORDER BY id",
                "CREATE TABLE tree(id PRIMARY KEY, up REFERENCES tree ON DELETE CASCADE) WITHOUT ROWID",
                "INSERT INTO tree VALUES(1, NULL), (2, 1), (3, 2), (4, 1)",
                "DELETE FROM tree WHERE id = 2",
                "SELECT * FROM tree ORDER BY id",
                "PRAGMA foreign_key_check",
                "PRAGMA integrity_check");
    }

    /** main's ALTER TABLE DROP COLUMN rewrites the clustered keys of a WITHOUT ROWID table. */
    @Test
    void dropColumnRewritesClusteredRows() throws SQLException {
        assertSame("CREATE TABLE t(a, b, c, d, PRIMARY KEY(c, a)) WITHOUT ROWID",
                "CREATE INDEX td ON t(d)",
                "INSERT INTO t VALUES(1, 'b1', 'x', 4), (2, 'b2', 'w', 3), (3, 'b3', 'x', 2)",
                "ALTER TABLE t ADD COLUMN e DEFAULT 'dflt'",
                "INSERT INTO t VALUES(4, 'b4', 'v', 1, 'e4')",
                "ALTER TABLE t DROP COLUMN b",
                "SELECT * FROM t",
                "SELECT * FROM t WHERE c = 'x' AND a = 3",
                "SELECT * FROM t WHERE d = 3",
                "ALTER TABLE t DROP COLUMN a",
                "ALTER TABLE t DROP COLUMN e",
                "SELECT * FROM t ORDER BY d",
                "INSERT INTO t VALUES(5, 'u', 0)",
                "SELECT sql FROM sqlite_schema WHERE name = 't'",
                "PRAGMA integrity_check");
    }

    /** main's row-value assignments and recursive_triggers on WITHOUT ROWID tables. */
    @Test
    void rowValueAssignmentsAndRecursiveTriggers() throws SQLException {
        assertSame("CREATE TABLE t(a, b, c, PRIMARY KEY(a, b)) WITHOUT ROWID",
                "CREATE TABLE src(x, y)",
                "INSERT INTO t VALUES(1, 1, 'p'), (1, 2, 'q'), (2, 1, 'r')",
                "INSERT INTO src VALUES(9, 'z')",
                "UPDATE t SET (b, c) = (SELECT x, y FROM src) WHERE a = 2",
                "UPDATE t SET (a, b) = (b, a) WHERE c = 'q'",
                "UPDATE t SET (a, b) = (1, 1) WHERE c = 'z'",
                "SELECT * FROM t",
                "PRAGMA recursive_triggers = ON",
                "CREATE TABLE n(k PRIMARY KEY, v) WITHOUT ROWID",
                "CREATE TRIGGER nt AFTER INSERT ON n WHEN new.k < 5 BEGIN INSERT INTO n VALUES(new.k + 1, new.v || '+'); END",
                "INSERT INTO n VALUES(1, 'a')",
                "SELECT * FROM n",
                "INSERT INTO n VALUES(3, 'dup')",
                "SELECT * FROM n",
                "PRAGMA integrity_check");
    }
}
