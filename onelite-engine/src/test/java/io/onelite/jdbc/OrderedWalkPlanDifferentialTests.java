package io.onelite.jdbc;

import org.junit.jupiter.api.Test;

import java.sql.SQLException;

import static io.onelite.jdbc.WithoutRowidDifferentialTests.assertSame;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A single-bound range ({@code grp < ?}, {@code rowid < ?}) with an ORDER BY that another index
 * gives: SQLite 3.51 walks that index in order and stops at the LIMIT, unless the LIMIT is a
 * small constant (then it sorts the range's rows). The plan is SQLite's, and so are the rows.
 */
class OrderedWalkPlanDifferentialTests {
    private static final String[] SCHEMA = {
        "CREATE TABLE t(id INTEGER PRIMARY KEY, k INT, grp INT, s TEXT)",
        "CREATE INDEX tk ON t(k)",
        "CREATE INDEX tg ON t(grp)",
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200)"
                + " INSERT INTO t SELECT i, (i * 31) % 17, i % 13, 's' || (i % 7) FROM n",
    };

    private static final String[] QUERIES = {
        "SELECT * FROM t WHERE grp < 5 ORDER BY k, id LIMIT 1",
        "SELECT * FROM t WHERE grp < 5 ORDER BY k, id LIMIT 6",
        "SELECT * FROM t WHERE grp < 5 ORDER BY k, id LIMIT 7",
        "SELECT * FROM t WHERE grp < 5 ORDER BY k, id LIMIT 20",
        "SELECT * FROM t WHERE grp < 5 ORDER BY k DESC, id LIMIT 20 OFFSET 5",
        "SELECT * FROM t WHERE id < 50 ORDER BY k, id LIMIT 8",
        "SELECT * FROM t WHERE id < 50 ORDER BY k, id LIMIT 9",
        "SELECT * FROM t WHERE id > 120 ORDER BY grp, id LIMIT 30",
        "SELECT * FROM t WHERE k > 3 ORDER BY grp, id LIMIT 3",
        "SELECT * FROM t WHERE k > 3 ORDER BY grp, id LIMIT 10",
        "SELECT * FROM t WHERE grp < 5 ORDER BY k, id",
    };

    @Test
    void theWalkOrTheSortIsSqlites() throws SQLException {
        for (String q : QUERIES) {
            assertThat(Drivers.planTree(Drivers.ONELITE, SCHEMA, q)).as(q)
                    .isEqualTo(Drivers.planTree(Drivers.NATIVE, SCHEMA, q));
        }
    }

    @Test
    void theRowsAreSqlites() throws SQLException {
        assertSame(WithoutRowidDifferentialTests.script(SCHEMA, QUERIES));
    }
}
