package io.onelite.bench.jmh;

import io.onelite.btree.BTree;
import io.onelite.btree.Record;
import io.onelite.btree.TableCursor;
import io.onelite.btree.TreeAccessListener;
import io.onelite.common.BeginMode;
import io.onelite.common.Synchronous;
import io.onelite.pager.CheckpointMode;
import io.onelite.pager.Pager;
import io.onelite.pager.PagerOptions;
import io.onelite.pager.Snapshot;
import io.onelite.tx.Transaction;
import io.onelite.tx.TransactionManager;
import io.onelite.tx.TxOptions;
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

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
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

    private Path file;
    private Pager pager;
    private Snapshot snapshot;
    private int[] leaves;
    private final SplittableRandom random = new SplittableRandom(42);

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        file = Files.createTempFile("jmh-page-", ".db");
        Files.delete(file);
        // no auto-checkpoint: with source = wal every page stays in the WAL
        pager = Pager.open(file, PagerOptions.DEFAULTS.withSynchronous(Synchronous.OFF).withAutoCheckpointFrames(0));
        TransactionManager tm = new TransactionManager(pager, new TxOptions(Duration.ofSeconds(5), Duration.ofSeconds(5)));
        Transaction t = tm.begin(BeginMode.IMMEDIATE);
        int root = BTree.create(t.writeStore(), true);
        TableCursor c = new TableCursor(t.writeStore(), root, TreeAccessListener.NONE);
        for (long id = 1; id <= ROWS; id++) {
            c.insert(id, Record.encode(null, id * 7, id % 1000, "name-" + id, id / 8.0));
        }
        t.commit();
        if (source.equals("db")) {
            pager.checkpoint(CheckpointMode.TRUNCATE);
        } else if (!source.equals("wal")) {
            throw new IllegalArgumentException("source must be db or wal: " + source);
        }
        snapshot = pager.beginRead();
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
        pager.endRead(snapshot);
        pager.close();
        for (String suffix : new String[] {"", "-wal", "-shm", "-onelite-rowid"}) {
            Files.deleteIfExists(Path.of(file + suffix));
        }
    }

    @Benchmark
    public byte[] readLeaf() {
        return snapshot.read(leaves[random.nextInt(leaves.length)]);
    }
}
