package io.onelite.pager;


import java.time.Duration;
import java.util.Map;

/**
 * A {@code :memory:} database: committed states are persistent {@link PageMap}s; a snapshot is
 * one of them, so readers need no locks and old versions are collected when unreferenced.
 * Generation is always 0; the "frame" of a state is its commit number.
 */
final class MemoryBackend implements Backend {
    private final int pageSize;
    private volatile Snapshot published;
    /** The newest appended state; equals {@link #published} outside a commit batch. */
    private Snapshot pending;

    MemoryBackend(int pageSize) {
        this.pageSize = pageSize;
        PageMap map = PageMap.EMPTY.with(Map.of(1, NewDatabase.page1(pageSize)), 0);
        published = new Snapshot(this, pageSize, pageSize, 1, 0, 0, map);
        pending = published;
    }

    @Override
    public int pageSize() {
        return pageSize;
    }

    @Override
    public int usableSize() {
        return pageSize;
    }

    @Override
    public byte[] readPage(Snapshot s, int pgno) {
        byte[] p = ((PageMap) s.state).get(pgno);
        return p != null ? p : new byte[pageSize];
    }

    @Override
    public long pageVersion(Snapshot s, int pgno) {
        return ((PageMap) s.state).version(pgno);
    }

    @Override
    public Snapshot beginRead() {
        Snapshot p = published;
        return new Snapshot(this, p.pageSize, p.usableSize, p.pageCount, 0, p.mxFrame, p.state);
    }

    @Override
    public void endRead(Snapshot s) {
        s.released = true;
    }

    @Override
    public boolean lockWriteOs(long deadlineNanos) {
        return true;
    }

    @Override
    public boolean resumeWriteOs() {
        return true;
    }

    @Override
    public void unlockWriteOs(boolean keepOsLock) {
    }

    @Override
    public void releaseKeptWriteOs() {
    }

    @Override
    public Snapshot latest() {
        return pending;
    }

    @Override
    public Snapshot latestOwn() {
        Snapshot p = pending;
        return new Snapshot(this, p.pageSize, p.usableSize, p.pageCount, 0, p.mxFrame, p.state);
    }

    @Override
    public Snapshot append(Snapshot base, Map<Integer, byte[]> pages, int pageCount) {
        int seq = pending.mxFrame + 1;
        PageMap map = ((PageMap) pending.state).with(pages, seq);
        pending = new Snapshot(this, pageSize, pageSize, pageCount, 0, seq, map);
        return pending;
    }

    @Override
    public void publish(boolean syncWal) {
        published = pending;
    }

    @Override
    public void abandonUnpublished() {
        pending = published;
    }

    @Override
    public CheckpointResult checkpoint(CheckpointMode mode, Duration busyTimeout, boolean writeLockHeld) {
        return new CheckpointResult(false, -1, -1);
    }

    @Override
    public int framesToCheckpoint() {
        return 0;
    }

    @Override
    public void close() {
    }

}
