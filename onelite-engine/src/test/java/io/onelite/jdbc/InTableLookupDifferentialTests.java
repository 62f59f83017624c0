package io.onelite.jdbc;

import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code x [NOT] IN (SELECT c FROM s)} in a SELECT looks x up in s's index on c or among its
 * rowids, and after many lookups takes s's rows instead (InTableLookup): each way must answer
 * as native SQLite does. Columns of every affinity holding values of every type, NULL among
 * them; left operands of every affinity and none, with and without COLLATE; NOCASE columns and
 * an index of another collation; a NOT NULL column, the rowid and an INTEGER PRIMARY KEY, a
 * WITHOUT ROWID table, an empty table, a partial index (never used); a few lookups and many.
 *
 * <p>A DESC index over a column holding NULL is where SQLite 3.51 answers wrongly: its NOT IN
 * looks for a NULL at the index's start, where a DESC index keeps the largest value, so
 * {@code 2 NOT IN (SELECT a FROM d)} with d holding 1, NULL, 3 is 1 there (NULL is right, and is
 * what it answers without the index). OneLite looks at the index's end: the oracle gets the same
 * index ascending.
 */
class InTableLookupDifferentialTests {
    private static final String[] COLUMNS = {"id", "rowid", "i", "t", "n", "r", "b", "x", "nc", "nn", "tc"};

    private static String value(Random r) {
        return switch (r.nextInt(12)) {
            case 0 -> "NULL";
            case 1, 2 -> String.valueOf(r.nextInt(40) - 5);
            case 3 -> (r.nextInt(40) - 5) + ".0";
            case 4 -> (r.nextInt(40) - 5) + ".5";
            case 5 -> "'" + r.nextInt(40) + "'";
            case 6 -> "' " + r.nextInt(40) + "'";
            case 7 -> "'" + (char) ('a' + r.nextInt(4)) + "'";
            case 8 -> "'" + (char) ('A' + r.nextInt(4)) + "'";
            case 9 -> "x'" + String.format("%02x", 0x30 + r.nextInt(10)) + "'";
            case 10 -> "'" + r.nextInt(5) + "e1'";
            default -> String.valueOf(r.nextInt(10));
        };
    }

    private static List<String> schema(boolean descAsAscending) {
        List<String> sql = new ArrayList<>();
        sql.add("CREATE TABLE s(id INTEGER PRIMARY KEY, i INT, t TEXT, n NUMERIC, r REAL, b BLOB, x,"
                + " nc TEXT COLLATE NOCASE, nn INT NOT NULL, tc TEXT COLLATE NOCASE)");
        for (String c : new String[] {"i", "t", "n", "r", "b", "x", "nc", "nn"}) {
            sql.add("CREATE INDEX s_" + c + " ON s(" + c + ")");
        }
        sql.add("CREATE INDEX s_tc ON s(tc COLLATE BINARY)"); // not the comparison's collation: rows taken
        sql.add("CREATE TABLE o(id INTEGER PRIMARY KEY, v, vi INT, vt TEXT, vn NUMERIC)");
        sql.add("CREATE TABLE e(id INTEGER PRIMARY KEY, v INT)");
        sql.add("CREATE INDEX e_v ON e(v)");
        sql.add("CREATE TABLE w(k TEXT PRIMARY KEY, v INT) WITHOUT ROWID");
        sql.add("CREATE INDEX w_v ON w(v)");
        sql.add("CREATE TABLE d(a INT)");
        sql.add("CREATE INDEX d_a ON d(a " + (descAsAscending ? "" : "DESC") + ")");
        sql.add("CREATE TABLE p(a INT, f INT)");
        sql.add("CREATE INDEX p_a ON p(a) WHERE f > 0");
        Random r = new Random(2026);
        for (int k = 1; k <= 300; k++) {
            String v = value(r);
            sql.add("INSERT INTO s VALUES (" + (k * 3) + ", " + value(r) + ", " + value(r) + ", " + value(r) + ", "
                    + value(r) + ", " + value(r) + ", " + value(r) + ", " + value(r) + ", " + (v.equals("NULL") ? "0" : v)
                    + ", upper(" + value(r) + "))"); // tc: no lower-case letter, which only NOCASE finds
            sql.add("INSERT INTO w VALUES ('k' || " + k + ", " + value(r) + ") ON CONFLICT DO NOTHING");
            sql.add("INSERT INTO d VALUES (" + value(r) + ")");
            sql.add("INSERT INTO p VALUES (" + value(r) + ", " + (k % 2) + ")");
        }
        for (int k = 1; k <= 700; k++) {
            String v = k <= 40 ? value(r) : k % 7 == 0 ? "NULL" : String.valueOf(k % 60 - 5);
            sql.add("INSERT INTO o VALUES (" + k + ", " + v + ", " + v + ", " + v + ", " + v + ")");
        }
        return sql;
    }

    private static List<String> queries() {
        List<String> q = new ArrayList<>();
        String[] lefts = {"o.v", "o.vi", "o.vt", "o.vn", "o.v + 0", "o.vt COLLATE NOCASE", "CAST(o.v AS TEXT)"};
        // o.id <= 40: a few lookups (s has 300 rows); all 700 rows: the rows are taken after 150
        for (String range : new String[] {"o.id <= 40", "o.id > 0"}) {
            for (String c : COLUMNS) {
                for (String l : lefts) {
                    q.add("SELECT o.id, " + l + " IN (SELECT " + c + " FROM s), " + l + " NOT IN (SELECT s." + c
                            + " FROM s) FROM o WHERE " + range + " ORDER BY o.id");
                }
                q.add("SELECT count(*) FROM o WHERE " + range + " AND o.v NOT IN (SELECT " + c + " FROM s)");
            }
            for (String sub : new String[] {"SELECT v FROM e", "SELECT k FROM w", "SELECT v FROM w", "SELECT a FROM d",
                "SELECT a FROM p", "SELECT rowid FROM e"}) {
                q.add("SELECT o.id, o.v IN (" + sub + "), o.vt NOT IN (" + sub + "), o.vi NOT IN (" + sub + ")"
                        + " FROM o WHERE " + range + " ORDER BY o.id");
            }
        }
        q.add("SELECT NULL IN (SELECT v FROM e), NULL NOT IN (SELECT v FROM e), 1 IN (SELECT v FROM e),"
                + " NULL IN (SELECT i FROM s), NULL NOT IN (SELECT nn FROM s), 'k7' IN (SELECT k FROM w)");
        return q;
    }

    @Test
    void lookupsAndTakenRowsAnswerAsSqlite() throws SQLException {
        try (Connection nat = Drivers.open(Drivers.NATIVE); Connection one = Drivers.open(Drivers.ONELITE)) {
            Drivers.exec(nat, schema(true).toArray(String[]::new));
            Drivers.exec(one, schema(false).toArray(String[]::new));
            for (String q : queries()) {
                assertThat(Drivers.rows(one, q)).as(q).isEqualTo(Drivers.rows(nat, q));
            }
        }
    }

    /**
     * An UPDATE's or DELETE's WHERE looks up as a SELECT does: its loop collects every row before
     * the first write, so the subquery's table, even the one written or one a trigger changes, is
     * read as it was, as in SQLite. A test made while the statement writes (a SET value,
     * RETURNING, an upsert) looks up live, as SQLite's: it sees the rows written before it (a SET
     * over rows a trigger adds to the subquery's table took them at its first test until
     * 2026-12-06, and answered otherwise than SQLite).
     */
    @Test
    void writesLookUpAsSqliteDoes() throws SQLException {
        String[] setup = {
            "CREATE TABLE a(id INTEGER PRIMARY KEY, x INT, y INT)", "CREATE INDEX a_x ON a(x)",
            "CREATE TABLE b(id INTEGER PRIMARY KEY, v INT)", "CREATE INDEX b_v ON b(v)",
            "CREATE TABLE log(what, n)",
            "CREATE TRIGGER a_del AFTER DELETE ON a BEGIN DELETE FROM b WHERE v = old.x + 1;"
                    + " INSERT INTO log VALUES ('del', old.id); END",
            "CREATE TRIGGER a_upd AFTER UPDATE ON a BEGIN INSERT INTO b(v) VALUES (new.x % 10 + 100); END",
            "CREATE TABLE e(id INTEGER PRIMARY KEY, v INT)", "CREATE INDEX e_v ON e(v)",
            "INSERT INTO e VALUES (1, 10), (2, 20)",
            "CREATE TRIGGER a_e AFTER UPDATE OF y ON a WHEN new.y = 9 BEGIN DELETE FROM e; END",
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 120)"
                    + " INSERT INTO a SELECT i, i % 40, i % 7 FROM n",
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 30)"
                    + " INSERT INTO b SELECT i, i * 2 FROM n",
        };
        String[] writes = {
            "DELETE FROM a WHERE x + 1 IN (SELECT v FROM b) AND id < 30",
            "DELETE FROM a WHERE id = 50 AND x NOT IN (SELECT v FROM b)",
            "UPDATE a SET y = y + 1 WHERE x IN (SELECT x FROM a WHERE id < 3) OR id + 90 IN (SELECT x + 100 FROM a)",
            "UPDATE a SET x = x + 1 WHERE x NOT IN (SELECT v FROM b) AND id BETWEEN 60 AND 80",
            "UPDATE a SET y = (x % 10 + 100 IN (SELECT v FROM b)) WHERE id > 90",
            // e is emptied by the first row's trigger: a NULL is in no row of an empty table
            "UPDATE a SET y = coalesce(nullif(x, x) IN (SELECT v FROM e), 9) WHERE id <= 5",
            "DELETE FROM b WHERE v NOT IN (SELECT x FROM a)",
            "DELETE FROM a WHERE id NOT IN (SELECT rowid FROM b)",
            "INSERT INTO b(v) SELECT x + 100 FROM a WHERE x + 100 NOT IN (SELECT v FROM b)",
        };
        String[] returning = {
            "DELETE FROM b WHERE id > 25 RETURNING id, v IN (SELECT v FROM b), v NOT IN (SELECT v FROM b)",
            "INSERT INTO b(id, v) VALUES (1, 5), (2, 5), (300, 5), (3, 6) ON CONFLICT(id)"
                    + " DO UPDATE SET v = excluded.v + 10 * (excluded.v IN (SELECT v FROM b)) RETURNING id, v",
            "UPDATE b SET v = v + 10 * (v + 1 IN (SELECT v FROM b)) WHERE id < 20 RETURNING id, v",
            // the last row deleted sees b empty: a NULL is then not in it
            "DELETE FROM b RETURNING id, (id - id + NULL) IN (SELECT v FROM b), NULL NOT IN (SELECT v FROM b)",
        };
        try (Connection nat = Drivers.open(Drivers.NATIVE); Connection one = Drivers.open(Drivers.ONELITE)) {
            Drivers.exec(nat, setup);
            Drivers.exec(one, setup);
            List<String> all = new ArrayList<>(List.of(writes));
            all.addAll(List.of(returning));
            for (String w : all) {
                if (w.contains("RETURNING")) {
                    assertThat(Drivers.rows(one, w)).as(w).isEqualTo(Drivers.rows(nat, w));
                } else {
                    Drivers.exec(nat, w);
                    Drivers.exec(one, w);
                }
                for (String table : new String[] {"a", "b", "log"}) {
                    String q = "SELECT * FROM " + table + " ORDER BY 1, 2";
                    assertThat(Drivers.rows(one, q)).as(w + " then " + table).isEqualTo(Drivers.rows(nat, q));
                }
            }
        }
    }

    @Test
    void notInOverADescendingIndexSeesItsNull() throws SQLException {
        String[] setup = {"CREATE TABLE d(a INT)", "CREATE INDEX d_a ON d(a DESC)", "INSERT INTO d VALUES (1), (NULL), (3)"};
        String q = "SELECT 2 NOT IN (SELECT a FROM d), 2 IN (SELECT a FROM d), 1 NOT IN (SELECT a FROM d),"
                + " 3 IN (SELECT a FROM d)";
        try (Connection one = Drivers.open(Drivers.ONELITE)) {
            Drivers.exec(one, setup);
            assertThat(Drivers.rows(one, q)).containsExactly(java.util.Arrays.asList(null, null, "0", "1"));
        }
    }
}
