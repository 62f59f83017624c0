package io.onelite.pager;

import java.util.Iterator;
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
    /**
     * What names a page image: (WAL generation, pgno, version tag). Lookups make plain keys; the
     * map's entries are {@link Stored} keys that carry their image, so that a hit reads the map's
     * node, that one object and the page, rather than also a separate value object: the misses of
     * a point lookup's few page reads are what it spends its time on.
     */
    static class Key {
        final int generation;
        final int pgno;
        final int tag;

        Key(int generation, int pgno, int tag) {
            this.generation = generation;
            this.pgno = pgno;
            this.tag = tag;
        }

        int generation() {
            return generation;
        }

        int pgno() {
            return pgno;
        }

        int tag() {
            return tag;
        }

        @Override
        public final boolean equals(Object o) {
            return o instanceof Key k && k.pgno == pgno && k.tag == tag && k.generation == generation;
        }

        @Override
        public final int hashCode() {
            return (pgno * 31 + tag) * 31 + generation;
        }

        @Override
        public String toString() {
            return "Key[generation=" + generation + ", pgno=" + pgno + ", tag=" + tag + "]";
        }
    }

    /** A cached image under its key, and its second-chance mark (a racy hint: a lost update only costs a miss). */
    private static final class Stored extends Key {
        final byte[] page;
        boolean referenced;

        Stored(int generation, int pgno, int tag, byte[] page) {
            super(generation, pgno, tag);
            this.page = page;
        }
    }

    private final ConcurrentHashMap<Key, Stored> map = new ConcurrentHashMap<>();
    private final int capacity;

    PageCache(int capacity) {
        this.capacity = Math.max(16, capacity);
    }

    byte[] get(Key k) {
        Stored e = map.get(k);
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
        Stored e = new Stored(k.generation, k.pgno, k.tag, page);
        e.referenced = referenced;
        map.put(e, e);
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
        java.util.List<Stored> moved = new java.util.ArrayList<>();
        Iterator<Stored> it = map.values().iterator();
        while (it.hasNext()) {
            Stored e = it.next();
            if (e.generation == from) {
                it.remove();
                if (current.test(e)) {
                    moved.add(e);
                }
            }
        }
        for (Stored e : moved) {
            Stored carried = new Stored(to, e.pgno, 0, e.page);
            carried.referenced = e.referenced;
            map.put(carried, carried);
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
            Iterator<Stored> it = map.values().iterator();
            while (drop > 0 && it.hasNext()) {
                Stored e = it.next();
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
