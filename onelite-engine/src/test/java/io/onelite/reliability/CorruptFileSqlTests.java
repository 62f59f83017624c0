package io.onelite.reliability;

import io.onelite.api.Database;
import io.onelite.api.DatabaseOptions;
import io.onelite.api.Session;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.testing.Sqlite3;
import io.onelite.tools.CrashSweep;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * Random damage to a database made by the {@code sqlite3} shell (main file, WAL, {@code -shm}):
 * flipped bytes, overwritten runs, truncation. OneLite opens each damaged copy and runs queries,
 * an integrity check and a write: every outcome is a result or a {@link OneLiteException} /
 * {@link SQLException} with a result code (CORRUPT, NOTADB, ...), never another exception type,
 * never a hang.
 */
class CorruptFileSqlTests {
    @TempDir
    Path dir;
    Path pristine;

    static final String[] QUERIES = {
            "SELECT count(*) FROM t", "SELECT * FROM t ORDER BY b", "SELECT sum(length(c)) FROM t",
            "SELECT * FROM t WHERE b = 'k77'", "SELECT * FROM u WHERE y > 50", "SELECT count(*) FROM u",
            "PRAGMA integrity_check", "SELECT name, sql FROM sqlite_schema",
            "INSERT INTO t(b, c) VALUES('new', zeroblob(3000))", "DELETE FROM u WHERE y % 7 = 0",
            "UPDATE t SET b = b || 'z' WHERE a % 5 = 0"};

    @BeforeEach
    void makePristineDatabase() throws IOException {
        Path base = dir.resolve("pristine");
        Files.createDirectories(base);
        pristine = base.resolve("p.db");
        // checkpointed part: tables, an index, overflow pages, a freelist
        CrashSweep.sqlite3(pristine, "pragma journal_mode=wal;"
                + " create table t(a integer primary key, b text, c blob); create index tb on t(b);"
                + " create table u(x text primary key, y int); create index uy on u(y);"
                + " with recursive n(i) as (select 1 union all select i+1 from n where i < 300)"
                + " insert into t select i, 'k'||i, randomblob(i * 13 % 5000) from n;"
                + " insert into u select 'u'||a, a from t; create table gone(z); insert into gone select c from t; drop table gone;");
        // a WAL and -shm left behind (no checkpoint on close)
        keepWal(pristine, "update t set b = b || '!' where a % 3 = 0; insert into u values('w1', 1000), ('w2', 2000);"
                + " delete from t where a > 280;");
        assertThat(Files.size(base.resolve("p.db-wal"))).isPositive();
    }

    /** Runs the sqlite3 shell with checkpoint-on-close off, so that it leaves its -wal and -shm. */
    private static void keepWal(Path db, String sql) throws IOException {
        Process p = new ProcessBuilder("sqlite3", "-batch", "-cmd", ".dbconfig no_ckpt_on_close on", db.toString(), sql)
                .redirectErrorStream(true).start();
        try {
            p.getInputStream().readAllBytes();
            assertThat(p.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
            assertThat(p.exitValue()).isZero();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        } finally {
            p.destroyForcibly();
        }
    }

    private Path damagedCopy(Random rnd, int n, StringBuilder what) throws IOException {
        Path d = dir.resolve("c" + n);
        Files.createDirectories(d);
        Path db = d.resolve("p.db");
        for (String suffix : new String[]{"", "-wal", "-shm"}) {
            Files.copy(pristine.resolveSibling("p.db" + suffix), d.resolve("p.db" + suffix));
        }
        String suffix = new String[]{"", "", "-wal", "-wal", "-shm"}[rnd.nextInt(5)];
        Path victim = d.resolve("p.db" + suffix);
        try (RandomAccessFile f = new RandomAccessFile(victim.toFile(), "rw")) {
            long len = f.length();
            switch (rnd.nextInt(4)) {
                case 0 -> {
                    long to = rnd.nextInt(4) == 0 ? rnd.nextInt(200) : (long) (rnd.nextDouble() * len);
                    f.setLength(to);
                    what.append("truncate p.db").append(suffix).append(" to ").append(to);
                }
                case 1 -> {
                    // bytes in the first page / headers are the most sensitive
                    int k = 1 + rnd.nextInt(8);
                    what.append("flip ").append(k).append(" bytes of p.db").append(suffix).append(" at");
                    for (int i = 0; i < k; i++) {
                        long pos = rnd.nextBoolean() ? rnd.nextInt((int) Math.min(len, 4096 + 32)) : (long) (rnd.nextDouble() * len);
                        f.seek(pos);
                        int b = f.read();
                        f.seek(pos);
                        f.write(b ^ (1 << rnd.nextInt(8)));
                        what.append(' ').append(pos);
                    }
                }
                case 2 -> {
                    long pos = (long) (rnd.nextDouble() * len);
                    byte[] junk = new byte[1 + rnd.nextInt(600)];
                    rnd.nextBytes(junk);
                    if (rnd.nextBoolean()) {
                        java.util.Arrays.fill(junk, (byte) (rnd.nextBoolean() ? 0 : 0xff));
                    }
                    f.seek(pos);
                    f.write(junk);
                    what.append("overwrite ").append(junk.length).append(" bytes of p.db").append(suffix).append(" at ").append(pos);
                }
                default -> {
                    // a whole page replaced with another page's bytes
                    int pageSize = 4096;
                    long pages = Math.max(1, len / pageSize);
                    long from = rnd.nextLong(pages) * pageSize;
                    long to = rnd.nextLong(pages) * pageSize;
                    byte[] page = new byte[(int) Math.min(pageSize, len - from)];
                    f.seek(from);
                    f.readFully(page);
                    f.seek(to);
                    f.write(page);
                    what.append("copy page at ").append(from).append(" over ").append(to).append(" of p.db").append(suffix);
                }
            }
        }
        return db;
    }

    @Test
    void damagedFilesGiveResultsOrResultCodes() {
        long seed = SqlFuzzTests.seed();
        Random rnd = new Random(seed);
        Map<ResultCode, Integer> outcomes = new EnumMap<>(ResultCode.class);
        int[] clean = {0};
        Map<String, Integer> messages = new java.util.TreeMap<>();
        int copies = 80 * SqlFuzzTests.scale();
        assertTimeoutPreemptively(Duration.ofSeconds(60L * SqlFuzzTests.scale()), () -> {
            for (int n = 0; n < copies; n++) {
                StringBuilder what = new StringBuilder();
                Path db = damagedCopy(rnd, n, what);
                try {
                    try (Database d = Database.open(db.toString(), DatabaseOptions.DEFAULTS.withBusyTimeout(Duration.ofMillis(200)));
                         Session s = d.openSession()) {
                        for (String q : QUERIES) {
                            try {
                                SqlFuzzTests.runAll(s, q);
                                clean[0]++;
                            } catch (OneLiteException e) {
                                outcomes.merge(e.resultCode(), 1, Integer::sum);
                                messages.merge(e.getMessage().replaceAll("[0-9]+", "N"), 1, Integer::sum);
                            }
                        }
                    }
                } catch (OneLiteException e) {
                    outcomes.merge(e.resultCode(), 1, Integer::sum);
                } catch (Throwable t) {
                    throw new AssertionError("seed " + seed + " copy " + n + " (" + what + ") threw " + t, t);
                }
            }
        }, () -> "hang: seed " + seed);
        System.out.println("corrupt seed " + seed + ": " + copies + " damaged copies, " + clean[0] + " clean results, codes " + outcomes + ", messages " + messages);
    }

    @Test
    void damagedFilesThroughJdbcGiveSqlExceptionsWithCodes() {
        long seed = SqlFuzzTests.seed();
        Random rnd = new Random(seed);
        assertTimeoutPreemptively(Duration.ofSeconds(60L * SqlFuzzTests.scale()), () -> {
            for (int n = 0; n < 25 * SqlFuzzTests.scale(); n++) {
                StringBuilder what = new StringBuilder();
                Path db = damagedCopy(rnd, n, what);
                try (Connection c = DriverManager.getConnection("jdbc:onelite:" + db + "?busy_timeout=200")) {
                    for (String q : QUERIES) {
                        try (java.sql.Statement st = c.createStatement()) {
                            if (st.execute(q)) {
                                try (ResultSet rs = st.getResultSet()) {
                                    while (rs.next()) {
                                        rs.getObject(1);
                                    }
                                }
                            }
                        } catch (SQLException e) {
                            assertThat(e.getErrorCode()).as("seed %d copy %d (%s): %s", seed, n, what, e).isPositive();
                        }
                    }
                } catch (SQLException e) {
                    assertThat(e.getErrorCode()).as("seed %d copy %d (%s): %s", seed, n, what, e).isPositive();
                } catch (Throwable t) {
                    throw new AssertionError("seed " + seed + " copy " + n + " (" + what + ") threw " + t, t);
                }
            }
        }, () -> "hang: seed " + seed);
    }

    private Path truncatedCopy(String name, int size) throws IOException {
        Path d = dir.resolve(name);
        Files.createDirectories(d);
        for (String suffix : new String[]{"", "-wal", "-shm"}) {
            Files.copy(pristine.resolveSibling("p.db" + suffix), d.resolve("p.db" + suffix));
        }
        try (RandomAccessFile f = new RandomAccessFile(d.resolve("p.db").toFile(), "rw")) {
            f.setLength(size);
        }
        return d.resolve("p.db");
    }

    private static String ours(Path db) {
        try (Database d = Database.open(db.toString(), DatabaseOptions.DEFAULTS); Session s = d.openSession()) {
            SqlFuzzTests.runAll(s, "SELECT count(*) FROM t");
            return "rows";
        } catch (OneLiteException e) {
            return e.resultCode() + ": " + e.getMessage();
        }
    }

    /**
     * The damaged copies that answer "no such table" (docs/reliability.md, item 9) have their
     * main file truncated to nothing: the sqlite3 shell then also sees an empty database (both
     * discard the WAL, as SQLite does when the database has no page).
     */
    @Test
    void aMainFileTruncatedToNothingIsAnEmptyDatabaseAsInTheSqlite3Shell() throws Exception { // #10
        Path forShell = truncatedCopy("shell0", 0);
        assertThat(Sqlite3.run(forShell, "SELECT count(*) FROM t;")).contains("no such table: t");
        assertThat(ours(truncatedCopy("ours0", 0))).isEqualTo("ERROR: no such table: t");
    }

    /**
     * A main file cut short (inside its 100-byte header, or past it but inside page 1), page 1
     * being in the WAL: as the sqlite3 shell, OneLite reads page 1 from the WAL (SQLite's pager
     * never looks at the file's copy then) and answers from the pages the WAL holds; a page that
     * was only in the lost part of the file is SQLITE_CORRUPT in both. Nothing is written: the
     * file is too short for a checkpoint, which both refuse (SQLite's walCheckpoint size check),
     * so the file keeps its size and the WAL its bytes. A 1-byte file, which SQLite's unix VFS
     * reports as empty (it then deletes the WAL and its committed transactions), is refused
     * with NOTADB and left as it is.
     */
    @Test
    void aMainFileCutInsideItsHeaderReadsPage1FromTheWalAsTheSqlite3Shell() throws Exception { // #10
        assertThat(Sqlite3.run(truncatedCopy("shell1", 1), "SELECT count(*) FROM t;")).contains("no such table: t");
        Path one = truncatedCopy("ours1", 1);
        byte[] oneWal = Files.readAllBytes(Path.of(one + "-wal"));
        assertThat(ours(one)).isEqualTo("NOTADB: file is not a database");
        assertThat(Files.size(one)).isEqualTo(1);
        assertThat(Files.readAllBytes(Path.of(one + "-wal"))).isEqualTo(oneWal);
        String[] queries = {"SELECT count(*) FROM t", "SELECT count(*) FROM u",
                "SELECT b FROM t WHERE b LIKE 'k1%!' ORDER BY b LIMIT 3", "SELECT x, y FROM u WHERE y > 990",
                "SELECT sum(length(c)) FROM t", "PRAGMA wal_checkpoint"};
        for (int size : new int[]{2, 6, 50, 99, 100, 3000}) {
            Path forShell = truncatedCopy("shell" + size, size);
            Path db = truncatedCopy("ours" + size, size);
            byte[] wal = Files.readAllBytes(Path.of(db + "-wal"));
            try (Database d = Database.open(db.toString(), DatabaseOptions.DEFAULTS); Session s = d.openSession()) {
                for (String q : queries) {
                    String shell = Sqlite3.run(forShell, q + ";");
                    String mine = shellLike(s, q);
                    if (q.equals(queries[0])) {
                        assertThat(shell).as("the shell answers from the WAL, size %d", size).isEqualTo("280");
                    }
                    if (shell.contains("database disk image is malformed")) {
                        assertThat(mine).as("size %d: %s", size, q).startsWith("CORRUPT:");
                    } else {
                        assertThat(mine).as("size %d: %s", size, q).isEqualTo(shell);
                    }
                }
            }
            assertThat(Files.size(db)).as("size %d", size).isEqualTo(size);
            assertThat(Files.readAllBytes(Path.of(db + "-wal"))).as("size %d", size).isEqualTo(wal);
            assertThat(Files.size(forShell)).as("the shell's copy, size %d", size).isEqualTo(size);
        }
    }

    /**
     * A whole main file whose header is damaged (its first byte), page 1 being in the WAL: both
     * read page 1 from the WAL, and both copy the WAL back when the last connection closes (the
     * file is long enough for a checkpoint), which rewrites page 1: the file is then sound.
     */
    @Test
    void aDamagedHeaderWithPage1InTheWalIsReadFromTheWalAndRepairedByTheCheckpoint() throws Exception { // #10
        Path forShell = truncatedCopy("shellHeader", (int) Files.size(pristine));
        Path db = truncatedCopy("oursHeader", (int) Files.size(pristine));
        for (Path p : new Path[]{forShell, db}) {
            try (RandomAccessFile f = new RandomAccessFile(p.toFile(), "rw")) {
                f.write('X');
            }
        }
        String sql = "SELECT count(*), sum(length(c)) FROM t";
        String shell = Sqlite3.run(forShell, sql + ";");
        assertThat(shell).startsWith("280|");
        assertThat(shellLike(db, sql)).isEqualTo(shell);
        assertThat(Sqlite3.checked(db, "PRAGMA integrity_check; " + sql + ";")).isEqualTo("ok\n" + shell);
    }

    private static String shellLike(Path db, String sql) {
        try (Database d = Database.open(db.toString(), DatabaseOptions.DEFAULTS); Session s = d.openSession()) {
            return shellLike(s, sql);
        }
    }

    /** The rows of {@code sql} as the shell's list mode prints them, or "CODE: message". */
    private static String shellLike(Session s, String sql) {
        StringBuilder out = new StringBuilder();
        try (io.onelite.api.Statement st = s.prepare(sql)) {
            while (st.step()) {
                StringBuilder row = new StringBuilder();
                for (int c = 0; c < st.columnCount(); c++) {
                    Object v = st.column(c);
                    row.append(c == 0 ? "" : "|").append(v == null ? "" : v);
                }
                out.append(out.length() == 0 ? "" : "\n").append(row);
            }
            return out.toString();
        } catch (OneLiteException e) {
            return e.resultCode() + ": " + e.getMessage();
        }
    }
}
