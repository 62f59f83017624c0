package io.onelite.sql;

import io.onelite.common.OneLiteException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ParseCacheTests {
    @Test
    void aTextSeenBeforeGivesTheSameTreeAsAFreshParse() {
        String sql = "select k, length(pad) from big where id = ?1 and k > :low -- " + System.nanoTime();
        ParseResult first = ParseCache.parse(sql);
        assertThat(ParseCache.parse(sql)).as("the cached tree itself").isSameAs(first);
        ParseResult fresh = Parser.parse(sql, 0);
        assertThat(first).isEqualTo(fresh);
        assertThat(first.parameterCount()).isEqualTo(2);
        assertThat(first.parameterNames()).containsExactly("?1", ":low");
    }

    @Test
    void onlyTheFirstStatementOfATextIsParsedAsParserParseDoes() {
        String sql = "select 1; select 2 /* " + System.nanoTime() + " */";
        ParseResult r = ParseCache.parse(sql);
        assertThat(r).isEqualTo(Parser.parse(sql, 0));
        assertThat(r.end()).isEqualTo("select 1;".length());
    }

    @Test
    void aTextThatFailsFailsAgainWithTheSameErrorAndIsNotKept() {
        String sql = "select * from t where (" + System.nanoTime();
        int before = ParseCache.size();
        OneLiteException e1 = catchParse(sql);
        OneLiteException e2 = catchParse(sql);
        assertThat(e1.getMessage()).isEqualTo("incomplete input").isEqualTo(e2.getMessage());
        assertThat(e2.resultCode()).isEqualTo(e1.resultCode());
        assertThat(ParseCache.size()).isLessThanOrEqualTo(before);
    }

    @Test
    void staysWithinItsBoundsOfTextsAndOfTextLength() {
        long tag = System.nanoTime();
        for (int i = 0; i < ParseCache.CAPACITY + 50; i++) {
            ParseCache.parse("select " + i + " -- " + tag);
            assertThat(ParseCache.size()).isLessThanOrEqualTo(ParseCache.CAPACITY);
        }
        String longText = "select 1 -- " + "x".repeat(ParseCache.MAX_TEXT);
        ParseResult r = ParseCache.parse(longText);
        assertThat(ParseCache.parse(longText)).as("too long to keep: parsed again").isNotSameAs(r).isEqualTo(r);
    }

    private static OneLiteException catchParse(String sql) {
        try {
            ParseCache.parse(sql);
        } catch (OneLiteException e) {
            return e;
        }
        throw new AssertionError("parsed: " + sql);
    }

    @Test
    void parseErrorsKeepTheirType() {
        assertThatThrownBy(() -> ParseCache.parse("selec 1")).isInstanceOf(OneLiteException.class)
                .hasMessage("near \"selec\": syntax error");
    }
}
