package io.onelite.bench;

import io.onelite.btree.BTree;
import io.onelite.btree.Record;
import io.onelite.btree.TableCursor;
import io.onelite.btree.TreeAccessListener;
import io.onelite.common.BeginMode;
import io.onelite.common.OneLiteException;
import io.onelite.common.Synchronous;
import io.onelite.pager.FileHeader;
import io.onelite.pager.Pager;
import io.onelite.pager.PagerOptions;
import io.onelite.tx.Transaction;
import io.onelite.tx.TransactionManager;
import io.onelite.tx.TxOptions;
import io.onelite.tx.TxStats;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The BEGIN CONCURRENT recipe's workload (reference/begin-concurrent-recipe.md): W writers, each
 * running N transactions of one insert (rowid from the engine) plus some busy-waited application
 * work, first with BEGIN IMMEDIATE and then with BEGIN CONCURRENT; prints commits per second of
 * each and the ratio. Runs on the transaction API (the layer under test), one thread per writer,
 * every writer with its own transactions on one shared database, retrying on 517/773 as the
 * recipe's WriteAsync does.
 *
 * <p>With {@code --api jdbc} the same workload runs as SQL through the engine's JDBC driver (one
 * connection per writer, {@code BEGIN IMMEDIATE}/{@code BEGIN CONCURRENT} ... {@code COMMIT}),
 * and native SQLite (sqlite-jdbc, {@code BEGIN IMMEDIATE}, its own file) runs it too in the same
 * run as the baseline. One 8 x 250 run lasts tens of milliseconds and OneLite's rates keep rising
 * while the JIT compiles its paths, so by default the JDBC program first warms up until the JIT
 * is nearly idle, then times {@code --rounds} rounds (each mode on a fresh file, the order rotating by
 * round) and prints, per work value, the medians over the rounds of every mode's commits/s and
 * waits and of the per-round ratios (with their range); see {@link WritersJdbc#timedRounds}.
 *
 * <pre>
 * usage: Writers [--writers 8] [--per-writer 250] [--work-us 0,200] [--sync NORMAL|FULL|OFF]
 *                [--dir DIR | --memory] [--rounds 9 (jdbc), 1 (tx)] [--work-kind spin|sleep] [--api tx|jdbc]
 *                [--warmup auto|N] [--slice-us 0,1000 | --adaptive false,true]
 * </pre>
 * {@code --adaptive} (JDBC only): alternates adaptive and optimistic BEGIN CONCURRENT (see
 * {@code compareAdaptive}).
 * {@code --slice-us} (JDBC only): alternates the write lock's barging slice between the values
 * (see {@code compareSlices}).
 * {@code --warmup auto} (JDBC only, the default): untimed rounds of every mode, 2000 transactions
 * per writer and no work, until the JIT compiler spent under 5% of a round compiling (at least 3
 * rounds; at most 15 rounds or 30 s); each round is printed (the cold figures stay visible) and
 * the summary says whether the warm-up settled. {@code --warmup N}: instead one untimed run of every
 * mode and work with N transactions per writer (the warm-up of older runs); {@code --warmup 0}
 * measures a cold JVM (the JIT compiler then takes much of the two cores during OneLite's runs).
 * Every program run prints the load average before and after (the machine may be shared).
 * {@code spin} busy-waits as the recipe does (CPU-bound work: with fewer cores than writers it
 * cannot overlap); {@code sleep} parks the thread (work that waits, e.g. a remote call).
 * A file database is used when the pager supports files, else (or with {@code --memory}) a
 * memory database. Figures vary from run to run; this prints, it asserts nothing.
 */
public final class Writers {
    private static boolean sleepWork;

    private Writers() {
    }

    /** Whether {@link #work} sleeps (true) or spins, for the programs that share this one's runs. */
    static void sleepWork(boolean sleep) {
        sleepWork = sleep;
    }

    static final String USAGE = """
            usage: Writers [--writers 8] [--per-writer 250] [--work-us 0,200] [--sync NORMAL|FULL|OFF]
                           [--dir DIR | --memory] [--rounds 9 (jdbc), 1 (tx)] [--work-kind spin|sleep] [--api tx|jdbc]
                           [--warmup auto|N] [--slice-us 0,1000 | --adaptive false,true]
              --api jdbc     SQL through the JDBC drivers, native SQLite IMMEDIATE as the baseline: each round runs
                             native IMMEDIATE, OneLite IMMEDIATE and CONCURRENT (order rotating) on fresh files, then
                             per work value the medians over the rounds: commits/s, waits (p50, p99, max, p99/p50)
                             and the per-round ratios CONCURRENT/IMMEDIATE, CONCURRENT/native, IMMEDIATE/native
              --warmup auto  (jdbc, default) untimed rounds of every mode, 2000 tx per writer, no work, until the JIT
                             compiles under 5% of a round's time (at least 3, at most 15 rounds or 30 s)
              --warmup N     (jdbc) one untimed run of every mode and work with N tx per writer; 0: a cold JVM
              --slice-us L   (jdbc) alternate the write lock's barging slice over the values in L; prints waits,
                             CPU per transaction (process and writer threads), context switches, runnable time
              --adaptive L   (jdbc) alternate adaptive and optimistic BEGIN CONCURRENT (false,true); prints as --slice-us
              -Dwriters.slowest=N  (jdbc) also print each run's N longest waits as w<writer>#<transaction>=<us>
            """;

    public static void main(String[] args) throws Exception {
        if (java.util.Arrays.asList(args).contains("--help")) {
            System.out.print(USAGE);
            return;
        }
        Map<String, String> opt = parse(args);
        int writers = Integer.parseInt(opt.getOrDefault("writers", "8"));
        int perWriter = Integer.parseInt(opt.getOrDefault("per-writer", "250"));
        Synchronous sync = Synchronous.parse(opt.getOrDefault("sync", "NORMAL"));
        boolean memory = opt.containsKey("memory");
        Path dir = Path.of(opt.getOrDefault("dir", System.getProperty("java.io.tmpdir")));
        boolean jdbc = opt.getOrDefault("api", "tx").equals("jdbc");
        int rounds = Integer.parseInt(opt.getOrDefault("rounds", jdbc ? "9" : "1"));
        sleepWork = opt.getOrDefault("work-kind", "spin").equals("sleep");
        List<Integer> works = new ArrayList<>();
        for (String w : opt.getOrDefault("work-us", "0,200").split(",")) {
            works.add(Integer.parseInt(w.trim()));
        }
        System.out.printf("%d writers x %d transactions, synchronous=%s, %s, work %s%n", writers, perWriter, sync,
                memory ? "memory" : "files in " + dir, sleepWork ? "sleeps" : "spins");
        System.out.println(BenchArgs.machine()); // the machine is shared: the load says how far to trust the rates
        if (jdbc) {
            WritersJdbc.WarmUp warm = WritersJdbc.warmUp(opt.getOrDefault("warmup", "auto"), works, writers, sync, dir);
            if (opt.containsKey("adaptive")) {
                compareAdaptive(opt.get("adaptive"), rounds, works, writers, perWriter, sync, dir);
            } else if (opt.containsKey("slice-us")) {
                compareSlices(opt.get("slice-us"), rounds, works, writers, perWriter, sync, dir);
            } else {
                WritersJdbc.timedRounds(rounds, works, writers, perWriter, sync, dir, warm);
            }
            System.out.println("after the run: " + BenchArgs.machine());
            return;
        }
        warmUp(writers, sync, memory, dir);
        for (int round = 0; round < rounds; round++) {
            for (int workUs : works) {
                Result imm = run(BeginMode.IMMEDIATE, writers, perWriter, workUs, sync, memory, dir);
                Result con = run(BeginMode.CONCURRENT, writers, perWriter, workUs, sync, memory, dir);
                System.out.printf("work %3d us: IMMEDIATE %,8.0f/s, CONCURRENT %,8.0f/s, ratio %.2f"
                                + "   (concurrent: %d retries, %s)%n",
                        workUs, imm.rate, con.rate, con.rate / imm.rate, con.retries, con.stats);
            }
        }
        System.out.println("after the run: " + BenchArgs.machine());
    }

    record Result(double rate, long retries, TxStats stats) {
    }

    /**
     * {@code --slice-us 0,1000} (JDBC): each round runs native IMMEDIATE, then OneLite IMMEDIATE and
     * CONCURRENT once per write-lock slice (the {@code onelite.writeSliceMicros} property, read by
     * each new pager; 0 is strict FIFO hand-off), so the policies alternate under the same load.
     */
    private static void compareSlices(String slices, int rounds, List<Integer> works, int writers, int perWriter,
                                      Synchronous sync, Path dir) throws Exception {
        String[] values = slices.split(",");
        for (int round = 0; round < rounds; round++) {
            for (int workUs : works) {
                WritersJdbc.Run nat = WritersJdbc.measure("jdbc:sqlite:", "BEGIN IMMEDIATE", writers, perWriter, workUs,
                        sync, dir);
                System.out.printf("round %d work %d us: native IMMEDIATE %,8.0f/s  %s%n", round, workUs, nat.rate(),
                        nat.waits());
                for (String v : values) {
                    System.setProperty("onelite.writeSliceMicros", v.trim());
                    for (String begin : new String[] {"BEGIN IMMEDIATE", "BEGIN CONCURRENT"}) {
                        WritersJdbc.Run r = WritersJdbc.measure("jdbc:onelite:", begin, writers, perWriter, workUs,
                                sync, dir);
                        System.out.printf("round %d work %d us: slice %s us %-16s %,8.0f/s  x native %.2f  %s%n", round,
                                workUs, v.trim(), begin.substring(6), r.rate(), r.rate() / nat.rate(), r.waits());
                    }
                }
            }
        }
    }

    /**
     * {@code --adaptive false,true} (JDBC): each round runs OneLite IMMEDIATE, then CONCURRENT once
     * per value of the {@code onelite.adaptiveConcurrent} property (read by each new database's
     * transaction manager), so adaptive and optimistic BEGIN CONCURRENT alternate under the same
     * load; prints each CONCURRENT/IMMEDIATE ratio with the per-transaction CPU.
     */
    private static void compareAdaptive(String values, int rounds, List<Integer> works, int writers, int perWriter,
                                        Synchronous sync, Path dir) throws Exception {
        for (int round = 0; round < rounds; round++) {
            for (int workUs : works) {
                WritersJdbc.Run imm = WritersJdbc.measure("jdbc:onelite:", "BEGIN IMMEDIATE", writers, perWriter, workUs,
                        sync, dir);
                System.out.printf("round %d work %d us: IMMEDIATE          %,8.0f/s  %s%n", round, workUs, imm.rate(),
                        imm.waits());
                for (String v : values.split(",")) {
                    System.setProperty("onelite.adaptiveConcurrent", v.trim());
                    WritersJdbc.Run r = WritersJdbc.measure("jdbc:onelite:", "BEGIN CONCURRENT", writers, perWriter,
                            workUs, sync, dir);
                    System.out.printf("round %d work %d us: CONCURRENT adaptive=%-5s %,8.0f/s  ratio %.2f  %s%n", round,
                            workUs, v.trim(), r.rate(), r.rate() / imm.rate(), r.waits());
                }
            }
        }
    }

    private static void warmUp(int writers, Synchronous sync, boolean memory, Path dir) throws Exception {
        for (int i = 0; i < 3; i++) {
            run(BeginMode.IMMEDIATE, writers, 100, 0, sync, memory, dir);
            run(BeginMode.CONCURRENT, writers, 100, 0, sync, memory, dir);
        }
    }

    static Result run(BeginMode mode, int writers, int perWriter, int workUs, Synchronous sync, boolean memory,
                      Path dir) throws Exception {
        PagerOptions po = PagerOptions.DEFAULTS.withSynchronous(sync);
        Path file = null;
        Pager pager;
        if (memory) {
            pager = Pager.openMemory(po);
        } else {
            file = Files.createTempFile(dir, "writers-" + mode.name().toLowerCase() + "-", ".db");
            Files.delete(file);
            try {
                pager = Pager.open(file, po);
            } catch (OneLiteException e) {
                pager = Pager.openMemory(po); // the pager of this build has no file support yet
                file = null;
            }
        }
        try {
            TransactionManager tm = new TransactionManager(pager, new TxOptions(Duration.ofSeconds(30), Duration.ofSeconds(5)));
            int root = createOrders(tm);
            AtomicLong retries = new AtomicLong();
            List<Thread> threads = new ArrayList<>();
            long start = System.nanoTime();
            for (int w = 0; w < writers; w++) {
                long writer = w;
                Thread t = new Thread(() -> {
                    for (int i = 0; i < perWriter; i++) {
                        while (true) {
                            Transaction tx = tm.begin(mode);
                            try {
                                TableCursor c = new TableCursor(tx.writeStore(), root, tx.listener());
                                long rowid = tx.newRowid(c, root);
                                c.insert(rowid, Record.encode(null, writer, "item " + i));
                                work(workUs);
                                tx.commit();
                                break;
                            } catch (OneLiteException e) {
                                tx.rollback();
                                if (e.code() != 517 && e.code() != 773) {
                                    throw e;
                                }
                                retries.incrementAndGet();
                            }
                        }
                    }
                }, "writer-" + w);
                threads.add(t);
                t.start();
            }
            for (Thread t : threads) {
                t.join();
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            long rows = countRows(tm, root);
            if (rows != (long) writers * perWriter) {
                throw new IllegalStateException("expected " + writers * perWriter + " rows, found " + rows);
            }
            return new Result(writers * perWriter / seconds, retries.get(), tm.stats());
        } finally {
            pager.close();
            if (file != null) {
                Oltp.deleteDb(file);
            }
        }
    }

    /** CREATE TABLE orders (id integer primary key, writer int, item text), at the b-tree level. */
    private static int createOrders(TransactionManager tm) {
        Transaction t = tm.begin(BeginMode.IMMEDIATE);
        var ws = t.writeStore();
        int root = BTree.create(ws, true);
        TableCursor schema = new TableCursor(ws, 1, TreeAccessListener.NONE);
        schema.insert(schema.maxRowid() + 1, Record.encode("table", "orders", "orders", (long) root,
                "CREATE TABLE orders (id integer primary key, writer int, item text)"));
        byte[] p1 = ws.write(1);
        FileHeader.putInt(p1, FileHeader.SCHEMA_COOKIE, FileHeader.getInt(p1, FileHeader.SCHEMA_COOKIE) + 1);
        if (FileHeader.getInt(p1, FileHeader.SCHEMA_FORMAT) == 0) {
            FileHeader.putInt(p1, FileHeader.SCHEMA_FORMAT, 4);
        }
        t.commit();
        return root;
    }

    private static long countRows(TransactionManager tm, int root) {
        Transaction t = tm.begin(BeginMode.DEFERRED);
        try {
            TableCursor c = new TableCursor(t.readStore(), root, TreeAccessListener.NONE);
            long n = 0;
            for (boolean ok = c.first(); ok; ok = c.next()) {
                n++;
            }
            return n;
        } finally {
            t.rollback();
        }
    }

    /** Stands in for application work inside the transaction (busy wait as the recipe, or a sleep). */
    static void work(int us) {
        if (us <= 0) {
            return;
        }
        if (sleepWork) {
            java.util.concurrent.locks.LockSupport.parkNanos(us * 1000L);
            return;
        }
        spin(us);
    }

    /** Keeps the calling thread on its CPU for {@code us} microseconds. */
    static void spin(int us) {
        long end = System.nanoTime() + us * 1000L;
        while (System.nanoTime() < end) {
            Thread.onSpinWait();
        }
    }

    private static Map<String, String> parse(String[] args) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (!a.startsWith("--")) {
                throw new IllegalArgumentException("unexpected argument " + a);
            }
            String key = a.substring(2);
            if (key.equals("memory")) {
                m.put(key, "true");
            } else if (i + 1 < args.length) {
                m.put(key, args[++i]);
            } else {
                throw new IllegalArgumentException("missing value for " + a);
            }
        }
        return m;
    }
}
