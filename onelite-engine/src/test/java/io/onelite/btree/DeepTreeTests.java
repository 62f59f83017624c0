package io.onelite.btree;

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

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Cursors on trees deeper than the levels a cursor path starts with (it grows them on the way
 * down): 512-byte pages and 95-byte keys (the most a cell holds without overflow) make an index of eight levels or so, beside native SQLite.
 */
class DeepTreeTests {
    @TempDir
    Path dir;

    @Test
    void seeksScansAndDeletesInADeepIndexMatchNativeSqlite() throws SQLException {
        List<String> expected = run("jdbc:sqlite:", dir.resolve("native.db"));
        List<String> actual = run("jdbc:onelite:", dir.resolve("onelite.db"));
        assertThat(actual).isEqualTo(expected);
        assertThat(depth(dir.resolve("onelite.db"))).as("index depth").isGreaterThan(6);
    }

    private static String key(int i) {
        return String.format("%08d", (i * 7919) % 40000) + "x".repeat(87);
    }

    /** Runs the workload through {@code prefix} on {@code file}, made by native SQLite with 512-byte pages. */
    private static List<String> run(String prefix, Path file) throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file); Statement s = c.createStatement()) {
            s.execute("pragma page_size=512");
            s.execute("pragma journal_mode=wal");
            s.execute("create table t (id integer primary key, k text)");
            s.execute("create index t_k on t(k)");
        }
        List<String> out = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(prefix + file); Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            try (PreparedStatement ins = c.prepareStatement("insert into t values (?, ?)")) {
                for (int i = 0; i < 40000; i++) {
                    ins.setInt(1, i);
                    ins.setString(2, key(i));
                    ins.executeUpdate();
                }
            }
            c.commit();
            c.setAutoCommit(true);
            try (PreparedStatement q = c.prepareStatement("select id from t where k = ?")) {
                for (int i = 0; i < 40000; i += 97) {
                    q.setString(1, key(i));
                    try (ResultSet rs = q.executeQuery()) {
                        out.add(rs.next() ? rs.getString(1) : "none");
                    }
                }
            }
            s.execute("delete from t where id % 3 = 0");
            try (ResultSet rs = s.executeQuery("select count(*), min(k), max(k), sum(id) from t where k > '00003000'")) {
                rs.next();
                out.add(rs.getString(1) + " " + rs.getString(2).substring(0, 8) + " " + rs.getString(3).substring(0, 8) + " " + rs.getString(4));
            }
            try (ResultSet rs = s.executeQuery("pragma integrity_check")) {
                rs.next();
                out.add(rs.getString(1));
            }
        }
        return out;
    }

    /** Levels of the index t_k (dbstat's path of a page has one "/" per level below the root), read by native SQLite once OneLite has closed the file. */
    private static int depth(Path file) throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("select max(length(path) - length(replace(path, '/', ''))) from dbstat where name = 't_k'")) {
            rs.next();
            return rs.getInt(1);
        }
    }
}
