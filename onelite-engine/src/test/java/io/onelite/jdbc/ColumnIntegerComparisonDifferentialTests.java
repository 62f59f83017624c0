package io.onelite.jdbc;

import io.onelite.testing.ReplaySeed;
import org.junit.jupiter.api.Test;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static io.onelite.jdbc.WithoutRowidDifferentialTests.assertSame;

/**
 * A table column compared with an integer ({@code x >= 0}, {@code 5 < x}, {@code x IS ?}) is
 * compared in the row's record without making a value of the column; text, blobs, REAL columns,
 * VIRTUAL columns and columns an older record lacks go the general way. Every storage class in
 * columns of every affinity, each operator and both operand orders, against native SQLite.
 */
class ColumnIntegerComparisonDifferentialTests {
    private static final String[] VALUES = {"NULL", "0", "1", "-1", "5", "7", "127", "128", "-129", "40000",
        "9223372036854775807", "-9223372036854775808", "4.5", "5.0", "-0.5", "1e20", "'5'", "' 5'", "'abc'",
        "'7x'", "x'05'", "x''", "''"};
    private static final String[] OPS = {"=", "<>", "<", "<=", ">", ">=", "IS", "IS NOT", "=="};
    private static final String[] KEYS = {"0", "1", "5", "-1", "127", "128", "9223372036854775807",
        "-9223372036854775808", "40000"};

    @Test
    void integerComparisonsOfEveryStorageClassMatchNativeSqlite() throws SQLException {
        long seed = ReplaySeed.announce("ColumnIntegerComparisonDifferentialTests");
        Random r = new Random(seed);
        List<String> script = new ArrayList<>();
        script.add("CREATE TABLE t(id INTEGER PRIMARY KEY, a, i INTEGER, n NUMERIC, x TEXT, b BLOB, f REAL,"
                + " g AS (i + 1) VIRTUAL, s AS (a) STORED)");
        script.add("CREATE TABLE w(k INT PRIMARY KEY, a, i INTEGER) WITHOUT ROWID");
        for (int id = 1; id <= 40; id++) {
            String v = VALUES[(id - 1) % VALUES.length];
            String u = VALUES[r.nextInt(VALUES.length)];
            script.add("INSERT INTO t(id, a, i, n, x, b, f) VALUES (" + id + ", " + v + ", " + u + ", " + v + ", "
                    + u + ", " + v + ", " + u + ")");
            script.add("INSERT OR IGNORE INTO w VALUES (" + id + ", " + v + ", " + u + ")");
        }
        // rows older than a column: without a default they read NULL, with one the default
        script.add("ALTER TABLE t ADD COLUMN late");
        script.add("ALTER TABLE t ADD COLUMN late5 INTEGER DEFAULT 5");
        script.add("INSERT INTO t(id, a, late, late5) VALUES (100, 3, 3, 3)");
        String[] columns = {"a", "i", "n", "x", "b", "f", "g", "s", "id", "rowid", "late", "late5"};
        for (int q = 0; q < 150; q++) {
            String col = columns[r.nextInt(columns.length)];
            String op = OPS[r.nextInt(OPS.length)];
            String key = KEYS[r.nextInt(KEYS.length)];
            String cmp = r.nextBoolean() ? col + " " + op + " " + key : key + " " + op + " " + col;
            script.add(r.nextBoolean() ? "SELECT id FROM t WHERE " + cmp + " ORDER BY id"
                    : "SELECT id, " + cmp + " FROM t ORDER BY id");
        }
        for (int q = 0; q < 30; q++) {
            String col = new String[] {"k", "a", "i"}[r.nextInt(3)];
            script.add("SELECT k FROM w WHERE " + col + " " + OPS[r.nextInt(OPS.length)] + " "
                    + KEYS[r.nextInt(KEYS.length)] + " ORDER BY k");
        }
        script.add("SELECT count(*) FROM t WHERE i >= 0");
        script.add("UPDATE t SET a = 'hit' WHERE i = 5");
        script.add("SELECT id, a FROM t ORDER BY id");
        assertSame(script.toArray(new String[0]));
    }
}
