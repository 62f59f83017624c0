package io.onelite.tx;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;

/**
 * The commit hold limit of one commit's validation and replay: {@link #tick()} is called once per
 * unit of work and throws {@code BUSY_TIMEOUT} (773) once the deadline has passed. The clock is
 * read on the first tick and then every 64th, so the check costs next to nothing.
 */
final class HoldTimer {
    private final long deadlineNanos;
    private int ticks;

    HoldTimer(long deadlineNanos) {
        this.deadlineNanos = deadlineNanos;
    }

    void tick() {
        if ((ticks++ & 63) == 0 && System.nanoTime() - deadlineNanos > 0) {
            throw new OneLiteException(ResultCode.BUSY_TIMEOUT,
                    "database is locked (commit hold limit exceeded during validation and replay)");
        }
    }
}
