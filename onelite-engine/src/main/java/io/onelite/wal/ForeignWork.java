package io.onelite.wal;

/**
 * Whether another process has lately written, restarted or checkpointed the WAL. Read-mark locks
 * linger between this JVM's read transactions only while none has (docs/wal.md, "Read
 * locks kept between transactions"): a lingering lock is a reader to the others, and a process
 * that writes or checkpoints needs the readers gone now and then to checkpoint in full and to
 * start the WAL over.
 *
 * <p>It remembers what this JVM last wrote to the wal-index (the header's salts and mxFrame,
 * nBackfill), each noted before it is written, so a reader of this JVM never sees more than
 * that; a reader that does saw another process's work. Misreadings (a reader that saw the
 * header of a restart and the nBackfill from before it) only turn lingering off for a while.
 */
final class ForeignWork {
    /** How long after another process's work was seen read-mark locks do not linger. */
    static final long QUIET_NANOS = 1_000_000_000L;

    private volatile long salts;
    private volatile long previousSalts;
    private volatile int mxFrame;
    private volatile int nBackfill;
    private volatile boolean known;
    private volatile boolean seen;
    private volatile long seenAt;

    /** This JVM is about to write header {@code h}. */
    void writingHeader(WalIndexHeader h) {
        newSalts(h.saltKey());
        mxFrame = h.mxFrame();
        known = true;
    }

    /** This JVM is about to set nBackfill to {@code v}. */
    void writingBackfill(int v) {
        nBackfill = v;
    }

    /**
     * A reader of this JVM saw header {@code h} and {@code backfilled}: true if that shows another
     * process's work, which is then remembered as seen at {@code now} (and as the new baseline).
     */
    boolean observe(WalIndexHeader h, int backfilled, long now) {
        long s = h.saltKey();
        int mx = h.mxFrame();
        if (!known) {
            adopt(s, mx, backfilled); // the first look: what is there was there before us
            return false;
        }
        boolean ours = s == salts ? mx <= mxFrame && Integer.compareUnsigned(backfilled, nBackfill) <= 0
                : s == previousSalts;
        if (ours) {
            return false;
        }
        adopt(s, mx, backfilled);
        seenAt = now;
        seen = true;
        return true;
    }

    /** Whether another process's work was seen within {@link #QUIET_NANOS} of {@code now}. */
    boolean lately(long now) {
        return seen && now - seenAt < QUIET_NANOS;
    }

    private void adopt(long s, int mx, int backfilled) {
        mxFrame = newSalts(s) ? mx : Math.max(mxFrame, mx);
        nBackfill = backfilled;
        known = true;
    }

    /** Remembers salts {@code s} (the ones before them too): whether they differ from the last. */
    private boolean newSalts(long s) {
        if (s == salts) {
            return false;
        }
        previousSalts = salts;
        salts = s;
        return true;
    }
}
