package io.onelite.wal;

/**
 * A reader's (or the writer's) view of the WAL: the wal-index header copy it started from and
 * the read lock slot it holds. Slot 0 means "the WAL is fully copied into the database file,
 * read only the file"; slots 1..4 mean "frames up to mxFrame may be read from the WAL"; -1 is
 * the writer's view (no read lock; valid while the WRITE lock is held).
 */
public final class ReadView {
    final WalIndexHeader header;
    final int slot;
    final int mxFrame;
    final int nPage;
    final long saltKey;

    ReadView(WalIndexHeader header, int slot, int mxFrame, int nPage, long saltKey) {
        this.header = header;
        this.slot = slot;
        this.mxFrame = mxFrame;
        this.nPage = nPage;
        this.saltKey = saltKey;
    }

    public int slot() {
        return slot;
    }

    /** The last committed frame this view includes (0: none). */
    public int mxFrame() {
        return mxFrame;
    }

    /** The database size in pages at mxFrame, 0 if the WAL has no commit (use the file size). */
    public int nPage() {
        return mxFrame == 0 ? 0 : nPage;
    }

    /** The WAL generation: its salts as one number. */
    public long saltKey() {
        return saltKey;
    }

    /** Whether pages may come from the WAL (slot 0 readers use only the database file). */
    public boolean usesWal() {
        return slot != 0 && mxFrame > 0;
    }

    @Override
    public String toString() {
        return "ReadView[slot=" + slot + ", mxFrame=" + mxFrame + ", nPage=" + nPage + ", salts=" + Long.toHexString(saltKey()) + "]";
    }
}
