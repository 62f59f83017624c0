package io.onelite.bench.jmh;

import io.onelite.btree.BTree;
import io.onelite.btree.Record;
import io.onelite.btree.TableCursor;
import io.onelite.btree.TreeAccessListener;
import io.onelite.common.BeginMode;
import io.onelite.common.Synchronous;
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

    private Path file;
    private Pager pager;
    private Snapshot snapshot;
    private TableCursor cursor;
    private final SplittableRandom random = new SplittableRandom(42);

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        file = Files.createTempFile("jmh-seek-", ".db");
        Files.delete(file);
        pager = Pager.open(file, PagerOptions.DEFAULTS.withSynchronous(Synchronous.OFF));
        TransactionManager tm = new TransactionManager(pager, new TxOptions(Duration.ofSeconds(5), Duration.ofSeconds(5)));
        Transaction t = tm.begin(BeginMode.IMMEDIATE);
        int root = BTree.create(t.writeStore(), true);
        TableCursor c = new TableCursor(t.writeStore(), root, TreeAccessListener.NONE);
        for (long id = 1; id <= rows; id++) {
            c.insert(id, Record.encode(null, id * 7, id % 1000, "name-" + id, id / 8.0));
        }
        t.commit();
        snapshot = pager.beginRead();
        cursor = new TableCursor(snapshot, root, TreeAccessListener.NONE);
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
