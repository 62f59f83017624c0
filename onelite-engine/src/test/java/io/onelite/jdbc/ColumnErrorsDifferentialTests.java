package io.onelite.jdbc;

import io.onelite.api.Database;
import io.onelite.api.DatabaseOptions;
import io.onelite.api.Session;
import io.onelite.common.OneLiteException;
import org.junit.jupiter.api.Test;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static io.onelite.jdbc.WithoutRowidDifferentialTests.assertSame;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * "no such column" errors: SQLite's message (the name as written, schema included) on both
 * drivers, and the place of the column reference in the statement (sqlite3_error_offset), which
 * the shell points at.
 */
class ColumnErrorsDifferentialTests {

    @Test
    void theMessageNamesTheColumnAsWritten() throws SQLException {
        assertSame(
                "CREATE TABLE t(a, b)",
                "SELECT nosuch FROM t",
                "SELECT t.nosuch FROM t",
                "SELECT main.t.nope FROM t",
                "SELECT a FROM t WHERE zz = 1",
                "UPDATE t SET a = nosuch",
                "SELECT a FROM t GROUP BY zzz");
    }

    /**
     * With two unknown columns SQLite names the one in LIMIT or OFFSET: it resolves them before the
     * rest of the SELECT, also of a compound (docs/reliability.md item 25).
     */
    @Test
    void anErrorInLimitOrOffsetIsReportedBeforeTheOtherClauses() throws SQLException {
        assertSame(
                "CREATE TABLE t(a, b)",
                "CREATE TABLE u(a, c)",
                "SELECT x_sel FROM t LIMIT x_limit",
                "SELECT a FROM t WHERE x_where LIMIT 1 OFFSET x_offset",
                "SELECT a FROM t GROUP BY x_group HAVING x_having LIMIT x_limit",
                "SELECT t.a FROM t JOIN u ON x_on ORDER BY x_order LIMIT x_limit",
                "SELECT x_sel FROM t UNION SELECT a FROM u LIMIT x_limit",
                "SELECT a FROM t UNION SELECT x_arm FROM u LIMIT 1 OFFSET x_offset",
                "SELECT a FROM t WHERE a IN (SELECT x_in FROM u LIMIT x_inner)");
    }

    /**
     * Every pair of clauses of one SELECT with an unknown column in each: SQLite names the result
     * columns' first, then HAVING's, WHERE's, ON's, ORDER BY's and GROUP BY's (item 25).
     */
    @Test
    void ofTwoUnknownColumnsTheOneSqliteResolvesFirstIsReported() throws SQLException {
        List<String> clauses = List.of("sel", "having", "where", "on", "order", "group");
        List<String> statements = new ArrayList<>(List.of("CREATE TABLE t(a, b)", "CREATE TABLE u(a, c)"));
        for (int i = 0; i < clauses.size(); i++) {
            for (int j = i + 1; j < clauses.size(); j++) {
                Set<String> bad = Set.of(clauses.get(i), clauses.get(j));
                statements.add(twoErrors(bad));
            }
        }
        statements.add("SELECT x_sel, (SELECT x_sub FROM u) FROM t WHERE x_where"); // the result columns' in order
        statements.add("SELECT u.x_q FROM t JOIN u ON t.a = u.a WHERE t.x_w"); // qualified names
        statements.add("SELECT a FROM t WHERE x_where ORDER BY a, x_order");
        statements.add("SELECT a AS k FROM t WHERE k > 0 GROUP BY x_group HAVING x_having");
        statements.add("SELECT t.a FROM t JOIN u USING (a) JOIN u AS v ON x_on2 WHERE x_where HAVING x_having");
        assertSame(statements.toArray(String[]::new));
    }

    /**
     * SQLite resolves a compound's arms from the last to the first, a call's FILTER and OVER with
     * its result column, and an UPDATE's assigned names and SET values before its WHERE.
     */
    @Test
    void compoundsWindowsAndUpdatesReportTheNameSqliteResolvesFirst() throws SQLException {
        assertSame(
                "CREATE TABLE t(a, b)",
                "CREATE TABLE u(a, c)",
                "SELECT x_first FROM t UNION SELECT x_second FROM u",
                "SELECT x1 FROM t UNION SELECT a FROM t UNION ALL SELECT x3 FROM t WHERE x_w",
                "SELECT a FROM t WHERE x_w UNION SELECT x_arm FROM u",
                "SELECT a FROM t WHERE x_w UNION ALL SELECT b FROM t ORDER BY 1",
                "SELECT sum(a) FILTER (WHERE x_f) FROM t WHERE x_w",
                "SELECT sum(a) OVER (ORDER BY x_o) FROM t WHERE x_w",
                "SELECT a, sum(b) OVER (PARTITION BY x_part) FROM t WHERE x_w",
                "SELECT a FROM t WHERE x_w WINDOW w AS (ORDER BY x_win)",
                "UPDATE t SET a = x_set WHERE x_w",
                "UPDATE t SET x_col = 1 WHERE x_w",
                "UPDATE t SET (a, b) = (x_r1, 2) WHERE x_w",
                "UPDATE t SET a = 1, b = x_set2 WHERE x_w AND x_w2",
                "UPDATE t SET a = 1 WHERE x_w RETURNING x_r");
    }

    /** A subquery met first in SQLite's order has its names resolved there: its unknown name comes first. */
    @Test
    void aSubqueryMetFirstReportsItsOwnUnknownName() throws SQLException {
        assertSame(
                "CREATE TABLE t(a, b)",
                "CREATE TABLE u(a, c)",
                "SELECT (SELECT x_sub FROM u) FROM t WHERE x_w",
                "SELECT (SELECT x_sub FROM u WHERE u.a = t.a) FROM t WHERE x_w",
                "SELECT EXISTS (SELECT 1 FROM u WHERE x_e) FROM t ORDER BY x_o",
                "SELECT a FROM t WHERE a IN (SELECT x_in FROM u) AND x_w",
                "SELECT a FROM t WHERE x_w AND EXISTS (SELECT x_e FROM u)",
                "SELECT (SELECT a FROM u) FROM t WHERE x_w",
                "SELECT a AS k, (SELECT k) FROM t WHERE x_w",
                "SELECT a AS k, k FROM t WHERE x_w",
                "SELECT a AS k FROM t WHERE (SELECT k) = x_w");
    }

    /** {@code SELECT ... FROM t JOIN u ON ... [WHERE] [GROUP BY] [HAVING] [ORDER BY]}, x_clause unknown in the clauses named. */
    private static String twoErrors(Set<String> bad) {
        String q = "SELECT " + (bad.contains("sel") ? "x_sel" : "t.a") + " FROM t JOIN u ON "
                + (bad.contains("on") ? "x_on" : "t.a = u.a");
        if (bad.contains("where")) {
            q += " WHERE x_where";
        }
        if (bad.contains("group") || bad.contains("having")) {
            q += " GROUP BY " + (bad.contains("group") ? "x_group" : "t.a") + (bad.contains("having") ? " HAVING x_having" : "");
        }
        return bad.contains("order") ? q + " ORDER BY x_order" : q;
    }

    @Test
    void theErrorOffsetIsWhereTheColumnReferenceStarts() {
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession()) {
            s.execute("CREATE TABLE t(a, b)");
            assertThat(offsetOf(s, "SELECT nosuch FROM t")).isEqualTo(7);
            assertThat(offsetOf(s, "SELECT a, t.nosuch FROM t")).isEqualTo(10);
            assertThat(offsetOf(s, "SELECT * FROM t WHERE a IN (SELECT q FROM t)")).isEqualTo(35);
            assertThat(offsetOf(s, "  SELECT a FROM t ORDER BY a, main.t.zz")).isEqualTo(30);
            assertThat(offsetOf(s, "SELECT a FROM t WHERE zz GROUP BY yy HAVING xx")).as("HAVING's, as SQLite").isEqualTo(44);
            assertThat(offsetOf(s, "SELECT 1 FROM nosuchtable")).as("SQLite names no place for a table").isEqualTo(-1);
        }
    }

    private static int offsetOf(Session s, String sql) {
        return assertThrows(OneLiteException.class, () -> s.prepare(sql).close()).errorOffset();
    }
}
