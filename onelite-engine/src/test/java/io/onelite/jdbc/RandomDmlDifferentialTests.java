package io.onelite.jdbc;

import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Random INSERT/UPDATE/DELETE statements (with a trigger that writes a log table) through
 * {@code executeUpdate} and prepared statements on both drivers: update counts, generated keys and
 * the final contents must agree. Replay with the printed seed.
 */
class RandomDmlDifferentialTests {

    private static String randomStatement(Random rnd) {
        int k = rnd.nextInt(20);
        return switch (rnd.nextInt(6)) {
            case 0, 1 -> "INSERT INTO t(k, v) VALUES(" + k + ", " + rnd.nextInt(100) + ")";
            case 2 -> "UPDATE t SET v = v + 1 WHERE k " + (rnd.nextBoolean() ? "<" : "=") + " " + k;
            case 3 -> "DELETE FROM t WHERE k = " + k;
            case 4 -> "INSERT INTO t(k, v) SELECT k + 100, v FROM t WHERE k = " + k;
            default -> "INSERT OR IGNORE INTO u(k) VALUES(" + k + ")";
        };
    }

    private static List<String> run(String url, List<String> statements) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Connection c = Drivers.open(url)) {
            Drivers.exec(c, "CREATE TABLE t(id INTEGER PRIMARY KEY, k INTEGER, v INTEGER)",
                    "CREATE TABLE u(k INTEGER PRIMARY KEY)",
                    "CREATE TABLE log(id INTEGER PRIMARY KEY, what TEXT)",
                    "CREATE TRIGGER t_del AFTER DELETE ON t BEGIN INSERT INTO log(what) VALUES('deleted ' || old.k); END");
            try (Statement s = c.createStatement()) {
                for (String sql : statements) {
                    // execute + getUpdateCount: sqlite-jdbc's executeUpdate(String) alone counts trigger rows too
                    s.execute(sql);
                    int n = s.getUpdateCount();
                    String key = "";
                    if (sql.startsWith("INSERT INTO t(k, v) VALUES")) {
                        try (ResultSet keys = s.getGeneratedKeys()) {
                            key = keys.next() ? " key " + keys.getLong(1) : " no key";
                        }
                    }
                    out.add(sql + " -> " + n + key);
                }
            }
            try (PreparedStatement p = c.prepareStatement("UPDATE t SET v = ? WHERE k >= ?")) {
                p.setInt(1, 7);
                p.setInt(2, 10);
                out.add("prepared update -> " + p.executeUpdate());
            }
            out.addAll(Drivers.rows(c, "SELECT id, k, v FROM t ORDER BY id").stream().map(Object::toString).toList());
            out.addAll(Drivers.rows(c, "SELECT what FROM log ORDER BY id").stream().map(Object::toString).toList());
        }
        return out;
    }

    @Test
    void updateCountsKeysAndContentsAgreeWithNativeSqlite() throws SQLException {
        long seed = System.nanoTime();
        System.out.println("RandomDmlDifferentialTests seed=" + seed);
        Random rnd = new Random(seed);
        List<String> statements = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            statements.add(randomStatement(rnd));
        }
        assertThat(run(Drivers.ONELITE, statements)).as("seed " + seed)
                .containsExactlyElementsOf(run(Drivers.NATIVE, statements));
    }
}
