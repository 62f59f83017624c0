package io.onelite.plan;

import io.onelite.api.Database;
import io.onelite.api.DatabaseOptions;
import io.onelite.api.Session;
import io.onelite.testing.ReplaySeed;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static io.onelite.plan.NativeOracle.both;
import static io.onelite.plan.NativeOracle.oneLite;
import static io.onelite.plan.NativeOracle.planOneLite;
import static io.onelite.plan.NativeOracle.planSqlite;
import static io.onelite.plan.NativeOracle.sqlite;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Transitive constraints ({@link EquivalenceTerms}): {@code a.x = b.id AND b.id = 5} seeks
 * {@code a} by {@code x = 5}, as SQLite does, and chains of equalities join their ends. The plans
 * are SQLite's for fixed shapes; the rows are SQLite's for random chains over columns of every
 * affinity and collation holding values of every storage class, where a derived term that
 * compared otherwise than the terms it comes from would lose or add rows.
 */
class TransitiveConstraintTests {
    @Test
    void aConstantOrAColumnReachesAcrossAnEquality() throws Exception {
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession();
             Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            for (String ddl : new String[] {
                "CREATE TABLE a(id INTEGER PRIMARY KEY, x INT, v TEXT)", "CREATE INDEX a_x ON a(x)",
                "CREATE TABLE b(id INTEGER PRIMARY KEY, y INT)",
                "CREATE TABLE c(id INTEGER PRIMARY KEY, z INT)", "CREATE INDEX c_z ON c(z)",
                "CREATE TABLE g(id INTEGER PRIMARY KEY, n INT)",
            }) {
                both(s, c, ddl);
            }
            both(s, c, "BEGIN");
            for (int i = 1; i <= 40; i++) {
                both(s, c, "INSERT INTO a VALUES (" + i + ", " + (i % 9) + ", 'v" + i + "')");
                both(s, c, "INSERT INTO b VALUES (" + i + ", " + (i % 7) + ")");
                both(s, c, "INSERT INTO c VALUES (" + i + ", " + (i % 5) + ")");
                both(s, c, "INSERT INTO g VALUES (" + i + ", " + (i % 3) + ")");
            }
            both(s, c, "COMMIT");
            // true: SQLite's plan; false (SQLite orders equal-cost lookups by its rounding): no table scanned
            Object[][] shapes = {
                {"SELECT a.id, b.id FROM a, b WHERE a.x = b.id AND b.id = 5", true},
                {"SELECT * FROM a, b, c WHERE a.x = b.y AND b.y = c.z", true},
                {"SELECT a.id, b.id FROM a JOIN b ON a.id = b.id WHERE b.id BETWEEN 2 AND 6", true},
                {"SELECT a.id FROM a JOIN b ON a.id = b.id WHERE b.id > 30", true},
                {"SELECT count(*) FROM g, a, b, c WHERE g.id = a.id AND a.id = b.id AND b.id = c.id AND c.id BETWEEN 10 AND 12", false},
                {"SELECT count(*) FROM a JOIN b ON a.x = b.id JOIN c ON c.id = b.y JOIN g ON g.id = a.id WHERE g.id = 7", true},
            };
            for (Object[] shape : shapes) {
                String sql = (String) shape[0];
                if ((Boolean) shape[1]) {
                    assertThat(planOneLite(s, sql)).as(sql).isEqualTo(planSqlite(c, sql));
                } else {
                    assertThat(planOneLite(s, sql)).as(sql).noneMatch(line -> line.startsWith("SCAN"));
                }
                assertThat(oneLite(s, sql)).as(sql).containsExactlyInAnyOrderElementsOf(sqlite(c, sql));
            }
        }
    }

    @Test
    void randomChainsOverEveryAffinityAndCollationKeepSqlitesRows() throws Exception {
        long seed = ReplaySeed.announce("TransitiveConstraintTests");
        Random r = new Random(seed);
        String[] types = {"INT", "TEXT", "REAL", "NUMERIC", "BLOB", "", "TEXT COLLATE NOCASE", "INT COLLATE RTRIM"};
        String[] values = {"1", "'1'", "1.0", "'1.0'", "2", "'2'", "' 2'", "'a'", "'A'", "'a '", "x'31'", "NULL", "-1", "'-1'", "3"};
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession();
             Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            int tables = 4;
            for (int t = 0; t < tables; t++) {
                StringBuilder ddl = new StringBuilder("CREATE TABLE t" + t + "(id INTEGER PRIMARY KEY");
                for (int k = 0; k < 3; k++) {
                    ddl.append(", c").append(k).append(' ').append(types[r.nextInt(types.length)]);
                }
                both(s, c, ddl.append(")").toString());
                if (r.nextBoolean()) {
                    both(s, c, "CREATE INDEX t" + t + "_c0 ON t" + t + "(c0)");
                }
                if (r.nextBoolean()) {
                    both(s, c, "CREATE INDEX t" + t + "_c1 ON t" + t + "(c1" + (r.nextBoolean() ? " COLLATE NOCASE" : "") + ")");
                }
                for (int i = 1; i <= 12; i++) {
                    both(s, c, "INSERT INTO t" + t + " VALUES (" + i + ", " + values[r.nextInt(values.length)] + ", "
                            + values[r.nextInt(values.length)] + ", " + values[r.nextInt(values.length)] + ")");
                }
            }
            String[] ops = {"=", "=", "IS", "<", ">=", "="};
            for (int q = 0; q < 400; q++) {
                int n = 2 + r.nextInt(3);
                List<String> from = new ArrayList<>();
                List<String> terms = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    from.add("t" + r.nextInt(tables) + " AS q" + i);
                    if (i > 0) {
                        String col = r.nextInt(4) == 0 ? "id" : "c" + r.nextInt(3);
                        String other = r.nextInt(4) == 0 ? "id" : "c" + r.nextInt(3);
                        terms.add("q" + i + "." + col + (r.nextInt(5) == 0 ? " IS " : " = ") + "q" + r.nextInt(i) + "." + other);
                    }
                }
                for (int k = r.nextInt(3); k > 0; k--) {
                    String col = "q" + r.nextInt(n) + "." + (r.nextInt(4) == 0 ? "id" : "c" + r.nextInt(3));
                    String op = ops[r.nextInt(ops.length)];
                    if (r.nextInt(5) == 0) {
                        terms.add(col + " BETWEEN " + values[r.nextInt(values.length)] + " AND " + values[r.nextInt(values.length)]);
                    } else if (r.nextBoolean()) {
                        terms.add(col + " " + op + " " + values[r.nextInt(values.length)]);
                    } else {
                        terms.add(values[r.nextInt(values.length)] + " " + op + " " + col);
                    }
                }
                java.util.Collections.shuffle(terms, r);
                StringBuilder ids = new StringBuilder();
                for (int i = 0; i < n; i++) {
                    ids.append(i == 0 ? "" : ", ").append("q").append(i).append(".id");
                }
                String sql = "SELECT " + ids + " FROM " + String.join(", ", from)
                        + (terms.isEmpty() ? "" : " WHERE " + String.join(" AND ", terms)) + " ORDER BY " + ids;
                assertThat(oneLite(s, sql)).as("seed " + seed + ": " + sql).isEqualTo(sqlite(c, sql));
            }
        }
    }
}
