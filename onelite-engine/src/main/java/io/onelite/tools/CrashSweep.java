package io.onelite.tools;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTransactionRollbackException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * SQL-level crash sweep: several child JVMs write one database through JDBC ({@code BEGIN
 * CONCURRENT} and {@code BEGIN IMMEDIATE}, synchronous FULL or NORMAL) and print
 * {@code ACK writer seq} after each commit returns; the sweep kills them all with SIGKILL at a
 * random point (during start-up and WAL recovery, mid-transaction, during commit or checkpoint),
 * then checks the file:
 * <ol>
 * <li>{@code sqlite3 FILE "pragma integrity_check"} says {@code ok};</li>
 * <li>every acknowledged commit is present (a process crash loses nothing, FULL or NORMAL);</li>
 * <li>the bank invariant holds: {@code sum(counter.n) = count(acks)} (each commit did both).</li>
 * </ol>
 * Odd rounds recover the crashed WAL with OneLite first, even rounds with {@code sqlite3}.
 *
 * <p>Usage (on demand, test classpath not needed):
 * {@code java -cp onelite-engine/target/classes io.onelite.tools.CrashSweep [--rounds N] [--seconds S]
 * [--writers W] [--seed X] [--dir D]}. Exit status 0 when every round passed.
 */
public final class CrashSweep {
    /** What one round saw. */
    public record Round(int acked, int rows, boolean killedBeforeAck, String integrity) {
    }

    private CrashSweep() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("--child")) {
            child(Path.of(args[1]), Integer.parseInt(args[2]), args[3], args[4], Long.parseLong(args[5]));
            return;
        }
        int rounds = Integer.MAX_VALUE;
        long seconds = 60;
        int writers = 4;
        long seed = System.nanoTime();
        Path dir = null;
        for (int i = 0; i < args.length; i += 2) {
            switch (args[i]) {
                case "--rounds" -> rounds = Integer.parseInt(args[i + 1]);
                case "--seconds" -> seconds = Long.parseLong(args[i + 1]);
                case "--writers" -> writers = Integer.parseInt(args[i + 1]);
                case "--seed" -> seed = Long.parseLong(args[i + 1]);
                case "--dir" -> dir = Path.of(args[i + 1]);
                default -> throw new IllegalArgumentException("unknown flag " + args[i]);
            }
        }
        if (dir == null) {
            dir = Files.createTempDirectory("crash-sweep");
        }
        System.out.println("crash sweep seed = " + seed + ", dir = " + dir);
        Random rnd = new Random(seed);
        Path db = dir.resolve("sweep.db");
        create(db);
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        int done = 0;
        long acked = 0;
        for (; done < rounds && System.nanoTime() < end; done++) {
            Round r = round(db, rnd, writers, done);
            acked += r.acked();
            System.out.printf("round %d: acked %d, rows %d, integrity %s%n", done, r.acked(), r.rows(), r.integrity());
        }
        System.out.printf("crash sweep: %d rounds, %d writers, %d acknowledged commits, losses: 0, seed %d%n",
                done, writers, acked, seed);
    }

    /** Creates the sweep schema with the sqlite3 shell (WAL mode). */
    public static void create(Path db) {
        sqlite3(db, "pragma journal_mode=wal; create table acks(id integer primary key, writer int, seq int, pad blob);"
                + " create table counter(id integer primary key, n int); insert into counter values(0,0),(1,0);");
    }

    /**
     * One round: starts {@code writers} children, kills them with SIGKILL at a random point and
     * checks the file. Throws {@link AssertionError} naming the round on any loss or damage.
     */
    public static Round round(Path db, Random rnd, int writers, int roundNo) throws IOException, InterruptedException {
        List<Process> children = new ArrayList<>();
        Set<String> acks = java.util.concurrent.ConcurrentHashMap.newKeySet();
        AtomicInteger firstAck = new AtomicInteger();
        List<Thread> readers = new ArrayList<>();
        boolean early = rnd.nextInt(4) == 0;
        try {
            for (int w = 0; w < writers; w++) {
                String mode = rnd.nextBoolean() ? "concurrent" : "immediate";
                String sync = rnd.nextInt(3) == 0 ? "normal" : "full";
                Process p = startChild(db, roundNo * 100 + w, mode, sync, rnd.nextLong());
                children.add(p);
                Thread t = new Thread(() -> readAcks(p, acks, firstAck), "acks-" + w);
                t.setDaemon(true);
                t.start();
                readers.add(t);
            }
            if (early) {
                Thread.sleep(rnd.nextInt(1200)); // start-up, WAL recovery, first transactions
            } else {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
                while (firstAck.get() == 0 && System.nanoTime() < deadline && children.stream().anyMatch(Process::isAlive)) {
                    Thread.sleep(5);
                }
                Thread.sleep(rnd.nextInt(700));
            }
        } finally {
            for (Process p : children) {
                p.destroyForcibly(); // SIGKILL
            }
            for (Process p : children) {
                p.waitFor(10, TimeUnit.SECONDS);
            }
        }
        for (Thread t : readers) {
            t.join(5000);
        }
        Set<String> present;
        String integrity;
        if (roundNo % 2 == 1) {
            present = presentWithOneLite(db);
            integrity = sqlite3(db, "pragma integrity_check");
        } else {
            integrity = sqlite3(db, "pragma integrity_check");
            present = new HashSet<>(List.of(sqlite3(db, "select writer||' '||seq from acks").split("\n")));
            present.remove("");
        }
        if (!integrity.equals("ok")) {
            throw new AssertionError("round " + roundNo + ": integrity_check: " + integrity);
        }
        Set<String> lost = new HashSet<>(acks);
        lost.removeAll(present);
        if (!lost.isEmpty()) {
            throw new AssertionError("round " + roundNo + ": lost acknowledged commits " + lost);
        }
        String bank = sqlite3(db, "select (select sum(n) from counter) = (select count(*) from acks)");
        if (!bank.equals("1")) {
            throw new AssertionError("round " + roundNo + ": sum(counter.n) != count(acks)");
        }
        return new Round(acks.size(), present.size(), early, integrity);
    }

    private static Set<String> presentWithOneLite(Path db) {
        Set<String> present = new HashSet<>();
        try (Connection c = DriverManager.getConnection("jdbc:onelite:" + db);
             ResultSet rs = c.createStatement().executeQuery("select writer, seq from acks")) {
            while (rs.next()) {
                present.add(rs.getLong(1) + " " + rs.getLong(2));
            }
        } catch (SQLException e) {
            throw new AssertionError("OneLite could not read the crashed file: " + e, e);
        }
        return present;
    }

    private static void readAcks(Process p, Set<String> acks, AtomicInteger firstAck) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                if (line.startsWith("ACK ")) {
                    acks.add(line.substring(4));
                    firstAck.incrementAndGet();
                }
            }
        } catch (IOException killed) {
            // the child died mid-line: only complete ACK lines count
        }
    }

    private static Process startChild(Path db, int writer, String mode, String sync, long seed) throws IOException {
        List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xshare:auto", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
                CrashSweep.class.getName(), "--child", db.toString(), Integer.toString(writer), mode, sync, Long.toString(seed));
        java.io.File log = new java.io.File(System.getProperty("java.io.tmpdir"), "onelite-crash-sweep-child.log");
        return new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.appendTo(log)).start();
    }

    /** Child: commits forever (until killed), printing {@code ACK writer seq} after each commit. */
    private static void child(Path db, int writer, String mode, String sync, long seed) throws SQLException {
        Random rnd = new Random(seed);
        String url = "jdbc:onelite:" + db + "?synchronous=" + sync + "&busy_timeout=20000&begin=" + mode;
        try (Connection c = DriverManager.getConnection(url)) {
            c.setAutoCommit(false);
            for (int seq = 1; ; seq++) {
                for (int attempt = 0; ; attempt++) {
                    try (java.sql.Statement st = c.createStatement()) {
                        st.executeUpdate("insert into acks(writer, seq, pad) values(" + writer + ", " + seq
                                + ", randomblob(" + rnd.nextInt(rnd.nextInt(10) == 0 ? 6000 : 200) + "))");
                        st.executeUpdate("update counter set n = n + 1 where id = " + (seq % 2));
                        c.commit();
                        break;
                    } catch (SQLTransactionRollbackException conflict) {
                        c.rollback(); // BUSY_SNAPSHOT / BUSY_TIMEOUT: retry the same transaction
                    }
                }
                System.out.println("ACK " + writer + " " + seq);
                System.out.flush();
                if (seq % 40 == 0) {
                    c.setAutoCommit(true);
                    try (java.sql.Statement st = c.createStatement()) {
                        st.execute("pragma wal_checkpoint");
                    } catch (SQLException busy) {
                        // a checkpoint that cannot run now is fine
                    }
                    c.setAutoCommit(false);
                }
            }
        }
    }

    /** Runs the sqlite3 shell on {@code db}; returns its trimmed output, throws on failure. */
    public static String sqlite3(Path db, String sql) {
        try {
            Process p = new ProcessBuilder("sqlite3", "-batch", "-cmd", ".timeout 10000", db.toString(), sql)
                    .redirectErrorStream(true).start();
            try {
                byte[] out = p.getInputStream().readAllBytes();
                if (!p.waitFor(60, TimeUnit.SECONDS)) {
                    throw new AssertionError("sqlite3 timed out: " + sql);
                }
                String text = new String(out, StandardCharsets.UTF_8).trim();
                if (p.exitValue() != 0) {
                    throw new AssertionError("sqlite3 failed (" + p.exitValue() + "): " + text);
                }
                return text;
            } finally {
                p.destroyForcibly();
            }
        } catch (IOException e) {
            throw new AssertionError(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
