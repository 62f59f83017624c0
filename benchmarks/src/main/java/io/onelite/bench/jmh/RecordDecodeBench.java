package io.onelite.bench.jmh;

import io.onelite.btree.Record;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * Hot path: the SQLite record format. Decodes a typical OLTP row (integer key, integer, small
 * integer, short text, real) whole and one column lazily. Run on demand:
 * {@code java -cp $CP org.openjdk.jmh.Main io.onelite.bench.jmh}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
public class RecordDecodeBench {
    private byte[] payload;

    @Setup
    public void setUp() {
        payload = Record.encode(null, 2654435761L, 42L, "name-123456", 1253.875);
    }

    @Benchmark
    public Object[] decodeWholeRecord() {
        return Record.decode(payload);
    }

    @Benchmark
    public Object decodeOneColumn() {
        return Record.column(payload, 3);
    }

    @Benchmark
    public byte[] encodeRecord() {
        return Record.encode(null, 2654435761L, 42L, "name-123456", 1253.875);
    }
}
