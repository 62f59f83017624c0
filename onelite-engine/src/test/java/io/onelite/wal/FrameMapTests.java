package io.onelite.wal;

import io.onelite.common.Synchronous;
import io.onelite.os.FileDbFile;
import io.onelite.testing.ReplaySeed;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link Wal#findFrame} answers from the in-process {@link FrameMap}; the shared hash table of the
 * wal-index ({@link WalIndex#findFrame}) is the oracle: for every view (old readers, the writer's
 * view with unpublished frames) and page they must agree, across abandoned appends, WAL restarts
 * and a reopen that learns the frames from the wal-index alone.
 */
class FrameMapTests {
    private static final int PAGE = 512;

    @TempDir
    Path dir;

    @Test
    void findFrameAgreesWithTheWalIndexHashTable() {
        long seed = ReplaySeed.announce("FrameMapTests");
        Random rnd = new Random(seed);
        Path db = dir.resolve("frames.db");
        FileDbFile dbFile = FileDbFile.open(db, true);
        dbFile.write(0, new byte[PAGE * 40], 0, PAGE * 40);
        Wal w = open(db, dbFile);
        List<ReadView> readers = new ArrayList<>();
        int restarts = 0;
        int abandoned = 0;
        try {
            for (int commit = 0; commit < 400; commit++) {
                assertThat(w.tryBeginWrite()).isTrue();
                long saltsBefore = w.writerSaltKey();
                TreeMap<Integer, byte[]> pages = new TreeMap<>();
                int n = 1 + rnd.nextInt(3);
                for (int i = 0; i < n; i++) {
                    // mostly a few hot pages (long hash clusters), sometimes any of 40
                    int pgno = rnd.nextInt(4) > 0 ? 1 + rnd.nextInt(3) : 1 + rnd.nextInt(40);
                    byte[] p = new byte[PAGE];
                    rnd.nextBytes(p);
                    pages.put(pgno, p);
                }
                w.append(pages, 40);
                if (w.writerSaltKey() != saltsBefore) {
                    restarts++;
                }
                checkAll(w, w.writerView());
                if (rnd.nextInt(5) == 0) {
                    abandoned++;
                    w.endWrite(); // unpublished frames are abandoned, their numbers reused
                } else {
                    w.publish();
                    w.endWrite();
                }
                if (rnd.nextInt(3) == 0) {
                    readers.add(w.beginRead());
                }
                for (ReadView v : readers) {
                    checkAll(w, v);
                }
                if (!readers.isEmpty() && rnd.nextInt(4) == 0) {
                    w.endRead(readers.remove(rnd.nextInt(readers.size())));
                }
                if (readers.isEmpty() && rnd.nextInt(25) == 0) {
                    w.checkpoint(WalCheckpointMode.PASSIVE, System.nanoTime(), false); // the next writer restarts the WAL
                }
            }
            for (ReadView v : readers) {
                w.endRead(v);
            }
            readers.clear();
            w.close(false);
            w = open(db, dbFile); // a fresh mirror: everything comes from the wal-index (rebuilt from the WAL)
            ReadView v = w.beginRead();
            readers.add(v);
            checkAll(w, v);
            assertThat(v.mxFrame()).isPositive();
        } finally {
            for (ReadView v : readers) {
                w.endRead(v);
            }
            w.close(false);
            dbFile.close();
        }
        assertThat(abandoned).isPositive();
        assertThat(restarts).as("seed %d: the WAL restarted at least once", seed).isPositive();
    }

    @Test
    void abandonedFramesAreForgottenSoAnotherWritersFramesWithTheSameNumbersAreLearnt() {
        FileDbFile shmFile = FileDbFile.open(dir.resolve("x.db-shm"), true);
        try {
            WalIndex index = new WalIndex(new io.onelite.os.ShmRegion(shmFile));
            FrameMap map = new FrameMap();
            long salt = 0x1234L;
            index.append(1, 5, 0);
            map.appended(index, salt, 1, 5); // our writer appends frame 1 (page 5) ...
            assertThat(map.lookup(index, salt, 1, 5)).isEqualTo(1);
            index.cleanup(0);
            map.forgetAfter(salt, 0); // ... and abandons it
            index.append(1, 7, 0); // another process commits frame 1 = page 7, mxFrame 1
            index.append(2, 5, 1); // and frame 2 = page 5, mxFrame 2
            assertThat(map.lookup(index, salt, 1, 7)).isEqualTo(1);
            assertThat(map.lookup(index, salt, 1, 5)).isZero();
            assertThat(map.lookup(index, salt, 2, 5)).isEqualTo(2);
            assertThat(map.lookup(index, salt + 1, 2, 5)).as("another generation starts empty, learns from the index").isEqualTo(2);
        } finally {
            shmFile.close();
        }
    }

    private static Wal open(Path db, FileDbFile dbFile) {
        return Wal.open(db, dbFile, PAGE, Synchronous.OFF, System.nanoTime() + 5_000_000_000L, io.onelite.os.OsHooks.NONE);
    }

    private static void checkAll(Wal w, ReadView v) {
        if (!v.usesWal()) {
            return;
        }
        for (int pgno = 1; pgno <= 41; pgno++) {
            assertThat(w.findFrame(v, pgno)).as("page %d in %s", pgno, v).isEqualTo(w.index.findFrame(pgno, v.mxFrame(), 1));
        }
    }
}
