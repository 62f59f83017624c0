package io.onelite.exec.value;

import io.onelite.btree.Collation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.BinaryOperator;
import java.util.function.UnaryOperator;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Operators, casts, affinity and comparison against native SQLite on thousands of random
 * operands. Each test prints its seed; failures list every mismatch.
 */
class SqlValuesDifferentialTests {
    static NativeOracle oracle;

    @BeforeAll
    static void open() {
        oracle = new NativeOracle();
    }

    @AfterAll
    static void close() {
        oracle.close();
    }

    private static long seed() {
        long seed = io.onelite.exec.value.TestSeeds.seed();
        System.out.println("seed " + seed);
        return seed;
    }

    private final List<String> failures = new ArrayList<>();
    private int checked;

    private void check(String what, NativeOracle.Result expected, Object actual) {
        checked++;
        if (expected.error() != null || !NativeOracle.same(expected.value(), actual)) {
            if (failures.size() < 40) {
                failures.add(what + ": native " + expected + " vs ours " + NativeOracle.describe(actual));
            }
        }
    }

    private void assertNoFailures() {
        System.out.println(getClass().getSimpleName() + ": " + checked + " checked");
        assertThat(failures).isEmpty();
    }

    private static String d(Object v) {
        return NativeOracle.describe(v);
    }

    @Test
    void binaryOperatorsMatchNativeSqlite() {
        Random random = new Random(seed());
        ValueGen gen = new ValueGen(random);
        record Op(String sql, BinaryOperator<Object> ours) {
        }
        List<Op> ops = List.of(new Op("+", SqlValues::add), new Op("-", SqlValues::subtract),
                new Op("*", SqlValues::multiply), new Op("/", SqlValues::divide), new Op("%", SqlValues::remainder),
                new Op("||", SqlValues::concat), new Op("&", SqlValues::bitAnd), new Op("|", SqlValues::bitOr),
                new Op("<<", SqlValues::shiftLeft), new Op(">>", SqlValues::shiftRight));
        for (int i = 0; i < 6000; i++) {
            Op op = ops.get(i % ops.size());
            Object a = gen.any();
            Object b = gen.any();
            check(d(a) + " " + op.sql() + " " + d(b), oracle.eval("? " + op.sql() + " ?", a, b), op.ours().apply(a, b));
        }
        assertNoFailures();
    }

    @Test
    void unaryOperatorsAndCastsMatchNativeSqlite() {
        Random random = new Random(seed());
        ValueGen gen = new ValueGen(random);
        record Op(String sql, UnaryOperator<Object> ours) {
        }
        List<Op> ops = new ArrayList<>(List.of(new Op("- ?", SqlValues::negate), new Op("~ ?", SqlValues::bitNot),
                new Op("NOT ?", SqlValues::not), new Op("+ ?", SqlValues::plus)));
        for (String type : List.of("INTEGER", "INT", "TEXT", "REAL", "NUMERIC", "BLOB", "VARCHAR(10)", "DOUBLE",
                "DECIMAL(10,2)", "BOOLEAN", "FLOAT", "DATETIME", "CLOB", "BIGINT", "STRING")) {
            ops.add(new Op("CAST(? AS " + type + ")", v -> SqlValues.cast(v, type)));
        }
        for (int i = 0; i < 6000; i++) {
            Op op = ops.get(i % ops.size());
            Object a = gen.any();
            check(op.sql() + " with " + d(a), oracle.eval(op.sql(), a), op.ours().apply(a));
        }
        assertNoFailures();
    }

    @Test
    void realToTextMatchesNativeRendering() {
        Random random = new Random(seed());
        ValueGen gen = new ValueGen(random);
        for (int i = 0; i < 4000; i++) {
            Double r = gen.real();
            check("CAST(" + r + " AS TEXT)", oracle.eval("CAST(? AS TEXT)", r), SqlValues.toText(r));
        }
        assertNoFailures();
    }

    @Test
    void columnAffinityMatchesNativeStorage() {
        Random random = new Random(seed());
        ValueGen gen = new ValueGen(random);
        oracle.execute("CREATE TABLE IF NOT EXISTS aff(i INTEGER, r REAL, n NUMERIC, t TEXT, b BLOB)");
        String[] cols = {"i", "r", "n", "t", "b"};
        Affinity[] affs = {Affinity.INTEGER, Affinity.REAL, Affinity.NUMERIC, Affinity.TEXT, Affinity.BLOB};
        for (int i = 0; i < 3000; i++) {
            Object v = gen.any();
            oracle.execute("DELETE FROM aff");
            try (var ps = oracle.connection().prepareStatement("INSERT INTO aff VALUES (?,?,?,?,?)")) {
                for (int c = 1; c <= 5; c++) {
                    NativeOracle.bind(ps, c, v);
                }
                ps.executeUpdate();
            } catch (java.sql.SQLException e) {
                throw new IllegalStateException(e);
            }
            for (int c = 0; c < 5; c++) {
                check(cols[c] + " affinity of " + d(v), oracle.query("SELECT typeof(" + cols[c] + "), " + cols[c] + " FROM aff"),
                        SqlValues.applyAffinity(v, affs[c]));
            }
        }
        assertNoFailures();
    }

    @Test
    void comparisonsWithColumnAffinityMatchNativeSqlite() {
        Random random = new Random(seed());
        ValueGen gen = new ValueGen(random);
        oracle.execute("CREATE TABLE IF NOT EXISTS cmp(i INTEGER, r REAL, n NUMERIC, t TEXT, b BLOB, x)");
        String[] cols = {"i", "r", "n", "t", "b"};
        Affinity[] affs = {Affinity.INTEGER, Affinity.REAL, Affinity.NUMERIC, Affinity.TEXT, Affinity.BLOB};
        String[] ops = {"<", "<=", "=", "<>", ">", ">=", "IS"};
        for (int i = 0; i < 1500; i++) {
            Object v = gen.any();
            Object w = gen.any();
            oracle.execute("DELETE FROM cmp");
            try (var ps = oracle.connection().prepareStatement("INSERT INTO cmp VALUES (?,?,?,?,?,?)")) {
                for (int c = 1; c <= 6; c++) {
                    NativeOracle.bind(ps, c, v);
                }
                ps.executeUpdate();
            } catch (java.sql.SQLException e) {
                throw new IllegalStateException(e);
            }
            int c = random.nextInt(5);
            int c2 = random.nextInt(5);
            String op = ops[random.nextInt(ops.length)];
            Object stored = SqlValues.applyAffinity(v, affs[c]);
            Object stored2 = SqlValues.applyAffinity(v, affs[c2]);
            // column vs parameter (no affinity)
            SqlValues.Operands o = SqlValues.applyComparisonAffinity(stored, affs[c], w, null);
            check(cols[c] + "=" + d(v) + " " + op + " " + d(w),
                    oracle.query("SELECT typeof(v), v FROM (SELECT (" + cols[c] + " " + op + " ?) AS v FROM cmp)", w),
                    compareResult(op, o.left(), o.right()));
            // column vs column
            SqlValues.Operands o2 = SqlValues.applyComparisonAffinity(stored, affs[c], stored2, affs[c2]);
            check(cols[c] + " " + op + " " + cols[c2] + " with " + d(v),
                    oracle.query("SELECT typeof(v), v FROM (SELECT (" + cols[c] + " " + op + " " + cols[c2] + ") AS v FROM cmp)"),
                    compareResult(op, o2.left(), o2.right()));
            // column vs untyped column x (BLOB affinity, a column)
            SqlValues.Operands o3 = SqlValues.applyComparisonAffinity(stored, affs[c], v, Affinity.BLOB);
            check(cols[c] + " " + op + " x with " + d(v),
                    oracle.query("SELECT typeof(v), v FROM (SELECT (" + cols[c] + " " + op + " x) AS v FROM cmp)"),
                    compareResult(op, o3.left(), o3.right()));
        }
        assertNoFailures();
    }

    static Object compareResult(String op, Object a, Object b) {
        if (op.equals("IS")) {
            return SqlValues.equals(a, b, Collation.BINARY) ? 1L : 0L;
        }
        if (a == null || b == null) {
            return null;
        }
        int c = SqlValues.compare(a, b, Collation.BINARY);
        boolean r = switch (op) {
            case "<" -> c < 0;
            case "<=" -> c <= 0;
            case "=" -> c == 0;
            case "<>" -> c != 0;
            case ">" -> c > 0;
            default -> c >= 0;
        };
        return r ? 1L : 0L;
    }

    @Test
    void likeAndGlobMatchNativeSqlite() {
        Random random = new Random(seed());
        String alphabet = "aAbB%_*?[]^-\\é";
        for (int i = 0; i < 6000; i++) {
            String p = randomString(random, "aAbB%_*?[]^-\\é", 6);
            String t = randomString(random, "aAbB%_[]^-\\é", 6);
            check(d(t) + " GLOB " + d(p), oracle.eval("? GLOB ?", t, p), SqlValues.glob(p, t) ? 1L : 0L);
            check(d(t) + " LIKE " + d(p), oracle.eval("? LIKE ?", t, p), SqlValues.like(p, t, null, false) ? 1L : 0L);
            check(d(t) + " LIKE " + d(p) + " ESCAPE '\\'", oracle.eval("? LIKE ? ESCAPE '\\'", t, p),
                    SqlValues.like(p, t, "\\", false) ? 1L : 0L);
        }
        assertThat(alphabet).isNotEmpty();
        assertNoFailures();
    }

    static String randomString(Random random, String alphabet, int max) {
        int n = random.nextInt(max + 1);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            sb.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return sb.toString();
    }

    @Test
    void orderingMatchesNativeSort() {
        Random random = new Random(seed());
        ValueGen gen = new ValueGen(random);
        for (int i = 0; i < 3000; i++) {
            Object a = gen.any();
            Object b = gen.any();
            NativeOracle.Result r = oracle.query(
                    "SELECT 'integer', (SELECT count(*) FROM (SELECT ? AS v UNION ALL SELECT ?) WHERE 0) + "
                            + "(SELECT CASE WHEN x.v IS y.v THEN 0 WHEN x.v IS NULL THEN -1 WHEN y.v IS NULL THEN 1 "
                            + "WHEN x.v < y.v THEN -1 ELSE 1 END "
                            + "FROM (SELECT ? AS v) x, (SELECT ? AS v) y)", a, b, a, b);
            check("order " + d(a) + " vs " + d(b), r, (long) SqlValues.compare(a, b, Collation.BINARY));
        }
        assertNoFailures();
    }
}
