package io.onelite.plan;

import io.onelite.api.Database;
import io.onelite.api.DatabaseOptions;
import io.onelite.api.Session;
import io.onelite.testing.ReplaySeed;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.util.Random;

import static io.onelite.plan.NativeOracle.both;
import static io.onelite.plan.NativeOracle.oneLite;
import static io.onelite.plan.NativeOracle.planOneLite;
import static io.onelite.plan.NativeOracle.planSqlite;
import static io.onelite.plan.NativeOracle.sqlite;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code x IS NULL} and {@code x IS expr} seek an index as {@code x = expr} does (SQLite's
 * WO_ISNULL and WO_IS), a NULL value finding the NULL entries instead of nothing: a soft-delete
 * filter {@code WHERE deleted_at IS NULL} no longer scans the table. A unique index holds many
 * NULLs, so such a key is walked, not probed once. {@code rowid IS x} is sought as {@code rowid
 * = x} (the rowid is never NULL); {@code rowid IS NULL} scans, as in SQLite. Plans are SQLite's
 * for fixed shapes; rows are SQLite's for random lookups over columns of every affinity holding
 * NULLs and values of every storage class.
 */
class IsLookupDifferentialTests {
    @Test
    void isAndIsNullSeekLikeAnEquality() throws Exception {
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession();
             Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            for (String ddl : new String[] {
                "CREATE TABLE t(id INTEGER PRIMARY KEY, a INT, b TEXT, deleted_at TEXT)",
                "CREATE INDEX ta ON t(a)", "CREATE INDEX td ON t(deleted_at, b)",
                "CREATE TABLE u(id INTEGER PRIMARY KEY, k INT UNIQUE, v TEXT)",
                "CREATE TABLE w(p INT, q TEXT, r INT, PRIMARY KEY (p, q)) WITHOUT ROWID", "CREATE INDEX wr ON w(r DESC)",
            }) {
                both(s, c, ddl);
            }
            both(s, c, "BEGIN");
            for (int i = 1; i <= 60; i++) {
                String a = i % 4 == 0 ? "NULL" : Integer.toString(i % 7);
                String d = i % 3 == 0 ? "NULL" : "'2026-12-0" + (i % 9) + "'";
                both(s, c, "INSERT INTO t VALUES (" + i + ", " + a + ", 'b" + (i % 5) + "', " + d + ")");
                both(s, c, "INSERT INTO u VALUES (" + i + ", " + (i % 2 == 0 ? "NULL" : Integer.toString(i)) + ", 'v" + i + "')");
                both(s, c, "INSERT INTO w VALUES (" + (i % 6) + ", 'q" + i + "', " + (i % 5 == 0 ? "NULL" : Integer.toString(i % 8)) + ")");
            }
            both(s, c, "COMMIT");
            String[] shapes = {
                "SELECT * FROM t WHERE a IS NULL",
                "SELECT * FROM t WHERE a IS 5",
                "SELECT * FROM t WHERE a IS nullif(1, 1)",
                "SELECT * FROM t WHERE a IS '5'",
                "SELECT id FROM t WHERE deleted_at IS NULL AND b = 'b2'",
                "SELECT id FROM t WHERE deleted_at IS NULL ORDER BY b",
                "SELECT id FROM t WHERE deleted_at IS NULL AND b > 'b1'",
                "SELECT count(*) FROM t WHERE a IS NULL",
                "SELECT * FROM t WHERE a IS NULL OR a = 5",
                "SELECT * FROM t WHERE a IS NOT NULL AND a > 4",
                "SELECT * FROM t WHERE id IS 5",
                "SELECT * FROM t WHERE id IS NULL",
                "SELECT t.id, x.id FROM t JOIN t AS x ON x.a IS t.a WHERE t.id < 10",
                "SELECT * FROM u WHERE k IS NULL",
                "SELECT * FROM u WHERE k IS 7",
                "SELECT * FROM u WHERE k IS nullif(1, 1)",
                "SELECT t.id, u.id FROM t JOIN u ON u.k IS t.a",
                "SELECT * FROM w WHERE r IS NULL",
                "SELECT * FROM w WHERE p IS 3",
                "SELECT * FROM t WHERE a IS NULL ORDER BY id DESC",
            };
            for (String sql : shapes) {
                assertThat(planOneLite(s, sql)).as(sql).isEqualTo(planSqlite(c, sql));
                assertThat(oneLite(s, sql)).as(sql).containsExactlyInAnyOrderElementsOf(sqlite(c, sql));
            }
            // and what UPDATE and DELETE find through it
            for (String dml : new String[] {
                "UPDATE t SET b = 'gone' WHERE deleted_at IS NULL AND b = 'b3'",
                "DELETE FROM u WHERE k IS NULL AND id > 40",
                "UPDATE w SET r = 99 WHERE r IS NULL",
                "DELETE FROM t WHERE a IS nullif(1, 1) AND id % 2 = 0",
            }) {
                both(s, c, dml);
            }
            for (String table : new String[] {"t", "u", "w"}) {
                String all = "SELECT * FROM " + table;
                assertThat(oneLite(s, all)).as(all).containsExactlyInAnyOrderElementsOf(sqlite(c, all));
            }
        }
    }

    @Test
    void randomIsLookupsOverEveryAffinityKeepSqlitesRows() throws Exception {
        long seed = ReplaySeed.announce("IsLookupDifferentialTests");
        Random r = new Random(seed);
        String[] types = {"INT", "TEXT", "REAL", "NUMERIC", "BLOB", "", "TEXT COLLATE NOCASE"};
        String[] values = {"1", "'1'", "1.0", "'1.0'", "2", "'2'", "'a'", "'A'", "x'31'", "NULL", "NULL", "-1", "3"};
        String[] probes = {"NULL", "nullif(1, 1)", "1", "'1'", "1.0", "'a'", "'A'", "x'31'", "2", "CAST(NULL AS TEXT)"};
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession();
             Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            String ta = types[r.nextInt(types.length)];
            String tb = types[r.nextInt(types.length)];
            boolean withoutRowid = r.nextBoolean();
            both(s, c, "CREATE TABLE t(id INTEGER NOT NULL, a " + ta + ", b " + tb + ", PRIMARY KEY (id))"
                    + (withoutRowid ? " WITHOUT ROWID" : ""));
            both(s, c, "CREATE " + (r.nextBoolean() ? "UNIQUE " : "") + "INDEX t_a ON t(a" + (r.nextBoolean() ? " DESC" : "") + ")");
            both(s, c, "CREATE INDEX t_ab ON t(b, a)");
            both(s, c, "CREATE INDEX t_expr ON t(a + 1)");
            both(s, c, "BEGIN");
            for (int i = 1; i <= 80; i++) {
                // a unique index refuses a repeated value: both engines alike, the row then missing in both
                both(s, c, "INSERT INTO t VALUES (" + i + ", " + values[r.nextInt(values.length)] + ", "
                        + values[r.nextInt(values.length)] + ")");
            }
            both(s, c, "COMMIT");
            for (int q = 0; q < 300; q++) {
                String p1 = probes[r.nextInt(probes.length)];
                String p2 = probes[r.nextInt(probes.length)];
                String where = switch (r.nextInt(7)) {
                    case 0 -> "a IS " + p1;
                    case 1 -> "b IS " + p1 + " AND a IS " + p2;
                    case 2 -> "b IS " + p1 + " AND a > " + p2;
                    case 3 -> "a IS " + p1 + " OR b IS " + p2;
                    case 4 -> "a + 1 IS " + p1;
                    case 5 -> "a IS NULL AND b IS " + p2;
                    default -> "a IS " + p1 + " AND id > 20";
                };
                for (String sql : new String[] {"SELECT id, a, b FROM t WHERE " + where,
                                                "SELECT count(*) FROM t WHERE " + where}) {
                    assertThat(oneLite(s, sql)).as(sql + " (seed " + seed + ")")
                            .containsExactlyInAnyOrderElementsOf(sqlite(c, sql));
                }
            }
        }
    }
}
