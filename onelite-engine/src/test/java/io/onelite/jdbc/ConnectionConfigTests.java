package io.onelite.jdbc;

import io.onelite.common.BeginMode;
import io.onelite.common.Synchronous;
import org.junit.jupiter.api.Test;

import java.sql.SQLException;
import java.time.Duration;
import java.util.Properties;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ConnectionConfigTests {

    @Test
    void plainPathHasDefaultOptions() throws SQLException {
        ConnectionConfig c = ConnectionConfig.parse("jdbc:onelite:/tmp/x.db", null);
        assertThat(c.path()).isEqualTo("/tmp/x.db");
        assertThat(c.isMemory()).isFalse();
        assertThat(c.beginMode()).isEqualTo(BeginMode.DEFERRED);
        assertThat(c.options()).isEqualTo(io.onelite.api.DatabaseOptions.DEFAULTS);
    }

    @Test
    void memoryAndEmptyPathsAreInMemory() throws SQLException {
        assertThat(ConnectionConfig.parse("jdbc:onelite::memory:", null).isMemory()).isTrue();
        assertThat(ConnectionConfig.parse("jdbc:onelite:", null).isMemory()).isTrue();
        assertThat(ConnectionConfig.parse("jdbc:onelite::memory:?begin=immediate", null).beginMode())
                .isEqualTo(BeginMode.IMMEDIATE);
    }

    @Test
    void everyUrlKeyIsApplied() throws SQLException {
        ConnectionConfig c = ConnectionConfig.parse("jdbc:onelite:a.db?synchronous=normal&busy_timeout=250"
                + "&commit_hold_limit=1500&cache_size=-4000&foreign_keys=on&read_only=true&begin=concurrent_snapshot"
                + "&write_slice_us=250", null);
        assertThat(c.path()).isEqualTo("a.db");
        assertThat(c.options().synchronous()).isEqualTo(Synchronous.NORMAL);
        assertThat(c.options().busyTimeout()).isEqualTo(Duration.ofMillis(250));
        assertThat(c.options().commitHoldLimit()).isEqualTo(Duration.ofMillis(1500));
        assertThat(c.options().cacheSize()).isEqualTo(-4000);
        assertThat(c.options().foreignKeys()).isTrue();
        assertThat(c.options().readOnly()).isTrue();
        assertThat(c.options().writeSlice()).isEqualTo(Duration.ofNanos(250_000));
        assertThat(c.beginMode()).isEqualTo(BeginMode.CONCURRENT_SNAPSHOT);
        assertThat(ConnectionConfig.parse("jdbc:onelite:a.db?write_slice_us=0", null).options().writeSlice()).isZero();
        assertThat(ConnectionConfig.parse("jdbc:onelite:a.db?busy_timeout=1", null).options().writeSlice())
                .as("unset: the engine's default").isNull();
    }

    @Test
    void propertiesOverrideUrlKeysAndUserPasswordAreIgnored() throws SQLException {
        Properties p = new Properties();
        p.setProperty("begin", "CONCURRENT");
        p.setProperty("synchronous", "0");
        p.setProperty("user", "sa");
        p.setProperty("password", "");
        ConnectionConfig c = ConnectionConfig.parse("jdbc:onelite:a.db?begin=immediate", p);
        assertThat(c.beginMode()).isEqualTo(BeginMode.CONCURRENT);
        assertThat(c.options().synchronous()).isEqualTo(Synchronous.OFF);
    }

    @Test
    void unknownKeyFailsNamingIt() {
        assertThatThrownBy(() -> ConnectionConfig.parse("jdbc:onelite:a.db?date_class=text", null))
                .isInstanceOf(SQLException.class).hasMessageContaining("date_class");
        Properties p = new Properties();
        p.setProperty("bogus_key", "1");
        assertThatThrownBy(() -> ConnectionConfig.parse("jdbc:onelite:a.db", p))
                .isInstanceOf(SQLException.class).hasMessageContaining("bogus_key");
    }

    @Test
    void badValuesFailNamingTheKey() {
        assertThatThrownBy(() -> ConnectionConfig.parse("jdbc:onelite:a.db?busy_timeout=soon", null))
                .isInstanceOf(SQLException.class).hasMessageContaining("busy_timeout");
        assertThatThrownBy(() -> ConnectionConfig.parse("jdbc:onelite:a.db?begin=eventually", null))
                .isInstanceOf(SQLException.class).hasMessageContaining("begin");
        assertThatThrownBy(() -> ConnectionConfig.parse("jdbc:onelite:a.db?foreign_keys=maybe", null))
                .isInstanceOf(SQLException.class).hasMessageContaining("foreign_keys");
        assertThatThrownBy(() -> ConnectionConfig.parse("jdbc:onelite:a.db?write_slice_us=-1", null))
                .isInstanceOf(SQLException.class).hasMessageContaining("write_slice_us");
    }

    /** URLs written for sqlite-jdbc: its PRAGMA keys run on each connection, journal_mode=wal, transaction_mode. */
    @Test
    void sqliteJdbcStyleKeysAreTakenAsThePragmasTheyName() throws SQLException {
        ConnectionConfig c = ConnectionConfig.parse("jdbc:onelite:a.db?journal_mode=WAL&busy_timeout=3000&foreign_keys=on"
                + "&recursive_triggers=on&transaction_mode=IMMEDIATE&temp_store=memory", null);
        assertThat(c.beginMode()).isEqualTo(BeginMode.IMMEDIATE);
        assertThat(c.options().foreignKeys()).isTrue();
        assertThat(c.pragmas()).containsExactly(java.util.Map.entry("recursive_triggers", "on"),
                java.util.Map.entry("temp_store", "memory"));
        assertThatThrownBy(() -> ConnectionConfig.parse("jdbc:onelite:a.db?journal_mode=delete", null))
                .isInstanceOf(SQLException.class).hasMessageContaining("always in WAL mode");
        assertThatThrownBy(() -> ConnectionConfig.parse("jdbc:onelite:a.db?temp_store=1;DROP%20TABLE%20t", null))
                .isInstanceOf(SQLException.class).hasMessageContaining("invalid value for PRAGMA temp_store");
        try (java.sql.Connection conn = java.sql.DriverManager.getConnection(
                "jdbc:onelite::memory:?recursive_triggers=1&query_only=on&journal_mode=wal")) {
            assertThat(Drivers.rows(conn, "PRAGMA recursive_triggers")).containsExactly(java.util.List.of("1"));
            assertThat(Drivers.rows(conn, "PRAGMA query_only")).containsExactly(java.util.List.of("1"));
        }
    }

    @Test
    void percentEncodedPartsAreDecoded() throws SQLException {
        ConnectionConfig c = ConnectionConfig.parse("jdbc:onelite:a.db?begin=concurrent%5Fsnapshot", null);
        assertThat(c.beginMode()).isEqualTo(BeginMode.CONCURRENT_SNAPSHOT);
    }

    @Test
    void otherUrlsAreRefused() {
        assertThatThrownBy(() -> ConnectionConfig.parse("jdbc:sqlite:a.db", null)).isInstanceOf(SQLException.class);
        assertThat(new OneLiteDriver().acceptsURL("jdbc:sqlite:a.db")).isFalse();
        assertThat(new OneLiteDriver().acceptsURL("jdbc:onelite:a.db")).isTrue();
    }

    @Test
    void dataSourceSettersWinOverTheUrl() throws SQLException {
        OneLiteDataSource ds = new OneLiteDataSource();
        ds.setUrl("jdbc:onelite:a.db?begin=immediate&busy_timeout=10");
        ds.setPath("b.db");
        ds.setBeginMode(BeginMode.CONCURRENT);
        ds.setSynchronous("normal");
        ds.setCommitHoldLimit(Duration.ofMillis(700));
        ds.setForeignKeys(true);
        ConnectionConfig c = ds.getConfig();
        assertThat(c.path()).isEqualTo("b.db");
        assertThat(ds.getUrl()).isEqualTo("jdbc:onelite:b.db?begin=immediate&busy_timeout=10");
        assertThat(c.beginMode()).isEqualTo(BeginMode.CONCURRENT);
        assertThat(c.options().busyTimeout()).isEqualTo(Duration.ofMillis(10));
        assertThat(c.options().synchronous()).isEqualTo(Synchronous.NORMAL);
        assertThat(c.options().commitHoldLimit()).isEqualTo(Duration.ofMillis(700));
        assertThat(c.options().foreignKeys()).isTrue();
    }
}
