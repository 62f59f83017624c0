package io.onelite.pager;

import java.util.Iterator;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The page cache of one database file, shared by all its sessions: immutable page images keyed
 * by (WAL generation, pgno, version tag) where the tag is the WAL frame the image came from, or
 * a tag naming which database-file content it is (see {@link FileBackend}). An entry never
 * changes, so readers take images without locks or copies. Bounded: when over capacity an
 * arbitrary eighth of the entries is dropped (cheap, "LRU-ish enough" for a shared cache).
 */
final class PageCache {
    record Key(int generation, int pgno, int tag) {
    }

    private final ConcurrentHashMap<Key, byte[]> map = new ConcurrentHashMap<>();
    private final int capacity;

    PageCache(int capacity) {
        this.capacity = Math.max(16, capacity);
    }

    byte[] get(Key k) {
        return map.get(k);
    }

    void put(Key k, byte[] page) {
        map.put(k, page);
        if (map.size() > capacity) {
            evict();
        }
    }

    void remove(Key k) {
        map.remove(k);
    }

    int size() {
        return map.size();
    }

    private void evict() {
        int drop = Math.max(1, capacity / 8);
        Iterator<Key> it = map.keySet().iterator();
        while (drop-- > 0 && it.hasNext()) {
            it.next();
            it.remove();
        }
    }
}
