package io.onelite.sql;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * SQLITE_MAX_SQL_LENGTH (1 000 000 000 bytes): a longer text fails with SQLITE_TOOBIG
 * "statement too long", as sqlite3_prepare. A gigabyte statement is too big for the build's
 * heap, so the check is run with small limits; {@link Parser#parse} calls it with the real one.
 */
class SqlLengthLimitTests {
    @Test
    void textOverTheLimitFailsWithTooBig() { // #10
        assertThat(Parser.MAX_SQL_LENGTH).isEqualTo(1_000_000_000L);
        assertThatThrownBy(() -> Parser.checkLength("SELECT 1234", 0, 10))
                .isInstanceOfSatisfying(OneLiteException.class, e -> {
                    assertThat(e.resultCode()).isEqualTo(ResultCode.TOOBIG);
                    assertThat(e.getMessage()).isEqualTo("statement too long");
                });
        Parser.checkLength("SELECT 1234", 0, 11);
    }

    @Test
    void theLengthCountsFromTheStatementInBytesOfUtf8() { // #10
        Parser.checkLength("xx; SELECT 1234", 4, 11);
        assertThatThrownBy(() -> Parser.checkLength("xx; SELECT 1234", 3, 11)).isInstanceOf(OneLiteException.class);
        // 'é' is 2 bytes, '€' 3, an emoji (a surrogate pair) 4
        assertThatThrownBy(() -> Parser.checkLength("SELECT 'ééé'", 0, 14)).isInstanceOf(OneLiteException.class);
        Parser.checkLength("SELECT 'ééé'", 0, 15);
        Parser.checkLength("'€😀'", 0, 9);
        assertThatThrownBy(() -> Parser.checkLength("'€😀'", 0, 8)).isInstanceOf(OneLiteException.class);
        assertThat(Parser.parse("SELECT 'ééé'", 0).stmt()).isNotNull();
    }
}
