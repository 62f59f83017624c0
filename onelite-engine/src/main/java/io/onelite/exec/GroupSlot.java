package io.onelite.exec;

import java.util.function.Supplier;

/**
 * A value kept per group: an aggregate (a new {@link Accumulator} per group, its arguments, DISTINCT
 * and FILTER) or a bare column ({@code accumulator == null}: the first argument's value on the
 * group's last row). {@code extreme} marks a one-argument min() or max().
 */
public record GroupSlot(Supplier<Accumulator> accumulator, Eval[] args, boolean distinct, Eval filter,
                        boolean extreme) {
    public GroupSlot(Supplier<Accumulator> accumulator, Eval[] args, boolean distinct, Eval filter) {
        this(accumulator, args, distinct, filter, false);
    }

    public static GroupSlot bare(Eval e) {
        return new GroupSlot(null, new Eval[]{e}, false, null);
    }
}
