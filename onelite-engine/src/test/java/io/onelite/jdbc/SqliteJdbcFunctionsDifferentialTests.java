package io.onelite.jdbc;

import org.junit.jupiter.api.Test;

import java.sql.SQLException;

import static io.onelite.jdbc.WithoutRowidDifferentialTests.assertSame;

/**
 * Functions a sqlite-jdbc user's SQL may call beyond the core ones OneLite had: SQLite's
 * percentile family (median, percentile, percentile_cont, percentile_disc, also as window
 * functions), json_error_position(), unistr() and unistr_quote(), and sqlite-jdbc's own
 * extension functions (stdev, mode, reverse, padl, ...), run as statements on both drivers:
 * same rows, same errors, the same refusals where SQLite refuses them.
 */
class SqliteJdbcFunctionsDifferentialTests {
    static final String[] SCORES = {
        "CREATE TABLE s(id INTEGER PRIMARY KEY, team TEXT, score REAL, name TEXT)",
        "INSERT INTO s VALUES (1, 'a', 10, 'ann smith'), (2, 'a', 12.5, 'BOB'), (3, 'a', NULL, 'cy'),"
                + " (4, 'b', 7, 'dee'), (5, 'b', 7, 'ed jones'), (6, 'b', 30, NULL), (7, 'c', -2, 'fay')",
    };

    @Test
    void percentilesGroupAndSlideAsInSqlite() throws SQLException {
        assertSame(WithoutRowidDifferentialTests.script(SCORES,
                "SELECT team, median(score), percentile(score, 90), percentile_cont(score, 0.25),"
                        + " percentile_disc(score, 0.75), count(score) FROM s GROUP BY team ORDER BY team",
                "SELECT id, median(score) OVER (ORDER BY id ROWS BETWEEN 2 PRECEDING AND CURRENT ROW),"
                        + " percentile_disc(score, 1) OVER (PARTITION BY team ORDER BY id) FROM s ORDER BY id",
                "SELECT median(score) FROM s WHERE team = 'none'",
                "SELECT percentile(score, id) FROM s",
                "SELECT percentile(score, 50 + id * 0.00001) FROM s",
                "SELECT percentile_cont(score, 2) FROM s",
                "SELECT percentile(score, '50') FROM s",
                "SELECT median(name) FROM s",
                "SELECT median(score) FILTER (WHERE team <> 'b'), median(DISTINCT score) FROM s"));
    }

    @Test
    void extensionFunctionsRunAndAreRefusedWhereSqliteRefusesThem() throws SQLException {
        assertSame(WithoutRowidDifferentialTests.script(SCORES,
                "SELECT team, stdev(score), variance(score), mode(score), lower_quartile(score), upper_quartile(score)"
                        + " FROM s GROUP BY team ORDER BY team",
                "SELECT reverse(name), proper(name), padl(name, 10), padr(name, 10), padc(name, 10),"
                        + " leftstr(name, 3), rightstr(name, 3), charindex('o', name), strfilter(name, 'aeiou'),"
                        + " replicate(team, 3), difference(name, 'Ann'), square(score), atn2(score, 0) FROM s ORDER BY id",
                "SELECT stdev(score) OVER (ORDER BY id) FROM s",
                "CREATE INDEX bad ON s(reverse(name))",
                "CREATE TABLE g(a, b AS (reverse(a)))",
                "CREATE INDEX good ON s(json_error_position(name))",
                "SELECT replicate('x', -1)",
                "SELECT padl('x', -1)"));
    }

    @Test
    void newerCoreFunctionsMatchSqlite() throws SQLException {
        assertSame("SELECT json_error_position('{\"a\": 1}'), json_error_position('{\"a\": }'),"
                        + " json_error_position('[1, 2,, 3]'), json_error_position('{a: 1} x'), json_error_position(NULL)",
                "SELECT json_error_position(jsonb('[1, 2]')), json_error_position(x'A95C78347D5C765C305C27')",
                // a JSON5 \\x escape in JSONB text is read without checking its two digits, as SQLite does
                "SELECT json_valid(x'A95C78347D5C765C305C27', 8), json(x'A95C78347D5C765C305C27') IS NOT NULL",
                "SELECT unistr('caf\\00e9 \\u20AC \\+01F600 \\U0001F600 \\\\'), unistr_quote('a''b' || char(10) || 'c'),"
                        + " unistr_quote(1.5), unistr_quote(x'00ff'), unistr_quote(NULL)",
                "SELECT subtype(json('[1]')), subtype('[1]'), subtype(json_extract('{\"a\": [1]}', '$.a')),"
                        + " subtype(json_extract('{\"a\": 1}', '$.a')), subtype(NULL), sqlite_log(1, 'x')",
                "SELECT unistr('bad \\q')",
                "SELECT unistr('short \\u12')");
    }
}
