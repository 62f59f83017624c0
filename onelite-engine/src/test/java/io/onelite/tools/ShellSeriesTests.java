package io.onelite.tools;

import io.onelite.api.Database;
import io.onelite.api.DatabaseOptions;
import io.onelite.api.Session;
import io.onelite.api.Statement;
import io.onelite.common.OneLiteException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * generate_series, which the sqlite3 shell loads on its connections (SQLite's series extension):
 * the same rows and errors as sqlite3 3.40 in the shell, and absent from a plain session, as
 * from the SQLite library and sqlite-jdbc.
 */
class ShellSeriesTests {
    @TempDir
    Path dir;

    @Test
    void theShellHasGenerateSeriesAsSqlite3Has() throws Exception {
        String script = """
                SELECT * FROM generate_series(1, 5);
                SELECT value, s.start, s.stop, s.step FROM generate_series(1, 10, 3) s;
                SELECT value, s.start, s.stop, s.step FROM generate_series(1, 10, -3) s;
                SELECT * FROM generate_series(1, 9, -3);
                SELECT * FROM generate_series(10, 1);
                SELECT * FROM generate_series(10, 1, -3);
                SELECT value, s.step FROM generate_series(1, 5, 0) s;
                SELECT value, s.stop FROM generate_series(5) s LIMIT 3;
                SELECT count(*), sum(value) FROM generate_series(1, 100000);
                SELECT count(*) FROM generate_series(NULL, 5);
                SELECT count(*) FROM generate_series(1, NULL);
                SELECT count(*) FROM generate_series(1, 5, NULL);
                SELECT * FROM generate_series('2', '4');
                SELECT * FROM generate_series(1.9, 4.2);
                SELECT * FROM generate_series('abc', 3);
                SELECT * FROM generate_series(x'01', 3);
                SELECT * FROM generate_series(-3, 0);
                SELECT * FROM generate_series(0, -3, -1);
                SELECT * FROM generate_series(9223372036854775805);
                SELECT * FROM generate_series(-9223372036854775808, -9223372036854775806);
                SELECT rowid, value FROM generate_series(5, 7);
                SELECT * FROM main.generate_series(1, 3);
                SELECT typeof(value), typeof(s.start) FROM generate_series(1, 2) s;
                SELECT * FROM generate_series(1, 3) ORDER BY value DESC;
                SELECT * FROM generate_series(1, 10) WHERE value BETWEEN 3 AND 5;
                SELECT * FROM generate_series(1, 3) s1 JOIN generate_series(1, s1.value) s2;
                SELECT x.a, g.value FROM (SELECT 2 AS a UNION SELECT 3) x, generate_series(1, x.a) g;
                SELECT * FROM generate_series(1, 3) LEFT JOIN generate_series(2, 5) g2 ON g2.value = generate_series.value;
                CREATE TABLE t(a);
                INSERT INTO t SELECT value FROM generate_series(1, 1000);
                SELECT count(*), max(a) FROM t;
                SELECT name FROM pragma_module_list WHERE name LIKE 'generate%';
                SELECT value, start, stop, step FROM generate_series(1, 10, 4);
                SELECT value FROM generate_series WHERE start = 3 AND stop = 5;
                SELECT value FROM generate_series WHERE 3 = start AND stop = 9 AND step = 3;
                SELECT value FROM generate_series(3) WHERE stop = 5;
                SELECT value FROM generate_series WHERE start = '3' AND stop = 5;
                SELECT value FROM generate_series(1, 10) WHERE start = 2;
                SELECT x.a, g.value FROM (SELECT 2 AS a) x, generate_series AS g WHERE g.start = x.a AND g.stop = 4;
                """;
        ShellHarness.assertSameAsSqlite3(dir, script, "DB");
        for (String bad : List.of("SELECT * FROM generate_series;", "SELECT * FROM generate_series();",
                "SELECT * FROM generate_series(1, 2, 3, 4);", "SELECT value FROM generate_series WHERE stop = 5;")) {
            ShellHarness.assertSameAsSqlite3(dir, bad, "DB");
        }
    }

    @Test
    void aPlainSessionHasNoGenerateSeriesUntilItAddsIt() {
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession()) {
            assertThatThrownBy(() -> s.prepare("SELECT * FROM generate_series(1, 3)").close())
                    .isInstanceOf(OneLiteException.class).hasMessage("no such table: generate_series");
            s.addGenerateSeries();
            assertThat(values(s, "SELECT value FROM generate_series(2, 8, 3)")).containsExactly(2L, 5L, 8L);
            assertThat(values(s, "SELECT value FROM generate_series(7) LIMIT 3"))
                    .as("a series to 4294967295 is read as far as asked").containsExactly(7L, 8L, 9L);
        }
    }

    private static List<Object> values(Session s, String sql) {
        List<Object> out = new ArrayList<>();
        try (Statement st = s.prepare(sql)) {
            while (st.step()) {
                out.add(st.column(0));
            }
        }
        return out;
    }
}
