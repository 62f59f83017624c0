package io.onelite.exec;

import io.onelite.api.Database;
import io.onelite.api.DatabaseOptions;
import io.onelite.api.Session;
import io.onelite.api.Statement;
import io.onelite.common.OneLiteException;
import io.onelite.exec.value.TestSeeds;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * GROUP BY, DISTINCT, UNION/INTERSECT/EXCEPT and window functions with a sorter budget of a few
 * rows, so that each of them spills through {@link ExternalSorter}: against native SQLite (the
 * same rows; the same order where the query defines one) and against the default budget (the
 * same rows in the same order). Spill files must be gone after a query ends, is closed early,
 * fails or is interrupted. Prints its seed ({@code -Dseed=N} replays).
 */
class SpillingOperatorTests {
    @TempDir
    Path spillDir;
    private int savedRows;
    private long savedBytes;

    @BeforeEach
    void tinyBudget() {
        savedRows = ExternalSorter.memoryRows();
        savedBytes = ExternalSorter.memoryBytes();
        ExternalSorter.setMemoryRows(3);
        ExternalSorter.setTempDirectory(spillDir);
    }

    @AfterEach
    void restore() {
        ExternalSorter.setMemoryRows(savedRows);
        ExternalSorter.setMemoryBytes(savedBytes);
        ExternalSorter.setTempDirectory(null);
    }

    private List<String> oneLite(Session s, String sql) throws Exception {
        List<String> rows = new ArrayList<>();
        try (Statement st = s.prepare(sql)) {
            while (st.step()) {
                rows.add(ExactRows.row(st));
            }
        }
        assertThat(ExternalSorter.SPILLS_OPEN.get()).as("open spill files after " + sql).isZero();
        return rows;
    }

    /** The rows with the default budget (nothing spills at these sizes). */
    private List<String> inMemory(Session s, String sql) throws Exception {
        int rows = ExternalSorter.memoryRows();
        ExternalSorter.setMemoryRows(1_000_000);
        try {
            return oneLite(s, sql);
        } finally {
            ExternalSorter.setMemoryRows(rows);
        }
    }

    private List<Path> leftovers() throws Exception {
        return ExactRows.filesIn(spillDir);
    }

    private static String value(Random r) {
        return switch (r.nextInt(8)) {
            case 0 -> "NULL";
            case 1 -> Integer.toString(r.nextInt(12) - 6);
            case 2 -> (r.nextInt(12) - 6) + ".25";
            case 3 -> "'" + (r.nextBoolean() ? "a" : "A") + r.nextInt(4) + (r.nextBoolean() ? " " : "") + "'";
            case 4 -> "x'" + String.format("%02x", r.nextInt(4)) + "'";
            case 5 -> "''";
            case 6 -> "'" + (r.nextBoolean() ? "b" : "B") + "'";
            default -> Integer.toString(r.nextInt(3));
        };
    }

    private static void fill(Session s, Connection c, Random r, int rows) throws Exception {
        ExactRows.fillBoth(s, c, rows, () -> value(r));
    }

    private static String pick(Random r, String... options) {
        return options[r.nextInt(options.length)];
    }

    private static String where(Random r) {
        return pick(r, "", " WHERE id % 3 <> 1", " WHERE id > 20", " WHERE a IS NOT NULL");
    }

    /** A GROUP BY query whose aggregates do not depend on the order of a group's rows. */
    private static String groupBy(Random r) {
        String[] keys = {"a", "b", "c", "d", "a COLLATE NOCASE", "typeof(a)", "length(b)", "b, c", "d, a",
            "c COLLATE BINARY", "id % 7"};
        String g = pick(r, keys);
        String having = pick(r, "", "", " HAVING count(*) > 1", " HAVING sum(d) IS NOT NULL");
        String aggs = pick(r, "count(*), sum(d), min(a), max(c)", "count(DISTINCT b), total(id), avg(d)",
                "count(*) FILTER (WHERE id % 2 = 0), max(d), min(b)", "min(id), max(id), count(a)");
        // the key shows only where it has one spelling: which row of a NOCASE/RTRIM group
        // lends its spelling differs from SQLite (docs/compat.md)
        String select = g.equals("a") || g.equals("d") || g.equals("d, a") ? g + ", " : "";
        String columns = select + aggs;
        String order = r.nextBoolean() ? "" : totalOrder(r, columns.split(",").length);
        return "SELECT " + columns + " FROM t" + where(r) + " GROUP BY " + g + having + order;
    }

    /** ORDER BY every result column, so that only equal rows tie and native SQLite's tie order cannot show. */
    private static String totalOrder(Random r, int columns) {
        StringBuilder sb = new StringBuilder(" ORDER BY ");
        for (int i = 1; i <= columns; i++) {
            sb.append(i == 1 ? "" : ", ").append(i).append(r.nextBoolean() ? " DESC" : "");
        }
        return sb.toString();
    }

    private static String distinct(Random r) {
        String cols = pick(r, "a", "b", "c", "a, b", "b, c", "d", "typeof(a), b", "c COLLATE BINARY",
                "b COLLATE RTRIM", "upper(b)");
        String order = r.nextBoolean() ? "" : totalOrder(r, cols.split(",").length) + pick(r, "", " LIMIT 5");
        return "SELECT DISTINCT " + cols + " FROM t" + where(r) + order;
    }

    private static String compound(Random r) {
        String[] cols = {"a", "b", "c", "d", "upper(b)", "a COLLATE NOCASE", "id % 5"};
        String col = pick(r, cols);
        StringBuilder sql = new StringBuilder("SELECT " + col + " FROM t" + where(r));
        int parts = 1 + r.nextInt(3);
        for (int i = 0; i < parts; i++) {
            sql.append(pick(r, " UNION ", " INTERSECT ", " EXCEPT ", " UNION ALL "))
                    .append("SELECT ").append(pick(r, cols)).append(" FROM t").append(where(r));
        }
        return sql + pick(r, "", "", " ORDER BY 1", " ORDER BY 1 DESC LIMIT 7");
    }

    /** Window functions over a total order (the id ends every ORDER BY), so native SQLite agrees row by row. */
    private static String window(Random r) {
        String part = pick(r, "", "PARTITION BY b ", "PARTITION BY c ", "PARTITION BY typeof(a) ", "PARTITION BY b, c ");
        String order = pick(r, "ORDER BY id", "ORDER BY d, id", "ORDER BY b DESC, id", "ORDER BY a NULLS LAST, id");
        String frame = pick(r, "", "", " ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING",
                " GROUPS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING", " ROWS 2 PRECEDING");
        String fn = pick(r, "row_number()", "rank()", "count(*)", "sum(id)", "lag(a)", "first_value(c)",
                "max(id)", "ntile(3)", "group_concat(id, '.')");
        boolean ranking = fn.equals("row_number()") || fn.equals("rank()") || fn.equals("ntile(3)") || fn.equals("lag(a)");
        String w = part + order + (ranking ? "" : frame);
        String second = r.nextBoolean() ? "" : ", count(*) OVER (PARTITION BY a ORDER BY id)";
        return "SELECT id, " + fn + " OVER (" + w + ")" + second + " FROM t" + where(r) + " ORDER BY id";
    }

    @Test
    void spilledGroupByDistinctCompoundsAndWindowsMatchNativeSqliteAndTheInMemoryPath() throws Exception {
        long seed = TestSeeds.seed();
        System.out.println("SpillingOperatorTests seed " + seed);
        Random r = new Random(seed);
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession();
             Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            fill(s, c, r, 120);
            long spillsBefore = ExternalSorter.SPILLS_CREATED.get();
            for (int q = 0; q < 240; q++) {
                String sql = switch (q % 4) {
                    case 0 -> groupBy(r);
                    case 1 -> distinct(r);
                    case 2 -> compound(r);
                    default -> window(r);
                };
                List<String> spilled = oneLite(s, sql);
                assertThat(spilled).as("seed " + seed + ", in memory: " + sql).isEqualTo(inMemory(s, sql));
                assertThat(spilled).as("seed " + seed + ", native: " + sql).isEqualTo(ExactRows.sqlite(c, sql));
            }
            assertThat(ExternalSorter.SPILLS_CREATED.get()).as("the spill path ran").isGreaterThan(spillsBefore + 100);
            // orders native SQLite leaves to its implementation: the same rows, and the in-memory order
            String[] loose = {
                "SELECT b, group_concat(id) FROM t GROUP BY b",
                "SELECT a, count(*) OVER (PARTITION BY b), row_number() OVER (ORDER BY d) FROM t",
                "SELECT DISTINCT b, count(*) OVER (PARTITION BY b) FROM t",
                "SELECT DISTINCT count(*), b FROM t GROUP BY b, c",
                "SELECT b, sum(id), rank() OVER (ORDER BY sum(id)) FROM t GROUP BY b",
            };
            for (String sql : loose) {
                List<String> spilled = oneLite(s, sql);
                assertThat(spilled).as(sql).isEqualTo(inMemory(s, sql));
                assertThat(spilled).as(sql).containsExactlyInAnyOrderElementsOf(ExactRows.sqlite(c, sql));
            }
        }
        assertThat(leftovers()).isEmpty();
    }

    @Test
    void jsonValuesKeepTheirSubtypeThroughASpill() throws Exception {
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession();
             Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            ExactRows.both(s, c, "CREATE TABLE j(id INTEGER PRIMARY KEY, g, x)");
            ExactRows.both(s, c, "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 400) "
                    + "INSERT INTO j(g, x) SELECT i % 13, i * 7 % 50 FROM n");
            // SQLite's sorter keeps the subtype of window arguments and of GROUP BY aggregate arguments
            for (String sql : new String[]{
                "SELECT g, json_group_array(json_array(x)) FROM j GROUP BY g",
                "SELECT id, json_group_array(json_array(x)) OVER (PARTITION BY g ORDER BY id ROWS 2 PRECEDING) "
                    + "FROM j ORDER BY id",
                "SELECT json_group_array(json_object('x', x)) OVER (ORDER BY x, id) FROM j ORDER BY id LIMIT 5",
            }) {
                List<String> spilled = oneLite(s, sql);
                assertThat(spilled).as(sql).isEqualTo(ExactRows.sqlite(c, sql)).isEqualTo(inMemory(s, sql));
                assertThat(spilled.get(0)).as("embedded as JSON, not quoted").doesNotContain("\"[").doesNotContain("\"{");
            }
            // a sorted subquery's JSON values leave it as text, spilled or not, as SQLite drops the
            // subtype where a value leaves a FROM subquery
            String sub = "SELECT json_group_array(v) FROM (SELECT json_array(x) AS v FROM j ORDER BY x, id)";
            List<String> spilled = oneLite(s, sub);
            assertThat(spilled).isEqualTo(inMemory(s, sub)).isEqualTo(ExactRows.sqlite(c, sub));
            assertThat(spilled.get(0)).startsWith("T[\"[0]\",\"[0]\",");
        }
    }

    @Test
    void theByteBudgetSpillsLargeRowsLongBeforeTheRowBudget() throws Exception {
        ExternalSorter.setMemoryRows(1_000_000);
        ExternalSorter.setMemoryBytes(64 * 1024);
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession();
             Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            ExactRows.both(s, c, "CREATE TABLE big(id INTEGER PRIMARY KEY, k, v)");
            ExactRows.both(s, c, "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300) "
                    + "INSERT INTO big(k, v) SELECT i * 37 % 101, zeroblob(2000) FROM n");
            long before = ExternalSorter.SPILLS_CREATED.get();
            String sql = "SELECT k, length(v), id FROM (SELECT k, v, id FROM big ORDER BY k DESC, id)";
            assertThat(oneLite(s, sql)).isEqualTo(ExactRows.sqlite(c, sql));
            assertThat(ExternalSorter.SPILLS_CREATED.get()).as("300 rows of 2 KB pass 64 KB").isEqualTo(before + 1);
            String distinct = "SELECT DISTINCT k, v FROM big";
            assertThat(oneLite(s, distinct)).hasSize(101);
            assertThat(ExternalSorter.SPILLS_CREATED.get()).isGreaterThan(before + 1);
        }
    }

    @Test
    void spillFilesAreReleasedWhenAnOperatorIsClosedEarlyFailsOrIsInterrupted() throws Exception {
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession()) {
            s.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, x, y TEXT COLLATE NOCASE)");
            s.execute("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000) "
                    + "INSERT INTO t(x, y) SELECT i * 7 % 1000, 'v' || (i % 400) FROM n");
            String[] queries = {
                "SELECT x, count(*) FROM t GROUP BY x",
                "SELECT DISTINCT y FROM t",
                "SELECT x FROM t UNION SELECT id FROM t",
                "SELECT x FROM t INTERSECT SELECT id FROM t",
                "SELECT id, sum(x) OVER (PARTITION BY y ORDER BY id) FROM t",
            };
            for (String sql : queries) {
                long created = ExternalSorter.SPILLS_CREATED.get();
                // closed after a few rows (DISTINCT streams its first rows before it spills)
                try (Statement st = s.prepare(sql)) {
                    for (int i = 0; i < 10; i++) {
                        assertThat(st.step()).as(sql).isTrue();
                    }
                }
                assertThat(ExternalSorter.SPILLS_CREATED.get()).as(sql).isGreaterThan(created);
                assertThat(ExternalSorter.SPILLS_OPEN.get()).as(sql).isZero();
                // reset after one row, then to the end
                try (Statement st = s.prepare(sql)) {
                    assertThat(st.step()).isTrue();
                    st.reset();
                    assertThat(ExternalSorter.SPILLS_OPEN.get()).as(sql).isZero();
                    int n = 0;
                    while (st.step()) {
                        n++;
                    }
                    assertThat(n).as(sql).isPositive();
                }
                assertThat(ExternalSorter.SPILLS_OPEN.get()).as(sql).isZero();
                assertThat(leftovers()).as(sql).isEmpty();
            }
            // failing part-way through the input, after runs were spilled
            String overflow = "CASE WHEN id = 2500 THEN abs(-9223372036854775807 - 1) ELSE x END";
            for (String sql : new String[]{
                "SELECT " + overflow + ", count(*) FROM t GROUP BY 1",
                "SELECT DISTINCT " + overflow + " FROM t",
                "SELECT x FROM t UNION SELECT " + overflow + " FROM t",
                "SELECT sum(" + overflow + ") OVER (PARTITION BY y) FROM t",
            }) {
                assertThatThrownBy(() -> oneLite(s, sql)).as(sql)
                        .isInstanceOf(OneLiteException.class).hasMessageContaining("integer overflow");
                assertThat(ExternalSorter.SPILLS_OPEN.get()).as(sql).isZero();
            }
            // interrupted while streaming the spilled groups
            ExactRows.assertInterruptStopsTheStream(s, "SELECT x, count(*) FROM t GROUP BY x");
        }
        assertThat(leftovers()).isEmpty();
    }
}
