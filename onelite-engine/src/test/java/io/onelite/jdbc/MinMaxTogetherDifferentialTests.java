package io.onelite.jdbc;

import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.SQLException;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Several min()/max() aggregates in one query ({@code SELECT min(a), max(a) FROM t}), each read
 * from an index end or the rowid when its own one-aggregate query would be: the values are
 * SQLite's over columns of every type, ASC and DESC indexes, NOCASE, an equality prefix, an empty
 * table, all-NULL columns, expressions over the aggregates, a correlated use, and where no index
 * serves one of them (then every row is read, as before); the plan is SQLite's.
 */
class MinMaxTogetherDifferentialTests {
    private static final String[] SCHEMA = {
        "CREATE TABLE t(id INTEGER PRIMARY KEY, a, b INT, c TEXT COLLATE NOCASE, d REAL, g INT, e)",
        "CREATE INDEX ta ON t(a)",
        "CREATE INDEX tb ON t(b DESC)",
        "CREATE INDEX tc ON t(c)",
        "CREATE INDEX tgd ON t(g, d)",
        "CREATE TABLE empty(x, y)",
        "CREATE INDEX ex ON empty(x)",
        "CREATE INDEX ey ON empty(y)",
        "CREATE TABLE nulls(x, y)",
        "CREATE INDEX nx ON nulls(x)",
        "CREATE INDEX ny ON nulls(y)",
        "INSERT INTO nulls VALUES (NULL, 1), (NULL, 2), (NULL, NULL)",
        "CREATE TABLE w(k TEXT PRIMARY KEY, v INT) WITHOUT ROWID",
        "CREATE INDEX wv ON w(v)",
        "CREATE TABLE o(id INTEGER PRIMARY KEY, g INT)",
        "INSERT INTO o VALUES (1, 1), (2, 2), (3, 9), (4, NULL)",
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)"
                + " INSERT INTO t SELECT i * 2,"
                + " CASE i % 6 WHEN 0 THEN NULL WHEN 1 THEN i % 70 WHEN 2 THEN (i % 50) + 0.5 WHEN 3 THEN 's' || (i % 40)"
                + "   WHEN 4 THEN CAST('b' || (i % 9) AS BLOB) ELSE -i END,"
                + " CASE WHEN i % 7 = 0 THEN NULL ELSE (i * 37) % 1000 END,"
                + " CASE i % 4 WHEN 0 THEN 'k' || (i % 60) WHEN 1 THEN 'K' || (i % 60) WHEN 2 THEN NULL ELSE 'Zed' END,"
                + " CASE WHEN i % 5 = 0 THEN NULL ELSE (i % 300) / 3.0 END, i % 3, i % 11 FROM n",
        "INSERT INTO w SELECT 'k' || id, b FROM t",
    };

    private static final String[] QUERIES = {
        "SELECT min(a), max(a) FROM t",
        "SELECT max(a), min(a), min(b), max(b) FROM t",
        "SELECT min(c), max(c) FROM t",
        "SELECT min(id), max(id), max(rowid) FROM t",
        "SELECT max(a) - min(b), max(id) / 2 FROM t",
        "SELECT min(d), max(d) FROM t WHERE g = 1",
        "SELECT min(d), max(d) FROM t WHERE g = 7",
        "SELECT min(b), max(b) FROM t WHERE b > 500",
        "SELECT min(x), max(x), min(y), max(y) FROM empty",
        "SELECT min(x), max(x), min(y), max(y) FROM nulls",
        "SELECT min(k), max(k), min(v), max(v) FROM w",
        "SELECT min(a), max(e) FROM t",
        "SELECT min(c COLLATE BINARY), max(c COLLATE BINARY) FROM t",
        "SELECT min(a), max(a) FROM t WHERE e = 3",
        "SELECT min(a) AS lo, max(a) AS hi FROM t LIMIT 1",
        "SELECT min(a), max(a) FROM t ORDER BY 1",
        "SELECT o.id, (SELECT min(d) || '..' || max(d) FROM t WHERE t.g = o.g) FROM o ORDER BY o.id",
        "SELECT * FROM (SELECT min(b) m, max(b) n FROM t) WHERE m < n",
        "SELECT min(a), max(a) FROM t WHERE 0",
        "SELECT typeof(min(a)), typeof(max(a)), typeof(max(b)) FROM t",
    };

    @Test
    void theValuesAreSqlites() throws SQLException {
        try (Connection nat = Drivers.open(Drivers.NATIVE); Connection one = Drivers.open(Drivers.ONELITE)) {
            Drivers.exec(nat, SCHEMA);
            Drivers.exec(one, SCHEMA);
            for (String q : QUERIES) {
                assertThat(Drivers.rows(one, q)).as(q).isEqualTo(Drivers.rows(nat, q));
            }
            // a transaction's own writes, at both ends
            String[] writes = {"BEGIN", "INSERT INTO t(id, a, b) VALUES (-5, -99999, 99999)", "DELETE FROM t WHERE id = 6000",
                "UPDATE t SET c = 'aaa' WHERE id = 10"};
            Drivers.exec(nat, writes);
            Drivers.exec(one, writes);
            for (String q : QUERIES) {
                assertThat(Drivers.rows(one, q)).as("own writes: " + q).isEqualTo(Drivers.rows(nat, q));
            }
        }
    }

    @Test
    void thePlanIsSqlites() throws SQLException {
        for (String q : new String[] {"SELECT min(a), max(a) FROM t", "SELECT min(d), max(d) FROM t WHERE g = 1",
            "SELECT min(id), max(b) FROM t"}) {
            assertThat(Drivers.planTree(Drivers.ONELITE, SCHEMA, q)).as(q).isEqualTo(Drivers.planTree(Drivers.NATIVE, SCHEMA, q));
        }
    }
}
