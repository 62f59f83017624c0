package io.onelite.jdbc;

import io.onelite.testing.Sqlite3;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Re-executed autocommit point selects (by primary key and through a secondary index) against
 * commits of a sqlite3 process between them: each execution starts its own read transaction
 * (wal-index header, read mark) and sees the newest commit, also after the other process has
 * checkpointed and restarted the WAL; and between executions this connection holds no read
 * mark, so the other process's TRUNCATE checkpoint is never blocked by it.
 */
class PointReadsAcrossProcessesTests {
    @TempDir
    Path dir;

    @Test
    void everyExecutionSeesTheOtherProcessesLastCommitAndHoldsNoReadMarkAfterwards() throws SQLException {
        Path db = dir.resolve("points.db");
        Sqlite3.run(db, "pragma journal_mode=wal; create table t (id integer primary key, k integer, name text); "
                + "create index t_k on t(k); "
                + "with recursive c(i) as (select 1 union all select i + 1 from c where i < 3000) "
                + "insert into t select i, i * 7, 'n' || i from c;");
        try (Connection c = DriverManager.getConnection("jdbc:onelite:" + db);
             PreparedStatement byId = c.prepareStatement("select name from t where id = ?");
             PreparedStatement byK = c.prepareStatement("select id, name from t where k = ?")) {
            assertThat(name(byId, 1500)).isEqualTo("n1500");
            assertThat(idAndName(byK, 1500 * 7)).isEqualTo("1500 n1500");
            for (int round = 0; round < 4; round++) {
                String v = "v" + round;
                Sqlite3.run(db, "update t set name = '" + v + "' where id = 1500; "
                        + "insert into t values (" + (5000 + round) + ", " + (-round - 1) + ", '" + v + "');");
                assertThat(name(byId, 1500)).as("round %d, by id", round).isEqualTo(v);
                assertThat(idAndName(byK, 1500 * 7)).as("round %d, by k", round).isEqualTo("1500 " + v);
                assertThat(idAndName(byK, -round - 1)).as("round %d, a new row by k", round).isEqualTo((5000 + round) + " " + v);
                // nothing of ours is reading now: the other process copies the WAL back and truncates it
                assertThat(Sqlite3.run(db, "pragma wal_checkpoint(truncate);")).as("round %d, checkpoint", round)
                        .isEqualTo("0|0|0");
                assertThat(name(byId, 1500)).as("round %d, after the checkpoint", round).isEqualTo(v);
            }
            Sqlite3.run(db, "delete from t where id = 1500;");
            assertThat(name(byId, 1500)).isNull();
            assertThat(idAndName(byK, 1500 * 7)).isNull();
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("select count(*) from t")) {
                rs.next();
                assertThat(rs.getInt(1)).isEqualTo(3000 - 1 + 4);
            }
        }
        assertThat(Sqlite3.run(db, "pragma integrity_check;")).isEqualTo("ok");
    }

    private static String name(PreparedStatement p, long id) throws SQLException {
        p.setLong(1, id);
        try (ResultSet rs = p.executeQuery()) {
            return rs.next() ? rs.getString(1) : null;
        }
    }

    private static String idAndName(PreparedStatement p, long k) throws SQLException {
        p.setLong(1, k);
        try (ResultSet rs = p.executeQuery()) {
            return rs.next() ? rs.getLong(1) + " " + rs.getString(2) : null;
        }
    }
}
