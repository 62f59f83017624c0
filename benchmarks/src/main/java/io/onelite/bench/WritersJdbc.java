package io.onelite.bench;

import io.onelite.common.Synchronous;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/** The {@link Writers} workload as SQL through a JDBC driver: one connection per writer. */
final class WritersJdbc {
    private WritersJdbc() {
    }

    /** Returns commits per second. {@code urlPrefix} is {@code jdbc:onelite:} or {@code jdbc:sqlite:}. */
    static double run(String urlPrefix, String begin, int writers, int perWriter, int workUs, Synchronous sync,
                      Path dir) throws Exception {
        Path file = Files.createTempFile(dir, "writers-jdbc-", ".db");
        Files.delete(file);
        boolean nativeSqlite = urlPrefix.equals("jdbc:sqlite:");
        String url = urlPrefix + file + (nativeSqlite ? "" : "?synchronous=" + sync.name().toLowerCase() + "&busy_timeout=30000");
        List<Connection> conns = new ArrayList<>();
        try {
            for (int w = 0; w < writers; w++) {
                Connection c = DriverManager.getConnection(url);
                try (Statement s = c.createStatement()) {
                    if (nativeSqlite) {
                        s.execute("PRAGMA journal_mode=WAL");
                        s.execute("PRAGMA synchronous=" + sync.name());
                        s.execute("PRAGMA busy_timeout=30000");
                    }
                    if (w == 0) {
                        s.execute("create table orders (id integer primary key, writer int, item text)");
                    }
                }
                conns.add(c);
            }
            List<Thread> threads = new ArrayList<>();
            long start = System.nanoTime();
            for (int w = 0; w < writers; w++) {
                Connection c = conns.get(w);
                int writer = w;
                Thread t = new Thread(() -> {
                    try (Statement s = c.createStatement();
                         PreparedStatement ins = c.prepareStatement("insert into orders (writer, item) values (?, ?)")) {
                        for (int i = 0; i < perWriter; i++) {
                            while (true) {
                                try {
                                    s.execute(begin);
                                    ins.setInt(1, writer);
                                    ins.setString(2, "item " + i);
                                    ins.executeUpdate();
                                    Writers.work(workUs);
                                    s.execute("COMMIT");
                                    break;
                                } catch (SQLException e) {
                                    try {
                                        s.execute("ROLLBACK");
                                    } catch (SQLException ignored) {
                                        // already rolled back by the failed COMMIT
                                    }
                                    if (e.getErrorCode() != 517 && e.getErrorCode() != 773) {
                                        throw e;
                                    }
                                }
                            }
                        }
                    } catch (SQLException e) {
                        throw new IllegalStateException(e);
                    }
                }, "jdbc-writer-" + w);
                threads.add(t);
                t.start();
            }
            for (Thread t : threads) {
                t.join();
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            try (Statement s = conns.get(0).createStatement(); ResultSet r = s.executeQuery("select count(*) from orders")) {
                r.next();
                if (r.getLong(1) != (long) writers * perWriter) {
                    throw new IllegalStateException("expected " + writers * perWriter + " rows, found " + r.getLong(1));
                }
            }
            return writers * perWriter / seconds;
        } finally {
            for (Connection c : conns) {
                c.close();
            }
            for (String suffix : new String[] {"", "-wal", "-shm", "-onelite-rowid"}) {
                Files.deleteIfExists(Path.of(file + suffix));
            }
        }
    }
}
