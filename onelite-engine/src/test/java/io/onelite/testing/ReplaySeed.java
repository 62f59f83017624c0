package io.onelite.testing;

/**
 * The seed of a randomised test: {@code -Donelite.seed=N} replays a run, otherwise a fresh one
 * each time. The seed is printed with the property that replays it, under the test's label.
 */
public final class ReplaySeed {
    private ReplaySeed() {
    }

    /** The seed to use, printed as "{@code label} seed N (replay: -Donelite.seed=N)". */
    public static long announce(String label) {
        long seed = Long.getLong("onelite.seed", System.nanoTime());
        System.out.println(label + " seed " + seed + " (replay: -Donelite.seed=" + seed + ")");
        return seed;
    }
}
