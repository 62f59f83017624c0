package io.onelite.os;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

import static io.onelite.os.OsTests.otherProcessCanLock;
import static org.assertj.core.api.Assertions.assertThat;

/** Shared locks released with {@link LockTable#unlockSharedLingering}: kept from the OS a moment for the next taker. */
class LingeringLockTests {
    @TempDir
    Path dir;

    /** Counts the OS lock calls of a table. */
    private static final class CountingLocks extends ForwardingLockAndMap {
        final AtomicInteger calls = new AtomicInteger();

        CountingLocks(LockAndMap real) {
            super(real);
        }

        @Override
        public FileLock tryLock(long pos, long len, boolean shared) {
            calls.incrementAndGet();
            return super.tryLock(pos, len, shared);
        }
    }

    @Test
    void aLingeringLockIsTakenAgainWithoutAskingTheOsAndStillExcludesOtherProcesses() throws Exception {
        Path p = dir.resolve("again");
        try (FileDbFile f = FileDbFile.open(p, true)) {
            CountingLocks os = new CountingLocks(f);
            LockTable t = new LockTable(f, os);
            // The reaper gives a lingering lock back after about 1 ms: a descheduled test thread
            // can miss it, so try a few times; with lingering broken every try asks the OS.
            boolean takenAgainFromTheLingeringLock = false;
            for (int i = 0; i < 100 && !takenAgainFromTheLingeringLock; i++) {
                assertThat(t.tryShared(124, 1)).isTrue();
                t.unlockSharedLingering(124, 1);
                assertThat(t.holders(124, 1)).isZero();
                int before = os.calls.get();
                assertThat(t.tryShared(124, 1)).isTrue();
                takenAgainFromTheLingeringLock = os.calls.get() == before;
                if (!takenAgainFromTheLingeringLock) {
                    t.unlockShared(124, 1);
                }
            }
            assertThat(takenAgainFromTheLingeringLock).as("taken again from the lingering lock").isTrue();
            assertThat(t.holders(124, 1)).isEqualTo(1);
            assertThat(otherProcessCanLock(p, 124)).as("the lock taken again is the OS lock kept").isFalse();
            t.unlockShared(124, 1);
            assertThat(t.isEmpty()).isTrue();
            assertThat(otherProcessCanLock(p, 124)).as("a plain release gives it back at once").isTrue();
        }
    }

    @Test
    void anUnusedLingeringLockGoesBackToTheOsByItself() throws Exception {
        Path p = dir.resolve("reaped");
        try (FileDbFile f = FileDbFile.open(p, true)) {
            LockTable t = new LockTable(f);
            assertThat(t.tryShared(125, 1)).isTrue();
            t.unlockSharedLingering(125, 1);
            long deadline = System.nanoTime() + 10_000_000_000L; // about 1 ms is expected; this is a loaded machine's bound
            while (!t.isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            assertThat(t.isEmpty()).isTrue();
            assertThat(t.lingering()).isZero();
            assertThat(otherProcessCanLock(p, 125)).isTrue();
        }
    }

    @Test
    void exclusiveAndDifferentlyBoundedRequestsOfThisJvmGiveALingeringLockBackFirst() {
        try (FileDbFile f = FileDbFile.open(dir.resolve("first"), true)) {
            CountingLocks os = new CountingLocks(f);
            LockTable t = new LockTable(f, os);
            linger(t, 124);
            assertThat(t.tryExclusive(124, 1)).as("the same byte, exclusive").isTrue();
            t.unlockExclusive(124, 1);
            linger(t, 124);
            assertThat(t.tryExclusive(121, 4)).as("an exclusive range over it").isTrue();
            t.unlockExclusive(121, 4);
            boolean leftLingering = false;
            for (int i = 0; i < 100 && !leftLingering; i++) { // unless the reaper gave it back meanwhile
                linger(t, 124);
                assertThat(t.tryShared(123, 1)).as("a shared request of another byte").isTrue();
                leftLingering = t.lingering() == 1;
                t.unlockShared(123, 1);
            }
            assertThat(leftLingering).as("a shared request of another byte leaves it lingering").isTrue();
            linger(t, 124);
            assertThat(t.tryShared(124, 4)).as("a shared range over it with other bounds").isTrue();
            assertThat(t.lingering()).isZero();
            t.unlockShared(124, 4);
            assertThat(t.isEmpty()).isTrue();
        }
    }

    @Test
    void aLockKeptFromTheOsPastTheLimitGoesBackAtItsNextReleaseAndTheRangeRestsAMoment() throws Exception {
        Path p = dir.resolve("limit");
        try (FileDbFile f = FileDbFile.open(p, true)) {
            LockTable t = new LockTable(f);
            assertThat(t.tryShared(126, 1)).isTrue();
            Thread.sleep(LingeringLocks.MAX_KEEP_NANOS / 1_000_000 + 5);
            long gaveBack = System.nanoTime();
            t.unlockSharedLingering(126, 1);
            assertThat(t.lingering()).as("held past the limit: not kept").isZero();
            assertThat(t.isEmpty()).isTrue();
            assertThat(t.tryShared(126, 1)).isTrue();
            t.unlockSharedLingering(126, 1);
            if (System.nanoTime() - gaveBack < LingeringLocks.QUIET_NANOS) { // not descheduled meanwhile
                assertThat(t.lingering()).as("the range rests a moment: released at once").isZero();
            }
            assertThat(otherProcessCanLock(p, 126)).isTrue();
        }
    }

    @Test
    void givingBackAndReleasingEverythingIncludeLingeringLocks() throws Exception {
        Path p = dir.resolve("all");
        try (FileDbFile f = FileDbFile.open(p, true)) {
            LockTable t = new LockTable(f);
            linger(t, 124);
            t.giveBackLingering();
            assertThat(t.lingering()).isZero();
            assertThat(otherProcessCanLock(p, 124)).isTrue();
            linger(t, 125);
            t.releaseAll();
            assertThat(t.isEmpty()).isTrue();
            assertThat(otherProcessCanLock(p, 125)).isTrue();
        }
    }

    /** Takes byte {@code off} shared and lets it linger (taken again if the reaper gave it back meanwhile). */
    private static void linger(LockTable t, int off) {
        for (int i = 0; i < 100 && t.lingering() == 0; i++) {
            assertThat(t.tryShared(off, 1)).isTrue();
            t.unlockSharedLingering(off, 1);
        }
        assertThat(t.lingering()).isEqualTo(1);
    }
}
