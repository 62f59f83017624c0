package io.onelite.pager;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The shared page cache stays bounded and keeps the pages every lookup touches. */
class PageCacheTests {
    private static PageCache.Key key(int pgno) {
        return new PageCache.Key(1, pgno, 0);
    }

    @Test
    void pagesHitBetweenEvictionsSurviveAStreamOfColdPages() {
        PageCache cache = new PageCache(64);
        byte[] root = {1, 2, 3};
        cache.put(key(1), root);
        for (int pgno = 2; pgno < 10_000; pgno++) {
            // Every lookup reads the root, then a leaf that is seldom read again.
            assertNotNull(cache.get(key(1)), "root evicted before leaf " + pgno);
            cache.put(key(pgno), new byte[] {(byte) pgno});
            assertTrue(cache.size() <= 64, "cache over capacity: " + cache.size());
        }
        assertArrayEquals(root, cache.get(key(1)));
    }

    @Test
    void staysBoundedWhenEveryEntryIsReferenced() {
        PageCache cache = new PageCache(32);
        for (int pgno = 1; pgno < 1_000; pgno++) {
            cache.put(key(pgno), new byte[1]);
            for (int back = 0; back < 32 && pgno - back > 0; back++) {
                cache.get(key(pgno - back));
            }
            assertTrue(cache.size() <= 32, "cache over capacity: " + cache.size());
        }
    }

    @Test
    void removedEntryIsGone() {
        PageCache cache = new PageCache(16);
        cache.put(key(7), new byte[1]);
        cache.remove(key(7));
        assertNull(cache.get(key(7)));
    }
}
