package io.onelite.plan;

import io.onelite.api.Database;
import io.onelite.api.DatabaseOptions;
import io.onelite.api.Session;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;

import static io.onelite.plan.NativeOracle.both;
import static io.onelite.plan.NativeOracle.oneLite;
import static io.onelite.plan.NativeOracle.planOneLite;
import static io.onelite.plan.NativeOracle.planSqlite;
import static io.onelite.plan.NativeOracle.sqlite;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * An entry of a WITHOUT ROWID table's secondary index ends with the primary-key columns it does
 * not hold already, in the primary key's collations and order, so a walk of it yields them in
 * that order: {@code WHERE r = ? ORDER BY p, q} needs no sort, as in SQLite (OneLite sorted, taking
 * the tail for a rowid). Plans and rows, in order, against native SQLite.
 */
class WithoutRowidIndexOrderDifferentialTests {
    @Test
    void theIndexWalkYieldsThePrimaryKeyTailInOrder() throws Exception {
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession();
             Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            for (String ddl : new String[] {
                "CREATE TABLE w(p INT, q TEXT, r INT, s INT, PRIMARY KEY (p, q)) WITHOUT ROWID",
                "CREATE INDEX wr ON w(r DESC)", "CREATE INDEX wsp ON w(s, p)",
                "CREATE TABLE v(a TEXT COLLATE NOCASE, b INT, c INT, PRIMARY KEY (a, b DESC)) WITHOUT ROWID",
                "CREATE INDEX vc ON v(c)",
            }) {
                both(s, c, ddl);
            }
            both(s, c, "BEGIN");
            for (int i = 1; i <= 120; i++) {
                both(s, c, "INSERT INTO w VALUES (" + (i * 37 % 11) + ", 'q" + (i * 13 % 17) + "', " + (i % 4) + ", "
                        + (i % 3) + ")");
                both(s, c, "INSERT OR IGNORE INTO v VALUES ('" + (char) ('a' + i % 5) + (i % 2 == 0 ? "" : "x") + "', "
                        + (i * 7 % 13) + ", " + (i % 3) + ")");
            }
            both(s, c, "COMMIT");
            String[] ordered = {
                "SELECT * FROM w WHERE r = 3 ORDER BY p, q",
                "SELECT * FROM w WHERE r = 2 ORDER BY r DESC, p DESC, q DESC",
                "SELECT * FROM w WHERE s = 1 ORDER BY p, q",
                "SELECT p, q FROM w WHERE s = 0 ORDER BY s, p, q",
                "SELECT * FROM v WHERE c = 1 ORDER BY a, b DESC",
                "SELECT * FROM v WHERE c = 2 ORDER BY a DESC, b",
                // sorted: q comes after p in the entry, b's order is the primary key's, a's collation NOCASE
                "SELECT * FROM w WHERE r = 3 ORDER BY q, p",
                "SELECT * FROM v WHERE c = 1 ORDER BY a, b",
                "SELECT * FROM v WHERE c = 1 ORDER BY a COLLATE BINARY, b DESC",
                "SELECT * FROM w WHERE r > 1 ORDER BY r DESC, p, q",
            };
            for (String sql : ordered) {
                assertThat(planOneLite(s, sql)).as(sql).isEqualTo(planSqlite(c, sql));
                assertThat(oneLite(s, sql)).as(sql).containsExactlyElementsOf(sqlite(c, sql));
            }
        }
    }
}
