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

    /**
     * One run's figures: commits/s and, per transaction, its wait (time in BEGIN and COMMIT plus
     * its failed attempts, as {@link ConcurrentWriters} measures it) in microseconds: p50, p99, max
     * over all transactions, and the largest p99/p50 ratio of one writer's own transactions.
     * CPU per transaction twice: the process's (in clock ticks of 10 ms, so coarse for short runs,
     * and including the JIT compiler's and GC's threads) and the writer threads' own (ns, from
     * {@link ThreadClock}); their difference is what the JVM spent beside the workload.
     */
    record Run(double rate, long p50Us, long p99Us, long maxUs, double worstWriterRatio, double cpuUsPerTx,
               double writerCpuUsPerTx, double switchesPerTx, double runQueueUsPerTx) {
        String waits() {
            return String.format(java.util.Locale.ROOT, "wait p50 %.3f p99 %.2f max %.1f ms, worst writer p99/p50 %.0f,"
                    + " cpu %.1f us/tx (writer threads %.1f), %.2f context switches/tx, runnable without a cpu %.1f"
                    + " us/tx", p50Us / 1000.0, p99Us / 1000.0, maxUs / 1000.0, worstWriterRatio, cpuUsPerTx,
                    writerCpuUsPerTx, switchesPerTx, runQueueUsPerTx);
        }
    }

    /**
     * The calling thread's time spent runnable but waiting for a CPU so far, in nanoseconds
     * (Linux {@code /proc/thread-self/schedstat}, second field); 0 elsewhere.
     */
    private static long runQueueNanos() {
        try {
            String[] f = Files.readString(Path.of("/proc/thread-self/schedstat")).trim().split(" ");
            return Long.parseLong(f[1]);
        } catch (java.io.IOException | RuntimeException e) {
            return 0;
        }
    }

    /** The calling thread's context switches so far (Linux {@code /proc}); 0 elsewhere. */
    private static long contextSwitches() {
        try {
            long n = 0;
            for (String line : Files.readAllLines(Path.of("/proc/thread-self/status"))) {
                if (line.contains("ctxt_switches:")) {
                    n += Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
                }
            }
            return n;
        } catch (java.io.IOException | RuntimeException e) {
            return 0;
        }
    }

    private static long processCpuNanos() {
        return java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.OperatingSystemMXBean os ? os.getProcessCpuTime() : 0;
    }

    /** Returns commits per second. {@code urlPrefix} is {@code jdbc:onelite:} or {@code jdbc:sqlite:}. */
    static double run(String urlPrefix, String begin, int writers, int perWriter, int workUs, Synchronous sync,
                      Path dir) throws Exception {
        return measure(urlPrefix, begin, writers, perWriter, workUs, sync, dir).rate();
    }

    /** As {@link #run}, with the waits. */
    static Run measure(String urlPrefix, String begin, int writers, int perWriter, int workUs, Synchronous sync,
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
            long[][] waits = new long[writers][perWriter];
            java.util.concurrent.atomic.AtomicLong switches = new java.util.concurrent.atomic.AtomicLong();
            java.util.concurrent.atomic.AtomicLong runQueue = new java.util.concurrent.atomic.AtomicLong();
            java.util.concurrent.atomic.AtomicLong writerCpu = new java.util.concurrent.atomic.AtomicLong();
            long cpuStart = processCpuNanos();
            long start = System.nanoTime();
            for (int w = 0; w < writers; w++) {
                Connection c = conns.get(w);
                int writer = w;
                Thread t = new Thread(() -> {
                    ThreadClock clock = new ThreadClock();
                    clock.read();
                    long cpuAtStart = clock.onCpuNanos();
                    long switchesAtStart = contextSwitches();
                    long runQueueAtStart = runQueueNanos();
                    try (Statement s = c.createStatement();
                         PreparedStatement ins = c.prepareStatement("insert into orders (writer, item) values (?, ?)")) {
                        for (int i = 0; i < perWriter; i++) {
                            long waited = 0;
                            while (true) {
                                long t0 = System.nanoTime();
                                try {
                                    s.execute(begin);
                                    long t1 = System.nanoTime();
                                    ins.setInt(1, writer);
                                    ins.setString(2, "item " + i);
                                    ins.executeUpdate();
                                    Writers.work(workUs);
                                    long t2 = System.nanoTime();
                                    s.execute("COMMIT");
                                    waited += (t1 - t0) + (System.nanoTime() - t2);
                                    waits[writer][i] = waited / 1000;
                                    break;
                                } catch (SQLException e) {
                                    waited += System.nanoTime() - t0;
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
                    switches.addAndGet(contextSwitches() - switchesAtStart);
                    runQueue.addAndGet(runQueueNanos() - runQueueAtStart);
                    clock.read();
                    writerCpu.addAndGet(clock.onCpuNanos() - cpuAtStart);
                    clock.close();
                }, "jdbc-writer-" + w);
                threads.add(t);
                t.start();
            }
            for (Thread t : threads) {
                t.join();
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            double cpuPerTx = (processCpuNanos() - cpuStart) / 1e3 / (writers * perWriter);
            try (Statement s = conns.get(0).createStatement(); ResultSet r = s.executeQuery("select count(*) from orders")) {
                r.next();
                if (r.getLong(1) != (long) writers * perWriter) {
                    throw new IllegalStateException("expected " + writers * perWriter + " rows, found " + r.getLong(1));
                }
            }
            if (!nativeSqlite && begin.contains("CONCURRENT") && perWriter > 1) { // the group-commit factor
                io.onelite.api.Database.statusOf(file).ifPresent(st -> System.out.printf(java.util.Locale.ROOT,
                        "  %d commits in %d batches (%.2f per batch)%n", st.transactions().commits(),
                        st.transactions().batches(),
                        st.transactions().commits() / (double) Math.max(1, st.transactions().batches())));
            }
            double worst = 0;
            for (long[] w : waits) {
                long[] sorted = w.clone();
                java.util.Arrays.sort(sorted);
                worst = Math.max(worst, percentile(sorted, 0.99) / (double) Math.max(1, percentile(sorted, 0.50)));
            }
            long[] all = java.util.Arrays.stream(waits).flatMapToLong(java.util.Arrays::stream).sorted().toArray();
            return new Run(writers * perWriter / seconds, percentile(all, 0.50), percentile(all, 0.99),
                    all[all.length - 1], worst, cpuPerTx, writerCpu.get() / 1e3 / (writers * perWriter),
                    switches.get() / (double) (writers * perWriter),
                    runQueue.get() / 1e3 / (writers * perWriter));
        } finally {
            for (Connection c : conns) {
                c.close();
            }
            for (String suffix : new String[] {"", "-wal", "-shm", "-onelite-rowid"}) {
                Files.deleteIfExists(Path.of(file + suffix));
            }
        }
    }

    private static long percentile(long[] sorted, double p) {
        int i = (int) Math.ceil(p * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
    }
}
