package io.onelite.exec;

import java.util.function.Supplier;

/**
 * A value kept per group: an aggregate (a new {@link Accumulator} per group, its arguments, DISTINCT
 * and FILTER) or a bare column ({@code accumulator == null}: the first argument's value on the
 * group's last row).
 */
public record GroupSlot(Supplier<Accumulator> accumulator, Eval[] args, boolean distinct, Eval filter) {
    public static GroupSlot bare(Eval e) {
        return new GroupSlot(null, new Eval[]{e}, false, null);
    }
}
