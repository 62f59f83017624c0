package io.onelite.jdbc;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

/**
 * {@code Connection.abort()} from another thread while the connection's statements read through
 * the WAL: closing the last connection unmaps the file's {@code -shm} at once (it used to stay
 * mapped until a GC), and the reading thread, which may be inside the wal-index at that moment,
 * must fail with an SQLException, never touch the unmapped memory (that would crash the JVM).
 */
class AbortWhileReadingTests {
    @TempDir
    Path dir;

    private static List<String> mappingsOf(Path file) throws Exception {
        Path maps = Path.of("/proc/self/maps");
        assumeThat(Files.isReadable(maps)).as("/proc/self/maps (Linux)").isTrue();
        List<String> out = new ArrayList<>();
        for (String line : Files.readAllLines(maps)) {
            if (line.contains(file.toAbsolutePath().toString())) {
                out.add(line);
            }
        }
        return out;
    }

    @Test
    void closingTheLastConnectionUnmapsTheShmAtOnce() throws Exception {
        Path db = dir.resolve("close.db");
        Path shm = Path.of(db + "-shm");
        try (Connection c = DriverManager.getConnection("jdbc:onelite:" + db); Statement s = c.createStatement()) {
            s.execute("create table t (id integer primary key, v text)");
            s.execute("insert into t values (1, 'a')");
            try (ResultSet rs = s.executeQuery("select count(*) from t")) {
                assertThat(rs.next()).isTrue();
            }
            assertThat(mappingsOf(shm)).as("mapped while open").isNotEmpty();
        }
        assertThat(Files.exists(shm)).isFalse();
        assertThat(mappingsOf(shm)).as("no mapping of the deleted -shm left for the collector").isEmpty();
    }

    @Test
    void abortDuringReadsFailsTheReaderCleanlyAndUnmaps() throws Exception {
        long seed = System.nanoTime();
        System.out.println("abortDuringReadsFailsTheReaderCleanlyAndUnmaps seed=" + seed);
        Random rnd = new Random(seed);
        for (int round = 0; round < 12; round++) {
            Path db = dir.resolve("abort" + round + ".db");
            Path shm = Path.of(db + "-shm");
            Connection c = DriverManager.getConnection("jdbc:onelite:" + db);
            try (Statement s = c.createStatement()) {
                s.execute("PRAGMA wal_autocheckpoint=0"); // the rows stay in WAL frames: reads go through the wal-index
                s.execute("create table t (id integer primary key, v text)");
                for (int tx = 0; tx < 4; tx++) {
                    s.execute("with recursive n(x) as (select 1 union all select x + 1 from n where x < 500)"
                            + " insert into t select x + " + tx * 500 + ", printf('%0200d', x) from n");
                }
            }
            CountDownLatch reading = new CountDownLatch(1);
            AtomicReference<Throwable> outcome = new AtomicReference<>();
            Thread reader = new Thread(() -> {
                try (PreparedStatement p = c.prepareStatement("select count(*), sum(length(v)) from t where id > ?")) {
                    for (int i = 0; ; i++) {
                        p.setInt(1, i % 100);
                        try (ResultSet rs = p.executeQuery()) {
                            rs.next();
                            if (rs.getLong(1) != 2000 - i % 100) {
                                throw new AssertionError("wrong count " + rs.getLong(1));
                            }
                        }
                        reading.countDown();
                    }
                } catch (Throwable e) {
                    outcome.set(e);
                }
            });
            reader.start();
            reading.await();
            Thread.sleep(rnd.nextInt(4));
            c.abort(Runnable::run);
            reader.join(20_000);
            assertThat(reader.isAlive()).as("seed " + seed).isFalse();
            assertThat(outcome.get()).as("seed " + seed + ": the reader ends with an SQLException").isInstanceOf(SQLException.class);
            assertThat(c.isClosed()).isTrue();
            assertThat(mappingsOf(shm)).as("seed " + seed + ": -shm unmapped once the reader left").isEmpty();
            try (Connection again = DriverManager.getConnection("jdbc:onelite:" + db); Statement s = again.createStatement();
                 ResultSet rs = s.executeQuery("select count(*), sum(length(v)) from t")) {
                rs.next();
                assertThat(rs.getLong(1)).as("seed " + seed).isEqualTo(2000);
                assertThat(rs.getLong(2)).isEqualTo(2000L * 200);
            }
        }
    }
}
