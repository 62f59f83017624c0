package io.onelite.tx;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * Rowids for inserts without one, shared by every transaction on a file (DESIGN.md section 5),
 * as SQLite's "max + 1" cannot be used by concurrent transactions: each would see the same max in
 * its snapshot and the two inserts would collide at commit.
 *
 * <p>Per table root, the allocator hands out rowids from a lease {@code [next, leaseEnd]}. In
 * memory databases the lease is unbounded. For files, leases of {@link #LEASE} rowids are taken
 * from the side file {@code <db>-onelite-rowid} under an exclusive file lock
 * ({@link RowidLeaseFile}), so writers in other processes never get the same rowid either.
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
    /** Rowids leased per trip to the side file. */
    static final int LEASE = 64;

    private static final class Table {
        long next;     // the next rowid to hand out
        long leaseEnd; // the last rowid of the current lease (next > leaseEnd: lease used up)
    }

    private final RowidLeaseFile leaseFile; // null: memory database, in-process only
    private final Map<Integer, Table> tables = new HashMap<>();

    /** @param dbPath the database file, or null for a memory database */
    RowidAllocator(Path dbPath) {
        this.leaseFile = dbPath == null ? null : new RowidLeaseFile(dbPath);
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

    private void lease(int root, Table t, long seenMax) {
        long from = Math.max(t.next, seenMax + 1);
        if (leaseFile == null) {
            t.next = from;
            t.leaseEnd = Long.MAX_VALUE;
            return;
        }
        long start = leaseFile.lease(root, from, LEASE);
        t.next = start;
        t.leaseEnd = start + LEASE - 1 < start ? Long.MAX_VALUE : start + LEASE - 1;
    }
}
