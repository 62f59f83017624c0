package io.onelite.bench.jmh;

import io.onelite.common.Synchronous;
import io.onelite.pager.CheckpointMode;
import io.onelite.pager.PagerOptions;
import io.onelite.pager.Snapshot;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * Hot path: one page read through a read snapshot, the page already in memory. Leaf pages only
 * (a snapshot memoizes interior pages itself, so only leaves reach the shared page cache at each
 * read). {@code source}: the pages' newest versions in the database file ({@code db}, after a
 * checkpoint) or in the WAL ({@code wal}: a wal-index lookup before the cache). {@code mmapSize}:
 * 0 reads file pages through the page cache (a hit after the warm-up); the default 256 MiB copies
 * them from the file's mapping instead (WAL pages go through the cache either way). Run on
 * demand: {@code java -cp $CP org.openjdk.jmh.Main PageReadBench}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
public class PageReadBench {
    @Param({"db", "wal"})
    public String source;

    @Param({"0", "268435456"})
    public long mmapSize;

    /** Rows of about 60 bytes: some 300 leaf pages, all of them fitting the default cache of 2,000 pages. */
    private static final int ROWS = 20_000;
    private static final int TABLE_LEAF = 0x0D;

    private TableFile table;
    private Snapshot snapshot;
    private int[] leaves;
    private final SplittableRandom random = new SplittableRandom(42);

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        // no auto-checkpoint: with source = wal every page stays in the WAL
        table = TableFile.create("jmh-page-", ROWS, PagerOptions.DEFAULTS.withSynchronous(Synchronous.OFF).withAutoCheckpointFrames(0));
        if (source.equals("db")) {
            table.pager.checkpoint(CheckpointMode.TRUNCATE);
        } else if (!source.equals("wal")) {
            throw new IllegalArgumentException("source must be db or wal: " + source);
        }
        snapshot = table.pager.beginRead();
        snapshot.setMmapSize(mmapSize);
        leaves = leafPages(snapshot);
        for (int pgno : leaves) {
            snapshot.read(pgno); // the warm-up reads: every later read is a hit
        }
    }

    private static int[] leafPages(Snapshot s) {
        return java.util.stream.IntStream.rangeClosed(2, s.pageCount())
                .filter(p -> s.read(p)[0] == TABLE_LEAF)
                .toArray();
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        table.pager.endRead(snapshot);
        table.close();
    }

    @Benchmark
    public byte[] readLeaf() {
        return snapshot.read(leaves[random.nextInt(leaves.length)]);
    }
}
