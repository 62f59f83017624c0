package io.onelite.plan;

import io.onelite.api.Database;
import io.onelite.api.DatabaseOptions;
import io.onelite.api.Session;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * Statements nested as deeply as SQLite allows, against native SQLite (sqlite-jdbc in this JVM):
 * expressions 1000 tall (an OR of 999 terms, a sum of 1000, 999 NOTs, 998 nested CASEs) and
 * thousands of parentheses parse, plan and run on a caller's thread with little stack (OneLite
 * parses and plans such statements on a large stack of its own, and runs long chains of one
 * operator in a loop); one past SQLite's limit fails with its message. Subqueries nested tens
 * deep are planned once per level, not once per look at the WHERE term holding them (three per
 * level: 3^n plans). A stack overflow while a statement runs is its SQLITE_ERROR, undone.
 */
class DeepExpressionDifferentialTests {
    /** A caller with little stack left, as under an application server's frames. */
    private static final long SMALL_STACK = 256 << 10;
    private static final String TOO_TALL = "1 Expression tree is too large (maximum depth 1000)";

    private Database db;
    private Session session;
    private Connection sqlite;

    @BeforeEach
    void open() throws SQLException {
        db = Database.open(":memory:", DatabaseOptions.DEFAULTS);
        session = db.openSession();
        sqlite = DriverManager.getConnection("jdbc:sqlite::memory:");
        for (String sql : List.of("CREATE TABLE t(x, y)", "INSERT INTO t VALUES (5, 1), (7, 2), (11, 3)")) {
            NativeOracle.both(session, sqlite, sql);
        }
    }

    @AfterEach
    void close() throws SQLException {
        sqlite.close();
        session.close();
        db.close();
    }

    private static String chain(String term, int n, String operator) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            sb.append(i > 0 ? operator : "").append(term.replace("#", Integer.toString(i)));
        }
        return sb.toString();
    }

    private static String nots(int n) {
        return "SELECT " + "NOT ".repeat(n) + "x FROM t";
    }

    private static String cases(int n) {
        return "SELECT " + "CASE WHEN x = 1 THEN 1 ELSE ".repeat(n) + "x" + " END".repeat(n) + " FROM t";
    }

    @Test
    void longChainsOfOneOperatorAsTallAsSqliteAllowsRunOnASmallStack() throws Exception {
        for (int n : new int[] {999, 1000}) {
            same("SELECT count(*) FROM t WHERE " + chain("x = #", n, " OR "), SMALL_STACK);
            same("SELECT count(*) FROM t WHERE " + chain("x <> #", n, " AND "), SMALL_STACK);
            same("SELECT count(*) FROM t WHERE " + chain("(x = # AND y IN (1, 2))", n, " OR "), SMALL_STACK);
        }
        for (int n : new int[] {1000, 1001}) {
            same("SELECT " + chain("x", n, " + ") + " FROM t", SMALL_STACK);
            same("SELECT " + chain("x", n / 2, " - ") + " - " + chain("y", n - n / 2, " * ") + " FROM t", SMALL_STACK);
            same("SELECT length(" + chain("'ab'", n, " || ") + ") FROM t", SMALL_STACK);
        }
        assertThat(outcome("SELECT count(*) FROM t WHERE " + chain("x = #", 1000, " OR "), SMALL_STACK).error())
                .isEqualTo(TOO_TALL);
    }

    @Test
    void nestedNotsAndCasesAsTallAsSqliteAllows() throws Exception {
        // these recurse as they run: a thread of the JVM's default stack, 1 MB
        same(nots(999), 1 << 20);
        same(cases(998), 1 << 20);
        assertThat(outcome(nots(1000), 1 << 20).error()).isEqualTo(TOO_TALL);
        assertThat(outcome(cases(999), 1 << 20).error()).isEqualTo(TOO_TALL);
    }

    @Test
    void thousandsOfParenthesesParseOnASmallStack() throws Exception {
        same("SELECT " + "(".repeat(5000) + "x + 1" + ")".repeat(5000) + " FROM t", SMALL_STACK);
        same("SELECT x FROM t WHERE " + "(".repeat(3000) + "x = 7" + ")".repeat(3000), SMALL_STACK);
    }

    @Test
    void subqueriesNestedThirtyDeepArePlannedOncePerLevel() throws Exception {
        // planned once per look at their WHERE term, these took 3^30 plans: a guard against that,
        // not a measure of time
        assertTimeoutPreemptively(Duration.ofMinutes(2), () -> {
            same(nest(30, "SELECT 1 FROM t WHERE EXISTS (#)"), SMALL_STACK);
            same(nest(30, "SELECT x FROM t WHERE y < (#)"), SMALL_STACK);
            same(nest(30, "SELECT x FROM t WHERE x IN (#)"), SMALL_STACK);
            same(nest(30, "SELECT count(*) FROM t WHERE x > (SELECT count(*) FROM (#))"), SMALL_STACK);
            same(nest(30, "SELECT (#)"), SMALL_STACK);
        });
    }

    private static String nest(int n, String template) {
        String sql = "SELECT 1";
        for (int i = 0; i < n; i++) {
            sql = template.replace("#", sql);
        }
        return sql;
    }

    @Test
    void aRowSubqueryIsLimitedAsAScalarOne() throws Exception {
        // SQLite makes LIMIT X of either LIMIT (X <> 0): a LIMIT of text reads the first row, no error
        same("SELECT 1 = (SELECT 1 LIMIT 'abc')", SMALL_STACK);
        same("SELECT (1, 2) = (SELECT 1, 2 LIMIT 'abc')", SMALL_STACK);
        same("SELECT (5, 1) = (SELECT x, y FROM t ORDER BY x LIMIT -1)", SMALL_STACK);
        same("SELECT (5, 1) = (SELECT x, y FROM t LIMIT 0)", SMALL_STACK);
    }

    @Test
    void aStackOverflowWhileAStatementRunsIsItsErrorAndUndoesIt() throws Exception {
        // deep recursion in the work of the second row the UPDATE writes (here an application
        // function's, so that it overflows whatever the JIT has compiled)
        int[] calls = {0};
        session.createFunction("deep", 1, false, args -> ++calls[0] == 2 ? recurse(0) : args[0]);
        assertThatThrownBy(() -> session.execute("UPDATE t SET x = deep(x + 100)"))
                .isInstanceOfSatisfying(OneLiteException.class, e -> {
                    assertThat(e.resultCode()).isEqualTo(ResultCode.ERROR);
                    assertThat(e.getMessage()).contains("too deeply nested to run");
                });
        assertThat(calls[0]).isEqualTo(2);
        // the first row's change undone, and the connection goes on
        assertThat(QueryOutcome.oneLite(session, "SELECT sum(x) FROM t").rows().get(0)).containsExactly(23L);
        session.execute("UPDATE t SET x = x + 1");
        assertThat(QueryOutcome.oneLite(session, "SELECT sum(x) FROM t").rows().get(0)).containsExactly(26L);
    }

    private static long recurse(long n) {
        return recurse(n + 1) + 1;
    }

    /** Native SQLite's outcome (on a large stack) equals OneLite's on a thread of {@code stack} bytes. */
    private void same(String sql, long stack) throws Exception {
        QueryOutcome theirs = OnThread.call(64 << 20, () -> QueryOutcome.nativeSqlite(sqlite, sql));
        QueryOutcome mine = outcome(sql, stack);
        String shortSql = sql.length() > 80 ? sql.substring(0, 80) + "..." : sql;
        if (theirs.error() != null) {
            assertThat(mine.error()).as(shortSql).isEqualTo(theirs.error());
        } else {
            assertThat(mine.matches(theirs, null, false, true)).as(shortSql + ": " + mine.describe() + " vs "
                    + theirs.describe()).isTrue();
        }
    }

    private QueryOutcome outcome(String sql, long stack) throws Exception {
        return OnThread.call(stack, () -> QueryOutcome.oneLite(session, sql));
    }
}
