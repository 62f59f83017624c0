package io.onelite.bench.jmh;

import io.onelite.btree.TableCursor;
import io.onelite.btree.TreeAccessListener;
import io.onelite.common.Synchronous;
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
 * Hot path: a rowid seek in a table b-tree of {@code rows} rows through a read snapshot of a file
 * database (every page a page-cache hit after the first touches), then reading the payload; and
 * a cursor step. Run on demand: {@code java -cp $CP org.openjdk.jmh.Main BTreeSeekBench}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
public class BTreeSeekBench {
    @Param({"100000"})
    public int rows;

    private TableFile table;
    private Snapshot snapshot;
    private TableCursor cursor;
    private final SplittableRandom random = new SplittableRandom(42);

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        table = TableFile.create("jmh-seek-", rows, PagerOptions.DEFAULTS.withSynchronous(Synchronous.OFF));
        snapshot = table.pager.beginRead();
        cursor = new TableCursor(snapshot, table.root, TreeAccessListener.NONE);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        table.pager.endRead(snapshot);
        table.close();
    }

    @Benchmark
    public boolean seekRandomRowid() {
        return cursor.seek(1 + random.nextInt(rows));
    }

    @Benchmark
    public byte[] seekAndReadPayload() {
        cursor.seek(1 + random.nextInt(rows));
        return cursor.payload();
    }

    @Benchmark
    public long nextRow() {
        if (!cursor.next()) {
            cursor.first();
        }
        return cursor.rowid();
    }
}
