package io.onelite.tx;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Rowids for inserts without one, shared by every transaction on a file (DESIGN.md section 5),
 * as SQLite's "max + 1" cannot be used by concurrent transactions: each would see the same max in
 * its snapshot and the two inserts would collide at commit.
 *
 * <p>Per table root, the allocator hands out rowids from a lease {@code [next, leaseEnd]}. In
 * memory databases the lease is unbounded. For files, leases are taken from the side file
 * {@code <db>-onelite-rowid} under an exclusive file lock ({@link RowidLeaseFile}), so writers in
 * other processes never get the same rowid either. A lease is {@link #LEASE} rowids; when a table
 * comes back for its next lease within {@link #BUSY_NANOS} of the last, the lease grows fourfold (up to
 * {@link #MAX_LEASE}), so busy inserts make a trip to the file (during which every other
 * rowid-less concurrent insert on this file in the process waits for the monitor) only every few
 * thousand rowids. The cost is a larger gap
 * in the rowids when the process ends with a lease unused (gaps are allowed, as after a rollback).
 *
 * <p>Invariants:
 * <ol>
 *   <li>A rowid handed out by {@link #nextConcurrent} is never handed out again on this file (by
 *       this or another process using the side file).</li>
 *   <li>It is larger than the largest rowid the caller saw in its snapshot.</li>
 *   <li>The allocation is not a read of the tree: it adds nothing to the trace. Consequence, kept
 *       on purpose as in the recipe: rowids are not in commit order.</li>
 * </ol>
 * Non-concurrent transactions keep SQLite's "max + 1" ({@link #nextSequential}) unless that rowid
 * is inside what was leased to concurrent transactions, which they then skip past.
 * Thread-safe.
 */
final class RowidAllocator {
    /** Rowids of a table's first lease from the side file, and of a quiet table's. */
    static final int LEASE = 64;
    /** The largest lease a busy table grows to. */
    static final int MAX_LEASE = 4096;
    /** How much a busy table's next lease grows. */
    static final int GROWTH = 4;
    /** A table whose next lease is taken within this time of the last is busy: its lease grows. */
    static final long BUSY_NANOS = 1_000_000_000L;

    private static final class Table {
        long next;      // the next rowid to hand out
        long leaseEnd;  // the last rowid of the current lease (next > leaseEnd: lease used up)
        int leaseSize;  // rowids in the last lease taken from the file (0: none yet)
        long leasedAt;  // clock when that lease was taken
    }

    private final RowidLeaseFile leaseFile; // null: memory database, in-process only
    private final LongSupplier clock;
    private final Map<Integer, Table> tables = new HashMap<>();
    private long trips;

    /** @param dbPath the database file, or null for a memory database */
    RowidAllocator(Path dbPath) {
        this(dbPath, System::nanoTime);
    }

    /** For tests: {@code clock} in nanoseconds instead of {@link System#nanoTime()}. */
    RowidAllocator(Path dbPath, LongSupplier clock) {
        this.leaseFile = dbPath == null ? null : new RowidLeaseFile(dbPath);
        this.clock = clock;
    }

    /**
     * A rowid for a concurrent transaction: invariants (1) to (3).
     *
     * @param seenMax the largest rowid in the tree as the caller sees it (0 when empty), below
     *                {@code Long.MAX_VALUE}
     */
    synchronized long nextConcurrent(int root, long seenMax) {
        Table t = tables.computeIfAbsent(root, r -> new Table());
        if (t.next <= seenMax) {
            t.next = seenMax == Long.MAX_VALUE ? seenMax : seenMax + 1; // invariant (2)
        }
        if (t.next > t.leaseEnd || t.leaseEnd == 0) {
            lease(root, t, seenMax);
        }
        return t.next++;
    }

    /**
     * A rowid for a transaction holding the write lock: {@code max + 1} as SQLite, unless rowids
     * leased to concurrent transactions of this process start at or below it; then the next of
     * those (so an uncommitted concurrent insert is never collided with).
     */
    synchronized long nextSequential(int root, long max) {
        Table t = tables.get(root);
        long r = max + 1;
        if (t == null || t.leaseEnd == 0) {
            return r;
        }
        if (r < t.next) {
            return nextConcurrent(root, max); // r may be an uncommitted concurrent insert's
        }
        if (r <= t.leaseEnd) {
            t.next = r + 1; // keep the lease from handing out r as well
        }
        return r;
    }

    /** Forgets the leases of a root (its table was dropped or the root was reused). */
    synchronized void forget(int root) {
        tables.remove(root);
    }

    /** Trips to the side file so far. */
    synchronized long trips() {
        return trips;
    }

    private void lease(int root, Table t, long seenMax) {
        long from = Math.max(t.next, seenMax + 1);
        if (leaseFile == null) {
            t.next = from;
            t.leaseEnd = Long.MAX_VALUE;
            return;
        }
        long now = clock.getAsLong();
        int size = t.leaseSize > 0 && now - t.leasedAt < BUSY_NANOS ? Math.min(MAX_LEASE, t.leaseSize * GROWTH) : LEASE;
        long start = leaseFile.lease(root, from, size);
        trips++;
        t.next = start;
        t.leaseEnd = start + size - 1 < start ? Long.MAX_VALUE : start + size - 1;
        t.leaseSize = size;
        t.leasedAt = now;
    }
}
