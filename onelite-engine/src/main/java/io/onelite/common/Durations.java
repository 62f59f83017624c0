package io.onelite.common;

import java.time.Duration;

/** Durations as the engine's clocks count them. */
public final class Durations {
    private Durations() {
    }

    /**
     * {@code d} in nanoseconds; one too long to count so (about 292 years) is {@code Long.MAX_VALUE / 4}:
     * still "never", and safe to add to a {@link System#nanoTime()} reading.
     */
    public static long saturatedNanos(Duration d) {
        try {
            return d.toNanos();
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE / 4;
        }
    }

    /**
     * Nanoseconds from the system property {@code property}, a count of microseconds (as
     * {@link Long#getLong}; {@code defaultMicros} when unset or not a number), a negative count
     * being 0: the engine's tuning knobs ({@code onelite.writeSliceMicros} and the like).
     */
    public static long microsProperty(String property, long defaultMicros) {
        return Math.max(0, Long.getLong(property, defaultMicros)) * 1000;
    }
}
