package io.onelite.plan;

import org.junit.jupiter.api.Test;

import static io.onelite.plan.ScenarioTests.run;

/**
 * Against native SQLite: its parser makes {@code x AND y} the integer 0 when one side is false
 * to it (an integer literal 0, {@code z IN ()}, or such an AND) and neither calls a function
 * (sqlite3ExprAnd), before any name is resolved. So an unknown column or table in either side,
 * or a faulty subquery, is never reported; a function call keeps both sides and their errors; the
 * keyword FALSE, {@code +0}, {@code 0.0} and {@code NOT (z NOT IN ())} are not false to the
 * parser; as an ORDER BY term the AND is column number 0. A call anywhere in a row value counts
 * (SQLite 3.54; 3.51, this suite's oracle, looked at its first value only). Found by the random differential
 * (rounds 48000007 q80 and 50000064 q180: GLOB with ESCAPE, a call with three arguments, inside
 * a subquery ANDed with {@code x IN ()}).
 */
class ParsedFalseAndTests {

    @Test
    void anAndWithAParsedFalseSideIsZeroAndItsNamesAreNeverResolved() throws Exception {
        run("CREATE TABLE t(a INTEGER, b TEXT)", "INSERT INTO t VALUES (2, 'x'), (3, NULL)",
                "SELECT * FROM t WHERE nosuch AND 0",
                "SELECT * FROM t WHERE 0 AND nosuch",
                "SELECT * FROM t WHERE nosuch AND 00",
                "SELECT * FROM t WHERE nosuch AND 0x0",
                "SELECT * FROM t WHERE nosuch = 1 AND a IN ()",
                "SELECT * FROM t WHERE a IN () AND nosuch = 1",
                "SELECT * FROM t WHERE nosuch AND 1 AND 0",
                "SELECT * FROM t WHERE 0 AND nosuch AND 1",
                "SELECT * FROM t WHERE nosuch AND (a IN () AND 1)",
                "SELECT * FROM t WHERE nosuch AND 0 OR a = 2",
                "SELECT * FROM t WHERE (nosuch OR 1) AND 0",
                "SELECT * FROM t WHERE NOT nosuch AND 0",
                "SELECT * FROM t WHERE CAST(nosuch AS INT) AND 0",
                "SELECT * FROM t WHERE nosuch COLLATE NOCASE AND 0",
                "SELECT * FROM t WHERE nosuch IS NULL AND 0",
                "SELECT * FROM t WHERE nosuch.a AND 0",
                "SELECT * FROM t WHERE nosuch BETWEEN 1 AND 2 AND 0",
                "SELECT * FROM t WHERE nosuch IN (1, 2) AND 0",
                "SELECT * FROM t WHERE CASE nosuch WHEN 1 THEN a END AND 0",
                "SELECT * FROM t WHERE (SELECT nosuch) = 1 AND a IN ()",
                "SELECT * FROM t WHERE EXISTS (SELECT lower(nosuch)) AND 0",
                "SELECT * FROM t WHERE a IN (SELECT nosuch) AND 0",
                "SELECT * FROM t WHERE 0 AND a IN (SELECT b FROM nosuchtable)",
                "SELECT * FROM t WHERE 0 AND a = (SELECT 1, 2)",
                "SELECT * FROM t WHERE 0 AND ?5",
                "SELECT * FROM t WHERE (SELECT a GLOB 'x' ESCAPE 'y') AND a IN ()",
                "SELECT * FROM t JOIN t AS u ON nosuch AND 0",
                "SELECT nosuch AND 0 AS x FROM t",
                "SELECT a AND 0, a IN () AND b FROM t ORDER BY 1",
                "SELECT (SELECT nosuch) AND 0 FROM t",
                "SELECT a FROM t GROUP BY a HAVING nosuch AND 0",
                "SELECT a FROM t ORDER BY nosuch AND 0",
                "SELECT a FROM t GROUP BY nosuch AND 0",
                "UPDATE t SET a = 3 WHERE nosuch AND 0",
                "DELETE FROM t WHERE nosuch AND 0",
                "CREATE VIEW v AS SELECT nosuch AND 0 AS z FROM t",
                "SELECT * FROM v",
                "SELECT a FROM t ORDER BY a");
    }

    @Test
    void aFunctionCallOrASideTheParserDoesNotKnowToBeFalseKeepsTheAnd() throws Exception {
        run("CREATE TABLE t(a INTEGER, b TEXT)", "INSERT INTO t VALUES (2, 'x')",
                "SELECT * FROM t WHERE nosuch AND +0",
                "SELECT * FROM t WHERE nosuch AND -0",
                "SELECT * FROM t WHERE nosuch AND 0.0",
                "SELECT * FROM t WHERE nosuch AND 1",
                "SELECT * FROM t WHERE nosuch AND FALSE",
                "SELECT * FROM t WHERE FALSE AND nosuch",
                "SELECT * FROM t WHERE NULL AND nosuch",
                "SELECT * FROM t WHERE x'00' AND nosuch",
                "SELECT * FROM t WHERE nosuch AND 2147483648 * 0",
                "SELECT * FROM t WHERE nosuch AND NOT (a NOT IN ())",
                "SELECT * FROM t WHERE a NOT IN () AND nosuch = 1",
                "SELECT * FROM t WHERE lower(nosuch) = 1 AND a IN ()",
                "SELECT * FROM t WHERE lower(a) IN () AND nosuch",
                "SELECT * FROM t WHERE nosuch LIKE 'a' AND 0",
                "SELECT * FROM t WHERE (a GLOB 'x' ESCAPE 'y') AND a IN ()",
                "SELECT * FROM t WHERE nosuch -> 'a' AND 0",
                "SELECT * FROM t WHERE nosuch = CURRENT_TIME AND 0",
                "SELECT * FROM t WHERE CASE nosuch WHEN 1 THEN lower(a) END AND 0",
                "SELECT * FROM t WHERE nosuch IN (1, lower(a)) AND 0",
                "SELECT * FROM t WHERE (1, nosuch) = (lower(a), 1) AND 0",
                "SELECT * FROM t WHERE lower(a) AND nosuch AND 0",
                "SELECT sum(nosuch) AND 0 FROM t",
                "SELECT count(*) FROM t WHERE nosuch(1) AND 0",
                "SELECT * FROM nosuchtable WHERE 0 AND 1",
                "SELECT a FROM t ORDER BY 0",
                "SELECT a FROM t ORDER BY a, 0",
                "SELECT a FROM t UNION SELECT a FROM t ORDER BY 1, 3");
    }
}
