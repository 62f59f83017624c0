package io.onelite.jdbc;

import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicInteger;

import static io.onelite.jdbc.Drivers.exec;
import static io.onelite.jdbc.Drivers.rows;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A call of a deterministic function whose arguments are constants runs once per execution of
 * the statement, as SQLite factors it out of the loop ({@code WHERE ts > datetime('now', '-1
 * day')}); a call that may give a new value each time (random(), randomblob(), a function not
 * declared deterministic) runs for every row, and each execution (new bound values) computes
 * again. Values against native SQLite where it can say.
 */
class ConstantCallsTests {
    private static final String[] SCHEMA = {
        "CREATE TABLE t(id INTEGER PRIMARY KEY, v)",
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 600) INSERT INTO t SELECT i, i % 7 FROM n",
    };

    @Test
    void aDeterministicCallOfConstantsRunsOncePerExecution() throws SQLException {
        AtomicInteger det = new AtomicInteger();
        AtomicInteger nondet = new AtomicInteger();
        try (OneLiteConnection c = Drivers.open(Drivers.ONELITE).unwrap(OneLiteConnection.class)) {
            exec(c, SCHEMA);
            c.createFunction("det", 1, true, a -> {
                det.incrementAndGet();
                return a[0];
            });
            c.createFunction("nondet", 1, false, a -> {
                nondet.incrementAndGet();
                return a[0];
            });
            assertThat(rows(c, "SELECT sum(det(2)), sum(nondet(2)) FROM t")).containsExactly(java.util.List.of("1200", "1200"));
            assertThat(det.get()).isEqualTo(1);
            assertThat(nondet.get()).isEqualTo(600);
            det.set(0);
            assertThat(rows(c, "SELECT count(*) FROM t WHERE v = det(3) AND det(id) > 0")).containsExactly(java.util.List.of("86"));
            assertThat(det.get()).as("det(3) once, det(id) for each row the first term lets through").isEqualTo(1 + 86);
            det.set(0);
            try (PreparedStatement ps = c.prepareStatement("SELECT count(*) FROM t WHERE id <= det(?)")) {
                for (int bound : new int[] {10, 300, 10, 0}) {
                    ps.setInt(1, bound);
                    try (ResultSet rs = ps.executeQuery()) {
                        rs.next();
                        assertThat(rs.getInt(1)).as("bound %d", bound).isEqualTo(bound);
                    }
                }
            }
            assertThat(det.get()).as("once per execution").isEqualTo(4);
        }
    }

    @Test
    void valuesAreSqlites() throws SQLException {
        String[] queries = {
            // a new value per row where SQLite gives one
            "SELECT count(DISTINCT hex(randomblob(8))), count(DISTINCT random()) FROM t",
            // JSON text keeps its subtype on every row, long after 256 other JSON results
            "SELECT json_array(json('[1]'), json_object('a', id)) FROM t ORDER BY id",
            "SELECT count(*) FROM t WHERE id > unixepoch('2000-01-01') - 946684000 AND v = abs(-3)",
            "SELECT id, julianday('2024-01-01 10:00:00') + id, upper('x') || v FROM t ORDER BY id LIMIT 20",
            "SELECT count(DISTINCT datetime('now')) FROM t",
            "SELECT CASE WHEN id > 5 THEN abs(-9223372036854775808) ELSE id END FROM t WHERE id < 5",
        };
        try (Connection nat = Drivers.open(Drivers.NATIVE); Connection one = Drivers.open(Drivers.ONELITE)) {
            exec(nat, SCHEMA);
            exec(one, SCHEMA);
            for (String q : queries) {
                assertThat(rows(one, q)).as(q).isEqualTo(rows(nat, q));
            }
        }
    }
}
