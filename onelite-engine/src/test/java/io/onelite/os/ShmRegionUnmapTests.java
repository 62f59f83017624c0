package io.onelite.os;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.MappedByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

/** {@link ShmRegion#close}: the blocks are unmapped at once, never while a thread is inside. */
class ShmRegionUnmapTests {
    @TempDir
    Path dir;

    /** The lines of /proc/self/maps naming {@code file} (Linux); the test is skipped elsewhere. */
    static List<String> mappingsOf(Path file) throws Exception {
        Path maps = Path.of("/proc/self/maps");
        assumeThat(Files.isReadable(maps)).as("/proc/self/maps (Linux)").isTrue();
        List<String> out = new ArrayList<>();
        String name = file.toAbsolutePath().toString();
        for (String line : Files.readAllLines(maps)) {
            if (line.contains(name)) {
                out.add(line);
            }
        }
        return out;
    }

    @Test
    void closeUnmapsTheBlocksAndLaterAccessFailsWithMisuse() throws Exception {
        assumeThat(Unmapper.available()).as("sun.misc.Unsafe.invokeCleaner").isTrue();
        Path p = dir.resolve("a-shm");
        try (FileDbFile f = FileDbFile.open(p, true)) {
            ShmRegion r = new ShmRegion(f);
            r.pin();
            MappedByteBuffer b0 = r.block(0, true);
            r.block(1, true);
            ShmRegion.setInt(b0, 0, 42);
            r.unpin();
            assertThat(mappingsOf(p)).hasSize(2);
            r.close();
            assertThat(r.isClosed()).isTrue();
            assertThat(r.isUnmapped()).isTrue();
            assertThat(mappingsOf(p)).as("unmapped at close, not at the next GC").isEmpty();
            assertThatThrownBy(r::pin).isInstanceOfSatisfying(OneLiteException.class,
                    e -> assertThat(e.resultCode()).isEqualTo(ResultCode.MISUSE));
            assertThatThrownBy(() -> r.block(0, false)).isInstanceOfSatisfying(OneLiteException.class,
                    e -> assertThat(e.resultCode()).isEqualTo(ResultCode.MISUSE));
            r.close(); // idempotent
            assertThat(Files.readAllBytes(p)[0]).as("what was written through the mapping is in the file").isEqualTo((byte) 42);
        }
    }

    @Test
    void aThreadInsideKeepsTheBlocksMappedUntilItLeaves() throws Exception {
        Path p = dir.resolve("b-shm");
        try (FileDbFile f = FileDbFile.open(p, true)) {
            ShmRegion r = new ShmRegion(f);
            r.pin();
            r.pin(); // nested, as an operation inside another
            MappedByteBuffer b = r.block(0, true);
            r.close();
            assertThat(r.isUnmapped()).isFalse();
            ShmRegion.setInt(b, 8, 7); // still mapped: the thread is inside
            r.unpin();
            assertThat(r.isUnmapped()).isFalse();
            assertThat(ShmRegion.getInt(b, 8)).isEqualTo(7);
            r.unpin();
            assertThat(r.isUnmapped()).as("the last one out unmaps").isEqualTo(Unmapper.available());
            assertThatThrownBy(r::pin).isInstanceOf(OneLiteException.class);
        }
    }

    /**
     * Threads pin, read and write the block and unpin in a loop while another closes the region:
     * none may touch it unmapped (that would crash the JVM), every pin after the close fails
     * cleanly, and the region ends unmapped.
     */
    @Test
    void closeRacingWithThreadsInsideNeverUnmapsUnderThem() throws Exception {
        long seed = System.nanoTime();
        System.out.println("closeRacingWithThreadsInsideNeverUnmapsUnderThem seed=" + seed);
        Random rnd = new Random(seed);
        for (int round = 0; round < 20; round++) {
            Path p = dir.resolve("c" + round + "-shm");
            try (FileDbFile f = FileDbFile.open(p, true)) {
                ShmRegion r = new ShmRegion(f);
                r.pin();
                r.block(0, true);
                r.unpin();
                int threads = 4;
                CountDownLatch start = new CountDownLatch(1);
                AtomicInteger refused = new AtomicInteger();
                List<Thread> all = new ArrayList<>();
                for (int t = 0; t < threads; t++) {
                    int slot = t;
                    Thread th = new Thread(() -> {
                        try {
                            start.await();
                        } catch (InterruptedException e) {
                            return;
                        }
                        for (int i = 0; ; i++) {
                            try {
                                r.pin();
                            } catch (OneLiteException e) {
                                refused.incrementAndGet();
                                return;
                            }
                            try {
                                MappedByteBuffer b = r.block(0, false);
                                ShmRegion.setIntRelease(b, 4 * slot, i);
                                if (ShmRegion.getIntAcquire(b, 4 * slot) != i) {
                                    throw new AssertionError("lost a write");
                                }
                            } finally {
                                r.unpin();
                            }
                        }
                    });
                    th.start();
                    all.add(th);
                }
                start.countDown();
                Thread.sleep(rnd.nextInt(3));
                r.close();
                for (Thread th : all) {
                    th.join(10_000);
                    assertThat(th.isAlive()).isFalse();
                }
                assertThat(refused.get()).as("seed " + seed).isEqualTo(threads);
                assertThat(r.isUnmapped()).as("seed " + seed).isEqualTo(Unmapper.available());
            }
        }
    }
}
