package io.onelite.sql;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
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
            "SELECT 1 +", "SELECT * FROM", "SELECT (1", "SELECT 1 2", "SELEC 1", "SELECT 1 +;", "SELECT 'abc",
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
            "CREATE TRIGGER tr AFTER INSERT ON t BEGIN DELETE FROM main.t x; END");

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
        long seed = System.nanoTime();
        System.out.println("ErrorMessageTests seed: " + seed);
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
        int ops = 1 + random.nextInt(2);
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
}
