package io.onelite.jdbc;

import io.onelite.testing.ReplaySeed;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Many random autocommit updates (of other lengths: cells replaced in place, freeblocks left in
 * the leaves) and deletes by key, with an index, on OneLite and on native SQLite: the rows agree,
 * and sqlite3 (another process) finds the engine's file intact. Prints its seed; replay with
 * {@code -Donelite.seed=N}.
 */
class PointWriteFileTests {
    @TempDir
    Path dir;

    @Test
    void randomUpdatesAndDeletesByKeyLeaveAFileSqlite3FindsIntact() throws SQLException {
        long seed = ReplaySeed.announce("PointWriteFileTests");
        Path file = dir.resolve("points.db");
        try (Connection one = DriverManager.getConnection("jdbc:onelite:" + file);
             Connection nat = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            for (Connection c : List.of(one, nat)) {
                try (Statement s = c.createStatement()) {
                    s.execute("pragma synchronous = normal"); // autocommits without an fsync each: the test stays short
                    s.execute("create table t(id integer primary key, k integer, name text, val integer)");
                    s.execute("create index tk on t(k)");
                    s.execute("with recursive n(i) as (select 1 union all select i + 1 from n where i < 2000) "
                            + "insert into t select i, i % 97, printf('%.*c', i % 50, 'n'), i from n");
                }
            }
            Random r = new Random(seed);
            List<Object[]> ops = new ArrayList<>();
            for (int q = 0; q < 2500; q++) {
                int id = 1 + r.nextInt(2000);
                ops.add(r.nextInt(3) == 0 ? new Object[] {id}
                        : new Object[] {id, "u".repeat(r.nextInt(r.nextInt(30) == 0 ? 2000 : 60)), r.nextInt(97)});
            }
            for (Connection c : List.of(one, nat)) {
                try (PreparedStatement upd = c.prepareStatement("update t set name = ?, k = ?, val = val + 1 where id = ?");
                     PreparedStatement del = c.prepareStatement("delete from t where id = ?")) {
                    for (Object[] op : ops) {
                        if (op.length == 1) {
                            del.setInt(1, (Integer) op[0]);
                            del.executeUpdate();
                        } else {
                            upd.setString(1, (String) op[1]);
                            upd.setInt(2, (Integer) op[2]);
                            upd.setInt(3, (Integer) op[0]);
                            upd.executeUpdate();
                        }
                    }
                }
            }
            assertThat(rows(one)).as("seed %d", seed).isEqualTo(rows(nat));
        }
        assertThat(Sqlite3.run(file, "pragma integrity_check;")).as("seed %d", seed).isEqualTo("ok");
    }

    /**
     * The one-seek UPDATE and DELETE (the first row kept from the WHERE loop) and replaces into
     * free space once a leaf's gap is used up: single-row and range updates whose text grows and
     * shrinks, of rows stored before an ADD COLUMN (their default is filled in) and with a REAL
     * column holding integral values, and single-row and range deletes, on OneLite's file and on
     * native SQLite's own file. sqlite3's {@code .dump} of both files is the same, and it finds
     * OneLite's file intact.
     */
    @Test
    void oneSeekWritesAndFreeSpaceReplacesDumpAsNativeSqliteDoes() throws SQLException {
        long seed = ReplaySeed.announce("PointWriteFileTests one-seek");
        Path mine = dir.resolve("mine.db");
        Path theirs = dir.resolve("theirs.db");
        Random r = new Random(seed);
        List<String> script = new ArrayList<>();
        for (int q = 0; q < 1500; q++) {
            int id = 1 + r.nextInt(1200);
            String text = "'" + "g".repeat(r.nextInt(r.nextInt(10) == 0 ? 300 : 50)) + "'";
            script.add(switch (r.nextInt(8)) {
                case 0 -> "delete from t where id = " + id;
                case 1 -> "delete from t where id between " + id + " and " + (id + r.nextInt(3));
                case 2 -> "update t set name = " + text + ", extra = extra || 'e' where id between " + id + " and " + (id + 4);
                case 3 -> "update t set val = val + 0.5, name = " + text + " where id = " + id;
                default -> "update t set val = val + 1, name = " + text + " where id = " + id;
            });
        }
        for (String url : List.of("jdbc:onelite:" + mine, "jdbc:sqlite:" + theirs)) {
            try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
                s.execute("pragma journal_mode = wal");
                s.execute("pragma synchronous = normal");
                s.execute("create table t(id integer primary key, k integer, name text, val real)");
                s.execute("create index tk on t(k)");
                s.execute("with recursive n(i) as (select 1 union all select i + 1 from n where i < 1200) "
                        + "insert into t select i, i % 89, printf('%.*c', i % 40, 'n'), i from n");
                s.execute("alter table t add column extra text default 'd'");
                for (String sql : script) {
                    s.executeUpdate(sql);
                }
            }
        }
        assertThat(Sqlite3.run(mine, ".dump")).as("seed %d", seed).isEqualTo(Sqlite3.run(theirs, ".dump"));
        assertThat(Sqlite3.run(mine, "pragma integrity_check;")).as("seed %d", seed).isEqualTo("ok");
    }

    private static List<String> rows(Connection c) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("select id, k, name, val from t order by id")) {
            while (rs.next()) {
                out.add(rs.getLong(1) + "|" + rs.getLong(2) + "|" + rs.getString(3) + "|" + rs.getLong(4));
            }
        }
        return out;
    }
}
