package io.onelite.reliability;

import org.junit.jupiter.api.Test;

import java.util.function.IntFunction;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * SQLite's limits (sqliteLimit.h, as the native builds here have them) beside native SQLite: the
 * same statement fails with the same result code and message in both, and one just under the
 * limit works in both. {@code ?NNN} is checked against 250000, the SQLITE_MAX_VARIABLE_NUMBER of
 * both native builds here (sqlite-jdbc and Debian's sqlite3; SQLite's own default is 32766).
 */
class LimitTests {
    private static String list(int n, IntFunction<String> term) {
        return IntStream.range(0, n).mapToObj(term).collect(Collectors.joining(", "));
    }

    private static String ones(int n) {
        return list(n, i -> "1");
    }

    private static void sameAsSqlite(SideBySide s, String sql, String expected) {
        String[] r = s.both(sql);
        String shown = sql.length() > 120 ? sql.substring(0, 120) + "..." : sql;
        assertThat(r[1]).as("native SQLite on %s", shown).startsWith(expected);
        assertThat(r[0]).as("OneLite on %s", shown).isEqualTo(r[1]);
    }

    @Test
    void columnLimitsGiveSqlitesErrors() throws Exception { // #10
        try (SideBySide s = new SideBySide()) {
            s.setUp("CREATE TABLE t(a, b)", "CREATE TABLE w2000(" + list(2000, i -> "c" + i) + ")");
            sameAsSqlite(s, "SELECT " + ones(2001), "error 1: too many columns in result set");
            sameAsSqlite(s, "SELECT count(*) FROM (SELECT " + ones(2000) + ")", "rows [I1]");
            sameAsSqlite(s, "SELECT * FROM w2000, t", "error 1: too many columns in result set");
            sameAsSqlite(s, "SELECT w2000.*, 1 FROM w2000", "error 1: too many columns in result set");
            sameAsSqlite(s, "SELECT x.* FROM w2000, w2000 AS x", "rows []");
            sameAsSqlite(s, "VALUES(" + ones(2001) + ")", "error 1: too many columns in result set");
            sameAsSqlite(s, "VALUES(" + ones(2001) + "), (" + ones(2001) + ")", "error 1: too many columns in result set");
            sameAsSqlite(s, "CREATE TABLE w(" + list(2001, i -> "c" + i) + ")", "error 1: too many columns on w");
            sameAsSqlite(s, "CREATE TABLE w AS SELECT " + list(2001, i -> "1 AS c" + i), "error 1: too many columns in result set");
            sameAsSqlite(s, "ALTER TABLE w2000 ADD COLUMN z", "error 1: too many columns on sqlite_altertab_w2000");
            sameAsSqlite(s, "CREATE INDEX i ON t(" + list(2001, i -> "a") + ")", "error 1: too many columns in index");
            sameAsSqlite(s, "CREATE INDEX i ON t(" + list(2000, i -> i % 2 == 0 ? "a" : "b") + ")", "rows []");
            sameAsSqlite(s, "INSERT INTO t VALUES(" + ones(2001) + ")", "error 1: table t has 2 columns but 2001 values were supplied");
            sameAsSqlite(s, "INSERT INTO t(a) VALUES(" + ones(2001) + ")", "error 1: 2001 values for 1 columns");
            sameAsSqlite(s, "INSERT INTO t SELECT " + ones(2001), "error 1: too many columns in result set");
            sameAsSqlite(s, "SELECT 1 FROM t GROUP BY " + list(2001, i -> "a"), "error 1: too many terms in GROUP BY clause");
            sameAsSqlite(s, "SELECT 1 FROM t ORDER BY " + list(2001, i -> "a"), "error 1: too many terms in ORDER BY clause");
            sameAsSqlite(s, "SELECT 1 FROM t ORDER BY " + list(2000, i -> "a"), "rows []");
            sameAsSqlite(s, "SELECT a FROM t UNION SELECT b FROM t ORDER BY " + ones(2001), "error 1: too many terms in ORDER BY clause");
            sameAsSqlite(s, "UPDATE t SET " + list(2001, i -> "a = 1"), "error 1: too many columns in set list");
            sameAsSqlite(s, "UPDATE t SET (" + list(2001, i -> "a") + ") = (" + ones(2001) + ")", "error 1: too many columns in set list");
            sameAsSqlite(s, "UPDATE t SET " + list(2000, i -> "a = 1"), "rows []");
            sameAsSqlite(s, "SELECT count(*) FROM t", "rows [I0]"); // nothing was written by the failed statements
        }
    }

    @Test
    void patternCompoundParameterAndArgumentLimitsGiveSqlitesErrors() throws Exception { // #10
        String tooLong = "%".repeat(50_001);
        try (SideBySide s = new SideBySide()) {
            sameAsSqlite(s, "SELECT 'a' LIKE '" + tooLong + "'", "error 1: LIKE or GLOB pattern too complex");
            sameAsSqlite(s, "SELECT 'a' LIKE '" + "%".repeat(50_000) + "'", "rows [I1]");
            sameAsSqlite(s, "SELECT 'a' GLOB '" + "*".repeat(50_001) + "'", "error 1: LIKE or GLOB pattern too complex");
            sameAsSqlite(s, "SELECT 'a' NOT LIKE 'a' || '" + tooLong + "'", "error 1: LIKE or GLOB pattern too complex");
            sameAsSqlite(s, "SELECT like('" + tooLong + "', 'a')", "error 1: LIKE or GLOB pattern too complex");
            sameAsSqlite(s, "SELECT glob('" + tooLong + "', NULL)", "error 1: LIKE or GLOB pattern too complex");
            // SQLite's likeFunc checks the pattern length first, then the escape, then NULLs
            sameAsSqlite(s, "SELECT NULL LIKE '" + tooLong + "'", "error 1: LIKE or GLOB pattern too complex");
            sameAsSqlite(s, "SELECT 'a' LIKE NULL ESCAPE 'xx'", "error 1: ESCAPE expression must be a single character");
            sameAsSqlite(s, "SELECT 'a' LIKE '" + tooLong + "' ESCAPE NULL", "error 1: LIKE or GLOB pattern too complex");
            sameAsSqlite(s, "SELECT 'a' LIKE 'a' ESCAPE NULL", "rows [NULL]");
            sameAsSqlite(s, String.join(" UNION ALL ", IntStream.range(0, 500).mapToObj(i -> "SELECT " + i).toList())
                    + " LIMIT 1", "rows [I0]");
            sameAsSqlite(s, String.join(" UNION ALL ", IntStream.range(0, 501).mapToObj(i -> "SELECT " + i).toList()),
                    "error 1: too many terms in compound SELECT");
            sameAsSqlite(s, "SELECT ?250001", "error 1: variable number must be between ?1 and ?250000");
            sameAsSqlite(s, "SELECT ?0", "error 1: variable number must be between ?1 and ?250000");
            sameAsSqlite(s, "SELECT max(" + ones(101) + ")", "error 1: too many arguments on function max");
            sameAsSqlite(s, "SELECT coalesce(" + ones(100) + ")", "rows [I1]");
        }
    }
}
