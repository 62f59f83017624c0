package io.onelite.pager;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;

/**
 * The clock of {@link PageCache}: bounded under any mix of insertions, replacements, removals and
 * WAL-restart carries, the pages every lookup touches survive a stream of cold leaves, freed
 * slots are used before anything is evicted, and readers racing with evictions only ever see
 * the image stored under the key they ask for.
 */
class PageCacheClockTests {
    private static long seed(String test) {
        long seed = Long.getLong("onelite.seed", System.nanoTime());
        System.out.println("PageCacheClockTests." + test + " seed " + seed + " (replay with -Donelite.seed)");
        return seed;
    }

    /** An image that names its key, so that a wrong one is detected. */
    private static byte[] image(int generation, int pgno, int tag) {
        return new byte[] {(byte) generation, (byte) (pgno >> 8), (byte) pgno, (byte) (tag >> 8), (byte) tag};
    }

    @Test
    void rootAndInteriorPagesSurviveAScanOfColdLeaves() {
        PageCache cache = new PageCache(64);
        int interior = 12;
        for (int pgno = 1; pgno <= 1 + interior; pgno++) {
            cache.put(new PageCache.Key(1, pgno, 0), image(1, pgno, 0));
        }
        for (int leaf = 100; leaf < 20_000; leaf++) {
            // each lookup: the root, one interior page (each touched once per 12 leaves), a cold leaf
            PageCache.Key root = new PageCache.Key(1, 1, 0);
            PageCache.Key parent = new PageCache.Key(1, 2 + leaf % interior, 0);
            assertThat(cache.get(root)).as("root before leaf %d", leaf).isEqualTo(image(1, 1, 0));
            assertThat(cache.get(parent)).as("interior page before leaf %d", leaf).isEqualTo(image(1, parent.pgno(), 0));
            cache.put(new PageCache.Key(1, leaf, 0), image(1, leaf, 0));
            assertThat(cache.size()).isLessThanOrEqualTo(64);
        }
        // the leaves cycled through: only the most recent few dozen are still there
        assertThat(cache.get(new PageCache.Key(1, 100, 0))).isNull();
        assertThat(cache.get(new PageCache.Key(1, 19_999, 0))).isNotNull();
    }

    @Test
    void removedAndReplacedEntriesFreeTheirSlotsBeforeAnythingIsEvicted() {
        PageCache cache = new PageCache(16);
        for (int pgno = 1; pgno <= 16; pgno++) {
            cache.put(new PageCache.Key(1, pgno, 0), image(1, pgno, 0));
        }
        for (int pgno = 1; pgno <= 16; pgno++) {
            cache.put(new PageCache.Key(1, pgno, 0), image(1, pgno, 1)); // same key again: same slot
        }
        cache.remove(new PageCache.Key(1, 3, 0));
        cache.remove(new PageCache.Key(1, 9, 0));
        cache.put(new PageCache.Key(1, 100, 0), image(1, 100, 0));
        cache.put(new PageCache.Key(1, 101, 0), image(1, 101, 0));
        assertThat(cache.size()).isEqualTo(16);
        for (int pgno = 1; pgno <= 16; pgno++) {
            byte[] p = cache.get(new PageCache.Key(1, pgno, 0));
            if (pgno == 3 || pgno == 9) {
                assertThat(p).isNull();
            } else {
                assertThat(p).as("page %d", pgno).isEqualTo(image(1, pgno, 1));
            }
        }
        assertThat(cache.get(new PageCache.Key(1, 100, 0))).isEqualTo(image(1, 100, 0));
        assertThat(cache.get(new PageCache.Key(1, 101, 0))).isEqualTo(image(1, 101, 0));
    }

    /**
     * Random operations against a model map (what was last put under each key; the cache may
     * have dropped it): whatever the cache returns is the model's image, removed keys are gone,
     * a carry moves what was cached, and the size stays bounded.
     */
    @Test
    void randomOperationsKeepTheBoundAndNeverReturnAStaleImage() {
        long seed = seed("randomOperations");
        Random r = new Random(seed);
        int capacity = 16 + r.nextInt(48);
        PageCache cache = new PageCache(capacity);
        Map<PageCache.Key, byte[]> model = new HashMap<>();
        int generation = 1;
        for (int step = 0; step < 50_000; step++) {
            int op = r.nextInt(100);
            PageCache.Key k = new PageCache.Key(generation, 1 + r.nextInt(4 * capacity), r.nextInt(3));
            if (op < 50) {
                byte[] got = cache.get(k);
                if (got != null) {
                    assertThat(got).as("seed %d step %d %s", seed, step, k).isSameAs(model.get(k));
                }
            } else if (op < 85) {
                byte[] p = image(generation, k.pgno(), k.tag());
                cache.put(k, p, r.nextBoolean());
                model.put(k, p);
            } else if (op < 99) {
                cache.remove(k);
                model.remove(k);
                assertThat(cache.get(k)).isNull();
            } else {
                // a WAL restart: the cached entries of tag 1 become tag 0 of the next generation
                int from = generation++;
                int to = generation;
                Map<PageCache.Key, byte[]> carried = new HashMap<>();
                model.forEach((key, p) -> {
                    if (key.generation() == from && key.tag() == 1 && cache.get(key) != null) {
                        carried.put(new PageCache.Key(to, key.pgno(), 0), p);
                    }
                });
                cache.carry(from, to, key -> key.tag() == 1);
                model.keySet().removeIf(key -> key.generation() == from);
                model.putAll(carried);
                for (Map.Entry<PageCache.Key, byte[]> e : carried.entrySet()) {
                    assertThat(cache.get(e.getKey())).as("seed %d: carried %s", seed, e.getKey()).isSameAs(e.getValue());
                }
                for (int pgno = 1; pgno <= 4 * capacity; pgno++) {
                    for (int tag = 0; tag < 3; tag++) {
                        assertThat(cache.get(new PageCache.Key(from, pgno, tag))).as("seed %d: left in generation %d", seed, from).isNull();
                    }
                }
            }
            assertThat(cache.size()).as("seed %d step %d", seed, step).isLessThanOrEqualTo(capacity);
        }
    }

    @Test
    void concurrentReadersAndWritersOnlySeeTheImageOfTheirKey() throws Exception {
        long seed = seed("concurrentReaders");
        PageCache cache = new PageCache(32);
        int threads = 4;
        CountDownLatch start = new CountDownLatch(1);
        ConcurrentLinkedQueue<String> wrong = new ConcurrentLinkedQueue<>();
        Thread[] workers = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            Random r = new Random(seed + t);
            workers[t] = new Thread(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    return;
                }
                for (int i = 0; i < 200_000; i++) {
                    int pgno = 1 + r.nextInt(200);
                    int tag = r.nextInt(2);
                    PageCache.Key k = new PageCache.Key(1, pgno, tag);
                    byte[] p = cache.get(k);
                    if (p == null) {
                        cache.put(k, image(1, pgno, tag));
                    } else if (!java.util.Arrays.equals(p, image(1, pgno, tag))) {
                        wrong.add(k.toString());
                    }
                    if (r.nextInt(50) == 0) {
                        cache.remove(k);
                    }
                    if (cache.size() > 32) {
                        wrong.add("over capacity: " + cache.size());
                    }
                }
            });
            workers[t].start();
        }
        start.countDown();
        for (Thread w : workers) {
            w.join();
        }
        assertThat(wrong).as("seed %d", seed).isEmpty();
        assertThat(cache.size()).isLessThanOrEqualTo(32);
    }
}
