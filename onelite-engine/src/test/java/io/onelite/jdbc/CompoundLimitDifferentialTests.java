package io.onelite.jdbc;

import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import static io.onelite.jdbc.WithoutRowidDifferentialTests.assertSame;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code a UNION ALL b ORDER BY ... LIMIT n}: each arm is read in that order up to the limit
 * (an arm with an index in that order reads a few rows, as SQLite's merge does), under the
 * compound's collations, and the rows, ties included, stay SQLite's.
 */
class CompoundLimitDifferentialTests {
    private static final String[] SCHEMA = {
        "CREATE TABLE p(id INTEGER PRIMARY KEY, created INT, body TEXT COLLATE NOCASE)",
        "CREATE INDEX pc ON p(created)",
        "CREATE TABLE q(id INTEGER PRIMARY KEY, created INT, body TEXT)",
        "CREATE INDEX qc ON q(created)",
        "CREATE INDEX qb ON q(body)",
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300)"
                + " INSERT INTO p SELECT i, (i * 37) % 101, CASE i % 4 WHEN 0 THEN 'Abc' WHEN 1 THEN 'abd' WHEN 2 THEN NULL ELSE 'b' || i END FROM n",
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 250)"
                + " INSERT INTO q SELECT i, CASE WHEN i % 9 = 0 THEN NULL ELSE (i * 53) % 97 END,"
                + " CASE i % 3 WHEN 0 THEN 'ABC' WHEN 1 THEN 'abc' ELSE 'B' || i END FROM n",
    };

    @Test
    void eachArmStopsAtTheLimitWithTheCompoundsOrderAndCollations() throws SQLException {
        assertSame(concat(SCHEMA,
                "SELECT created, id FROM p UNION ALL SELECT created, id FROM q ORDER BY 1 DESC LIMIT 10",
                "SELECT created, id FROM p UNION ALL SELECT created, id FROM q ORDER BY 1 LIMIT 25",
                "SELECT created, id FROM p UNION ALL SELECT created, id FROM q ORDER BY 1, 2 DESC LIMIT 25",
                "SELECT created AS c, id FROM p UNION ALL SELECT created, id FROM q ORDER BY c NULLS LAST LIMIT 12",
                "SELECT created, id FROM p UNION ALL SELECT created, id FROM q ORDER BY 1 LIMIT 7 OFFSET 20",
                "SELECT created, id FROM p UNION ALL SELECT created, id FROM q ORDER BY 1 LIMIT 7 OFFSET -3",
                "SELECT created, id FROM p UNION ALL SELECT created, id FROM q ORDER BY 1 LIMIT 0",
                "SELECT created, id FROM p UNION ALL SELECT created, id FROM q ORDER BY 1 LIMIT -1 OFFSET 540",
                // ties between and within arms: which of the equal rows come, and in which order
                "SELECT created FROM p UNION ALL SELECT created FROM q ORDER BY 1 LIMIT 9",
                "SELECT created % 3, id FROM p UNION ALL SELECT created % 3, id FROM q ORDER BY 1 LIMIT 30",
                // the compound's collation is the first arm's (NOCASE here): q's BINARY body sorts under it
                "SELECT body, id FROM p UNION ALL SELECT body, id FROM q ORDER BY 1 LIMIT 20",
                "SELECT body, id FROM q UNION ALL SELECT body, id FROM p ORDER BY 1 LIMIT 20",
                "SELECT body, id FROM q UNION ALL SELECT body, id FROM p ORDER BY 1 COLLATE NOCASE DESC, 2 LIMIT 20",
                // arms that group, filter, are DISTINCT; three arms; a VALUES arm; UNION among them
                "SELECT created, count(*) FROM p GROUP BY created UNION ALL SELECT created, id FROM q WHERE id > 100"
                        + " ORDER BY 2 DESC, 1 LIMIT 8",
                "SELECT DISTINCT created FROM p UNION ALL SELECT created FROM q UNION ALL SELECT id FROM p WHERE id < 5"
                        + " ORDER BY 1 LIMIT 15",
                "VALUES (-1), (200) UNION ALL SELECT created FROM p ORDER BY 1 DESC LIMIT 3",
                "SELECT created FROM p UNION ALL SELECT created FROM q UNION SELECT 5 ORDER BY 1 LIMIT 6"));
    }

    @Test
    void aLimitParameterBindsForEveryArm() throws SQLException {
        String sql = "SELECT created, id FROM p UNION ALL SELECT created, id FROM q ORDER BY 1 DESC, 2 LIMIT ?";
        for (long limit : new long[] {0, 3, 40, -1}) {
            assertThat(rowsWithLimit(Drivers.ONELITE, sql, limit)).as("LIMIT " + limit)
                    .isEqualTo(rowsWithLimit(Drivers.NATIVE, sql, limit));
        }
        assertThat(rowsWithLimit(Drivers.ONELITE, sql, -1)).hasSize(550);
    }

    private static List<List<String>> rowsWithLimit(String url, String sql, long limit) throws SQLException {
        try (Connection c = Drivers.open(url)) {
            Drivers.exec(c, SCHEMA);
            try (PreparedStatement p = c.prepareStatement(sql)) {
                p.setLong(1, limit);
                return Drivers.rows(p.executeQuery());
            }
        }
    }

    private static String[] concat(String[] a, String... b) {
        List<String> all = new ArrayList<>(List.of(a));
        all.addAll(List.of(b));
        return all.toArray(new String[0]);
    }
}
