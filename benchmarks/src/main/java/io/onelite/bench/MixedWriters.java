package io.onelite.bench;

import io.onelite.bench.ConcurrentWriters.Mode;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Two kinds of writers on one file at once: {@code --quick} writers whose transactions are one
 * insert and nothing else, beside {@code --slow} writers that also work {@code --work-us} inside
 * each transaction (the recipe's transaction, as in {@link Writers}). Each mode (native SQLite
 * IMMEDIATE on its own file, OneLite IMMEDIATE, OneLite CONCURRENT) runs on a fresh file for
 * {@code --seconds} after {@code --warmup-seconds}, the modes alternating over {@code --rounds};
 * printed per mode and group: the median commits/s and the waits (BEGIN, insert and COMMIT, not
 * the work) of the counted transactions. What it shows: whether one kind of writer starves the
 * other (a barging quick writer keeping a slow writer's finished commit waiting, or the reverse).
 * It asserts nothing.
 *
 * <pre>
 * usage: MixedWriters [--quick 4] [--slow 4] [--work-us 200] [--work-kind sleep|spin] [--seconds 3]
 *                     [--warmup-seconds 2] [--rounds 3] [--sync NORMAL|FULL] [--dir /dev/shm]
 * </pre>
 */
public final class MixedWriters {
    private static final Mode[] MODES = Mode.values();

    /** One group's figures in one run. */
    private record Group(double rate, long[] sortedWaits) {
        long percentile(double p) {
            return sortedWaits.length == 0 ? 0 : WritersJdbc.percentile(sortedWaits, p);
        }
    }

    private MixedWriters() {
    }

    public static void main(String[] args) throws Exception {
        BenchArgs a = new BenchArgs(args);
        int quick = a.getInt("quick", 4);
        int slow = a.getInt("slow", 4);
        int workUs = a.getInt("work-us", 200);
        String kind = a.get("work-kind", "sleep");
        Writers.sleepWork(kind.equals("sleep"));
        int seconds = a.getInt("seconds", 3);
        int warmup = a.getInt("warmup-seconds", 2);
        int rounds = a.getInt("rounds", 3);
        String sync = a.get("sync", "NORMAL").toUpperCase(Locale.ROOT);
        Path dir = a.dir();
        System.out.printf(Locale.ROOT, "%d quick writers (no work) beside %d slow ones (%d us %s), synchronous=%s, files in %s;"
                        + " %d rounds of %d s per mode after %d s warm-up%n%s%n", quick, slow, workUs, kind, sync, dir, rounds,
                seconds, warmup, BenchArgs.machine());
        Map<Mode, List<Group[]>> results = new EnumMap<>(Mode.class);
        for (int r = 0; r < rounds; r++) {
            for (int k = 0; k < MODES.length; k++) {
                Mode m = MODES[(k + r) % MODES.length];
                Group[] g = run(m, quick, slow, workUs, sync, dir, warmup, seconds);
                System.out.printf(Locale.ROOT, "round %d %-20s quick %,8.0f/s  slow %,7.0f/s%n", r, m.label, g[0].rate(), g[1].rate());
                results.computeIfAbsent(m, x -> new ArrayList<>()).add(g);
            }
        }
        System.out.println("medians over the rounds (waits: every counted transaction of the median round by rate):");
        for (Mode m : MODES) {
            for (int gi = 0; gi < 2; gi++) {
                int group = gi;
                List<Group[]> runs = new ArrayList<>(results.get(m));
                runs.sort((x, y) -> Double.compare(x[group].rate(), y[group].rate()));
                Group g = runs.get(runs.size() / 2)[group];
                System.out.printf(Locale.ROOT, "%-20s %-5s %,9.0f/s   wait p50 %,6d us, p99 %,7d, max %,7d us%n", m.label,
                        group == 0 ? "quick" : "slow", g.rate(), g.percentile(0.5), g.percentile(0.99),
                        g.sortedWaits().length == 0 ? 0 : g.sortedWaits()[g.sortedWaits().length - 1]);
            }
        }
    }

    /** One mode on a fresh file: index 0 the quick writers, 1 the slow ones. */
    private static Group[] run(Mode mode, int quick, int slow, int workUs, String sync, Path dir, int warmupSeconds,
                               int seconds) throws Exception {
        Path file = Files.createTempFile(dir, "mixed-", ".db");
        Files.delete(file);
        boolean nativeSqlite = mode == Mode.NATIVE_IMMEDIATE;
        String url = mode.urlPrefix + file + (nativeSqlite ? "" : "?synchronous=" + sync.toLowerCase(Locale.ROOT) + "&busy_timeout=30000");
        List<Connection> conns = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        AtomicLong[] commits = {new AtomicLong(), new AtomicLong()};
        List<long[]>[] waits = new List[] {new ArrayList<long[]>(), new ArrayList<long[]>()};
        ConcurrentFlags flags = new ConcurrentFlags();
        try {
            for (int w = 0; w < quick + slow; w++) {
                Connection c = WritersJdbc.openWriter(url, nativeSqlite, sync, w == 0);
                conns.add(c);
                int group = w < quick ? 0 : 1;
                int writer = w;
                Thread t = new Thread(() -> write(c, mode.begin, writer, group == 0 ? 0 : workUs, flags, commits[group],
                        waits[group]), "mixed-writer-" + w);
                threads.add(t);
            }
            threads.forEach(Thread::start);
            Thread.sleep(warmupSeconds * 1000L);
            long start = System.nanoTime();
            flags.counting = true;
            Thread.sleep(seconds * 1000L);
            flags.counting = false;
            double elapsed = (System.nanoTime() - start) / 1e9;
            flags.stop = true;
            for (Thread t : threads) {
                t.join();
            }
            if (flags.failure != null) {
                throw new IllegalStateException("a writer failed in " + mode.label, flags.failure);
            }
            Group[] out = new Group[2];
            for (int g = 0; g < 2; g++) {
                long[] all = waits[g].stream().flatMapToLong(Arrays::stream).sorted().toArray();
                out[g] = new Group(commits[g].get() / elapsed, all);
            }
            return out;
        } finally {
            for (Connection c : conns) {
                c.close();
            }
            Oltp.deleteDb(file);
        }
    }

    /** The run's switches, shared by its writers. */
    private static final class ConcurrentFlags {
        volatile boolean counting;
        volatile boolean stop;
        volatile SQLException failure;
    }

    private static void write(Connection c, String begin, int writer, int workUs, ConcurrentFlags flags, AtomicLong commits,
                              List<long[]> waitsOut) {
        long[] waits = new long[1 << 16];
        int n = 0;
        try (Statement s = c.createStatement();
             PreparedStatement ins = c.prepareStatement("insert into orders (writer, item) values (?, ?)")) {
            for (int i = 0; !flags.stop; i++) {
                boolean counted = flags.counting;
                long waited = WritersJdbc.transaction(s, ins, begin, writer, i, workUs);
                if (counted && flags.counting) {
                    commits.incrementAndGet();
                    if (n == waits.length) {
                        waits = Arrays.copyOf(waits, n * 2);
                    }
                    waits[n++] = waited;
                }
            }
        } catch (SQLException e) {
            flags.failure = e;
        }
        synchronized (waitsOut) {
            waitsOut.add(Arrays.copyOf(waits, n));
        }
    }
}
