package io.onelite.jdbc;

import org.junit.jupiter.api.Test;

import java.sql.SQLException;

import static io.onelite.jdbc.WithoutRowidDifferentialTests.assertSame;

/**
 * PRAGMAs that tools and tests read, on both drivers: {@code query_only} (every write fails with
 * SQLITE_READONLY until it is switched off), {@code temp_store}, {@code encoding},
 * {@code auto_vacuum}, {@code collation_list}, {@code wal_autocheckpoint}, and the settings this
 * engine keeps at SQLite's defaults (their query form reads them; they were unknown pragmas here).
 */
class PragmaSettingsDifferentialTests {

    @Test
    void queryOnlyRefusesEveryWriteUntilSwitchedOff() throws SQLException {
        assertSame(
                "CREATE TABLE t(a INTEGER PRIMARY KEY, b)",
                "INSERT INTO t VALUES (1, 'x')",
                "PRAGMA query_only",
                "PRAGMA query_only = 1",
                "PRAGMA query_only",
                "INSERT INTO t VALUES (2, 'y')",
                "UPDATE t SET b = 'z'",
                "DELETE FROM t",
                "CREATE TABLE u(x)",
                "CREATE INDEX tb ON t(b)",
                "DROP TABLE t",
                "PRAGMA user_version = 3",
                "BEGIN",
                "SELECT * FROM t",
                "INSERT INTO t VALUES (3, 'w')",
                "COMMIT",
                "PRAGMA query_only = off",
                "INSERT INTO t VALUES (2, 'y')",
                "SELECT * FROM t ORDER BY a");
    }

    @Test
    void storageSettingsReadAsSqlites() throws SQLException {
        assertSame(
                "CREATE TABLE t(a)",
                "PRAGMA encoding",
                "PRAGMA encoding = 'UTF-16'",
                "PRAGMA encoding",
                "PRAGMA auto_vacuum",
                "PRAGMA temp_store",
                "PRAGMA temp_store = 2",
                "PRAGMA temp_store",
                "PRAGMA temp_store = file",
                "PRAGMA temp_store",
                "PRAGMA temp_store = 7",
                "PRAGMA temp_store",
                "PRAGMA collation_list",
                "PRAGMA wal_autocheckpoint",
                "PRAGMA locking_mode",
                "PRAGMA journal_size_limit");
    }

    @Test
    void settingsKeptAtSqlitesDefaultsReadBack() throws SQLException {
        assertSame(
                "PRAGMA secure_delete",
                "PRAGMA cell_size_check",
                "PRAGMA legacy_alter_table",
                "PRAGMA reverse_unordered_selects",
                "PRAGMA trusted_schema",
                "PRAGMA ignore_check_constraints",
                "PRAGMA writable_schema",
                "PRAGMA full_column_names",
                "PRAGMA short_column_names",
                "PRAGMA count_changes",
                "PRAGMA empty_result_callbacks",
                "PRAGMA fullfsync",
                "PRAGMA checkpoint_fullfsync",
                "PRAGMA threads",
                "PRAGMA soft_heap_limit",
                "PRAGMA hard_heap_limit",
                "PRAGMA analysis_limit");
    }
}
