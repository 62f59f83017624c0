package io.onelite.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;

/**
 * Issue #9's "opening a 1 GB file": one large database per engine, each written by that engine
 * (native SQLite and OneLite never share a file in one JVM), then timed: open a connection, run
 * a first query on the schema and one point select, close. The files are built once per program
 * run (the build takes a while) and read with the OS page cache warm from the build.
 *
 * <p>Schema: {@code big (id integer primary key, k integer, pad blob)} with {@code index big_k on
 * big(k)}; about 1,000 rows per MB (1,000-byte blobs), in WAL mode, checkpointed on close.
 */
final class BigFile {
    private static final int PAD = 1000;

    private final String url;
    private final Path file;
    private final long rows;

    private BigFile(String url, Path file, long rows) {
        this.url = url;
        this.file = file;
        this.rows = rows;
    }

    /** Builds the file of about {@code mb} MB through {@code engine} ("jdbc:sqlite:" or "jdbc:onelite:"). */
    static BigFile build(String engine, Path dir, String prefix, int mb, String sync) throws Exception {
        Path file = Oltp.freshFile(dir, prefix);
        long rows = mb * 1000L;
        long t0 = System.nanoTime();
        String url = engine + file;
        try (Connection c = DriverManager.getConnection(url)) {
            try (Statement s = c.createStatement()) {
                s.execute("PRAGMA journal_mode=WAL");
                s.execute("PRAGMA synchronous=" + sync);
                s.execute("create table big (id integer primary key, k integer, pad blob)");
                s.execute("create index big_k on big(k)");
            }
            c.setAutoCommit(false);
            byte[] pad = new byte[PAD];
            try (PreparedStatement p = c.prepareStatement("insert into big (id, k, pad) values (?, ?, ?)")) {
                for (long id = 1; id <= rows; id++) {
                    for (int i = 0; i < 8; i++) {
                        pad[(int) ((id * 8 + i) % PAD)] = (byte) (id >>> (i * 8));
                    }
                    p.setLong(1, id);
                    p.setLong(2, Oltp.keyOf(id));
                    p.setBytes(3, pad);
                    p.executeUpdate();
                    if (id % 50_000 == 0) {
                        c.commit(); // bounded WAL: commits of 50 MB
                    }
                }
            }
            c.commit();
            c.setAutoCommit(true);
            try (Statement s = c.createStatement()) {
                s.execute("PRAGMA wal_checkpoint(TRUNCATE)");
            }
        }
        System.out.printf(Locale.ROOT, "built %s: %,d rows, %,d MB, in %.1f s%n", file, rows,
                Files.size(file) / (1024 * 1024), (System.nanoTime() - t0) / 1e9);
        return new BigFile(url, file, rows);
    }

    /** Opens a connection, counts the schema's entries and reads one row; a checksum of what it read. */
    long openAndQuery() throws SQLException {
        long sum = 0;
        try (Connection c = DriverManager.getConnection(url)) {
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("select count(*) from sqlite_schema")) {
                while (rs.next()) {
                    sum += rs.getLong(1);
                }
            }
            try (PreparedStatement p = c.prepareStatement("select k, length(pad) from big where id = ?")) {
                p.setLong(1, rows / 2 + 1);
                try (ResultSet rs = p.executeQuery()) {
                    while (rs.next()) {
                        sum += rs.getLong(1) + rs.getLong(2);
                    }
                }
            }
        }
        return sum;
    }

    void delete() throws IOException {
        Oltp.deleteDb(file);
    }
}
