package io.onelite.os;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.MappedByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class OsTests {
    @TempDir
    Path dir;

    @Test
    void sharedLocksAreCountedInProcessAndExcludeExclusive() {
        try (FileDbFile f = FileDbFile.open(dir.resolve("l"), true)) {
            LockTable t = new LockTable(f);
            assertThat(t.tryShared(10, 1)).isTrue();
            assertThat(t.tryShared(10, 1)).isTrue();
            assertThat(t.holders(10, 1)).isEqualTo(2);
            assertThat(t.tryExclusive(10, 1)).isFalse();
            assertThat(t.tryExclusive(8, 4)).as("overlapping range").isFalse();
            t.unlockShared(10, 1);
            assertThat(t.tryExclusive(10, 1)).isFalse();
            t.unlockShared(10, 1);
            assertThat(t.tryExclusive(8, 4)).isTrue();
            assertThat(t.tryShared(10, 1)).isFalse();
            assertThat(t.tryExclusive(11, 1)).isFalse();
            t.unlockExclusive(8, 4);
            assertThat(t.isEmpty()).isTrue();
        }
    }

    /** More ranges than the table's first capacity, each taken, released (its entry kept idle) and taken again. */
    @Test
    void manyRangesKeepTheirOwnHoldersAndTheirOsLocks() throws Exception {
        Path p = dir.resolve("many");
        try (FileDbFile f = FileDbFile.open(p, true)) {
            LockTable t = new LockTable(f);
            for (int round = 0; round < 3; round++) {
                for (int off = 100; off < 120; off++) {
                    assertThat(off % 2 == 0 ? t.tryShared(off, 1) : t.tryExclusive(off, 1)).as("round %d, byte %d", round, off).isTrue();
                }
                for (int off = 100; off < 120; off++) {
                    assertThat(t.holders(off, 1)).isEqualTo(off % 2 == 0 ? 1 : -1);
                    assertThat(t.tryExclusive(off, 1)).as("held in this process").isFalse();
                }
                assertThat(t.tryShared(100, 1)).isTrue();
                assertThat(t.holders(100, 1)).isEqualTo(2);
                t.unlockShared(100, 1);
                assertThat(otherProcessCanLock(p, 117)).as("an exclusive byte is locked in the OS").isFalse();
                assertThat(otherProcessCanLock(p, 116)).as("a shared byte excludes a writer").isFalse();
                for (int off = 100; off < 120; off++) {
                    if (off % 2 == 0) {
                        t.unlockShared(off, 1);
                    } else {
                        t.unlockExclusive(off, 1);
                    }
                }
                assertThat(t.isEmpty()).isTrue();
                assertThat(otherProcessCanLock(p, 117)).as("released in the OS").isTrue();
                assertThat(otherProcessCanLock(p, 116)).isTrue();
            }
            assertThat(t.tryShared(95, 30)).as("a range overlapping only idle entries").isTrue();
            assertThat(t.tryExclusive(110, 1)).isFalse();
            t.unlockShared(95, 30);
            t.releaseAll();
            assertThat(t.isEmpty()).isTrue();
        }
    }

    @Test
    void readsAndWritesArePositionalAndShortReadsStopAtTheEnd() {
        try (FileDbFile f = FileDbFile.open(dir.resolve("io"), true)) {
            f.write(100, new byte[] {1, 2, 3}, 0, 3);
            assertThat(f.size()).isEqualTo(103);
            byte[] b = new byte[10];
            assertThat(f.read(101, b, 0, 10)).isEqualTo(2);
            assertThat(b[0]).isEqualTo((byte) 2);
            assertThat(f.read(500, b, 0, 10)).isZero();
            f.truncate(50);
            assertThat(f.size()).isEqualTo(50);
            f.truncate(80);
            assertThat(f.size()).as("truncate never grows").isEqualTo(50);
            f.sync(true);
        }
    }

    @Test
    void anInterruptedThreadDoesIoWithoutLosingTheFileOrItsLocks() throws Exception {
        Path p = dir.resolve("intr");
        try (FileDbFile f = FileDbFile.open(p, true)) {
            LockTable t = new LockTable(f);
            assertThat(t.tryExclusive(120, 1)).isTrue();
            Thread.currentThread().interrupt();
            f.write(0, new byte[] {7}, 0, 1);
            byte[] b = new byte[1];
            assertThat(f.read(0, b, 0, 1)).isEqualTo(1);
            assertThat(Thread.interrupted()).as("interrupt flag restored").isTrue();
            assertThat(b[0]).isEqualTo((byte) 7);
            // the lock is still held at the OS level: another process cannot take it
            assertThat(otherProcessCanLock(p, 120)).isFalse();
            t.unlockExclusive(120, 1);
            assertThat(otherProcessCanLock(p, 120)).isTrue();
        }
    }

    @Test
    void aChannelClosedByAnInterruptIsReopenedAndItsLocksRetaken() throws Exception {
        Path p = dir.resolve("intr2");
        try (FileDbFile f = FileDbFile.open(p, true)) {
            LockTable t = new LockTable(f);
            assertThat(t.tryShared(128, 1)).isTrue();
            assertThat(t.tryExclusive(120, 1)).isTrue();
            f.write(0, new byte[] {1}, 0, 1);
            // simulate an interrupt arriving during a call: the op itself sees the channel closed
            java.util.concurrent.atomic.AtomicInteger calls = new java.util.concurrent.atomic.AtomicInteger();
            java.util.concurrent.atomic.AtomicReference<Object> result = new java.util.concurrent.atomic.AtomicReference<>();
            Thread worker = new Thread(() -> result.set(f.io(io.onelite.common.ResultCode.IOERR_READ, ch -> {
                if (calls.incrementAndGet() == 1) {
                    Thread.currentThread().interrupt(); // the next call throws ClosedByInterruptException
                }
                return ch.read(java.nio.ByteBuffer.allocate(1), 0);
            })));
            worker.start();
            worker.join();
            assertThat(calls.get()).as("retried on the reopened channel").isEqualTo(2);
            assertThat(result.get()).isEqualTo(1);
            f.write(0, new byte[] {1}, 0, 1);
            assertThat(otherProcessCanLock(p, 120)).isFalse();
            t.unlockExclusive(120, 1);
            t.unlockShared(128, 1);
        }
    }

    /** Asks a child process (python3 fcntl) whether it can write-lock one byte. */
    static boolean otherProcessCanLock(Path p, int offset) throws Exception {
        String py = "import fcntl,sys\nf=open(sys.argv[1],'r+b')\ntry:\n fcntl.lockf(f, fcntl.LOCK_EX|fcntl.LOCK_NB, 1, " + offset
                + ", 0)\n print('yes')\nexcept OSError:\n print('no')\n";
        Process pr = new ProcessBuilder("python3", "-c", py, p.toString()).redirectErrorStream(true).start();
        String out = new String(pr.getInputStream().readAllBytes()).trim();
        pr.waitFor();
        return out.equals("yes");
    }

    @Test
    void theShmIsMappedOnlyWhereTheFileExistsUnlessGrown() throws Exception {
        Path p = dir.resolve("shm");
        try (FileDbFile f = FileDbFile.open(p, true)) {
            ShmRegion r = new ShmRegion(f);
            assertThat(r.block(0, false)).isNull();
            assertThat(Files.size(p)).isZero();
            MappedByteBuffer b = r.block(1, true);
            assertThat(Files.size(p)).isEqualTo(2 * ShmRegion.BLOCK);
            ShmRegion.setIntRelease(b, 96, 0x01020304);
            assertThat(ShmRegion.getIntAcquire(r.block(1, false), 96)).isEqualTo(0x01020304);
            ShmRegion.setU16Release(b, 16384, 0xFFFF);
            assertThat(ShmRegion.getU16Acquire(b, 16384)).isEqualTo(0xFFFF);
            assertThat(r.block(0, false)).isNotNull();
        }
    }
}
