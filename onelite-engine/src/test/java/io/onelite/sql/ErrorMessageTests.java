package io.onelite.sql;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.testing.ReplaySeed;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Parse errors compared with native SQLite (sqlite-jdbc): the same message text, and no error where
 * SQLite prepares the statement.
 */
class ErrorMessageTests {
    private static NativeSqlite sqlite;

    @BeforeAll
    static void open() throws Exception {
        sqlite = new NativeSqlite();
    }

    @AfterAll
    static void close() {
        sqlite.close();
    }

    private static String ours(String sql) {
        try {
            Parser.parse(sql, 0);
            return null;
        } catch (OneLiteException e) {
            assertThat(e.resultCode()).isEqualTo(ResultCode.ERROR);
            return e.getMessage();
        }
    }

    static final List<String> BAD = List.of(
            // an ON after the first term of a parenthesised FROM list: SQLite's error fires when the next
            // token fits there (a ')', ',' or a join), else the syntax error at that token wins
            "SELECT * FROM a JOIN ( b c ON b GROUP x", "SELECT * FROM a JOIN (b ON b.x = 1) GROUP BY 1",
            "SELECT * FROM a JOIN (b ON 1 WHERE 1)", "SELECT * FROM a JOIN (b USING (x), c)",
            "SELECT * FROM (SELECT * FROM b ON 1 GROUP BY 1)", "SELECT * FROM a JOIN (b ON 1 JOIN c)",
            "SELECT 1 +", "CREATE TABLE c(a REFERENCES p(x ASC ON DELETE CASCADE)", "SELECT a COLLATE INDEXED FROM t1", "CREATE UNIQUE INDEX i ON t1 (a COLLATE INDEXED DESC)", "SELECT * FROM", "SELECT (1", "SELECT 1 2", "SELEC 1", "SELECT 1 +;", "SELECT 'abc",
            "SELECT \"abc", "SELECT [abc", "SELECT 12abc", "SELECT 1.5e", "SELECT !1", "SELECT X'123'", "SELECT x'zz'",
            "SELECT $", "SELECT :", "SELECT @", "SELECT a FROM t WHERE", "SELECT a FROM t GROUP a",
            "SELECT count(*) FROM t HAVING", "CREATE TABLE t9(a,)", "CREATE TABLE t9()", "CREATE TABLE", "CREATE t9(a)",
            "CREATE TABLE t9(a INTEGER PRIMARY)", "CREATE TABLE t9(a) WITHOUT x", "CREATE TABLE t9(a) foo",
            "CREATE TABLE t9(a INT PRIMARY KEY) WITHOUT ROWID, STRICT, bar", "CREATE INDEX ON t(a)", "CREATE INDEX i ON t",
            "INSERT INTO t VALUES", "INSERT INTO t VALUES (1", "INSERT t VALUES (1)", "INSERT INTO t DEFAULT",
            "UPDATE t SET", "UPDATE t SET a", "UPDATE t a = 1", "DELETE t", "DELETE FROM", "DROP TABLE",
            "DROP t", "ALTER TABLE t", "ALTER TABLE t RENAME", "ALTER TABLE t ADD", "CREATE TABLE t9(a INT) STRICT, bar", "CREATE TABLE t9(a) WITHOUT x", "BEGIN foo", "COMMIT x y",
            "ROLLBACK TO", "SAVEPOINT", "RELEASE", "PRAGMA", "PRAGMA x =", "EXPLAIN", "EXPLAIN QUERY",
            "SELECT * FROM a LEFT INNER JOIN b", "SELECT * FROM a OUTER JOIN b", "SELECT * FROM a NATURAL x JOIN b",
            "VALUES (1), (2, 3)", "SELECT 0x1FFFFFFFFFFFFFFFF", "SELECT ?0", "SELECT ?99999",
            "SELECT 1 ORDER BY 1 UNION SELECT 2", "SELECT 1 LIMIT 1 UNION ALL SELECT 2", "SELECT * FROM t1 ON 1",
            "SELECT * FROM t1 USING (a)", "SELECT 1__0", "SELECT 1_", "SELECT CASE END", "SELECT CASE 1 END",
            "SELECT CAST(1 AS INT", "SELECT a NOT 1", "SELECT a IS DISTINCT b", "SELECT a BETWEEN 1",
            "SELECT a IN", "SELECT a IN (", "SELECT f(DISTINCT", "SELECT f(x) FILTER (x)", "SELECT f(x) OVER",
            "SELECT f(x) OVER (ROWS)", "SELECT f(x) OVER (ROWS BETWEEN 1 AND)", "SELECT * FROM t WINDOW w AS",
            "WITH x AS SELECT 1 SELECT 1", "WITH x AS (SELECT 1)", "WITH RECURSIVE", "CREATE VIEW v AS",
            "CREATE TRIGGER tr AFTER INSERT ON t BEGIN SELECT 1 END", "CREATE TRIGGER tr ON t BEGIN END",
            "CREATE TRIGGER tr INSERT ON t BEGIN UPDATE t SET a = 1 ORDER BY a; END",
            "CREATE TRIGGER tr INSERT ON t BEGIN INSERT INTO main.t VALUES (1); END",
            "SELECT RAISE(x)", "SELECT 1; SELECT", "  ", "SELECT a FROM t INDEXED", "SELECT a FROM t NOT",
            "SELECT \u00e9\u00e8 FROM t", "SELECT 1 -- comment", "SELECT 1 /* open comment", "SELECT a.", "SELECT a.b.",
            "SELECT t.*.x", "SELECT * FROM (SELECT 1", "SELECT * FROM ()", "INSERT INTO t SELECT * FROM u ON CONFLICT DO NOTHING",
            "SELECT foo(" + "1,".repeat(100) + "1)", "SELECT foo(" + "1,".repeat(99) + "1)",
            "SELECT 1" + " UNION ALL SELECT 1".repeat(500), "SELECT 1" + " UNION ALL SELECT 1".repeat(499),
            "SELECT 1" + " UNION SELECT 1".repeat(500) + " x",
            "CREATE TRIGGER tr AFTER INSERT ON t BEGIN UPDATE t INDEXED BY i SET a = 1; END",
            "CREATE TRIGGER tr AFTER INSERT ON t BEGIN DELETE FROM t NOT INDEXED; END",
            "CREATE TRIGGER tr AFTER INSERT ON t BEGIN DELETE FROM main.t; END",
            "CREATE TRIGGER tr AFTER INSERT ON t BEGIN DELETE FROM main.t x; END",
            "CREATE TRIGGER tr AFTER INSERT ON t BEGIN INSERT INTO t DEFAULT VALUES; END",
            "CREATE TRIGGER tr AFTER INSERT ON t BEGIN REPLACE INTO t DEFAULT VALUES (1); END");

    @Test
    void messagesMatchNativeSqliteForMalformedStatements() {
        List<String> mismatches = new ArrayList<>();
        for (String sql : BAD) {
            String expected = sqlite.prepareError(sql);
            String actual = ours(sql);
            boolean ok = NativeSqlite.isSyntaxMessage(expected) || expected == null
                    ? java.util.Objects.equals(expected, actual)
                    : actual == null || actual.equals(expected);
            if (!ok) {
                mismatches.add(sql + "\n  native: " + expected + "\n  ours:   " + actual);
            }
        }
        assertThat(mismatches).isEmpty();
    }

    static final List<String> QUIRKY = List.of(
            "CREATE TABLE c(a, b, FOREIGN KEY (a COLLATE nocase, b DESC) REFERENCES p(x ASC, y COLLATE binary DESC))",
            "SELECT 1 AS \"a\" FROM t1 AS \"x\"", "SELECT \"t1\".* FROM t1", "SELECT t1.rowid, _rowid_, oid FROM t1",
            "SELECT +a, -+-a, ~~a FROM t1", "SELECT a FROM t1 WHERE a IN (SELECT a FROM t1 UNION SELECT b FROM t1)",
            "SELECT x'', X'AB'", "SELECT sum(a) OVER () FROM t1", "SELECT a FROM t1 LIMIT -1 OFFSET 2",
            "WITH RECURSIVE x(n) AS (VALUES(1) UNION ALL SELECT n+1 FROM x WHERE n<5) SELECT * FROM x",
            "SELECT * FROM t1, t2 ON t1.a = t2.a", "SELECT * FROM t1 LEFT JOIN t2",
            "INSERT INTO t1 SELECT * FROM t1 WHERE true ON CONFLICT DO NOTHING", "INSERT INTO t1(a) VALUES(1) RETURNING *",
            "UPDATE t1 SET a=1 FROM t2 WHERE t1.b=t2.b",
            "CREATE TABLE x(a PRIMARY KEY ASC, b UNIQUE, c CHECK(c>0) CONSTRAINT k NOT NULL)",
            "CREATE TABLE x(\"a\" \"b c\" DEFAULT 1)", "CREATE TABLE x(a INT(10,20), b DECIMAL(+5, -3), c TEXT(1_0))",
            "CREATE TABLE x(a REFERENCES t1(a) MATCH SIMPLE)",
            "CREATE TABLE x(a, FOREIGN KEY(a) REFERENCES t1 DEFERRABLE INITIALLY DEFERRED)",
            "CREATE INDEX i ON t1(a+b)", "CREATE VIEW v(a COLLATE nocase DESC) AS SELECT 1",
            "SELECT a FROM t1 GROUP BY a HAVING count(*)>1 WINDOW w AS ()", "SELECT 1 WHERE 1 IS NOT DISTINCT FROM 1",
            "SELECT 1 ISNULL NOTNULL", "SELECT a -> 'x' ->> 'y' FROM t1", "SELECT 1 FROM t1 NATURAL JOIN t2",
            "PRAGMA table_info = t1", "PRAGMA main.page_size(4096)", "PRAGMA x = -1.5", "PRAGMA x = 'y'",
            "SELECT (SELECT 1) IN (1)", "SELECT 1 WHERE (1,2) IN (VALUES(1,2))",
            "SELECT * FROM t1 WHERE a = ?1 AND b = :b AND c = @c AND a = $d", "SELECT 1 -- trailing comment",
            "SELECT 1 /* unterminated comment", "SELECT 1;;;", "SELECT CAST(a AS) FROM t1", "SELECT a FROM t1 t",
            "SELECT a \"alias\" FROM t1", "SELECT a 'alias' FROM t1", "SELECT * FROM t1 AS 'alias'",
            "SELECT * FROM t1 'alias'", "SELECT * FROM main.t1", "SELECT * FROM json_each('[1]') AS j",
            "SELECT a FROM t1 WHERE a IN json_each('[1]')", "REPLACE INTO t1 VALUES(1,2,3)",
            "INSERT OR ROLLBACK INTO t1 DEFAULT VALUES", "UPDATE OR FAIL t1 SET (a,b) = (SELECT 1,2)",
            "DELETE FROM t1 AS x WHERE x.a = 1",
            "CREATE TRIGGER tg AFTER UPDATE OF a ON t1 WHEN new.a IS NOT old.a BEGIN INSERT INTO t2(b) SELECT new.a; "
                    + "UPDATE t2 SET b = 1 WHERE a = old.a; END",
            "SELECT max(a) FILTER (WHERE a > 0) OVER (ORDER BY b ROWS UNBOUNDED PRECEDING) FROM t1",
            "SELECT group_concat(a ORDER BY b) FROM t1", "SELECT a FROM t1 WHERE a GLOB '*' AND b NOT REGEXP 'x'",
            "SELECT 0x7fffffffffffffff, 1e308, 1e-400, 10_000, 0x_1", "SELECT true, false, TRUE IS TRUE",
            "SELECT * FROM t1 WHERE a BETWEEN 1 AND 2 AND b", "SELECT 1 UNION SELECT 2 ORDER BY 1 LIMIT 1",
            "VALUES(1) UNION VALUES(2)", "SELECT (a) FROM (t1)", "SELECT * FROM (t1 JOIN t2 USING (a))",
            "SELECT * FROM ((t1))", "SAVEPOINT \"x\"", "CREATE TABLE x AS SELECT 1 AS a", "CREATE TEMP TABLE x(a)",
            "ALTER TABLE t1 ADD COLUMN d DEFAULT 0", "SELECT 1 IN ()", "SELECT abs(-1) AS [x]",
            "WITH a AS (SELECT 1) DELETE FROM t1 WHERE a IN (SELECT * FROM a)",
            "WITH a AS (SELECT 1) UPDATE t1 SET a = (SELECT * FROM a)",
            "WITH a AS (SELECT 1) INSERT INTO t1(a) SELECT * FROM a", "SELECT * FROM t1 WHERE a = 1 COLLATE binary",
            "SELECT a FROM t1 WHERE a LIKE 'x' ESCAPE '!'", "SELECT - 9223372036854775808",
            "SELECT 'a' || 'b' COLLATE nocase", "SELECT * FROM t1 NOT INDEXED", "CREATE TABLE x(a INT) , STRICT",
            "SELECT a FROM t1 WHERE a BETWEEN b = c AND d", "SELECT a BETWEEN 1 OR 2 AND 3 AND 4 FROM t1",
            "SELECT count(DISTINCT) FROM t1", "SELECT key, action, plan, query, if, row, rows FROM t1",
            "SELECT replace('a','b','c'), like('a','b'), glob('a','b')", "SELECT left.a FROM t1 AS left",
            "CREATE TABLE left(right, full)", "SELECT a FROM t1 WHERE a NOT NULL AND b IS NOT NULL",
            "SELECT * FROM t1 WHERE a = - - 1", "SELECT 1 WHERE 2 = +'2'", "CREATE TABLE x(a CONSTRAINT c)",
            "CREATE TABLE x(a GENERATED ALWAYS AS (1) VIRTUAL, b AS (2) STORED, c INT AS (3))",
            "SELECT * FROM t1 JOIN t2 ON t1.a = t2.a AND t2.b > 0 LEFT OUTER JOIN t AS t3 ON 1",
            "SELECT \u00e9 FROM t1", "SELECT * FROM t1 WHERE a IN (1) AND b NOT IN (2, 3)",
            "SELECT (1, 2) < (3, 4)", "SELECT CASE 1 WHEN 1 THEN 2 ELSE 3 END FROM t1 ORDER BY 1 NULLS LAST",
            "SELECT t1.a FROM main.t1 INDEXED BY i1", "BEGIN EXCLUSIVE TRANSACTION x", "END TRANSACTION",
            "ROLLBACK TRANSACTION TO SAVEPOINT x", "RELEASE x", "DETACH aux", "ANALYZE main.t1", "REINDEX t1",
            "EXPLAIN QUERY PLAN SELECT * FROM t1 WHERE a = 1", "VACUUM INTO 'file.db'");

    @Test
    void quirkyStatementsThatSqlitePreparesAlsoParse() {
        List<String> mismatches = new ArrayList<>();
        for (String sql : QUIRKY) {
            String expected = sqlite.prepareError(sql);
            String actual = ours(sql);
            if (NativeSqlite.isSyntaxMessage(expected) ? !expected.equals(actual) : actual != null) {
                mismatches.add(sql + "\n  native: " + expected + "\n  ours:   " + actual);
            }
        }
        assertThat(mismatches).isEmpty();
    }

    @Test
    void syntaxErrorsNameTheTokenAndEndOfInputIsIncomplete() {
        assertThatThrownBy(() -> Parser.parse("SELECT 1 2", 0)).hasMessage("near \"2\": syntax error");
        assertThatThrownBy(() -> Parser.parse("SELECT 1 +", 0)).hasMessage("incomplete input");
        assertThatThrownBy(() -> Parser.parse("SELECT 'x", 0)).hasMessage("unrecognized token: \"'x\"");
        assertThatThrownBy(() -> Parser.parse("SELECT 1 + ;", 0)).hasMessage("near \";\": syntax error");
    }

    /**
     * Valid statements mutated by deleting, inserting, replacing tokens or truncating: where native SQLite
     * reports a syntax error we report the same text; where it prepares, we parse. (An error SQLite raises
     * in a grammar action, such as "no such table", hides what follows and is not compared.)
     */
    @Test
    void mutatedStatementsFailExactlyAsNativeSqliteDoes() {
        long seed = ReplaySeed.announce("ErrorMessageTests");
        Random random = new Random(seed);
        List<String> vocabulary = new ArrayList<>();
        for (TokenType t : TokenType.values()) {
            if (t.isKeyword()) {
                vocabulary.add(t.name());
            }
        }
        vocabulary.addAll(List.of("a", "b", "t1", "x", "1", "'s'", "2.5", "X'00'", "NULL", "(", ")", ",", ";", ".",
                "*", "+", "-", "=", "<", ">", "||", "?", "?2", ":p", "!", "\"q\"", "[b]", "0x10", "1_0", "1__0",
                "'open", "->", "~", "TRUE"));
        List<String> mismatches = new ArrayList<>();
        for (int i = 0; i < 1500; i++) {
            String sql = mutate(SqlSamples.STATEMENTS.get(random.nextInt(SqlSamples.STATEMENTS.size())), vocabulary,
                    random);
            if (sql.contains("CONCURRENT")) {
                continue; // OneLite's extension: BEGIN CONCURRENT is not SQLite syntax
            }
            String expected = sqlite.prepareError(sql);
            String actual = ours(sql);
            boolean ok = NativeSqlite.isSyntaxMessage(expected) ? expected.equals(actual)
                    : expected != null || actual == null;
            if (!ok) {
                mismatches.add(sql + "\n  native: " + expected + "\n  ours:   " + actual);
            }
        }
        assertThat(mismatches).as("seed " + seed).isEmpty();
    }

    static String mutate(String sql, List<String> vocabulary, Random random) {
        List<String> words = new ArrayList<>();
        Lexer lexer = new Lexer(sql, 0);
        for (Token t = lexer.next(); t.type() != TokenType.EOF; t = lexer.next()) {
            words.add(t.text());
        }
        int ops = 1 + random.nextInt(4);
        for (int k = 0; k < ops && !words.isEmpty(); k++) {
            int p = random.nextInt(words.size());
            switch (random.nextInt(4)) {
                case 0 -> words.remove(p);
                case 1 -> words.add(p, vocabulary.get(random.nextInt(vocabulary.size())));
                case 2 -> words.set(p, vocabulary.get(random.nextInt(vocabulary.size())));
                default -> words.subList(p, words.size()).clear();
            }
        }
        return String.join(" ", words);
    }

    /** A syntax error carries its token's offset in the text (sqlite3_error_offset), which the shell points at. */
    @Test
    void aSyntaxErrorCarriesItsTokensOffset() {
        assertThat(syntaxErrorOffset("selec 1")).isZero();
        assertThat(syntaxErrorOffset("SELECT 1 FROM t WHERE a = = 2")).isEqualTo(26); // the second '='
        assertThat(syntaxErrorOffset("  SELECT (1 +) FROM t")).isEqualTo(13);
        assertThat(syntaxErrorOffset(" selec 2")).isEqualTo(1);
        OneLiteException incomplete = org.junit.jupiter.api.Assertions.assertThrows(OneLiteException.class,
                () -> Parser.parse("SELECT 1 FROM", 0));
        assertThat(incomplete.getMessage()).isEqualTo("incomplete input");
        assertThat(incomplete.errorOffset()).isEqualTo(-1);
    }

    private static int syntaxErrorOffset(String sql) {
        OneLiteException e = org.junit.jupiter.api.Assertions.assertThrows(OneLiteException.class, () -> Parser.parse(sql, 0));
        assertThat(e.getMessage()).as(sql).endsWith(": syntax error");
        return e.errorOffset();
    }
}
