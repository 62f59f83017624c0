package io.onelite.exec.func;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * printf()'s output buffer: it grows as bytes come, keeps them in order, and refuses to hold more
 * than its limit ("string or blob too big", as SQLite's printf() past SQLITE_MAX_LENGTH) rather
 * than overflow its size.
 */
class PrintfOutputTests {
    @Test
    void bytesComeBackInOrderAndTheLimitIsKeptByteByByteAndInBulk() {
        Printf.Out out = new Printf.Out(100);
        for (int i = 0; i < 60; i++) {
            out.write('a' + i % 26);
        }
        out.write("0123456789".getBytes(StandardCharsets.US_ASCII), 2, 5);
        assertThat(out.size()).isEqualTo(65);
        assertThat(out.toString(StandardCharsets.US_ASCII)).endsWith("ghijklmnopqrstuvwxyzabcdefgh23456");
        out.writeBytes(new byte[35]);
        assertThat(out.size()).isEqualTo(100);
        assertThatThrownBy(() -> out.write('x'))
                .isInstanceOf(OneLiteException.class)
                .satisfies(e -> assertThat(((OneLiteException) e).resultCode()).isEqualTo(ResultCode.TOOBIG))
                .hasMessageContaining("string or blob too big");
        Printf.Out bulk = new Printf.Out(100);
        bulk.write(new byte[90], 0, 90);
        assertThatThrownBy(() -> bulk.write(new byte[20], 0, 20)).isInstanceOf(OneLiteException.class);
        assertThat(bulk.size()).isEqualTo(90);
    }
}
