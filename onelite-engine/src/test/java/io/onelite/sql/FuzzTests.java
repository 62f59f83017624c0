package io.onelite.sql;

import io.onelite.common.OneLiteException;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Random input only ever yields a {@link ParseResult} or a {@link OneLiteException}: never another
 * exception, a StackOverflowError or a hang. Seeds are printed for replay.
 */
class FuzzTests {

    private static void parseEverything(String sql) {
        int offset = 0;
        for (int guard = 0; guard <= sql.length() + 1; guard++) {
            ParseResult r;
            try {
                r = Parser.parse(sql, offset);
            } catch (OneLiteException e) {
                assertThat(e.getMessage()).isNotBlank();
                return;
            }
            if (r.stmt() == null) {
                assertThat(r.end()).isLessThanOrEqualTo(sql.length());
                return;
            }
            assertThat(r.end()).as("progress in %s", sql).isGreaterThan(offset).isLessThanOrEqualTo(sql.length());
            offset = r.end();
        }
        throw new AssertionError("no end reached in " + sql);
    }

    @Test
    void randomTokenSequencesYieldAResultOrAOneLiteException() {
        long seed = System.nanoTime();
        System.out.println("FuzzTests token seed: " + seed);
        Random random = new Random(seed);
        List<String> vocabulary = new ArrayList<>();
        for (TokenType t : TokenType.values()) {
            if (t.isKeyword()) {
                vocabulary.add(t.name());
            }
        }
        vocabulary.addAll(List.of("a", "b", "t", "1", "0x", "0x1", "1e", "1e5", ".5", "'s'", "'", "\"", "`x`", "[",
                "X'0'", "X'00'", "?", "?1", ":a", "$", "@b", "#1", "(", ")", ",", ";", ".", "*", "/", "%", "+", "-", "--",
                "/*", "*/", "=", "==", "!=", "!", "<>", "<", "<=", ">>", "|", "||", "&", "~", "->", "->>", "\n",
                "\u00e9", "\u0000", "1_000", "_", "\uFEFF", "TRUE", "CONCURRENT"));
        for (int i = 0; i < 20000; i++) {
            int n = random.nextInt(25);
            StringBuilder b = new StringBuilder();
            for (int k = 0; k < n; k++) {
                b.append(vocabulary.get(random.nextInt(vocabulary.size()))).append(random.nextInt(4) == 0 ? "" : " ");
            }
            parseEverything(b.toString());
        }
    }

    @Test
    void randomCharactersYieldAResultOrAOneLiteException() {
        long seed = System.nanoTime();
        System.out.println("FuzzTests char seed: " + seed);
        Random random = new Random(seed);
        String alphabet = "abcSELECTFROMWHERE0123456789 ().,;*+-/%<>=!|&~'\"`[]?:@$#_xX\n\t\u00e9";
        for (int i = 0; i < 20000; i++) {
            int n = random.nextInt(40);
            StringBuilder b = new StringBuilder();
            for (int k = 0; k < n; k++) {
                b.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            parseEverything(b.toString());
        }
    }

    @Test
    void mutatedValidStatementsYieldAResultOrAOneLiteException() {
        long seed = System.nanoTime();
        System.out.println("FuzzTests mutation seed: " + seed);
        Random random = new Random(seed);
        List<String> vocabulary = List.of("(", ")", ",", "SELECT", "FROM", "a", "1", "NOT", "ON", "AS", "CASE", "END",
                "OVER", "FILTER", "WINDOW", "BETWEEN", "AND", "IN", "IS", "NULL", "'", "ORDER", "BY", "LIMIT", "UNION");
        for (int i = 0; i < 20000; i++) {
            String sql = SqlSamples.STATEMENTS.get(random.nextInt(SqlSamples.STATEMENTS.size()));
            parseEverything(ErrorMessageTests.mutate(sql, vocabulary, random));
        }
    }

    @Test
    void deepNestingFailsWithTheExpressionDepthMessageNotAStackOverflow() {
        String msg = "Expression tree is too large (maximum depth 1000)";
        assertThatThrownBy(() -> Parser.parse("SELECT " + "(".repeat(100_000) + "1" + ")".repeat(100_000), 0))
                .isInstanceOf(OneLiteException.class).hasMessage(msg);
        assertThatThrownBy(() -> Parser.parse("SELECT " + "- ".repeat(1200) + "1", 0)).hasMessage(msg);
        assertThatThrownBy(() -> Parser.parse("SELECT 1" + "+1".repeat(1000), 0)).hasMessage(msg);
        assertThat(Parser.parse("SELECT 1" + "+1".repeat(999), 0).stmt()).isNotNull();
        // subqueries count by height at parse, as in SQLite (whose name resolution stops them far earlier)
        assertThatThrownBy(() -> Parser.parse("SELECT " + "(SELECT ".repeat(1000) + "1" + ")".repeat(1000), 0))
                .hasMessage(msg);
        // parentheses are no height: thousands parse, on a large stack past a few dozen (SQLite 3.51 accepts them)
        assertThat(Parser.parse("SELECT * FROM " + "(".repeat(5000) + "t" + ")".repeat(5000), 0).stmt()).isNotNull();
        assertThatThrownBy(() -> Parser.parse("SELECT " + "CASE WHEN 1 THEN ".repeat(3000) + "1" + " END".repeat(3000), 0))
                .hasMessage(msg);
        assertThatThrownBy(() -> Parser.parse("SELECT " + "f(".repeat(3000) + "1" + ")".repeat(3000), 0))
                .hasMessage(msg);
        assertThatThrownBy(() -> Parser.parse("SELECT 1 WHERE " + "NOT ".repeat(5000) + "1", 0)).hasMessage(msg);
        assertThatThrownBy(() -> Parser.parse("SELECT " + "1 IN (".repeat(3000) + "1" + ")".repeat(3000), 0))
                .hasMessage(msg);
    }

    @Test
    void aSmallThreadStackNeverSeesAStackOverflowError() throws InterruptedException {
        List<String> deep = List.of("SELECT " + "f(".repeat(999) + "1" + ")".repeat(999),
                "SELECT " + "(SELECT ".repeat(499) + "1" + ")".repeat(499),
                "SELECT " + "CASE WHEN 1 THEN ".repeat(999) + "1" + " END".repeat(999));
        for (String sql : deep) {
            Throwable[] failure = new Throwable[1];
            Thread t = new Thread(null, () -> {
                try {
                    Parser.parse(sql, 0);
                } catch (OneLiteException e) {
                    assertThat(e.getMessage()).isEqualTo("Expression tree is too large (maximum depth 1000)");
                } catch (Throwable e) {
                    failure[0] = e;
                }
            }, "small-stack-parse", 128 * 1024);
            t.start();
            t.join();
            assertThat(failure[0]).isNull();
        }
    }

    @Test
    void longFlatInputsParse() {
        assertThat(Parser.parse("SELECT " + "1, ".repeat(50_000) + "1", 0).stmt()).isNotNull();
        assertThat(Parser.parse("VALUES " + "(1, 2), ".repeat(20_000) + "(1, 2)", 0).stmt()).isNotNull();
        assertThat(Parser.parse("SELECT 1 " + "UNION ALL SELECT 1 ".repeat(499), 0).stmt()).isNotNull();
        assertThat(Parser.parse("SELECT * FROM t" + ", t".repeat(5_000), 0).stmt()).isNotNull();
    }
}
