package io.onelite.pager;

import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The page cache of one database file, shared by all its sessions: immutable page images keyed
 * by (WAL generation, pgno, version tag) where the tag is the WAL frame the image came from, or
 * a tag naming which database-file content it is (see {@link FileBackend}). An entry never
 * changes, so readers take images without locks or copies.
 *
 * <p>Bounded, with second-chance eviction: a hit marks its entry referenced; when over capacity
 * the eviction sweep clears the mark of referenced entries and drops unreferenced ones until an
 * eighth of the capacity is gone. Root and interior pages, touched by every lookup, so stay
 * cached while cold leaves cycle (dropping an arbitrary eighth evicted them as often as leaves,
 * and every point lookup then re-read its whole path from the file).
 */
final class PageCache {
    record Key(int generation, int pgno, int tag) {
        // Written out: the record's generated methods (ObjectMethods bootstraps) showed in the
        // profile of point selects, which look up a few pages each.
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && k.pgno == pgno && k.tag == tag && k.generation == generation;
        }

        @Override
        public int hashCode() {
            return (pgno * 31 + tag) * 31 + generation;
        }
    }

    /** A cached image and its second-chance mark (a racy hint: a lost update only costs a miss). */
    private static final class Entry {
        final byte[] page;
        boolean referenced;

        Entry(byte[] page) {
            this.page = page;
        }
    }

    private final ConcurrentHashMap<Key, Entry> map = new ConcurrentHashMap<>();
    private final int capacity;

    PageCache(int capacity) {
        this.capacity = Math.max(16, capacity);
    }

    byte[] get(Key k) {
        Entry e = map.get(k);
        if (e == null) {
            return null;
        }
        if (!e.referenced) {
            e.referenced = true;
        }
        return e.page;
    }

    void put(Key k, byte[] page) {
        put(k, page, false);
    }

    /**
     * As {@link #put(Key, byte[])}; {@code referenced} gives the entry its second chance at once.
     * A page just committed is the newest version, the likeliest to be read next (an UPDATE
     * rewrites a leaf it just read), while the version it replaced, marked by that read, is dead:
     * unmarked, the new one would be the first to go and the old one would outlive it.
     */
    void put(Key k, byte[] page, boolean referenced) {
        Entry e = new Entry(page);
        e.referenced = referenced;
        map.put(k, e);
        if (map.size() > capacity) {
            evict();
        }
    }

    /**
     * At a WAL restart from generation {@code from} to {@code to}: the entries of {@code from} that
     * {@code current} accepts (the newest version of their page, now in the database file) become
     * the database-file versions (tag 0) of {@code to}; the other entries of {@code from} go, as
     * no reader of that generation is left. Without this, every page is read again after each
     * restart, a few hundred reads once every thousand commits.
     */
    synchronized void carry(int from, int to, java.util.function.Predicate<Key> current) {
        java.util.List<Map.Entry<Key, Entry>> moved = new java.util.ArrayList<>();
        Iterator<Map.Entry<Key, Entry>> it = map.entrySet().iterator();
        while (it.hasNext()) {
            Map.Entry<Key, Entry> e = it.next();
            if (e.getKey().generation() == from) {
                it.remove();
                if (current.test(e.getKey())) {
                    moved.add(e);
                }
            }
        }
        for (Map.Entry<Key, Entry> e : moved) {
            map.put(new Key(to, e.getKey().pgno(), 0), e.getValue());
        }
    }

    void remove(Key k) {
        map.remove(k);
    }

    int size() {
        return map.size();
    }

    private synchronized void evict() {
        int drop = Math.max(1, capacity / 8);
        // Two passes at most: the first may only clear marks when every entry was referenced.
        for (int pass = 0; pass < 2 && drop > 0 && map.size() > capacity - capacity / 8; pass++) {
            Iterator<Entry> it = map.values().iterator();
            while (drop > 0 && it.hasNext()) {
                Entry e = it.next();
                if (e.referenced) {
                    e.referenced = false;
                } else {
                    it.remove();
                    drop--;
                }
            }
        }
    }
}
