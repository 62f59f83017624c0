package io.onelite.jdbc;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * REGEXP and MATCH parse as operators but call functions core SQLite does not define (an
 * extension or a full-text table does): the error, code and message, is native SQLite's (which
 * names the regexp() function as the operator or the call was spelled: "regexp", "REGEXP", "ReGeXp").
 */
class UndefinedOperatorTests {

    @ParameterizedTest
    @ValueSource(strings = {
        "SELECT 'abc' REGEXP 'b'",
        "SELECT 'abc' NOT REGEXP 'b'",
        "SELECT 1 WHERE 'x' REGEXP 'y'",
        "SELECT 'abc' regexp 'b'",
        "SELECT 'abc' NOT regexp 'b'",
        "SELECT 'abc' ReGeXp 'b' ESCAPE 'c'",
        "SELECT regexp('b', 'abc')",
        "SELECT REGEXP('b', 'abc')",
        "SELECT 1 FROM (SELECT 'x' AS v) WHERE v regexp 'y' OR v NOT LIKE 'z'",
        "SELECT 'abc' MATCH 'b'",
        "SELECT 'abc' NOT MATCH 'b'",
        "SELECT 'abc' match 'b'",
        "SELECT NULL MATCH NULL",
        // match() fails when called, not when planned: where it never runs there is no error
        "SELECT 1 WHERE 0 AND 'x' MATCH 'y'",
        "SELECT 1 FROM (SELECT 'x' AS v WHERE 0) WHERE v MATCH 'y'",
    })
    void failsAsNativeSqlite(String sql) throws SQLException {
        assertThat(errorOf("jdbc:onelite::memory:", sql)).isEqualTo(errorOf("jdbc:sqlite::memory:", sql));
    }

    /** The failure's vendor code and SQLite's own message (without the driver's wrapping). */
    private static String errorOf(String url, String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.executeQuery(sql).close();
            return "no error";
        } catch (SQLException e) {
            String m = e.getMessage();
            int open = m.indexOf('(');
            String text = m.endsWith(")") && open >= 0 ? m.substring(open + 1, m.length() - 1) : m.replaceFirst("^\\[\\w+\\] ", "");
            return (e.getErrorCode() & 0xff) + " " + text;
        }
    }
}
