package io.onelite.it;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;

/** Eight threads through a HikariCP pool of eight: read-modify-write transactions lose no update. */
class HikariPoolTests {
    static final int THREADS = 8;
    static final int TRANSACTIONS = 25;

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {Databases.NATIVE, Databases.ONELITE})
    void eightThreadsLoseNoUpdate(String kind) throws Exception {
        HikariConfig cfg = new HikariConfig();
        cfg.setJdbcUrl(Databases.url(kind, dir, "begin=immediate&busy_timeout=20000&synchronous=normal"));
        cfg.setMaximumPoolSize(THREADS);
        cfg.setAutoCommit(true);
        try (HikariDataSource pool = new HikariDataSource(cfg)) {
            try (Connection c = pool.getConnection(); Statement s = c.createStatement()) {
                s.executeUpdate("CREATE TABLE counter(id INTEGER PRIMARY KEY, n INTEGER NOT NULL)");
                s.executeUpdate("INSERT INTO counter VALUES(1, 0)");
                s.executeUpdate("CREATE TABLE event(id INTEGER PRIMARY KEY, thread INTEGER, seen INTEGER)");
            }
            ExecutorService exec = Executors.newFixedThreadPool(THREADS);
            try {
                List<Future<?>> done = new ArrayList<>();
                for (int t = 0; t < THREADS; t++) {
                    int thread = t;
                    done.add(exec.submit(() -> {
                        for (int i = 0; i < TRANSACTIONS; i++) {
                            transfer(pool, thread);
                        }
                        return null;
                    }));
                }
                for (Future<?> f : done) {
                    f.get();
                }
            } finally {
                exec.shutdownNow();
            }
            try (Connection c = pool.getConnection(); Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SELECT (SELECT n FROM counter), (SELECT count(*) FROM event),"
                         + " (SELECT count(DISTINCT seen) FROM event)")) {
                rs.next();
                assertThat(rs.getInt(1)).isEqualTo(THREADS * TRANSACTIONS);
                assertThat(rs.getInt(2)).isEqualTo(THREADS * TRANSACTIONS);
                assertThat(rs.getInt(3)).isEqualTo(THREADS * TRANSACTIONS);
            }
            assertThat(pool.getHikariPoolMXBean().getTotalConnections()).isLessThanOrEqualTo(THREADS);
        }
    }

    /** Reads the counter, writes it plus one and logs the value seen, in one transaction. */
    private static void transfer(HikariDataSource pool, int thread) throws SQLException {
        try (Connection c = pool.getConnection()) {
            c.setAutoCommit(false);
            try {
                int n;
                try (PreparedStatement read = c.prepareStatement("SELECT n FROM counter WHERE id = 1");
                     ResultSet rs = read.executeQuery()) {
                    rs.next();
                    n = rs.getInt(1);
                }
                try (PreparedStatement write = c.prepareStatement("UPDATE counter SET n = ? WHERE id = 1")) {
                    write.setInt(1, n + 1);
                    write.executeUpdate();
                }
                try (PreparedStatement log = c.prepareStatement("INSERT INTO event(thread, seen) VALUES(?, ?)")) {
                    log.setInt(1, thread);
                    log.setInt(2, n);
                    log.executeUpdate();
                }
                c.commit();
            } catch (SQLException e) {
                c.rollback();
                throw e;
            } finally {
                c.setAutoCommit(true);
            }
        }
    }
}
