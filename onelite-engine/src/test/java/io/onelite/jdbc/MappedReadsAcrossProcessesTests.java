package io.onelite.jdbc;

import io.onelite.testing.ReplaySeed;
import io.onelite.testing.Sqlite3;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Memory-mapped page reads (the default mmap_size) while a {@code sqlite3} process grows the
 * database file (commits, checkpoints copying them back past the mapped part) and shrinks it
 * (VACUUM, then a TRUNCATE checkpoint): every answer equals the shell's, with mapping on, off
 * and limited to a few pages, and while a reader thread keeps reading through the changes;
 * the file passes {@code integrity_check} afterwards.
 */
class MappedReadsAcrossProcessesTests {
    @TempDir
    Path dir;

    /** Queries whose answers are integers and text, rendered as the shell renders them. */
    private static final List<String> QUERIES = List.of(
            "select count(*), sum(v), sum(length(pad)) from t",
            "select sum(id * v) from t where g between 10 and 40",
            "select id, v from t where g = 17 order by id",
            "select max(id), min(v) from t",
            "select count(*) from t where pad > x'80'");

    private static String answer(Connection c, String sql) throws SQLException {
        StringBuilder out = new StringBuilder();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                if (out.length() > 0) {
                    out.append('\n');
                }
                for (int i = 1; i <= n; i++) {
                    out.append(i > 1 ? "|" : "").append(rs.getString(i) == null ? "" : rs.getString(i));
                }
            }
        }
        return out.toString();
    }

    private static String grow(int from, int rows) {
        return "begin; with recursive c(i) as (select " + from + " union all select i + 1 from c where i < "
                + (from + rows - 1) + ") insert into t select i, i % 50, (i * 7919) % 1000 - 500, randomblob(300 + i % 200) "
                + "from c; commit; pragma wal_checkpoint(truncate);";
    }

    /** Every query's answer on every connection equals the shell's (one shell run, the answers separated by '#'). */
    private void assertSameAnswers(Path db, List<Connection> engines, String when) throws SQLException {
        StringBuilder script = new StringBuilder();
        for (String q : QUERIES) {
            script.append(q).append("; select '#';\n");
        }
        String expected = Sqlite3.checked(db, script.toString());
        for (int i = 0; i < engines.size(); i++) {
            List<String> lines = new ArrayList<>();
            for (String q : QUERIES) {
                String a = answer(engines.get(i), q);
                if (!a.isEmpty()) {
                    lines.add(a);
                }
                lines.add("#");
            }
            assertThat(String.join("\n", lines)).as("%s, connection %d", when, i).isEqualTo(expected);
        }
    }

    @Test
    void readsAgreeWithTheShellAsItGrowsAndShrinksTheFile() throws Exception {
        long seed = ReplaySeed.announce("MappedReadsAcrossProcessesTests");
        Random random = new Random(seed);
        Path db = dir.resolve("m.db");
        Sqlite3.checked(db, "pragma journal_mode=wal; create table t (id integer primary key, g integer, v integer, pad blob); "
                + "create index t_g on t(g); " + grow(1, 2000));
        List<Connection> engines = new ArrayList<>();
        try {
            for (String mmap : List.of("-1", "0", "40960")) { // the default, off, ten pages
                Connection c = DriverManager.getConnection("jdbc:onelite:" + db + "?cache_size=20");
                try (Statement s = c.createStatement()) {
                    s.execute("pragma mmap_size=" + mmap);
                }
                engines.add(c);
            }
            assertSameAnswers(db, engines, "at the start");
            int next = 2001;
            long size = Files.size(db);
            for (int round = 0; round < 2; round++) {
                int rows = 1000 + random.nextInt(2000);
                Sqlite3.checked(db, grow(next, rows));
                next += rows;
                assertThat(Files.size(db)).as("round %d grew the file", round).isGreaterThan(size);
                assertSameAnswers(db, engines, "round " + round + " after growing");
                long grown = Files.size(db);
                Sqlite3.checked(db, "delete from t where id % " + (2 + random.nextInt(4)) + " <> 0; vacuum; "
                        + "pragma wal_checkpoint(truncate);");
                long shrunk = Files.size(db);
                assertThat(shrunk).as("round %d shrank the file", round).isLessThan(grown);
                assertSameAnswers(db, engines, "round " + round + " after shrinking");
                size = shrunk;
            }
            assertThat(answer(engines.get(0), "pragma integrity_check")).isEqualTo("ok");
        } finally {
            for (Connection c : engines) {
                c.close();
            }
        }
        assertThat(Sqlite3.checked(db, "pragma integrity_check")).isEqualTo("ok");
    }

    /**
     * A reader thread keeps checking an invariant the shell's every commit keeps (rows come in
     * pairs of opposite values), while the shell grows, vacuums and truncates the file.
     */
    @Test
    void aReaderKeepsAConsistentViewWhileTheShellGrowsVacuumsAndTruncates() throws Exception {
        Path db = dir.resolve("r.db");
        Sqlite3.checked(db, "pragma journal_mode=wal; create table t (id integer primary key, g integer, v integer, pad blob); "
                + "create index t_g on t(g); " + pairs(1, 1500) + " pragma wal_checkpoint(truncate);");
        AtomicBoolean stop = new AtomicBoolean();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        AtomicInteger reads = new AtomicInteger();
        Thread reader = new Thread(() -> {
            try (Connection c = DriverManager.getConnection("jdbc:onelite:" + db + "?cache_size=20&busy_timeout=10000")) {
                while (!stop.get()) {
                    String a = answer(c, "select sum(v), count(*) % 2, count(distinct g) = count(*) / 2 from t");
                    if (!a.equals("0|0|1") && !a.equals("|0|1")) {
                        throw new AssertionError("torn view: " + a);
                    }
                    String byIndex = answer(c, "select sum(v) from t where g between 100 and 400");
                    if (!byIndex.equals("0") && !byIndex.isEmpty()) {
                        throw new AssertionError("torn view through the index: " + byIndex);
                    }
                    reads.incrementAndGet();
                }
            } catch (Throwable t) {
                failure.set(t);
            }
        }, "mapped-reader");
        reader.start();
        try {
            int next = 1501;
            for (int round = 0; round < 4 && failure.get() == null; round++) {
                Sqlite3.checked(db, pairs(next, 1500) + " pragma wal_checkpoint(truncate);");
                next += 1500;
                Sqlite3.checked(db, "delete from t where g % 3 <> " + round % 3 + "; vacuum; pragma wal_checkpoint(truncate);");
            }
        } finally {
            stop.set(true);
            reader.join(60_000);
        }
        if (failure.get() != null) {
            throw new AssertionError("reader failed", failure.get());
        }
        assertThat(reads.get()).isPositive();
        assertThat(Sqlite3.checked(db, "pragma integrity_check")).isEqualTo("ok");
    }

    /** Inserts {@code count} pairs of rows with opposite values, pair i in group {@code from + i}. */
    private static String pairs(int from, int count) {
        return "begin; with recursive c(i) as (select " + from + " union all select i + 1 from c where i < "
                + (from + count - 1) + ") insert into t (g, v, pad) select i, (i * 7919) % 1000 + 1, randomblob(250 + i % 300) from c "
                + "union all select i, -((i * 7919) % 1000 + 1), randomblob(250 + i % 300) from c; commit;";
    }
}
