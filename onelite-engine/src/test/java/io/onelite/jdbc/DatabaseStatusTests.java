package io.onelite.jdbc;

import io.onelite.api.Database;
import io.onelite.api.DatabaseStatus;
import io.onelite.pager.CheckpointMode;
import io.onelite.pager.LastCheckpoint;
import io.onelite.tx.TxStats;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLTransactionRollbackException;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The engine's status of an open database (what the Spring starter's meters and health indicator
 * read): commit and merge timings, conflicts, WAL frames and the last checkpoint, through a
 * connection and, without one, by the file's path.
 */
class DatabaseStatusTests {

    @TempDir
    Path dir;

    @Test
    void commitsAndTheValidationAndReplayOfAMergedCommitAreCountedAndTimed() throws SQLException {
        Path file = dir.resolve("timed.db");
        String url = "jdbc:onelite:" + file + "?begin=concurrent";
        try (Connection a = DriverManager.getConnection(url); Connection b = DriverManager.getConnection(url)) {
            Drivers.exec(a, "CREATE TABLE t(id INTEGER PRIMARY KEY, v)", "INSERT INTO t VALUES(1, 'x'), (2, 'y')");
            TxStats before = status(a).transactions();
            a.setAutoCommit(false);
            b.setAutoCommit(false);
            Drivers.rows(a, "SELECT v FROM t WHERE id = 1");
            Drivers.exec(a, "UPDATE t SET v = 'a' WHERE id = 1");
            Drivers.exec(b, "UPDATE t SET v = 'b' WHERE id = 2");
            b.commit(); // fast path
            a.commit(); // over b's commit: validated and replayed
            TxStats after = status(a).transactions();
            assertThat(after.timedCommits() - before.timedCommits()).isEqualTo(2);
            assertThat(after.commits() - before.commits()).isEqualTo(2);
            assertThat(after.merges() - before.merges()).isEqualTo(1);
            assertThat(after.replayedCommits() - before.replayedCommits()).isEqualTo(1);
            assertThat(after.mergeNanos()).isPositive();
            // every merge runs inside a timed COMMIT
            assertThat(after.commitNanos() - before.commitNanos()).isGreaterThanOrEqualTo(after.mergeNanos() - before.mergeNanos());
            assertThat(status(b).transactions()).as("one file, one set of counters").isEqualTo(after);
        }
    }

    @Test
    void aRefusedMergeIsCountedAsAConflictAndItsTimeStillCounts() throws SQLException {
        String url = "jdbc:onelite:" + dir.resolve("conflict.db") + "?begin=concurrent";
        try (Connection a = DriverManager.getConnection(url); Connection b = DriverManager.getConnection(url)) {
            Drivers.exec(a, "CREATE TABLE acct(id INTEGER PRIMARY KEY, bal INTEGER)", "INSERT INTO acct VALUES(1, 100)");
            TxStats before = status(a).transactions();
            a.setAutoCommit(false);
            b.setAutoCommit(false);
            Drivers.exec(a, "UPDATE acct SET bal = bal + 1 WHERE id = 1");
            Drivers.exec(b, "UPDATE acct SET bal = bal + 10 WHERE id = 1");
            a.commit();
            assertThatExceptionOfType(SQLTransactionRollbackException.class).isThrownBy(b::commit)
                    .satisfies(e -> assertThat(e.getErrorCode()).isEqualTo(517));
            TxStats after = status(a).transactions();
            assertThat(after.conflicts() - before.conflicts()).isEqualTo(1);
            assertThat(after.merges() - before.merges()).isEqualTo(1);
            assertThat(after.timedCommits() - before.timedCommits()).isEqualTo(2);
            assertThat(after.commits() - before.commits()).isEqualTo(1);
        }
    }

    @Test
    void theWalFramesAndTheLastCheckpointAreReported() throws SQLException {
        Path file = dir.resolve("wal.db");
        try (Connection c = DriverManager.getConnection("jdbc:onelite:" + file)) {
            Drivers.exec(c, "CREATE TABLE t(a)", "INSERT INTO t VALUES(1)");
            DatabaseStatus written = status(c);
            assertThat(written.path()).isEqualTo(file.toAbsolutePath().normalize());
            assertThat(written.walFrames()).isPositive();
            assertThat(written.lastCheckpoint()).as("no checkpoint yet").isNull();

            List<List<String>> result = Drivers.rows(c, "PRAGMA wal_checkpoint(TRUNCATE)");
            DatabaseStatus checkpointed = status(c);
            assertThat(checkpointed.walFrames()).isZero();
            LastCheckpoint last = checkpointed.lastCheckpoint();
            assertThat(last.mode()).isEqualTo(CheckpointMode.TRUNCATE);
            assertThat(last.busy()).isFalse();
            // the same figures PRAGMA wal_checkpoint returned: busy, log frames, checkpointed frames
            assertThat(result).containsExactly(List.of("0", Integer.toString(last.logFrames()),
                    Integer.toString(last.checkpointedFrames())));
            assertThat(last.at()).isNotNull();
        }
    }

    @Test
    void theStatusOfAFileCanBeReadByPathWhileItIsOpenInThisJvm() throws SQLException {
        Path file = dir.resolve("by-path.db");
        try (Connection c = DriverManager.getConnection("jdbc:onelite:" + file)) {
            Drivers.exec(c, "CREATE TABLE t(a)");
            assertThat(Database.statusOf(file)).hasValueSatisfying(s -> {
                assertThat(s.path()).isEqualTo(file.toAbsolutePath().normalize());
                assertThat(s.transactions().commits()).isEqualTo(1);
            });
            assertThat(Database.statusOf(dir.resolve("x/../by-path.db"))).as("normalized").isPresent();
        }
        assertThat(Database.statusOf(file)).as("closed: nothing to report").isEmpty();
    }

    @Test
    void anInMemoryDatabaseHasNoPathWalOrCheckpoint() throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:onelite::memory:")) {
            Drivers.exec(c, "CREATE TABLE t(a)", "INSERT INTO t VALUES(1)");
            DatabaseStatus s = status(c);
            assertThat(s.path()).isNull();
            assertThat(s.walFrames()).isZero();
            assertThat(s.lastCheckpoint()).isNull();
            assertThat(s.transactions().commits()).isEqualTo(2);
        }
    }

    @Test
    void aClosedConnectionRefusesToReport() throws SQLException {
        Connection c = DriverManager.getConnection("jdbc:onelite::memory:");
        c.close();
        assertThatExceptionOfType(SQLException.class).isThrownBy(() -> status(c));
    }

    private static DatabaseStatus status(Connection c) throws SQLException {
        return c.unwrap(OneLiteConnection.class).databaseStatus();
    }
}
