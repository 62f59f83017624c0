package io.onelite.pager;

import java.util.Map;

/**
 * A persistent (immutable, path-copying) map pgno -> page image used by {@code :memory:}
 * databases: a commit copies only the chunks it touches, so every snapshot keeps its own map
 * and old versions go away with the garbage collector once no snapshot refers to them.
 */
final class PageMap {
    private static final int SHIFT = 9;
    private static final int CHUNK = 1 << SHIFT;

    private final byte[][][] pages;
    private final long[][] versions;

    static final PageMap EMPTY = new PageMap(new byte[0][][], new long[0][]);

    private PageMap(byte[][][] pages, long[][] versions) {
        this.pages = pages;
        this.versions = versions;
    }

    /** The image of {@code pgno}, or null if it was never written. */
    byte[] get(int pgno) {
        int c = pgno >>> SHIFT;
        return c < pages.length && pages[c] != null ? pages[c][pgno & (CHUNK - 1)] : null;
    }

    /** The commit number that last wrote {@code pgno}, 0 if never. */
    long version(int pgno) {
        int c = pgno >>> SHIFT;
        return c < versions.length && versions[c] != null ? versions[c][pgno & (CHUNK - 1)] : 0;
    }

    /** A new map with {@code changes} applied, each stamped with {@code version}. */
    PageMap with(Map<Integer, byte[]> changes, long version) {
        int maxChunk = pages.length - 1;
        for (int pgno : changes.keySet()) {
            maxChunk = Math.max(maxChunk, pgno >>> SHIFT);
        }
        byte[][][] np = java.util.Arrays.copyOf(pages, maxChunk + 1);
        long[][] nv = java.util.Arrays.copyOf(versions, maxChunk + 1);
        boolean[] copied = new boolean[maxChunk + 1];
        for (Map.Entry<Integer, byte[]> e : changes.entrySet()) {
            int pgno = e.getKey();
            int c = pgno >>> SHIFT;
            if (!copied[c]) {
                np[c] = np[c] == null ? new byte[CHUNK][] : np[c].clone();
                nv[c] = nv[c] == null ? new long[CHUNK] : nv[c].clone();
                copied[c] = true;
            }
            np[c][pgno & (CHUNK - 1)] = e.getValue();
            nv[c][pgno & (CHUNK - 1)] = version;
        }
        return new PageMap(np, nv);
    }
}
