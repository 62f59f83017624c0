package io.onelite.btree;

import io.onelite.testing.ReplaySeed;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The integer fast path of index seeks ({@link KeyCompare#compareFirstInteger}) decides exactly
 * as the full record comparison does, or leaves the decision to it.
 */
class IntegerKeyCompareTests {
    @TempDir
    Path dir;

    /** Column 0 values around every integer serial type's bounds, and the other kinds. */
    private static final Object[] FIRST = {null, 0L, 1L, -1L, 2L, 127L, 128L, -128L, -129L, 32767L, 32768L,
        -32769L, 8388607L, 8388608L, -8388609L, 2147483647L, 2147483648L, -2147483649L, 140737488355327L,
        140737488355328L, -140737488355329L, Long.MAX_VALUE, Long.MIN_VALUE, 0.5, -3.0, 1e300, "7", "", new byte[] {1}};

    @Test
    void theFastPathAgreesWithTheFullComparisonOrDefersToIt() {
        long seed = ReplaySeed.announce("IntegerKeyCompareTests");
        Random r = new Random(seed);
        int decided = 0;
        for (int n = 0; n < 20_000; n++) {
            Object first = r.nextInt(4) == 0 ? (Object) (r.nextLong() >> r.nextInt(64)) : FIRST[r.nextInt(FIRST.length)];
            byte[] rec = Record.encode(first, r.nextLong() >> r.nextInt(64));
            long k = switch (r.nextInt(3)) {
                case 0 -> first instanceof Long l ? l : 0L;
                case 1 -> first instanceof Long l ? l + (r.nextBoolean() ? 1 : -1) : r.nextLong();
                default -> r.nextLong() >> r.nextInt(64);
            };
            int fast = KeyCompare.compareFirstInteger(rec, 0, rec.length, k);
            int full = Integer.signum(KeyCompare.compare(rec, 0, rec.length, new Object[] {k}, KeyInfo.BINARY));
            if (fast != KeyCompare.UNDECIDED) {
                decided++;
                assertThat(fast).as("record (%s, ...) against %d", first, k).isEqualTo(full);
            } else {
                assertThat(first).as("only non-integers defer").isNotInstanceOf(Long.class);
            }
        }
        assertThat(decided).isGreaterThan(10_000);
    }

    @Test
    void aRecordTooShortForItsFirstIntegerIsLeftToTheCheckedComparison() {
        byte[] rec = Record.encode(123456789L, 1L); // column 0 is serial type 4 (4 bytes)
        assertThat(KeyCompare.compareFirstInteger(rec, 0, 4, 5L)).isEqualTo(KeyCompare.UNDECIDED);
        assertThat(KeyCompare.compareFirstInteger(rec, 0, 1, 5L)).isEqualTo(KeyCompare.UNDECIDED);
        assertThat(KeyCompare.compareFirstInteger(rec, 0, rec.length, 5L)).isEqualTo(1);
    }

    /** Integer lookups through ascending and descending indexes over a column of mixed types, beside native SQLite. */
    @Test
    void integerLookupsThroughMixedTypeIndexesMatchNativeSqlite() throws SQLException {
        List<List<String>> expected = lookups("jdbc:sqlite:" + dir.resolve("native.db"));
        List<List<String>> actual = lookups("jdbc:onelite:" + dir.resolve("onelite.db"));
        assertThat(actual).isEqualTo(expected);
        assertThat(expected.stream().mapToInt(List::size).sum()).isGreaterThan(100);
    }

    private static List<List<String>> lookups(String url) throws SQLException {
        List<List<String>> out = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.execute("create table t (id integer primary key, k, j)");
            s.execute("create index t_k on t(k)");
            s.execute("create index t_kd on t(k desc, j)");
            c.setAutoCommit(false);
            try (PreparedStatement ins = c.prepareStatement("insert into t (k, j) values (?, ?)")) {
                for (int i = 0; i < 3000; i++) {
                    Object k = switch (i % 6) {
                        case 0 -> null;
                        case 1 -> (double) (i % 50) + 0.5;
                        case 2 -> Integer.toString(i % 40);
                        case 3 -> (long) (i % 40) * ((i & 1) == 0 ? 1 : -1) * 1_000_003L;
                        default -> (long) (i % 97) - 48;
                    };
                    ins.setObject(1, k);
                    ins.setLong(2, i % 7);
                    ins.executeUpdate();
                }
            }
            c.commit();
            c.setAutoCommit(true);
            String[] queries = {
                "select id from t indexed by t_k where k = ? order by id",
                "select id from t indexed by t_kd where k = ? order by id",
                "select id from t indexed by t_kd where k = ? and j = 3 order by id",
                "select count(*) from t indexed by t_k where k > ?",
                "select count(*) from t indexed by t_kd where k < ?"};
            for (String q : queries) {
                try (PreparedStatement p = c.prepareStatement(q)) {
                    for (long k = -60; k <= 60; k += 3) {
                        for (long key : new long[] {k, k * 1_000_003L}) {
                            p.setLong(1, key);
                            List<String> rows = new ArrayList<>();
                            rows.add(q + " / " + key);
                            try (ResultSet rs = p.executeQuery()) {
                                while (rs.next()) {
                                    rows.add(rs.getString(1));
                                }
                            }
                            out.add(rows);
                        }
                    }
                }
            }
        }
        return out;
    }
}
