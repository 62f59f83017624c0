package io.onelite.wal;

import io.onelite.common.CorruptDatabaseException;
import io.onelite.os.ShmRegion;

import java.nio.MappedByteBuffer;

/**
 * The wal-index ({@code -shm}) layout over a {@link ShmRegion}: block 0 starts with the 136-byte
 * header (two 48-byte header copies, nBackfill at 96, aReadMark[0..4] at 100, the lock bytes
 * 120..127 never touched, nBackfillAttempted at 128); then every 32 KiB block holds an array of
 * page numbers (4062 in block 0 after the header, 4096 in the others) and a hash table of 8192
 * u16 slots at byte 16384 mapping {@code (pgno * 383) & 8191} (linear probing) to the 1-based
 * index of the frame in that block.
 *
 * <p>Every operation pins the region for its duration ({@link ShmRegion#pin}): a closed file's
 * blocks are unmapped as soon as no operation is inside, and an operation on a closed file fails
 * with MISUSE rather than touching unmapped memory.
 */
public final class WalIndex {
    static final int NPAGE_ONE = 4062;
    static final int NPAGE = 4096;
    static final int NSLOT = 8192;
    static final int HASH_OFF = 16384;
    static final int HEADER_BYTES = 136;
    static final int OFF_NBACKFILL = 96;
    static final int OFF_READMARK = 100;
    static final int OFF_NBACKFILL_ATTEMPTED = 128;
    public static final int READMARK_NOT_USED = 0xFFFFFFFF;

    private final ShmRegion shm;
    /** The last header found valid: its bytes need no new checksum (as SQLite's {@code pWal->hdr}). */
    private volatile WalIndexHeader lastValid;
    /** What this JVM wrote here, to tell another process's work when a reader sees it. */
    final ForeignWork foreign = new ForeignWork();

    public WalIndex(ShmRegion shm) {
        this.shm = shm;
    }

    ShmRegion region() {
        return shm;
    }

    static int blockOf(int frame) {
        return (frame + NPAGE - NPAGE_ONE - 1) / NPAGE;
    }

    static int iZero(int k) {
        return k == 0 ? 0 : NPAGE_ONE + (k - 1) * NPAGE;
    }

    private static int pgnoOff(int k, int idx) {
        return (k == 0 ? HEADER_BYTES : 0) + 4 * (idx - 1);
    }

    private static int hash(int pgno) {
        return (pgno * 383) & (NSLOT - 1);
    }

    /**
     * Reads the header lock-free: copy 0, barrier, copy 1; null unless both copies are equal,
     * initialised and their checksum is right ("bad header" in SQLite's words). When both copies
     * still hold the last valid header's bytes, that header is returned as it is (no copy and no
     * checksum: every read transaction reads the header twice).
     */
    WalIndexHeader readHeader() {
        shm.pin();
        try {
            MappedByteBuffer b = shm.block(0, false);
            if (b == null) {
                return null;
            }
            WalIndexHeader known = lastValid;
            if (known != null && holds(b, known)) {
                return known;
            }
            byte[] c0 = new byte[WalIndexHeader.SIZE];
            byte[] c1 = new byte[WalIndexHeader.SIZE];
            b.get(0, c0);
            ShmRegion.barrier();
            b.get(WalIndexHeader.SIZE, c1);
            if (!java.util.Arrays.equals(c0, c1)) {
                return null;
            }
            WalIndexHeader h = new WalIndexHeader(c0);
            if (!h.valid()) {
                return null;
            }
            lastValid = h;
            return h;
        } finally {
            shm.unpin();
        }
    }

    /** Whether copy 0 and then (after a barrier) copy 1 both hold exactly {@code h}'s bytes. */
    private static boolean holds(MappedByteBuffer b, WalIndexHeader h) {
        if (!copyHolds(b, 0, h)) {
            return false;
        }
        ShmRegion.barrier();
        return copyHolds(b, WalIndexHeader.SIZE, h);
    }

    private static boolean copyHolds(MappedByteBuffer b, int base, WalIndexHeader h) {
        long[] w = h.words;
        for (int i = 0; i < w.length; i++) {
            if (ShmRegion.getLong(b, base + 8 * i) != w[i]) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether the header's first copy still holds exactly {@code h}: a reader's check, after
     * taking its read lock, that no writer published since it read {@code h} (SQLite compares
     * {@code walIndexHdr()}, copy 0, with {@code pWal->hdr}). A writer writes copy 1 first, so a
     * publication under way that has not reached copy 0 leaves {@code h} the newest committed state.
     */
    boolean stillHolds(WalIndexHeader h) {
        shm.pin();
        try {
            MappedByteBuffer b = shm.block(0, false);
            return b != null && copyHolds(b, 0, h);
        } finally {
            shm.unpin();
        }
    }

    /** Writes the header: copy 1 first, barrier, then copy 0. Needs the WRITE lock. */
    void writeHeader(WalIndexHeader h) {
        foreign.writingHeader(h);
        shm.pin();
        try {
            MappedByteBuffer b = shm.block(0, true);
            b.put(WalIndexHeader.SIZE, h.raw);
            ShmRegion.barrier();
            b.put(0, h.raw);
            ShmRegion.barrier();
        } finally {
            shm.unpin();
        }
    }

    int nBackfill() {
        shm.pin();
        try {
            return ShmRegion.getIntAcquire(shm.block(0, true), OFF_NBACKFILL);
        } finally {
            shm.unpin();
        }
    }

    void setNBackfill(int v) {
        foreign.writingBackfill(v);
        shm.pin();
        try {
            ShmRegion.setIntRelease(shm.block(0, true), OFF_NBACKFILL, v);
        } finally {
            shm.unpin();
        }
    }

    int nBackfillAttempted() {
        shm.pin();
        try {
            return ShmRegion.getIntAcquire(shm.block(0, true), OFF_NBACKFILL_ATTEMPTED);
        } finally {
            shm.unpin();
        }
    }

    void setNBackfillAttempted(int v) {
        shm.pin();
        try {
            ShmRegion.setIntRelease(shm.block(0, true), OFF_NBACKFILL_ATTEMPTED, v);
        } finally {
            shm.unpin();
        }
    }

    int readMark(int i) {
        shm.pin();
        try {
            return ShmRegion.getIntAcquire(shm.block(0, true), OFF_READMARK + 4 * i);
        } finally {
            shm.unpin();
        }
    }

    void setReadMark(int i, int v) {
        shm.pin();
        try {
            ShmRegion.setIntRelease(shm.block(0, true), OFF_READMARK + 4 * i, v);
        } finally {
            shm.unpin();
        }
    }

    /**
     * Records that frame {@code frame} holds page {@code pgno} (writer only, WRITE held).
     * {@code committedMx} is the last committed frame, used to clean a dead writer's leftovers.
     */
    void append(int frame, int pgno, int committedMx) {
        shm.pin();
        try {
            int k = blockOf(frame);
            MappedByteBuffer b = shm.block(k, true);
            int idx = frame - iZero(k);
            if (idx == 1) {
                int from = k == 0 ? HEADER_BYTES : 0;
                byte[] zero = new byte[ShmRegion.BLOCK - from];
                b.put(from, zero);
            }
            if (ShmRegion.getInt(b, pgnoOff(k, idx)) != 0) {
                cleanup(committedMx);
            }
            int h = hash(pgno);
            int probes = 0;
            while (ShmRegion.getU16(b, HASH_OFF + 2 * h) != 0) {
                if (++probes > idx) {
                    throw new CorruptDatabaseException("wal-index hash table of block " + k + " is corrupt");
                }
                h = (h + 1) & (NSLOT - 1);
            }
            ShmRegion.setInt(b, pgnoOff(k, idx), pgno);
            ShmRegion.setU16Release(b, HASH_OFF + 2 * h, idx);
        } finally {
            shm.unpin();
        }
    }

    /**
     * The newest frame in {@code minFrame..mxFrame} that holds {@code pgno}, 0 if none
     * (SQLite's {@code walFindFrame}).
     */
    int findFrame(int pgno, int mxFrame, int minFrame) {
        shm.pin();
        try {
            if (mxFrame == 0) {
                return 0;
            }
            int lo = blockOf(Math.max(1, minFrame));
            for (int k = blockOf(mxFrame); k >= lo; k--) {
                MappedByteBuffer b = shm.block(k, false);
                if (b == null) {
                    throw new CorruptDatabaseException("wal-index block " + k + " is missing for frame " + mxFrame);
                }
                int base = iZero(k);
                int best = 0;
                int h = hash(pgno);
                int probes = 0;
                int s;
                while ((s = ShmRegion.getU16Acquire(b, HASH_OFF + 2 * h)) != 0) {
                    int f = s + base;
                    if (f <= mxFrame && f >= minFrame && f > best && s <= (k == 0 ? NPAGE_ONE : NPAGE)
                            && ShmRegion.getInt(b, pgnoOff(k, s)) == pgno) {
                        best = f;
                    }
                    if (++probes > NSLOT) {
                        throw new CorruptDatabaseException("wal-index hash table of block " + k + " loops");
                    }
                    h = (h + 1) & (NSLOT - 1);
                }
                if (best != 0) {
                    return best;
                }
            }
            return 0;
        } finally {
            shm.unpin();
        }
    }

    /** The page number recorded for {@code frame}. */
    int pgnoOfFrame(int frame) {
        shm.pin();
        try {
            int k = blockOf(frame);
            MappedByteBuffer b = shm.block(k, false);
            if (b == null) {
                throw new CorruptDatabaseException("wal-index block " + k + " is missing for frame " + frame);
            }
            return ShmRegion.getInt(b, pgnoOff(k, frame - iZero(k)));
        } finally {
            shm.unpin();
        }
    }

    /**
     * Forgets index entries of frames after {@code mxFrame} in its block (SQLite's
     * {@code walCleanupHash}): a writer rolled back, or died, after appending entries.
     */
    void cleanup(int mxFrame) {
        shm.pin();
        try {
            if (mxFrame == 0) {
                return;
            }
            int k = blockOf(mxFrame);
            MappedByteBuffer b = shm.block(k, true);
            int limit = mxFrame - iZero(k);
            for (int slot = 0; slot < NSLOT; slot++) {
                if (ShmRegion.getU16(b, HASH_OFF + 2 * slot) > limit) {
                    ShmRegion.setU16Release(b, HASH_OFF + 2 * slot, 0);
                }
            }
            int from = pgnoOff(k, limit + 1);
            if (from < HASH_OFF) {
                b.put(from, new byte[HASH_OFF - from]);
            }
        } finally {
            shm.unpin();
        }
    }
}
