package io.onelite.jdbc;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import static io.onelite.jdbc.WithoutRowidDifferentialTests.assertSame;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code PRAGMA wal_autocheckpoint}, per connection as in SQLite: its set form changes when that
 * connection's own commits checkpoint (0 or less: never) and returns the new value; another
 * connection on the same file keeps its own. Whether a checkpoint ran is read from the database
 * file's size: pages reach the file only by a checkpoint.
 */
class WalAutoCheckpointTests {
    @TempDir
    Path dir;

    @Test
    void theSetFormReturnsTheValueAsSqlites() throws SQLException {
        assertSame(
                "PRAGMA wal_autocheckpoint",
                "PRAGMA wal_autocheckpoint = 5",
                "PRAGMA wal_autocheckpoint",
                "PRAGMA wal_autocheckpoint = -3",
                "PRAGMA wal_autocheckpoint",
                "PRAGMA wal_autocheckpoint = '12abc'",
                "PRAGMA wal_autocheckpoint = x",
                "PRAGMA wal_autocheckpoint",
                "PRAGMA main.wal_autocheckpoint = 7",
                "PRAGMA wal_autocheckpoint = 3000000000",
                "PRAGMA wal_autocheckpoint = 1000");
    }

    /**
     * One connection with checkpoints off writes 60 pages: the file keeps its first size. A
     * second connection on the file, its threshold at 10 frames, commits one row: its commit
     * copies everything back. Both drivers, each on its own file, give the same sizes.
     */
    @Test
    void eachConnectionCheckpointsByItsOwnSetting() throws Exception {
        for (String prefix : List.of("jdbc:sqlite:", "jdbc:onelite:")) {
            Path db = dir.resolve(prefix.replace(":", "_") + "per-connection.db");
            List<Long> sizes = new ArrayList<>();
            try (Connection a = DriverManager.getConnection(prefix + db);
                 Connection b = DriverManager.getConnection(prefix + db)) {
                Drivers.exec(a, "PRAGMA journal_mode=WAL", "CREATE TABLE t(id INTEGER PRIMARY KEY, v BLOB)");
                Drivers.exec(a, "PRAGMA wal_checkpoint(TRUNCATE)");
                long before = Files.size(db);
                assertThat(Drivers.rows(a, "PRAGMA wal_autocheckpoint = 0")).containsExactly(List.of("0"));
                for (int i = 0; i < 60; i++) {
                    Drivers.exec(a, "INSERT INTO t(v) VALUES (zeroblob(3000))");
                }
                sizes.add(Files.size(db) - before);
                assertThat(Drivers.rows(b, "PRAGMA wal_autocheckpoint")).containsExactly(List.of("1000"));
                Drivers.exec(b, "PRAGMA wal_autocheckpoint = 10", "INSERT INTO t(v) VALUES (zeroblob(3000))");
                sizes.add(Files.size(db) - before);
                assertThat(Drivers.rows(a, "PRAGMA wal_autocheckpoint")).as(prefix).containsExactly(List.of("0"));
            }
            assertThat(sizes).as(prefix).hasSize(2);
            assertThat(sizes.get(0)).as(prefix + " growth with checkpoints off").isZero();
            assertThat(sizes.get(1)).as(prefix + " growth after the other connection's commit").isGreaterThan(60L * 4096);
        }
    }

    /** BEGIN CONCURRENT commits follow the setting too, and a change inside a transaction holds for its commit. */
    @Test
    void concurrentCommitsAndAnOpenTransactionFollowTheSetting() throws Exception {
        Path db = dir.resolve("concurrent.db");
        try (Connection c = DriverManager.getConnection("jdbc:onelite:" + db)) {
            Drivers.exec(c, "PRAGMA journal_mode=WAL", "CREATE TABLE t(id INTEGER PRIMARY KEY, v BLOB)",
                    "PRAGMA wal_checkpoint(TRUNCATE)");
            long before = Files.size(db);
            Drivers.exec(c, "PRAGMA wal_autocheckpoint = 0");
            for (int i = 0; i < 80; i++) {
                Drivers.exec(c, "BEGIN CONCURRENT", "INSERT INTO t(v) VALUES (zeroblob(3000))", "COMMIT");
            }
            assertThat(Files.size(db)).as("80 concurrent commits, checkpoints off").isEqualTo(before);
            Drivers.exec(c, "PRAGMA wal_autocheckpoint = 5");
            for (int i = 0; i < 40; i++) {
                Drivers.exec(c, "BEGIN CONCURRENT", "INSERT INTO t(v) VALUES (zeroblob(3000))", "COMMIT");
            }
            long afterConcurrent = Files.size(db);
            assertThat(afterConcurrent - before).as("40 concurrent commits at 5 frames").isGreaterThan(80L * 4096);

            Drivers.exec(c, "PRAGMA wal_autocheckpoint = 0");
            for (int i = 0; i < 30; i++) {
                Drivers.exec(c, "INSERT INTO t(v) VALUES (zeroblob(3000))");
            }
            assertThat(Files.size(db)).as("30 commits, checkpoints off again").isEqualTo(afterConcurrent);
            Drivers.exec(c, "BEGIN", "INSERT INTO t(v) VALUES (zeroblob(3000))", "PRAGMA wal_autocheckpoint = 5", "COMMIT");
            assertThat(Files.size(db) - afterConcurrent).as("the commit after the change").isGreaterThan(30L * 4096);
        }
    }
}
