package io.onelite.tx;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import static org.assertj.core.api.Assertions.assertThat;

class RowidAllocatorTests {

    @Test
    void threadsNeverGetTheSameRowid() throws Exception {
        RowidAllocator a = new RowidAllocator(null);
        Set<Long> got = ConcurrentHashMap.newKeySet();
        Thread[] ts = new Thread[8];
        for (int i = 0; i < ts.length; i++) {
            ts[i] = new Thread(() -> {
                for (int k = 0; k < 1000; k++) {
                    assertThat(got.add(a.nextConcurrent(2, 0))).isTrue();
                }
            });
            ts[i].start();
        }
        for (Thread t : ts) {
            t.join();
        }
        assertThat(got).hasSize(8000);
        assertThat(got.stream().mapToLong(Long::longValue).min().orElseThrow()).isEqualTo(1);
    }

    @Test
    void allocationStaysAboveTheMaxTheCallerSaw() {
        RowidAllocator a = new RowidAllocator(null);
        assertThat(a.nextConcurrent(2, 0)).isEqualTo(1);
        assertThat(a.nextConcurrent(2, 100)).isEqualTo(101);
        assertThat(a.nextConcurrent(2, 5)).isEqualTo(102);
        assertThat(a.nextConcurrent(3, 7)).isEqualTo(8);
    }

    @Test
    void sequentialAllocationIsMaxPlusOneUnlessLeasedToConcurrentInserts() {
        RowidAllocator a = new RowidAllocator(null);
        assertThat(a.nextSequential(2, 41)).isEqualTo(42);
        long c1 = a.nextConcurrent(2, 10); // 11, uncommitted
        assertThat(c1).isEqualTo(11);
        assertThat(a.nextSequential(2, 10)).isEqualTo(12);
        assertThat(a.nextConcurrent(2, 10)).isEqualTo(13);
    }

    @Test
    void twoProcessesSharingTheSideFileNeverCollide(@TempDir Path dir) throws Exception {
        Path db = dir.resolve("t.db");
        Files.write(db, new byte[0]);
        // two allocators on one file stand for two processes: they share only the side file
        RowidAllocator p1 = new RowidAllocator(db);
        RowidAllocator p2 = new RowidAllocator(db);
        Set<Long> got = ConcurrentHashMap.newKeySet();
        Thread a = new Thread(() -> {
            for (int i = 0; i < 500; i++) {
                assertThat(got.add(p1.nextConcurrent(2, 0))).isTrue();
            }
        });
        Thread b = new Thread(() -> {
            for (int i = 0; i < 500; i++) {
                assertThat(got.add(p2.nextConcurrent(2, 0))).isTrue();
            }
        });
        a.start();
        b.start();
        a.join();
        b.join();
        assertThat(got).hasSize(1000);
        assertThat(Files.exists(dir.resolve("t.db-onelite-rowid"))).isTrue();
        // a third "process" starts after every lease so far
        long next = new RowidAllocator(db).nextConcurrent(2, 0);
        assertThat(next).isGreaterThan(got.stream().mapToLong(Long::longValue).max().orElseThrow());
    }

    @Test
    void leasesOfADeletedAndRecreatedDatabaseAreVoid(@TempDir Path dir) throws Exception {
        Path db = dir.resolve("t.db");
        Files.write(db, new byte[0]);
        new RowidAllocator(db).nextConcurrent(2, 1000);
        Files.delete(db);
        Path other = dir.resolve("other");
        Files.write(other, new byte[0]); // keep the old inode taken
        Files.write(db, new byte[0]);
        assertThat(new RowidAllocator(db).nextConcurrent(2, 0)).isEqualTo(1);
    }

    @Test
    void aBusyTableTakesGrowingLeasesSoManyRowidsTakeFewTrips(@TempDir Path dir) throws Exception {
        Path db = dir.resolve("t.db");
        Files.write(db, new byte[0]);
        RowidAllocator a = new RowidAllocator(db, () -> 0L); // every lease "at once": busy
        for (long expected = 1; expected <= 10_000; expected++) {
            assertThat(a.nextConcurrent(2, 0)).isEqualTo(expected);
        }
        // 64 + 256 + 1024 + 4096 = 5440 rowids in 4 trips, then leases of 4096: 6 trips, not 157
        assertThat(a.trips()).isEqualTo(6);
        // another process continues after the whole last lease, not after the rowids handed out
        assertThat(new RowidAllocator(db).nextConcurrent(2, 0)).isEqualTo(5440 + 2 * 4096 + 1);
    }

    @Test
    void aQuietTableKeepsSmallLeases(@TempDir Path dir) throws Exception {
        Path db = dir.resolve("t.db");
        Files.write(db, new byte[0]);
        long[] now = {0};
        RowidAllocator a = new RowidAllocator(db, () -> now[0] += RowidAllocator.BUSY_NANOS);
        for (int i = 0; i < 200; i++) {
            a.nextConcurrent(2, 0);
        }
        assertThat(a.trips()).isEqualTo(4); // 200 rowids in leases of 64
        assertThat(new RowidAllocator(db).nextConcurrent(2, 0)).isEqualTo(4 * RowidAllocator.LEASE + 1);
    }

    @Test
    void twoProcessesWithGrowingLeasesNeverCollide(@TempDir Path dir) throws Exception {
        Path db = dir.resolve("t.db");
        Files.write(db, new byte[0]);
        RowidAllocator p1 = new RowidAllocator(db, () -> 0L);
        RowidAllocator p2 = new RowidAllocator(db, () -> 0L);
        Set<Long> got2 = ConcurrentHashMap.newKeySet();
        Set<Long> got3 = ConcurrentHashMap.newKeySet();
        Thread[] ts = new Thread[4];
        for (int i = 0; i < ts.length; i++) {
            RowidAllocator a = i % 2 == 0 ? p1 : p2;
            ts[i] = new Thread(() -> {
                for (int k = 0; k < 10_000; k++) {
                    assertThat(got2.add(a.nextConcurrent(2, 0))).isTrue();
                    assertThat(got3.add(a.nextConcurrent(3, 0))).isTrue(); // two tables: interleaved entries in the file
                }
            });
            ts[i].start();
        }
        for (Thread t : ts) {
            t.join();
        }
        assertThat(got2).hasSize(40_000);
        assertThat(got3).hasSize(40_000);
        assertThat(p1.trips() + p2.trips()).isLessThan(2 * 20_000 / RowidAllocator.LEASE);
    }
}
