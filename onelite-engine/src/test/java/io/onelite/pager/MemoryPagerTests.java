package io.onelite.pager;

import io.onelite.testing.Threads;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class MemoryPagerTests {

    private static Snapshot commit(Pager p, java.util.function.Consumer<WriteSet> change) {
        p.lockWrite(Duration.ofSeconds(5));
        try {
            WriteSet ws = p.newWriteSet(p.latest());
            change.accept(ws);
            Snapshot s = p.appendCommit(ws);
            p.publish();
            return s;
        } finally {
            p.unlockWrite();
        }
    }

    @Test
    void aNewDatabaseHasPageOneWithTheHeaderAndAnEmptySchemaRoot() {
        try (Pager p = Pager.openMemory(PagerOptions.DEFAULTS)) {
            Snapshot s = p.beginRead();
            byte[] h = s.read(1);
            assertThat(s.pageCount()).isEqualTo(1);
            assertThat(new String(h, 0, 15)).isEqualTo("SQLite format 3");
            assertThat(FileHeader.pageSize(h)).isEqualTo(4096);
            assertThat(h[18]).isEqualTo((byte) 2);
            assertThat(h[19]).isEqualTo((byte) 2);
            assertThat(h[21]).isEqualTo((byte) 64);
            assertThat(h[22]).isEqualTo((byte) 32);
            assertThat(h[23]).isEqualTo((byte) 32);
            assertThat(FileHeader.getInt(h, 28)).isEqualTo(1);
            assertThat(FileHeader.getInt(h, 44)).isEqualTo(4);
            assertThat(FileHeader.getInt(h, 56)).isEqualTo(1);
            assertThat(h[100]).isEqualTo((byte) 0x0D);
            assertThat(((h[105] & 0xff) << 8) | (h[106] & 0xff)).isEqualTo(4096);
            p.endRead(s);
        }
    }

    @Test
    void aSixtyFourKilobytePageStoresContentStartAsZero() {
        try (Pager p = Pager.openMemory(PagerOptions.DEFAULTS.withPageSize(65536))) {
            byte[] h = p.beginRead().read(1);
            assertThat(h[16]).isEqualTo((byte) 0);
            assertThat(h[17]).isEqualTo((byte) 1);
            assertThat(h[105]).isEqualTo((byte) 0);
            assertThat(h[106]).isEqualTo((byte) 0);
        }
    }

    @Test
    void readersKeepTheirSnapshotWhileCommitsArePublished() {
        try (Pager p = Pager.openMemory(PagerOptions.DEFAULTS)) {
            Snapshot before = p.beginRead();
            Snapshot after = commit(p, ws -> {
                int pg = ws.allocate();
                ws.write(pg)[0] = 42;
            });
            assertThat(after.pageCount()).isEqualTo(2);
            assertThat(before.pageCount()).isEqualTo(1);
            Snapshot now = p.beginRead();
            assertThat(now.pageCount()).isEqualTo(2);
            assertThat(now.read(2)[0]).isEqualTo((byte) 42);
            assertThat(now.version(1)).isNotEqualTo(before.version(1));
            assertThatThrownBy(() -> before.read(2)).isInstanceOf(OneLiteException.class);
            p.endRead(before);
            p.endRead(now);
        }
    }

    @Test
    void aCommitThatTouchesPageOneBumpsTheChangeCounterAndFixesThePageCount() {
        try (Pager p = Pager.openMemory(PagerOptions.DEFAULTS)) {
            byte[] h0 = p.beginRead().read(1);
            Snapshot s = commit(p, ws -> {
                ws.allocate();
                ws.allocate();
            });
            byte[] h = s.read(1);
            assertThat(FileHeader.getInt(h, 24)).isEqualTo(FileHeader.getInt(h0, 24) + 1);
            assertThat(FileHeader.getInt(h, 92)).isEqualTo(FileHeader.getInt(h, 24));
            assertThat(FileHeader.getInt(h, 28)).isEqualTo(3);
            assertThat(FileHeader.getInt(h, 96)).isEqualTo(FileHeader.WRITER_VERSION);
            Snapshot s2 = commit(p, ws -> ws.write(3)[7] = 1);
            assertThat(FileHeader.getInt(s2.read(1), 24)).isEqualTo(FileHeader.getInt(h, 24));
            assertThat(s2.version(1)).isEqualTo(s.version(1));
            assertThat(s2.version(3)).isNotEqualTo(s.version(3));
        }
    }

    @Test
    void unchangedWriteSetsCommitNothing() {
        try (Pager p = Pager.openMemory(PagerOptions.DEFAULTS)) {
            Snapshot before = p.beginRead();
            Snapshot s = commit(p, ws -> { });
            assertThat(s.sameState(before)).isTrue();
        }
    }

    @Test
    void savepointsNestAndRollBackToTheRightPageImages() {
        try (Pager p = Pager.openMemory(PagerOptions.DEFAULTS)) {
            p.lockWrite(Duration.ofSeconds(1));
            WriteSet ws = p.newWriteSet(p.latest());
            int a = ws.allocate();
            byte[] pa = ws.write(a);
            pa[0] = 1;
            int sp1 = ws.savepoint();
            ws.write(a)[0] = 2;
            int b = ws.allocate();
            ws.write(b)[0] = 9;
            int sp2 = ws.savepoint();
            ws.write(a)[0] = 3;
            assertThat(sp1).isEqualTo(1);
            assertThat(sp2).isEqualTo(2);
            ws.rollbackTo(sp2);
            assertThat(ws.read(a)[0]).isEqualTo((byte) 2);
            assertThat(ws.pageCount()).isEqualTo(3);
            ws.write(a)[0] = 4;
            ws.release(sp2);
            assertThat(ws.savepointDepth()).isEqualTo(1);
            ws.rollbackTo(sp1);
            assertThat(ws.read(a)[0]).isEqualTo((byte) 1);
            assertThat(pa[0]).as("same array stays in use").isEqualTo((byte) 1);
            assertThat(ws.pageCount()).isEqualTo(2);
            assertThat(ws.dirtyPages()).containsExactly(2);
            ws.release(sp1);
            Snapshot s = p.appendCommit(ws);
            p.publish();
            p.unlockWrite();
            assertThat(s.pageCount()).isEqualTo(2);
            assertThat(p.beginRead().read(a)[0]).isEqualTo((byte) 1);
        }
    }

    /** The write set remembers the page written last (a row's write touches its leaf several times); undoing it forgets it. */
    @Test
    void aPageWrittenLastAndThenUndoneReadsAsItWasBefore() {
        try (Pager p = Pager.openMemory(PagerOptions.DEFAULTS)) {
            int[] a = new int[1];
            commit(p, ws -> ws.write(a[0] = ws.allocate())[0] = 7);
            p.lockWrite(Duration.ofSeconds(1));
            WriteSet ws = p.newWriteSet(p.latest());
            int sp = ws.savepoint();
            ws.write(a[0])[0] = 8; // first written inside the savepoint: rolling back drops the page's copy
            assertThat(ws.read(a[0])[0]).isEqualTo((byte) 8);
            ws.rollbackTo(sp);
            assertThat(ws.read(a[0])[0]).as("the committed page again").isEqualTo((byte) 7);
            ws.write(a[0])[0] = 9;
            ws.rollbackTo(sp);
            assertThat(ws.read(a[0])[0]).isEqualTo((byte) 7);
            ws.release(sp);
            ws.write(a[0])[0] = 10;
            DatabaseImage image = new DatabaseImage(ws.read(1), ws.pageSize(), ws.usableSize());
            image.write(image.allocate())[0] = 11;
            ws.replaceWith(image);
            assertThat(ws.read(a[0])[0]).as("the image's page").isEqualTo((byte) 11);
            p.unlockWrite();
        }
    }

    @Test
    void releaseMergesInnerChangesIntoTheOuterSavepoint() {
        try (Pager p = Pager.openMemory(PagerOptions.DEFAULTS)) {
            p.lockWrite(Duration.ofSeconds(1));
            WriteSet ws = p.newWriteSet(p.latest());
            int a = ws.allocate();
            int sp1 = ws.savepoint();
            int sp2 = ws.savepoint();
            ws.write(a)[5] = 5;
            ws.release(sp2);
            ws.rollbackTo(sp1);
            assertThat(ws.read(a)[5]).isEqualTo((byte) 0);
            p.unlockWrite();
        }
    }

    @Test
    void freedPagesAreReusedThroughTrunkAndLeafPages() {
        try (Pager p = Pager.openMemory(PagerOptions.DEFAULTS.withPageSize(512))) {
            Snapshot s = commit(p, ws -> {
                for (int i = 0; i < 300; i++) {
                    ws.write(ws.allocate())[0] = 1;
                }
            });
            assertThat(s.pageCount()).isEqualTo(301);
            s = commit(p, ws -> {
                for (int pg = 2; pg <= 301; pg++) {
                    ws.free(pg);
                }
            });
            byte[] h = s.read(1);
            assertThat(FileHeader.getInt(h, 36)).isEqualTo(300);
            // walk the freelist: trunks hold at most U/4 - 8 leaves
            int trunks = 0;
            int leaves = 0;
            for (int t = FileHeader.getInt(h, 32); t != 0; t = FileHeader.getInt(s.read(t), 0)) {
                int n = FileHeader.getInt(s.read(t), 4);
                assertThat(n).isLessThanOrEqualTo(512 / 4 - 8);
                trunks++;
                leaves += n;
            }
            assertThat(trunks + leaves).isEqualTo(300);
            s = commit(p, ws -> {
                for (int i = 0; i < 300; i++) {
                    int pg = ws.allocate();
                    assertThat(pg).isBetween(2, 301);
                    assertThat(ws.read(pg)).containsOnly((byte) 0);
                }
            });
            assertThat(s.pageCount()).isEqualTo(301);
            assertThat(FileHeader.getInt(s.read(1), 36)).isEqualTo(0);
            assertThat(FileHeader.getInt(s.read(1), 32)).isEqualTo(0);
        }
    }

    /**
     * {@link WriteSet#freeAll} leaves every page as {@link WriteSet#free} of each page in turn:
     * onto a trunk that is partly filled, past a full trunk (each freed page then opening the
     * next), in shuffled order; and a savepoint rolled back undoes it all.
     */
    @Test
    void freeingPagesTogetherLeavesThePagesAsFreeingThemOneByOne() {
        List<Integer> pages = new ArrayList<>();
        for (int pg = 60; pg <= 700; pg++) {
            pages.add(pg);
        }
        java.util.Collections.shuffle(pages, new java.util.Random(7));
        int[] batch = pages.subList(0, 500).stream().mapToInt(Integer::intValue).toArray();
        int[] second = pages.subList(500, pages.size()).stream().mapToInt(Integer::intValue).toArray();
        try (Pager one = Pager.openMemory(PagerOptions.DEFAULTS.withPageSize(512));
             Pager together = Pager.openMemory(PagerOptions.DEFAULTS.withPageSize(512))) {
            for (Pager p : List.of(one, together)) {
                commit(p, ws -> {
                    for (int i = 0; i < 700; i++) {
                        ws.write(ws.allocate())[0] = (byte) i;
                    }
                });
                commit(p, ws -> {
                    for (int pg = 2; pg < 60; pg++) { // a full trunk of 120 leaves would need 121: this one is part filled
                        ws.free(pg);
                    }
                });
            }
            Snapshot a = commit(one, ws -> {
                for (int pg : batch) {
                    ws.free(pg);
                }
            });
            assertSamePages(a, commit(together, ws -> ws.freeAll(batch, batch.length)));
            Snapshot a2 = commit(one, ws -> {
                for (int pg : second) {
                    ws.free(pg);
                }
            });
            Snapshot b2 = commit(together, ws -> {
                int sp = ws.savepoint();
                ws.freeAll(second, second.length);
                ws.rollbackTo(sp);
                ws.release(sp);
                ws.freeAll(second, 0);
                ws.freeAll(second, second.length);
            });
            assertSamePages(a2, b2);
            assertThat(FileHeader.getInt(b2.read(1), 36)).isEqualTo(699);
        }
    }

    private static void assertSamePages(Snapshot a, Snapshot b) {
        assertThat(b.pageCount()).isEqualTo(a.pageCount());
        for (int pg = 1; pg <= a.pageCount(); pg++) {
            assertThat(b.read(pg)).as("page %d", pg).isEqualTo(a.read(pg));
        }
    }

    @Test
    void randomAllocateAndFreeKeepTheFreelistExact() {
        long seed = System.nanoTime();
        System.out.println("randomAllocateAndFreeKeepTheFreelistExact seed=" + seed);
        java.util.Random rnd = new java.util.Random(seed);
        try (Pager p = Pager.openMemory(PagerOptions.DEFAULTS.withPageSize(1024))) {
            java.util.Set<Integer> used = new java.util.TreeSet<>();
            for (int round = 0; round < 20; round++) {
                Snapshot s = commit(p, ws -> {
                    for (int i = 0; i < 50; i++) {
                        if (!used.isEmpty() && rnd.nextInt(3) == 0) {
                            Integer[] u = used.toArray(new Integer[0]);
                            int pg = u[rnd.nextInt(u.length)];
                            used.remove(pg);
                            ws.free(pg);
                        } else {
                            int pg = ws.allocate();
                            assertThat(used.add(pg)).as("page %d handed out twice", pg).isTrue();
                            ws.write(pg)[0] = 7;
                        }
                    }
                });
                java.util.Set<Integer> free = new java.util.TreeSet<>();
                byte[] h = s.read(1);
                for (int t = FileHeader.getInt(h, 32); t != 0; t = FileHeader.getInt(s.read(t), 0)) {
                    assertThat(free.add(t)).isTrue();
                    byte[] tp = s.read(t);
                    for (int i = 0; i < FileHeader.getInt(tp, 4); i++) {
                        assertThat(free.add(FileHeader.getInt(tp, 8 + 4 * i))).isTrue();
                    }
                }
                assertThat(FileHeader.getInt(h, 36)).isEqualTo(free.size());
                assertThat(free.size() + used.size() + 1).isEqualTo(s.pageCount());
                assertThat(free).doesNotContainAnyElementsOf(used);
            }
        }
    }

    @Test
    void theAllocatorSkipsTheLockBytePage() {
        assertThat(WriteSet.lockBytePage(4096)).isEqualTo(262145);
        assertThat(WriteSet.lockBytePage(65536)).isEqualTo(16385);
        try (Pager p = Pager.openMemory(PagerOptions.DEFAULTS.withPageSize(65536))) {
            p.lockWrite(Duration.ofSeconds(1));
            WriteSet ws = p.newWriteSet(p.latest());
            int last = 0;
            for (int i = 0; i < 16384; i++) {
                last = ws.allocate();
                assertThat(last).isNotEqualTo(16385);
            }
            assertThat(last).isEqualTo(16386);
            assertThatThrownBy(() -> ws.free(16385)).isInstanceOf(OneLiteException.class);
            p.unlockWrite();
        }
    }

    @Test
    void aStaleBaseCannotCommit() {
        try (Pager p = Pager.openMemory(PagerOptions.DEFAULTS)) {
            Snapshot old = p.beginRead();
            commit(p, ws -> ws.allocate());
            p.lockWrite(Duration.ofSeconds(1));
            try {
                WriteSet ws = p.newWriteSet(old);
                ws.allocate();
                assertThatThrownBy(() -> p.appendCommit(ws))
                        .isInstanceOfSatisfying(OneLiteException.class,
                                e -> assertThat(e.resultCode()).isEqualTo(ResultCode.BUSY_SNAPSHOT));
            } finally {
                p.unlockWrite();
            }
        }
    }

    @Test
    void aBatchOfCommitsBecomesVisibleOnlyAtPublish() {
        try (Pager p = Pager.openMemory(PagerOptions.DEFAULTS)) {
            p.lockWrite(Duration.ofSeconds(1));
            WriteSet a = p.newWriteSet(p.latest());
            a.allocate();
            Snapshot s1 = p.appendCommit(a);
            assertThat(p.latest().sameState(s1)).isTrue();
            WriteSet b = p.newWriteSet(s1);
            b.allocate();
            Snapshot s2 = p.appendCommit(b);
            assertThat(p.beginRead().pageCount()).isEqualTo(1);
            p.publish();
            assertThat(p.beginRead().pageCount()).isEqualTo(3);
            assertThat(s2.pageCount()).isEqualTo(3);
            p.unlockWrite();
        }
    }

    @Test
    void unlockingWithoutPublishAbandonsTheBatch() {
        try (Pager p = Pager.openMemory(PagerOptions.DEFAULTS)) {
            p.lockWrite(Duration.ofSeconds(1));
            WriteSet a = p.newWriteSet(p.latest());
            a.allocate();
            p.appendCommit(a);
            p.unlockWrite();
            p.lockWrite(Duration.ofSeconds(1));
            assertThat(p.latest().pageCount()).isEqualTo(1);
            p.unlockWrite();
        }
    }

    @Test
    void theWriteLockTimesOutWithBusy() {
        try (Pager p = Pager.openMemory(PagerOptions.DEFAULTS)) {
            p.lockWrite(Duration.ofSeconds(1));
            assertThat(p.tryLockWrite()).isFalse();
            long t0 = System.nanoTime();
            assertThatThrownBy(() -> p.lockWrite(Duration.ofMillis(100)))
                    .isInstanceOfSatisfying(OneLiteException.class, e -> assertThat(e.resultCode()).isEqualTo(ResultCode.BUSY));
            assertThat(System.nanoTime() - t0).isGreaterThanOrEqualTo(90_000_000L);
            p.unlockWrite();
            assertThat(p.tryLockWrite()).isTrue();
            p.unlockWrite();
        }
    }

    @Test
    void waitingWritersAreServedInArrivalOrder() throws Exception {
        try (Pager p = Pager.openMemory(PagerOptions.DEFAULTS)) {
            p.lockWrite(Duration.ofSeconds(1));
            List<Integer> order = new CopyOnWriteArrayList<>();
            List<Thread> threads = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                int id = i;
                CountDownLatch queued = new CountDownLatch(1);
                Thread t = new Thread(() -> {
                    queued.countDown();
                    p.lockWrite(Duration.ofSeconds(10));
                    order.add(id);
                    p.unlockWrite();
                });
                t.start();
                queued.await();
                // wait until the thread is parked in the queue before starting the next one
                Threads.awaitParked(t);
                threads.add(t);
            }
            p.unlockWrite();
            for (Thread t : threads) {
                t.join();
            }
            assertThat(order).containsExactly(0, 1, 2, 3, 4);
        }
    }

    @Test
    void snapshotsAreReadOnly() {
        try (Pager p = Pager.openMemory(PagerOptions.DEFAULTS)) {
            Snapshot s = p.beginRead();
            assertThat(s.writable()).isFalse();
            assertThatThrownBy(() -> s.write(1)).isInstanceOfSatisfying(OneLiteException.class,
                    e -> assertThat(e.resultCode()).isEqualTo(ResultCode.READONLY));
            assertThatThrownBy(() -> s.read(0)).isInstanceOfSatisfying(OneLiteException.class,
                    e -> assertThat(e.resultCode()).isEqualTo(ResultCode.CORRUPT));
        }
    }
}
