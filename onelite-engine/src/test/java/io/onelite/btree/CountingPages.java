package io.onelite.btree;

import io.onelite.pager.PageStore;

/** A test store over {@link MemoryPages} that counts page reads and stamps every change, as a write set does. */
final class CountingPages implements PageStore {
    final MemoryPages inner;
    long changes;
    int reads;

    CountingPages(MemoryPages inner) {
        this.inner = inner;
    }

    @Override public int pageSize() { return inner.pageSize(); }
    @Override public int usableSize() { return inner.usableSize(); }
    @Override public int pageCount() { return inner.pageCount(); }
    @Override public byte[] read(int pgno) { reads++; return inner.read(pgno); }
    @Override public byte[] write(int pgno) { changes++; return inner.write(pgno); }
    @Override public int allocate() { changes++; return inner.allocate(); }
    @Override public void free(int pgno) { changes++; inner.free(pgno); }
    @Override public long version(int pgno) { return inner.version(pgno); }
    @Override public boolean writable() { return inner.writable(); }
    @Override public long changeStamp() { return changes; }
}
