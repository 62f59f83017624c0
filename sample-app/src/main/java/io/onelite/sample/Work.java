package io.onelite.sample;

/** Stands in for application work inside a transaction, as the recipe's {@code Work(us)} does. */
final class Work {

    private Work() {
    }

    /** Busy-waits {@code nanos} (a sleep would be far coarser than the 200 µs the demo uses). */
    static void spin(long nanos) {
        if (nanos <= 0) {
            return;
        }
        long end = System.nanoTime() + nanos;
        while (System.nanoTime() < end) {
            Thread.onSpinWait();
        }
    }
}
