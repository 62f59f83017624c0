package io.onelite.sample;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import io.onelite.spring.OneLiteStatistics;

import org.springframework.stereotype.Component;

/**
 * The recipe ({@code begin-concurrent-recipe.md}) done the Spring way, in three parts:
 * <ol>
 *   <li>timings: {@code writers x perWriter} transactions, each one insert plus some work, as
 *       {@code BEGIN IMMEDIATE} ({@code @Transactional}) and as {@code BEGIN CONCURRENT}
 *       ({@code @ConcurrentTransactional}), commits per second and the ratio;</li>
 *   <li>the poller: a {@code WHERE id > last} poller misses a row that commits after a row with a
 *       larger id, because rowids are not in commit order;</li>
 *   <li>the fix: the same polls by {@code seq = commit_seq()}, which is in commit order, see it.</li>
 * </ol>
 * Then {@link FileCheck} checks the file. Everything printed goes to the given stream, and the
 * facts come back as a {@link Result}.
 */
@Component
public class Demo {

    /** How big the timing runs are. */
    public record Settings(int writers, int perWriter, List<Integer> workMicros) {
        /** The recipe's numbers: 8 writers x 250 transactions, 0 and 200 µs of work. */
        public static final Settings RECIPE = new Settings(8, 250, List.of(0, 200));
    }

    /** One timing line: commits per second both ways and the retries of the concurrent run. */
    public record Timing(int workMicros, double immediatePerSecond, double concurrentPerSecond, long retries) {
        public double ratio() {
            return concurrentPerSecond / immediatePerSecond;
        }
    }

    /**
     * What the demo showed.
     *
     * @param naivePolls what {@code WHERE id > last} returned after B committed, then after A committed
     * @param seqPolls what {@code WHERE seq > last} returned at the same two moments
     */
    public record Result(List<Timing> timings, long aId, long bId, List<List<Long>> naivePolls,
                         List<List<Long>> seqPolls, FileCheck.Report check) {
    }

    private final OrderService orders;
    private final OneLiteStatistics statistics;
    private final FileCheck fileCheck;

    public Demo(OrderService orders, OneLiteStatistics statistics, FileCheck fileCheck) {
        this.orders = orders;
        this.statistics = statistics;
        this.fileCheck = fileCheck;
    }

    public Result run(Settings settings, PrintStream out) throws Exception {
        out.println("1. " + settings.writers() + " writers x " + settings.perWriter()
                + " transactions, each one insert plus some work inside the transaction:");
        out.println("   BEGIN IMMEDIATE (@Transactional) against BEGIN CONCURRENT (@ConcurrentTransactional)");
        List<Timing> timings = new ArrayList<>();
        for (int workMicros : settings.workMicros()) {
            double immediate = timeRun(settings, workMicros, false, out);
            long retriesBefore = statistics.snapshot().retries();
            double concurrent = timeRun(settings, workMicros, true, out);
            long retries = statistics.snapshot().retries() - retriesBefore;
            Timing t = new Timing(workMicros, immediate, concurrent, retries);
            timings.add(t);
            out.printf(Locale.ROOT, "work %3d µs: IMMEDIATE %,8.0f/s, CONCURRENT %,8.0f/s, ratio %.2f, retries %d%n",
                    workMicros, immediate, concurrent, t.ratio(), retries);
        }
        out.println();
        return poller(timings, out);
    }

    /** One timed run on an emptied table; returns commits per second. */
    private double timeRun(Settings settings, int workMicros, boolean concurrent, PrintStream out) throws Exception {
        orders.clear();
        int total = settings.writers() * settings.perWriter();
        long workNanos = workMicros * 1_000L;
        AtomicLong done = new AtomicLong();
        String label = (concurrent ? "BEGIN CONCURRENT" : "BEGIN IMMEDIATE ") + String.format(Locale.ROOT, ", work %3d µs", workMicros);
        long retriesBefore = statistics.snapshot().retries();
        ExecutorService pool = Executors.newFixedThreadPool(settings.writers());
        long start = System.nanoTime();
        List<Future<?>> writers = new ArrayList<>();
        for (int w = 0; w < settings.writers(); w++) {
            int writer = w;
            writers.add(pool.submit(() -> {
                for (int i = 0; i < settings.perWriter(); i++) {
                    if (concurrent) {
                        orders.place(writer, "item " + i, workNanos);
                    } else {
                        orders.placeImmediate(writer, "item " + i, workNanos);
                    }
                    done.incrementAndGet();
                }
                return null;
            }));
        }
        pool.shutdown();
        while (!pool.awaitTermination(250, TimeUnit.MILLISECONDS)) {
            progress(out, label, done.get(), total, statistics.snapshot().retries() - retriesBefore);
        }
        long elapsed = System.nanoTime() - start;
        for (Future<?> f : writers) {
            f.get(); // rethrows a writer's failure
        }
        progress(out, label, done.get(), total, statistics.snapshot().retries() - retriesBefore);
        out.print("\r" + " ".repeat(78) + "\r");
        return total / (elapsed / 1e9);
    }

    private static void progress(PrintStream out, String label, long done, int total, long retries) {
        out.printf(Locale.ROOT, "\r  %s: %,d/%,d commits, %d retries", label, done, total, retries);
        out.flush();
    }

    /** Parts 2 and 3: A takes an id and stays open, B takes a larger one and commits first. */
    private Result poller(List<Timing> timings, PrintStream out) throws Exception {
        out.println("2. Rowids are not in commit order: A inserts and stays open, B inserts and commits.");
        long last = orders.maxId();
        long lastSeq = orders.maxSeq();
        List<List<Long>> naive = new ArrayList<>();
        List<List<Long>> bySeq = new ArrayList<>();
        List<String> seqLines = new ArrayList<>();

        CountDownLatch aInserted = new CountDownLatch(1);
        CountDownLatch bCommitted = new CountDownLatch(1);
        ExecutorService single = Executors.newSingleThreadExecutor();
        Future<Long> aDone = single.submit(() -> orders.placeAndHold(100, "A", id -> {
            out.println("A inserted id " + id + ", not committed yet");
            aInserted.countDown();
            await(bCommitted); // hold A open until B has committed
        }));
        single.shutdown();
        if (!aInserted.await(30, TimeUnit.SECONDS)) {
            aDone.get(); // A failed before inserting: report why
            throw new IllegalStateException("transaction A did not insert");
        }
        long bId = orders.place(101, "B", 0);
        out.println("B inserted id " + bId + " and committed");

        List<Long> ids = orders.idsAbove(last);
        out.println("poller, where id > " + last + ": " + ids);
        naive.add(ids);
        if (!ids.isEmpty()) {
            last = ids.get(ids.size() - 1);
        }
        lastSeq = pollBySeq(lastSeq, bySeq, seqLines);

        bCommitted.countDown();
        long aId = aDone.get(30, TimeUnit.SECONDS);
        out.println("A committed");

        ids = orders.idsAbove(last);
        out.println("poller, where id > " + last + ": " + ids + (ids.contains(aId) ? "" : "   <- A (id " + aId + ") is never seen"));
        naive.add(ids);
        pollBySeq(lastSeq, bySeq, seqLines);
        out.println();

        out.println("3. The fix: poll in commit order, by seq = commit_seq() (filled in at commit).");
        out.println("   The same two polls, at the same moments:");
        seqLines.forEach(out::println);
        out.println();

        out.println("4. The file, checked:");
        FileCheck.Report check = fileCheck.check(out);
        return new Result(timings, aId, bId, naive, bySeq, check);
    }

    private long pollBySeq(long lastSeq, List<List<Long>> bySeq, List<String> lines) {
        List<Order> rows = orders.after(lastSeq, 1000);
        List<Long> ids = rows.stream().map(Order::id).toList();
        lines.add("commit-order poller, where seq > " + lastSeq + ": " + ids);
        bySeq.add(ids);
        return rows.isEmpty() ? lastSeq : rows.get(rows.size() - 1).seq();
    }

    private static void await(CountDownLatch latch) {
        try {
            if (!latch.await(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("B did not commit within 30 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
