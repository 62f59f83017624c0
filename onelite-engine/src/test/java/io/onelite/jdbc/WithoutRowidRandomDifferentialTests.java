package io.onelite.jdbc;

import io.onelite.testing.ReplaySeed;
import org.junit.jupiter.api.Test;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Random statements on WITHOUT ROWID tables (#4), composite and collated primary keys, secondary
 * and UNIQUE indexes, on OneLite and on native SQLite: every statement's rows, update count or
 * error, and the final contents, agree. Statements whose outcome would depend on the order rows
 * are visited in (multi-row UPDATE OR REPLACE, for instance) are left out. Prints its seed;
 * replay with {@code -Donelite.seed=N}.
 */
class WithoutRowidRandomDifferentialTests {
    private static final String[] SCHEMA = {
        "CREATE TABLE t(a INT, b TEXT COLLATE NOCASE, c, d REAL, PRIMARY KEY(a, b DESC)) WITHOUT ROWID",
        "CREATE INDEX t_c ON t(c)",
        "CREATE UNIQUE INDEX t_d ON t(d)",
        "CREATE TABLE u(k TEXT PRIMARY KEY, n INT NOT NULL DEFAULT 0, t_a INT) WITHOUT ROWID",
        "CREATE INDEX u_ta ON u(t_a, k DESC)",
    };
    private static final String ORDER = " ORDER BY a, b";

    private static String b(Random r) {
        return "'" + new String[]{"x", "X", "y", "Y", "z", "zz", "x "}[r.nextInt(7)] + "'";
    }

    private static String c(Random r) {
        return switch (r.nextInt(6)) {
            case 0 -> "NULL";
            case 1 -> Integer.toString(r.nextInt(5));
            case 2 -> "'" + r.nextInt(5) + "'";
            case 3 -> (r.nextInt(5) + 0.5) + "";
            case 4 -> "x'0" + r.nextInt(3) + "'";
            default -> "'text" + r.nextInt(3) + "'";
        };
    }

    private static String d(Random r) {
        return r.nextInt(4) == 0 ? "NULL" : Integer.toString(r.nextInt(40));
    }

    private static String a(Random r) {
        return r.nextInt(12) == 0 ? "NULL" : r.nextInt(8) == 0 ? "'" + r.nextInt(10) + "'" : Integer.toString(r.nextInt(10));
    }

    static String statement(Random r) {
        String where = switch (r.nextInt(7)) {
            case 0 -> " WHERE a = " + a(r);
            case 1 -> " WHERE a = " + a(r) + " AND b = " + b(r);
            case 2 -> " WHERE a > " + r.nextInt(10) + " AND a <= " + r.nextInt(10);
            case 3 -> " WHERE c = " + c(r);
            case 4 -> " WHERE d > " + r.nextInt(40);
            case 5 -> " WHERE b = " + b(r);
            default -> " WHERE a IN (" + r.nextInt(10) + ", " + r.nextInt(10) + ")";
        };
        String conflict = new String[]{"", "", "OR IGNORE ", "OR REPLACE "}[r.nextInt(4)];
        return switch (r.nextInt(14)) {
            case 0, 1, 2 -> "INSERT " + conflict + "INTO t VALUES(" + a(r) + ", " + b(r) + ", " + c(r) + ", " + d(r) + ")";
            case 3 -> "INSERT " + conflict + "INTO t(a, b, c) VALUES(" + a(r) + ", " + b(r) + ", " + c(r) + "), ("
                    + a(r) + ", " + b(r) + ", " + c(r) + ")";
            case 4 -> "INSERT INTO t VALUES(" + a(r) + ", " + b(r) + ", " + c(r) + ", " + d(r)
                    + ") ON CONFLICT(a, b) DO UPDATE SET c = excluded.c, d = NULL";
            case 5 -> "INSERT INTO u(k, t_a) VALUES('k" + r.nextInt(8) + "', " + a(r)
                    + ") ON CONFLICT(k) DO UPDATE SET n = n + 1, t_a = excluded.t_a";
            case 6 -> "UPDATE t SET c = " + c(r) + where;
            case 7 -> "UPDATE " + conflict + "t SET d = " + d(r) + " WHERE a = " + r.nextInt(10) + " AND b = " + b(r);
            case 8 -> "UPDATE t SET a = a + 10 WHERE a < 10 AND b = " + b(r);
            case 9 -> "UPDATE " + conflict + "t SET b = " + b(r) + ", a = " + a(r) + " WHERE a = " + r.nextInt(10)
                    + " AND b = " + b(r);
            case 10 -> "DELETE FROM t" + where;
            case 11 -> "DELETE FROM u WHERE t_a = " + a(r);
            case 12 -> "SELECT * FROM t" + where + ORDER;
            default -> "SELECT k, n, t_a, (SELECT count(*) FROM t WHERE t.a = u.t_a) FROM u WHERE t_a >= "
                    + r.nextInt(10) + " ORDER BY k";
        };
    }

    @Test
    void randomStatementsAgreeWithNativeSqlite() throws SQLException {
        long seed = ReplaySeed.announce("WithoutRowidRandomDifferentialTests");
        Random r = new Random(seed);
        for (int round = 0; round < 4; round++) {
            List<String> script = new ArrayList<>(List.of(SCHEMA));
            for (int i = 0; i < 250; i++) {
                script.add(statement(r));
            }
            script.add("SELECT * FROM t" + ORDER);
            script.add("SELECT * FROM u ORDER BY k");
            script.add("SELECT count(*), count(c), count(d), total(a) FROM t");
            script.add("PRAGMA integrity_check");
            String[] s = script.toArray(new String[0]);
            assertThat(WithoutRowidDifferentialTests.run(Drivers.ONELITE, s)).as("seed " + seed)
                    .containsExactlyElementsOf(WithoutRowidDifferentialTests.run(Drivers.NATIVE, s));
        }
    }
}
