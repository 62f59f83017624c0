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
    void caseSensitiveLikeMakesLikeCompareCase() throws SQLException {
        assertSame(
                "CREATE TABLE t(a TEXT)",
                "INSERT INTO t VALUES ('abc'), ('ABC'), ('Abd')",
                "SELECT 'a' LIKE 'A', like('A%', 'abc'), 'x' LIKE 'X' ESCAPE '!'",
                "PRAGMA case_sensitive_like",
                "PRAGMA case_sensitive_like = 1",
                "PRAGMA case_sensitive_like",
                "SELECT 'a' LIKE 'A', like('A%', 'abc'), like('a%', 'abc'), 'x' LIKE 'X' ESCAPE '!', 'a' GLOB 'A'",
                "SELECT a FROM t WHERE a LIKE 'A%' ORDER BY a",
                "PRAGMA case_sensitive_like = off",
                "SELECT a FROM t WHERE a LIKE 'A%' ORDER BY a");
    }

    @Test
    void ignoreCheckConstraintsSkipsThemOnWrites() throws SQLException {
        assertSame(
                "CREATE TABLE t(a CHECK (a > 0), b, CHECK (b IS NOT 'x'))",
                "PRAGMA ignore_check_constraints",
                "INSERT INTO t VALUES (-1, 'y')",
                "PRAGMA ignore_check_constraints = 1",
                "PRAGMA ignore_check_constraints",
                "INSERT INTO t VALUES (-1, 'x')",
                "UPDATE t SET a = -5",
                "PRAGMA ignore_check_constraints = 0",
                "INSERT INTO t VALUES (-2, 'z')",
                "UPDATE t SET b = 'w'",
                "UPDATE t SET a = a",
                "SELECT * FROM t");
    }

    /**
     * As SQLite's UPDATE: NOT NULL is checked on the columns it sets only, and a CHECK constraint
     * only when it reads one of them (or a generated column reading one, or the rowid when set).
     */
    @Test
    void anUpdateChecksTheConstraintsOfTheColumnsItSets() throws SQLException {
        assertSame(
                "CREATE TABLE t(id INTEGER PRIMARY KEY, a CHECK (a > 0), b, c CHECK (b + c > 0), "
                        + "g AS (c * 2) CHECK (g < 100), CHECK (id < 50))",
                "INSERT INTO t(id, a, b, c) VALUES (1, 1, 1, 1)",
                "PRAGMA ignore_check_constraints = 1",
                "UPDATE t SET a = -1, b = -5",
                "INSERT INTO t(id, a, b, c) VALUES (60, 1, 1, 1)",
                "PRAGMA ignore_check_constraints = 0",
                "UPDATE t SET c = 7 WHERE id = 1",
                "UPDATE t SET b = 7 WHERE id = 1",
                "UPDATE t SET c = 60 WHERE id = 1",
                "UPDATE t SET a = 2 WHERE id = 60",
                "UPDATE t SET id = 61 WHERE id = 60",
                "INSERT INTO t(id, a, b, c) VALUES (1, 5, 5, 5) ON CONFLICT (id) DO UPDATE SET b = 9",
                "INSERT INTO t(id, a, b, c) VALUES (1, 5, 5, 5) ON CONFLICT (id) DO UPDATE SET a = 0",
                "SELECT * FROM t ORDER BY id");
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
