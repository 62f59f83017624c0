package io.onelite.jdbc;

import io.onelite.testing.ReplaySeed;
import org.junit.jupiter.api.Test;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static io.onelite.jdbc.WithoutRowidDifferentialTests.assertSame;

/**
 * {@code (a, b) [NOT] IN (SELECT x, y ...)} when no row matches and some hold NULLs: SQLite's
 * answer is NULL when a row is, column by column, NULL on either side or equal under the left
 * operand's own collation (not the pair's, which a COLLATE on the subquery's column may set), and
 * only the rows its temporary index keeps count (a row equal under the pair's collations, NULL
 * equal to NULL, replaces the one before it). Found by the random query differential (round
 * 31415926603, query 43: a NOCASE column beside a subquery column with COLLATE RTRIM). A list of
 * row values on the right is SQLite's VALUES subquery, and answers the same way.
 */
class RowValueInNullsDifferentialTests {
    private static final String[] VALUES = {"NULL", "'abc'", "'ABC'", "'abc '", "'ABC '", "'x'", "1", "'1'", "1.0"};
    private static final String[] COLLATIONS = {"", " COLLATE NOCASE", " COLLATE RTRIM", " COLLATE BINARY"};

    @Test
    void theNullSearchComparesUnderTheLeftOperandsCollation() throws SQLException {
        assertSame(
                "CREATE TABLE t(y TEXT COLLATE NOCASE)",
                "INSERT INTO t VALUES ('ABC')",
                "CREATE TABLE u(p TEXT, q TEXT COLLATE RTRIM, r TEXT COLLATE NOCASE)",
                "INSERT INTO u VALUES (NULL, 'abc', 'ABC '), ('x', 'ABC ', NULL), (NULL, 'abc ', 'abc')",
                "SELECT ('x', y) NOT IN (SELECT NULL, 'abc' UNION ALL SELECT 1, 2 COLLATE RTRIM) FROM t",
                "SELECT ('x', y) NOT IN (SELECT NULL, 'abc' COLLATE RTRIM) FROM t",
                "SELECT ('x', y) IN (SELECT p, q FROM u), ('x', y COLLATE BINARY) IN (SELECT p, q FROM u) FROM t",
                "SELECT ('x', 'abc') IN (SELECT p, q FROM u), ('x', 'abc') IN (SELECT p, q || '' FROM u)",
                "SELECT ('x', 'abc') IN (SELECT p, r FROM u), ('x', 'ABC') NOT IN (SELECT p, r FROM u),"
                        + " ('y', 'ABC') NOT IN (SELECT p, r COLLATE BINARY FROM u)",
                "SELECT (NULL, y) IN (SELECT p, q FROM u), (NULL, 'zz') IN (SELECT p, q FROM u),"
                        + " ('x', 'ABC') IN (SELECT p, q FROM u) FROM t");
    }

    /** Random rows, collations on both sides and left operands, against native SQLite. */
    @Test
    void randomVectorsWithNullsAndCollationsMatchNativeSqlite() throws SQLException {
        long seed = ReplaySeed.announce("RowValueInNullsDifferentialTests");
        Random r = new Random(seed);
        for (int round = 0; round < 6; round++) {
            List<String> script = new ArrayList<>();
            script.add("CREATE TABLE t(id INTEGER PRIMARY KEY, a" + pick(r, COLLATIONS) + ", b TEXT" + pick(r, COLLATIONS) + ")");
            script.add("CREATE TABLE u(p" + pick(r, COLLATIONS) + ", q TEXT" + pick(r, COLLATIONS) + ", s" + pick(r, COLLATIONS) + ")");
            for (int i = 1; i <= 6; i++) {
                script.add("INSERT INTO t VALUES (" + i + ", " + pick(r, VALUES) + ", " + pick(r, VALUES) + ")");
            }
            for (int i = 0; i < 5 + r.nextInt(4); i++) {
                script.add("INSERT INTO u VALUES (" + pick(r, VALUES) + ", " + pick(r, VALUES) + ", " + pick(r, VALUES) + ")");
            }
            String[] cols = {"p", "q", "s", "p || ''", "q || ''"};
            for (int k = 0; k < 25; k++) {
                String left = "(" + side(r, "a") + ", " + side(r, "b") + ")";
                String right = "SELECT " + pick(r, cols) + pick(r, COLLATIONS) + ", " + pick(r, cols) + pick(r, COLLATIONS)
                        + " FROM u" + (r.nextInt(3) == 0 ? " WHERE rowid > 2" : "");
                if (r.nextInt(3) == 0) { // a list of row values: SQLite makes it a VALUES subquery
                    StringBuilder list = new StringBuilder();
                    for (int v = 0; v < 1 + r.nextInt(4); v++) {
                        list.append(v == 0 ? "" : ", ").append('(').append(pick(r, VALUES)).append(pick(r, COLLATIONS))
                                .append(", ").append(pick(r, VALUES)).append(pick(r, COLLATIONS)).append(')');
                    }
                    right = list.toString();
                }
                String in = left + (r.nextBoolean() ? " NOT" : "") + " IN (" + right + ")";
                script.add(r.nextBoolean() ? "SELECT id, " + in + " FROM t ORDER BY id"
                        : "SELECT id FROM t WHERE " + (r.nextBoolean() ? "" : "NOT ") + in + " ORDER BY id");
            }
            assertSame(script.toArray(new String[0]));
        }
    }

    private static String side(Random r, String column) {
        return switch (r.nextInt(4)) {
            case 0 -> pick(r, VALUES);
            case 1 -> column + pick(r, COLLATIONS);
            default -> column;
        };
    }

    private static String pick(Random r, String[] from) {
        return from[r.nextInt(from.length)];
    }
}
