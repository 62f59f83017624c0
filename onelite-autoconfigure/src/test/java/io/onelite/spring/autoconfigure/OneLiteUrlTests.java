package io.onelite.spring.autoconfigure;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class OneLiteUrlTests {

    @Test
    void aRelativePathBecomesAbsoluteWithTheSettingsAsKeys() {
        OneLiteProperties p = new OneLiteProperties();
        p.setPath("data/x.db");
        assertThat(OneLiteUrl.of(p, null)).isEqualTo("jdbc:onelite:" + Path.of("data/x.db").toAbsolutePath()
                + "?synchronous=full&busy_timeout=10000&commit_hold_limit=5000");
    }

    @Test
    void aWriteSliceBecomesItsKeyInMicroseconds() {
        OneLiteProperties p = new OneLiteProperties();
        p.setPath("/tmp/w.db");
        p.setWriteSlice(java.time.Duration.ZERO);
        assertThat(OneLiteUrl.of(p, null)).endsWith("&write_slice_us=0");
        p.setWriteSlice(java.time.Duration.ofNanos(250_000));
        assertThat(OneLiteUrl.of(p, null)).endsWith("&write_slice_us=250");
        p.setWriteSlice(java.time.Duration.ofDays(3));
        assertThat(OneLiteUrl.of(p, null)).as("capped as the engine caps it").endsWith("&write_slice_us=3600000000");
    }

    @Test
    void inMemoryStaysInMemory() {
        OneLiteProperties p = new OneLiteProperties();
        p.setPath(":memory:");
        String url = OneLiteUrl.of(p, "");
        assertThat(url).startsWith("jdbc:onelite::memory:?");
        assertThat(OneLiteUrl.file(url)).isNull();
    }

    @Test
    void aUrlsOwnKeysWinAndAnotherDatabasesUrlIsIgnored() {
        OneLiteProperties p = new OneLiteProperties();
        assertThat(OneLiteUrl.of(p, "jdbc:onelite:/tmp/a.db?BUSY_TIMEOUT=1&begin=concurrent"))
                .isEqualTo("jdbc:onelite:/tmp/a.db?busy_timeout=1&begin=concurrent&synchronous=full&commit_hold_limit=5000");
        assertThat(OneLiteUrl.of(p, "jdbc:h2:mem:x")).startsWith("jdbc:onelite:" + Path.of("data/onelite.db").toAbsolutePath());
        assertThat(OneLiteUrl.file("jdbc:onelite:/tmp/a.db?x=1")).isEqualTo(Path.of("/tmp/a.db"));
    }
}
