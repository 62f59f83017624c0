package io.onelite.jdbc;

import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.SQLException;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * SQLite runs a RETURNING clause as a trigger program, once per changed row, after that row's
 * change: an uncorrelated subquery there (scalar, EXISTS, IN) sees the table as it is at that row,
 * not as it was at the first. Until 2026-12-06 OneLite kept such a subquery's result for the whole
 * statement (`DELETE FROM b RETURNING (SELECT count(*) FROM b)` gave 2, 2, 2 where SQLite gives
 * 2, 1, 0). Against native SQLite, for DELETE, INSERT, UPDATE and an upsert.
 */
class ReturningSubqueriesDifferentialTests {
    private static final String[] SETUP = {
        "CREATE TABLE b(id INTEGER PRIMARY KEY, v INT)", "CREATE INDEX b_v ON b(v)",
        "CREATE TABLE c(id INTEGER PRIMARY KEY, w INT)",
        "INSERT INTO b VALUES (1, 1), (2, 2), (3, 3), (4, 4), (5, 5)",
        "INSERT INTO c VALUES (1, 2), (2, 4)",
    };

    private static final String[] STATEMENTS = {
        "DELETE FROM b WHERE id > 1 RETURNING id, (SELECT count(*) FROM b), EXISTS (SELECT 1 FROM b WHERE v > 3),"
                + " 3 IN (SELECT v FROM b WHERE v > 0), 4 IN (SELECT v FROM b), NULL NOT IN (SELECT v FROM b WHERE id > 1)",
        "INSERT INTO b(v) VALUES (7), (8), (7) RETURNING id, (SELECT count(*) FROM b), (SELECT max(v) FROM b),"
                + " v IN (SELECT v FROM b WHERE id < 6)",
        "UPDATE b SET v = v * 10 RETURNING id, (SELECT sum(v) FROM b), v IN (SELECT v FROM b WHERE id < 3),"
                + " (SELECT group_concat(w) FROM c WHERE w IN (SELECT v FROM b))",
        "INSERT INTO b(id, v) VALUES (2, 5), (40, 6), (1, 6) ON CONFLICT(id) DO UPDATE SET v = excluded.v"
                + " RETURNING id, v, (SELECT sum(v) FROM b), 6 IN (SELECT v FROM b)",
    };

    @Test
    void returningSeesTheTableAsItIsAtEachRow() throws SQLException {
        try (Connection nat = Drivers.open(Drivers.NATIVE); Connection one = Drivers.open(Drivers.ONELITE)) {
            Drivers.exec(nat, SETUP);
            Drivers.exec(one, SETUP);
            for (String w : STATEMENTS) {
                assertThat(Drivers.rows(one, w)).as(w).isEqualTo(Drivers.rows(nat, w));
                String q = "SELECT * FROM b ORDER BY id";
                assertThat(Drivers.rows(one, q)).as(w + " then b").isEqualTo(Drivers.rows(nat, q));
            }
        }
    }
}
