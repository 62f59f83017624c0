package io.onelite.sql;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class LexerTests {

    private static List<Token> tokens(String sql) {
        List<Token> out = new ArrayList<>();
        Lexer lexer = new Lexer(sql, 0);
        for (Token t = lexer.next(); t.type() != TokenType.EOF; t = lexer.next()) {
            out.add(t);
        }
        return out;
    }

    private static List<TokenType> types(String sql) {
        return tokens(sql).stream().map(Token::type).toList();
    }

    @Test
    void tokensCarryTheirOffsetsAndTextSkippingCommentsAndWhitespace() {
        List<Token> ts = tokens("SELECT a -- x\n, /* y */ b;");
        assertThat(ts).extracting(Token::text).containsExactly("SELECT", "a", ",", "b", ";");
        assertThat(ts).extracting(Token::start).containsExactly(0, 7, 14, 24, 25);
        assertThat(ts.get(3).end()).isEqualTo(25);
    }

    @Test
    void keywordsAreCaseInsensitiveAndNonKeywordsAreIdentifiers() {
        assertThat(types("select FrOm wHeRe true rowid strict concurrent current_timestamp"))
                .containsExactly(TokenType.SELECT, TokenType.FROM, TokenType.WHERE, TokenType.ID, TokenType.ID,
                        TokenType.ID, TokenType.ID, TokenType.CURRENT_TIMESTAMP);
        assertThat(TokenType.values()).filteredOn(TokenType::isKeyword).hasSize(147);
    }

    @Test
    void quotedIdentifiersAndStringsAreDequotedWithDoubledQuotes() {
        List<Token> ts = tokens("\"a\"\"b\" [c d] `e``f` 'it''s'");
        assertThat(ts).extracting(Token::type)
                .containsExactly(TokenType.ID, TokenType.ID, TokenType.ID, TokenType.STRING);
        assertThat(ts).extracting(t -> Lexer.dequote(t.text())).containsExactly("a\"b", "c d", "e`f", "it's");
    }

    @Test
    void numbersIncludeHexRealsAndDigitSeparators() {
        assertThat(types("1 0x1F .5 1.5e-3 1e5 5. 1_000 0x")).containsExactly(TokenType.INTEGER, TokenType.INTEGER,
                TokenType.FLOAT, TokenType.FLOAT, TokenType.FLOAT, TokenType.FLOAT, TokenType.QNUMBER,
                TokenType.ILLEGAL);
        assertThat(types("12abc")).containsExactly(TokenType.ILLEGAL);
        assertThat(types("1e")).containsExactly(TokenType.ILLEGAL);
        assertThat(Lexer.stripSeparators("1_000")).isEqualTo("1000");
        assertThat(Lexer.stripSeparators("1__0")).isNull();
    }

    @Test
    void blobsNeedAnEvenNumberOfHexDigits() {
        assertThat(types("X'00ff' x'' X'0' X'zz'")).containsExactly(TokenType.BLOB, TokenType.BLOB,
                TokenType.ILLEGAL, TokenType.ILLEGAL);
    }

    @Test
    void parametersTakeEveryPrefixAndTclStyleSuffixes() {
        assertThat(tokens("? ?12 :a @b $c $d::e(f) #g")).extracting(Token::text)
                .containsExactly("?", "?12", ":a", "@b", "$c", "$d::e(f)", "#g");
        assertThat(types("$ : @")).containsOnly(TokenType.ILLEGAL);
    }

    @Test
    void operatorsAreLongestMatch() {
        assertThat(types("|| | -> ->> - << <= <> < >> >= > == = != ~ &")).containsExactly(TokenType.CONCAT,
                TokenType.BITOR, TokenType.PTR, TokenType.PTR, TokenType.MINUS, TokenType.LSHIFT, TokenType.LE,
                TokenType.NE, TokenType.LT, TokenType.RSHIFT, TokenType.GE, TokenType.GT, TokenType.EQ, TokenType.EQ,
                TokenType.NE, TokenType.BITNOT, TokenType.BITAND);
        assertThat(types("!")).containsExactly(TokenType.ILLEGAL);
    }

    @Test
    void unterminatedQuotesAndCommentsRunToTheEnd() {
        assertThat(tokens("'abc")).extracting(Token::type, Token::text).containsExactly(
                org.assertj.core.groups.Tuple.tuple(TokenType.ILLEGAL, "'abc"));
        assertThat(types("a /* never closed")).containsExactly(TokenType.ID);
        assertThat(types("[abc")).containsExactly(TokenType.ILLEGAL);
    }

    @Test
    void windowOverAndFilterAreKeywordsOnlyInContext() {
        assertThat(types("SELECT over FROM window")).containsExactly(TokenType.SELECT, TokenType.ID, TokenType.FROM,
                TokenType.ID);
        assertThat(types("f(x) OVER (w)")).contains(TokenType.OVER);
        assertThat(types("f(x) OVER w")).contains(TokenType.OVER);
        assertThat(types("f(x) FILTER (WHERE 1)")).contains(TokenType.FILTER);
        assertThat(types("a filter")).containsExactly(TokenType.ID, TokenType.ID);
        assertThat(types("WINDOW w AS (x)")).startsWith(TokenType.WINDOW);
        assertThat(types("WINDOW w")).startsWith(TokenType.ID);
    }

    @Test
    void aNulCharacterEndsTheText() {
        assertThat(types("SELECT 1\u0000 garbage '")).containsExactly(TokenType.SELECT, TokenType.INTEGER);
    }
}
