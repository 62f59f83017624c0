package io.onelite.exec;

import java.util.function.Supplier;

/**
 * A value kept per group: an aggregate (a new {@link Accumulator} per group, its arguments, DISTINCT
 * and FILTER) or a bare column ({@code accumulator == null}: the first argument's value on the
 * group's last row). {@code extreme} marks a one-argument min() or max(). DISTINCT compares the
 * argument under {@code collation}, the argument's (null: BINARY), as SQLite's ephemeral index does.
 */
public record GroupSlot(Supplier<Accumulator> accumulator, Eval[] args, boolean distinct, Eval filter,
                        boolean extreme, io.onelite.btree.Collation collation) {
    public GroupSlot(Supplier<Accumulator> accumulator, Eval[] args, boolean distinct, Eval filter) {
        this(accumulator, args, distinct, filter, false, null);
    }

    public GroupSlot(Supplier<Accumulator> accumulator, Eval[] args, boolean distinct, Eval filter, boolean extreme) {
        this(accumulator, args, distinct, filter, extreme, null);
    }

    public static GroupSlot bare(Eval e) {
        return new GroupSlot(null, new Eval[]{e}, false, null);
    }
}
