package io.onelite.pager;

import java.util.concurrent.ConcurrentHashMap;

/**
 * The page cache of one database file, shared by all its sessions: immutable page images keyed
 * by (WAL generation, pgno, version tag) where the tag is the WAL frame the image came from, or
 * a tag naming which database-file content it is (see {@link FileBackend}). An entry never
 * changes, so readers take images without locks or copies.
 *
 * <p>Bounded, with second-chance (clock) eviction: a hit marks its entry referenced; an insertion
 * into a full cache moves the clock's hand, clearing the marks of referenced entries, until it
 * finds an unreferenced one to drop. Root and interior pages, touched by every lookup, so stay
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

    /** A cached image under its key, its slot and its second-chance mark (a racy hint: a lost update only costs a miss). */
    private static final class Stored extends Key {
        final byte[] page;
        boolean referenced;
        int slot;

        Stored(int generation, int pgno, int tag, byte[] page) {
            super(generation, pgno, tag);
            this.page = page;
        }
    }

    /** Read without locks; changed only under this object's monitor, with {@link #slots}. */
    private final ConcurrentHashMap<Key, Stored> map = new ConcurrentHashMap<>();
    /**
     * The clock: every entry of the map sits in its own slot, so the map never holds more than
     * {@code capacity} entries. Slots below {@link #filled} hold an entry unless listed in
     * {@link #free} (their entry was removed or dropped by a carry).
     */
    private final Stored[] slots;
    private final int[] free;
    private int freeCount;
    private int filled;
    /** The next slot the clock examines: it resumes where the last eviction stopped. */
    private int hand;

    PageCache(int capacity) {
        this.slots = new Stored[Math.max(16, capacity)];
        this.free = new int[slots.length];
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
        synchronized (this) {
            Stored old = map.get(e);
            e.slot = old != null ? old.slot : freeSlot();
            slots[e.slot] = e;
            map.put(e, e);
        }
    }

    /**
     * A slot for a new entry: a never used or freed one while there is one, else the clock's
     * second chance: from the hand on, a referenced entry loses its mark and the first
     * unreferenced one is dropped. The hand resumes where it stopped (the sweep this replaces
     * restarted at the map's start each time, examining the same early entries over and over);
     * it turns at most twice when every entry is marked.
     */
    private int freeSlot() {
        if (freeCount > 0) {
            return free[--freeCount];
        }
        if (filled < slots.length) {
            return filled++;
        }
        for (;;) {
            int i = hand;
            hand = i + 1 == slots.length ? 0 : i + 1;
            Stored e = slots[i];
            if (e.referenced) {
                e.referenced = false;
            } else {
                map.remove(e, e);
                return i;
            }
        }
    }

    /** Empties the slot of an entry no longer in the map. */
    private void release(Stored e) {
        slots[e.slot] = null;
        free[freeCount++] = e.slot;
    }

    /**
     * At a WAL restart from generation {@code from} to {@code to}: the entries of {@code from} that
     * {@code current} accepts (the newest version of their page, now in the database file) become
     * the database-file versions (tag 0) of {@code to}, in the same slot; the other entries of
     * {@code from} go, as no reader of that generation is left. Without this, every page is read
     * again after each restart, a few hundred reads once every thousand commits.
     */
    synchronized void carry(int from, int to, java.util.function.Predicate<Key> current) {
        for (int i = 0; i < filled; i++) {
            Stored e = slots[i];
            if (e == null || e.generation != from) {
                continue;
            }
            map.remove(e, e);
            Stored carried = current.test(e) ? new Stored(to, e.pgno, 0, e.page) : null;
            Stored displaced = carried != null ? map.get(carried) : null;
            if (carried == null || displaced != null) {
                // dropped, or a version of generation to was already cached under that key
                release(e);
                continue;
            }
            carried.referenced = e.referenced;
            carried.slot = i;
            slots[i] = carried;
            map.put(carried, carried);
        }
    }

    synchronized void remove(Key k) {
        Stored e = map.remove(k);
        if (e != null) {
            release(e);
        }
    }

    int size() {
        return map.size();
    }
}
