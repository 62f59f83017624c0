package io.onelite.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
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
import java.util.concurrent.atomic.AtomicLong;

/**
 * Several processes writing one file at once: the recipe's transaction (one insert, no work) in
 * {@code --threads} writer threads per process, {@code --processes} child JVMs, for
 * {@code --seconds}; once with native SQLite ({@code BEGIN IMMEDIATE}, busy timeout 30 s) and once
 * with OneLite ({@code --mode}), each on a fresh file of its own. Prints each process's commits/s,
 * the total, and the smallest process's share of the commits (1/processes when the lock is shared
 * evenly). Each child first warms up for {@code --warmup} seconds on a scratch file of its own
 * (a fresh JVM spends its first seconds compiling OneLite's code, which native SQLite does not
 * need), then all start together at a time the parent gives them. Prints; asserts nothing.
 *
 * <pre>
 * usage: ProcessWriters [--processes 2] [--threads 4] [--seconds 10] [--mode IMMEDIATE|CONCURRENT]
 *                       [--sync NORMAL|FULL] [--dir /dev/shm] [--rounds 3] [--warmup 5]
 * </pre>
 */
public final class ProcessWriters {
    private ProcessWriters() {
    }

    /** One engine's run: commits per process. */
    record Run(String engine, long[] commits, double seconds) {
        long total() {
            long t = 0;
            for (long c : commits) {
                t += c;
            }
            return t;
        }

        double minShare() {
            long min = Long.MAX_VALUE;
            for (long c : commits) {
                min = Math.min(min, c);
            }
            return total() == 0 ? 0 : min / (double) total();
        }
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("--child")) {
            child(args);
            return;
        }
        BenchArgs a = new BenchArgs(args);
        int processes = a.getInt("processes", 2);
        int threads = a.getInt("threads", 4);
        int seconds = a.getInt("seconds", 10);
        int rounds = a.getInt("rounds", 3);
        int warmup = a.getInt("warmup", 5);
        String mode = a.get("mode", "IMMEDIATE");
        String sync = a.get("sync", "NORMAL");
        Path dir = a.dir();
        System.out.printf("%d processes x %d writer threads, one insert per transaction, %d s per run, OneLite BEGIN %s,"
                + " synchronous=%s, files in %s%n%s%n", processes, threads, seconds, mode, sync, dir, BenchArgs.machine());
        List<Double> totals = new ArrayList<>();
        for (int r = 1; r <= rounds; r++) {
            Run nat = run("native", "IMMEDIATE", sync, processes, threads, seconds, warmup, dir);
            Run one = run("onelite", mode, sync, processes, threads, seconds, warmup, dir);
            for (Run run : List.of(nat, one)) {
                StringBuilder per = new StringBuilder();
                for (long c : run.commits()) {
                    per.append(String.format("%,9.0f", c / run.seconds()));
                }
                System.out.printf("round %d %-8s per process/s:%s   total %,9.0f/s   smallest share %.3f%n", r, run.engine(), per,
                        run.total() / run.seconds(), run.minShare());
            }
            double ratio = (one.total() / one.seconds()) / (nat.total() / nat.seconds());
            totals.add(ratio);
            System.out.printf("round %d OneLite total / native total %.2f%n", r, ratio);
        }
        totals.sort(null);
        System.out.printf("median OneLite total / native total %.2f (min %.2f, max %.2f)%n", totals.get(totals.size() / 2),
                totals.get(0), totals.get(totals.size() - 1));
        System.out.println("after the run: " + BenchArgs.machine());
    }

    private static Run run(String engine, String mode, String sync, int processes, int threads, int seconds, int warmup,
                           Path dir) throws Exception {
        Path file = Files.createTempFile(dir, "process-writers-", ".db");
        Files.delete(file);
        createTable(engine, file, sync);
        // after every child has started and warmed up
        long startAt = System.currentTimeMillis() + 1500 + 300L * processes + warmup * 1000L;
        List<Process> children = new ArrayList<>();
        for (int p = 0; p < processes; p++) {
            List<String> command = new ArrayList<>(List.of(javaBinary(), "-cp", System.getProperty("java.class.path")));
            System.getProperties().stringPropertyNames().stream().filter(k -> k.startsWith("onelite.")).sorted()
                    .forEach(k -> command.add("-D" + k + "=" + System.getProperty(k))); // the engine's tuning, as given to this run
            command.addAll(List.of(ProcessWriters.class.getName(), "--child", engine, file.toString(), mode, sync,
                    Integer.toString(p), Integer.toString(threads), Integer.toString(seconds), Long.toString(startAt),
                    Integer.toString(warmup)));
            children.add(new ProcessBuilder(command).redirectErrorStream(true).start());
        }
        long[] commits = new long[processes];
        for (int p = 0; p < processes; p++) {
            commits[p] = commitsOf(children.get(p));
        }
        try (Connection c = DriverManager.getConnection(url(engine, file, sync)); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("select count(*) from orders")) {
            rs.next();
            long total = 0;
            for (long n : commits) {
                total += n;
            }
            if (rs.getLong(1) != total) {
                throw new IllegalStateException(engine + ": " + total + " commits acknowledged, " + rs.getLong(1) + " rows");
            }
        }
        Oltp.deleteDb(file);
        return new Run(engine, commits, seconds);
    }

    /** The child's "commits N" line, after it has ended; its whole output if it failed. */
    private static long commitsOf(Process child) throws IOException, InterruptedException {
        StringBuilder out = new StringBuilder();
        long commits = -1;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                out.append(line).append('\n');
                if (line.startsWith("commits ")) {
                    commits = Long.parseLong(line.substring(8).trim());
                }
            }
        }
        if (child.waitFor() != 0 || commits < 0) {
            throw new IllegalStateException("a writer process failed:\n" + out);
        }
        return commits;
    }

    private static String url(String engine, Path file, String sync) {
        return engine.equals("native") ? "jdbc:sqlite:" + file
                : "jdbc:onelite:" + file + "?synchronous=" + sync.toLowerCase() + "&busy_timeout=30000";
    }

    private static String javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** In a child JVM: the same writers on a scratch file of their own for {@code seconds}, then the file is deleted. */
    private static void warmUp(String engine, Path scratch, String begin, String sync, int threads, int seconds) throws Exception {
        if (seconds <= 0) {
            return;
        }
        createTable(engine, scratch, sync);
        long now = System.nanoTime();
        write(engine, scratch, begin, sync, 0, threads, now, now + seconds * 1_000_000_000L);
        Oltp.deleteDb(scratch);
    }

    /** In a child JVM: {@code threads} writers until the run's end; prints "commits N". */
    private static void child(String[] args) throws Exception {
        String engine = args[1];
        Path file = Path.of(args[2]);
        String begin = "BEGIN " + args[3];
        String sync = args[4];
        int process = Integer.parseInt(args[5]);
        int threads = Integer.parseInt(args[6]);
        long seconds = Long.parseLong(args[7]);
        long startAt = Long.parseLong(args[8]);
        int warmup = Integer.parseInt(args[9]);
        warmUp(engine, file.resolveSibling(file.getFileName() + "-warmup-" + process), begin, sync, threads, warmup);
        long startNanos = System.nanoTime() + (startAt - System.currentTimeMillis()) * 1_000_000L;
        long commits = write(engine, file, begin, sync, process * 1000, threads, startNanos, startNanos + seconds * 1_000_000_000L);
        System.out.println("commits " + commits);
    }

    /** A fresh file in WAL mode with the recipe's table. */
    private static void createTable(String engine, Path file, String sync) throws SQLException {
        try (Connection c = DriverManager.getConnection(url(engine, file, sync)); Statement s = c.createStatement()) {
            s.execute("PRAGMA journal_mode=WAL");
            s.execute("create table orders (id integer primary key, writer int, item text)");
        }
    }

    /**
     * {@code threads} writers (numbered from {@code firstWriter}), each on its own connection opened
     * before {@code startNanos}, run the recipe's transaction from then until {@code endNanos};
     * returns the commits, or throws the first writer's failure.
     */
    private static long write(String engine, Path file, String begin, String sync, int firstWriter, int threads,
                              long startNanos, long endNanos) throws Exception {
        List<Connection> conns = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Connection c = DriverManager.getConnection(url(engine, file, sync));
            if (engine.equals("native")) {
                try (Statement s = c.createStatement()) {
                    s.execute("PRAGMA synchronous=" + sync);
                    s.execute("PRAGMA busy_timeout=30000");
                }
            }
            conns.add(c);
        }
        AtomicLong commits = new AtomicLong();
        java.util.concurrent.atomic.AtomicReference<Exception> failure = new java.util.concurrent.atomic.AtomicReference<>();
        List<Thread> writers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Connection c = conns.get(t);
            int writer = firstWriter + t;
            Thread w = new Thread(() -> {
                try (Statement s = c.createStatement();
                     PreparedStatement ins = c.prepareStatement("insert into orders (writer, item) values (?, ?)")) {
                    long early = (startNanos - System.nanoTime()) / 1_000_000L;
                    if (early > 0) {
                        Thread.sleep(early);
                    }
                    int i = 0;
                    while (System.nanoTime() - endNanos < 0) {
                        WritersJdbc.transaction(s, ins, begin, writer, i++, 0);
                        commits.incrementAndGet();
                    }
                } catch (SQLException | InterruptedException e) {
                    failure.compareAndSet(null, e);
                }
            });
            writers.add(w);
            w.start();
        }
        for (Thread w : writers) {
            w.join();
        }
        for (Connection c : conns) {
            c.close();
        }
        if (failure.get() != null) {
            throw failure.get();
        }
        return commits.get();
    }
}
