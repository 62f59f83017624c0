package io.onelite.btree;

import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

class ValueOrderTests {
    @Test
    void ordersValuesAsNativeSqliteOrderBy() throws Exception {
        long seed = System.nanoTime();
        System.out.println("ValueOrderTests seed " + seed);
        Random r = new Random(seed);
        for (Collation coll : Collation.values()) {
            List<Object> values = randomValues(r, 300);
            List<Object> expected = nativeOrder(values, coll);
            List<Object> mine = new ArrayList<>(values);
            mine.sort((a, b) -> ValueOrder.compare(a, b, coll));
            for (int i = 0; i < mine.size(); i++) {
                assertThat(ValueOrder.compare(mine.get(i), expected.get(i), coll))
                    .as("position %d with %s: %s vs %s", i, coll, show(mine.get(i)), show(expected.get(i))).isZero();
            }
        }
    }

    private static String show(Object o) {
        return o instanceof byte[] b ? java.util.Arrays.toString(b) : String.valueOf(o) + (o == null ? "" : ":" + o.getClass().getSimpleName());
    }

    static List<Object> randomValues(Random r, int n) {
        String[] words = {"", " ", "a", "A", "a ", "ab", "Ab", "b", "\u00e9", "\u20ac", "\ud83d\ude00", "z", "Z", "abc  ", "\uffff"};
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            switch (r.nextInt(8)) {
                case 0 -> out.add(null);
                case 1 -> out.add((long) r.nextInt(20) - 10);
                case 2 -> out.add(r.nextLong() >> r.nextInt(64));
                case 3 -> out.add(r.nextInt(40) / 4.0 - 5);
                case 4 -> out.add(r.nextBoolean() ? 9223372036854775807.0 : (double) (r.nextLong() >> r.nextInt(64)));
                case 5, 6 -> out.add(words[r.nextInt(words.length)] + (r.nextBoolean() ? words[r.nextInt(words.length)] : ""));
                default -> {
                    byte[] b = new byte[r.nextInt(3)];
                    r.nextBytes(b);
                    out.add(b);
                }
            }
        }
        out.add(Long.MAX_VALUE);
        out.add(Long.MIN_VALUE);
        out.add(-9223372036854775808.0);
        return out;
    }

    private static List<Object> nativeOrder(List<Object> values, Collation coll) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            c.createStatement().execute("create table t(v)");
            try (PreparedStatement ps = c.prepareStatement("insert into t values(?)")) {
                for (Object v : values) {
                    ps.setObject(1, v);
                    ps.executeUpdate();
                }
            }
            List<Object> out = new ArrayList<>();
            try (ResultSet rs = c.createStatement().executeQuery("select v from t order by v collate " + coll.name())) {
                while (rs.next()) {
                    out.add(rs.getObject(1) instanceof Integer i ? Long.valueOf(i) : rs.getObject(1));
                }
            }
            return out;
        }
    }

    @Test
    void comparesIntegersWithRealsExactly() {
        assertThat(ValueOrder.compare(Long.MAX_VALUE, 9223372036854775807.0, null)).isNegative();
        assertThat(ValueOrder.compare(9007199254740993L, 9007199254740992.0, null)).isPositive();
        assertThat(ValueOrder.compare(3L, 3.0, null)).isZero();
        assertThat(ValueOrder.compare(-0.0, 0.0, null)).isZero();
        // two REALs and two INTEGERs (the fast path); NaN sorts as NULL, as SQLite stores it
        assertThat(ValueOrder.compare(2.5, 2.25, null)).isPositive();
        assertThat(ValueOrder.compare(-1e300, 1e300, null)).isNegative();
        assertThat(ValueOrder.compare(Double.NaN, -1e300, null)).isNegative();
        assertThat(ValueOrder.compare(-1e300, Double.NaN, null)).isPositive();
        assertThat(ValueOrder.compare(Double.NaN, null, null)).isZero();
        assertThat(ValueOrder.compare(Double.NaN, Double.NaN, null)).isZero();
        assertThat(ValueOrder.compare(Long.MIN_VALUE, Long.MAX_VALUE, null)).isNegative();
        assertThat(ValueOrder.compare(7L, 7L, null)).isZero();
        assertThat(ValueOrder.compare(null, Long.MIN_VALUE, null)).isNegative();
        assertThat(ValueOrder.compare(1e300, "", null)).isNegative();
        assertThat(ValueOrder.compare("z", new byte[0], null)).isNegative();
        Comparator<Object> nocase = (a, b) -> ValueOrder.compare(a, b, Collation.NOCASE);
        assertThat(nocase.compare("ABC", "abc")).isZero();
    }
}
