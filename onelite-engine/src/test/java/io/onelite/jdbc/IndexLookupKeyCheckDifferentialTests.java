package io.onelite.jdbc;

import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An index lookup steps from its seek through the entries that still have the looked-up key,
 * and checks that key on each entry in the page, without decoding it ({@code
 * IndexCursor.startsWith}): the check must stop exactly where SQLite's does. Against native
 * SQLite: equality prefixes of one to three columns, NOCASE and RTRIM columns, values of every
 * type against columns of every affinity, DESC columns, integers of every stored width, correlated
 * lookups (EXISTS, a LEFT JOIN's anti join, IN), and a WITHOUT ROWID table.
 */
class IndexLookupKeyCheckDifferentialTests {
    private static final String[] SCHEMA = {
        "CREATE TABLE t(id INTEGER PRIMARY KEY, a INT, b TEXT COLLATE NOCASE, c, d TEXT COLLATE RTRIM)",
        "CREATE INDEX tab ON t(a, b DESC, c)",
        "CREATE INDEX tc ON t(c)",
        "CREATE INDEX td ON t(d, a)",
        "CREATE TABLE w(k INT, v TEXT, n, PRIMARY KEY(k, v)) WITHOUT ROWID",
        // a's values take every integer width (1 to 8 bytes) and sit next to each other in the index
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)"
                + " INSERT INTO t SELECT i, CASE i % 9 WHEN 0 THEN NULL WHEN 1 THEN i % 20 WHEN 2 THEN 200 + i % 3"
                + "   WHEN 3 THEN 70000 + i % 4 WHEN 4 THEN 16777216 + i % 3 WHEN 5 THEN 1099511627776 + i % 2"
                + "   WHEN 6 THEN -(i % 20) WHEN 7 THEN -9000000000 - i % 3 ELSE 9223372036854775807 - i % 2 END,"
                + " CASE i % 4 WHEN 0 THEN 'x' || (i % 5) WHEN 1 THEN 'X' || (i % 5) WHEN 2 THEN NULL ELSE 'y' END,"
                + " CASE i % 6 WHEN 0 THEN i % 10 WHEN 1 THEN (i % 10) + 0.0 WHEN 2 THEN CAST(i % 10 AS TEXT)"
                + "   WHEN 3 THEN (i % 10) + 0.5 WHEN 4 THEN CAST('q' || (i % 3) AS BLOB) ELSE NULL END,"
                + " CASE i % 3 WHEN 0 THEN 'r' || (i % 4) WHEN 1 THEN 'r' || (i % 4) || '  ' ELSE 'R' || (i % 4) END FROM n",
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1500)"
                + " INSERT INTO w SELECT i % 300, 'v' || (i % 7), i FROM n WHERE true ON CONFLICT DO NOTHING",
    };

    private static final String[] A_VALUES = {"1", "1.0", "'1'", "201", "70002", "16777217", "1099511627777", "-5",
        "-9000000001", "9223372036854775807", "9223372036854775806", "NULL", "2.5", "'x'"};
    private static final String[] B_VALUES = {"'x1'", "'X1'", "'y'", "'Y'", "'x1 '", "NULL", "1"};
    private static final String[] C_VALUES = {"3", "3.0", "'3'", "3.5", "x'7131'", "NULL", "'q1'"};
    private static final String[] D_VALUES = {"'r1'", "'r1  '", "'R1'", "'r1 x'", "'r'"};

    @Test
    void lookupsStopWhereSqlitesDo() throws SQLException {
        List<String> queries = new ArrayList<>();
        for (String a : A_VALUES) {
            queries.add("SELECT id FROM t WHERE a = " + a + " ORDER BY id");
            for (String b : B_VALUES) {
                queries.add("SELECT id, c FROM t WHERE a = " + a + " AND b = " + b + " ORDER BY id");
                for (String c : C_VALUES) {
                    queries.add("SELECT sum(id) FROM t WHERE a = " + a + " AND b = " + b + " AND c = " + c);
                }
            }
        }
        for (String c : C_VALUES) {
            queries.add("SELECT id FROM t WHERE c = " + c + " ORDER BY id");
        }
        for (String d : D_VALUES) {
            queries.add("SELECT sum(id), count(*) FROM t WHERE d = " + d);
            queries.add("SELECT id FROM t WHERE d = " + d + " AND a = 1 ORDER BY id");
        }
        for (int k : new int[] {0, 7, 150, 299, 300}) {
            queries.add("SELECT v, n FROM w WHERE k = " + k + " ORDER BY v");
            queries.add("SELECT n FROM w WHERE k = " + k + " AND v = 'v3'");
        }
        queries.add("SELECT count(*) FROM t WHERE EXISTS (SELECT 1 FROM t t2 WHERE t2.a = t.id % 25)");
        queries.add("SELECT count(*) FROM t LEFT JOIN t t2 ON t2.c = t.id % 12 WHERE t2.id IS NULL");
        queries.add("SELECT count(*), sum(t2.id) FROM t JOIN t t2 ON t2.a = t.a AND t2.b = t.b WHERE t.id < 400");
        queries.add("SELECT count(*) FROM t WHERE id % 10 IN (SELECT c FROM t t2 WHERE t2.c IS NOT NULL)");
        queries.add("SELECT count(*) FROM w JOIN t ON t.a = w.k AND t.d = 'R' || (w.n % 4)");
        queries.add("SELECT count(*) FROM t WHERE NOT EXISTS (SELECT 1 FROM w WHERE w.k = t.id AND w.v = 'v' || (t.id % 7))");
        try (Connection nat = Drivers.open(Drivers.NATIVE); Connection one = Drivers.open(Drivers.ONELITE)) {
            Drivers.exec(nat, SCHEMA);
            Drivers.exec(one, SCHEMA);
            for (String q : queries) {
                assertThat(Drivers.rows(one, q)).as(q).isEqualTo(Drivers.rows(nat, q));
            }
        }
    }
}
