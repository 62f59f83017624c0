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
 * ORDER BY through {@link ExternalSorter} with a tiny memory budget (so every sort spills many
 * runs) against native SQLite and against the in-memory sort; spill files must be gone after a
 * query ends, is reset early, fails or is interrupted. Prints its seed ({@code -Dseed=N} replays).
 */
class ExternalSortTests {
    @TempDir
    Path spillDir;
    private int savedBudget;

    @BeforeEach
    void tinyBudget() {
        savedBudget = ExternalSorter.memoryRows();
        ExternalSorter.setMemoryRows(7);
        ExternalSorter.setTempDirectory(spillDir);
    }

    @AfterEach
    void restore() {
        ExternalSorter.setMemoryRows(savedBudget);
        ExternalSorter.setTempDirectory(null);
    }

    private List<String> oneLite(Session s, String sql) throws Exception {
        List<String> rows = new ArrayList<>();
        try (Statement st = s.prepare(sql)) {
            while (st.step()) {
                rows.add(ExactRows.row(st));
                assertThat(leftovers()).as("spill files are unlinked while in use").isEmpty();
            }
        }
        assertThat(ExternalSorter.SPILLS_OPEN.get()).as("open spill files after " + sql).isZero();
        return rows;
    }

    private List<Path> leftovers() throws Exception {
        return ExactRows.filesIn(spillDir);
    }

    private static String value(Random r) {
        return switch (r.nextInt(8)) {
            case 0 -> "NULL";
            case 1 -> Integer.toString(r.nextInt(40) - 20);
            case 2 -> (r.nextInt(40) - 20) + ".25";
            case 3 -> "'" + (r.nextBoolean() ? "a" : "A") + r.nextInt(15) + (r.nextBoolean() ? " " : "") + "'";
            case 4 -> "x'" + String.format("%02x", r.nextInt(8)) + "'";
            case 5 -> "''";
            case 6 -> Long.toString(r.nextLong());
            default -> Integer.toString(r.nextInt(3));
        };
    }

    private static void fill(Session s, Connection c, Random r, int rows) throws Exception {
        ExactRows.fillBoth(s, c, rows, () -> value(r));
    }

    @Test
    void spilledSortsMatchNativeSqliteAndTheInMemorySort() throws Exception {
        long seed = TestSeeds.seed();
        System.out.println("ExternalSortTests seed " + seed);
        Random r = new Random(seed);
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession();
             Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            fill(s, c, r, 300);
            String[] terms = {"a", "b", "c", "d", "a COLLATE NOCASE", "b COLLATE BINARY", "c COLLATE NOCASE",
                "a + 0", "length(b)", "typeof(a)"};
            long spillsBefore = ExternalSorter.SPILLS_CREATED.get();
            for (int q = 0; q < 120; q++) {
                StringBuilder order = new StringBuilder();
                int n = 1 + r.nextInt(3);
                for (int k = 0; k < n; k++) {
                    order.append(k == 0 ? "" : ", ").append(terms[r.nextInt(terms.length)])
                            .append(r.nextBoolean() ? " DESC" : "")
                            .append(switch (r.nextInt(3)) {
                                case 0 -> " NULLS FIRST";
                                case 1 -> " NULLS LAST";
                                default -> "";
                            });
                }
                String tail = switch (r.nextInt(4)) {
                    case 0 -> " LIMIT " + (10 + r.nextInt(300));
                    case 1 -> " LIMIT " + r.nextInt(200) + " OFFSET " + r.nextInt(250);
                    case 2 -> " LIMIT -1 OFFSET " + r.nextInt(300);
                    default -> "";
                };
                String where = r.nextBoolean() ? " WHERE id % 4 <> 1" : "";
                // the id makes the order total, so native SQLite's tie order cannot differ
                String total = "SELECT id, a, b, c, d FROM t" + where + " ORDER BY " + order + ", id" + tail;
                assertThat(oneLite(s, total)).as("seed " + seed + ": " + total).isEqualTo(ExactRows.sqlite(c, total));
                // without the id: ties must come out as the in-memory (stable) sort gives them
                String ties = "SELECT id, a, b, c, d FROM t" + where + " ORDER BY " + order + tail;
                List<String> spilled = oneLite(s, ties);
                ExternalSorter.setMemoryRows(1_000_000);
                List<String> inMemory = oneLite(s, ties);
                ExternalSorter.setMemoryRows(7);
                assertThat(spilled).as("seed " + seed + ": " + ties).isEqualTo(inMemory);
            }
            assertThat(ExternalSorter.SPILLS_CREATED.get()).as("the spill path ran").isGreaterThan(spillsBefore + 100);
            // compound and subquery sorts share the sorter
            String compound = "SELECT a FROM t UNION ALL SELECT b FROM t ORDER BY 1 DESC NULLS FIRST LIMIT 50 OFFSET 20";
            assertThat(oneLite(s, compound)).isEqualTo(ExactRows.sqlite(c, compound));
            String sub = "SELECT x, count(*) FROM (SELECT d AS x FROM t ORDER BY d) GROUP BY x ORDER BY 2 DESC, 1";
            assertThat(oneLite(s, sub)).isEqualTo(ExactRows.sqlite(c, sub));
        }
        assertThat(leftovers()).isEmpty();
    }

    @Test
    void spillFilesAreReleasedOnEarlyResetFailureAndInterrupt() throws Exception {
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession()) {
            s.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, x)");
            s.execute("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5000) "
                    + "INSERT INTO t(x) SELECT i * 7 % 1000 FROM n");
            // exactly the budget (7 rows) stays in memory; one row more spills
            long created = ExternalSorter.SPILLS_CREATED.get();
            assertThat(oneLite(s, "SELECT x FROM t WHERE id <= 7 ORDER BY x")).hasSize(7);
            assertThat(ExternalSorter.SPILLS_CREATED.get()).isEqualTo(created);
            assertThat(oneLite(s, "SELECT x FROM t WHERE id <= 8 ORDER BY x")).hasSize(8);
            assertThat(ExternalSorter.SPILLS_CREATED.get()).isEqualTo(created + 1);
            // closed after one row
            try (Statement st = s.prepare("SELECT x FROM t ORDER BY x DESC")) {
                assertThat(st.step()).isTrue();
                assertThat(st.column(0)).isEqualTo(999L);
                assertThat(ExternalSorter.SPILLS_OPEN.get()).isEqualTo(1);
            }
            assertThat(ExternalSorter.SPILLS_OPEN.get()).isZero();
            // reset after one row, then run again to the end
            try (Statement st = s.prepare("SELECT x FROM t ORDER BY x")) {
                assertThat(st.step()).isTrue();
                st.reset();
                assertThat(ExternalSorter.SPILLS_OPEN.get()).isZero();
                int n = 0;
                while (st.step()) {
                    n++;
                }
                assertThat(n).isEqualTo(5000);
            }
            assertThat(ExternalSorter.SPILLS_OPEN.get()).isZero();
            // a sort key that fails part-way through the input, after runs were spilled
            assertThatThrownBy(() -> oneLite(s,
                    "SELECT x FROM t ORDER BY CASE WHEN id = 4000 THEN abs(-9223372036854775807 - 1) ELSE x END"))
                    .isInstanceOf(OneLiteException.class).hasMessageContaining("integer overflow");
            assertThat(ExternalSorter.SPILLS_OPEN.get()).isZero();
            // interrupted while merging
            ExactRows.assertInterruptStopsTheStream(s, "SELECT x FROM t ORDER BY x");
        }
        assertThat(leftovers()).isEmpty();
    }
}
