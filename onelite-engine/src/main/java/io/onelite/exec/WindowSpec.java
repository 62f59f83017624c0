package io.onelite.exec;

import io.onelite.btree.Collation;
import io.onelite.exec.func.WindowFunction;

import java.util.function.Supplier;

/**
 * One window function call of a query: the function, its argument, PARTITION BY and ORDER BY
 * expressions, and its frame. Bound kinds: 0 UNBOUNDED PRECEDING, 1 n PRECEDING, 2 CURRENT ROW,
 * 3 n FOLLOWING, 4 UNBOUNDED FOLLOWING; units 0 ROWS, 1 RANGE, 2 GROUPS; {@code defaultFrame}
 * when no frame was written.
 */
public record WindowSpec(Supplier<WindowFunction> function, Eval[] args, Eval[] partitionBy, Eval[] orderBy,
                         boolean[] descending, Collation[] collations, boolean[] nullsFirst, boolean defaultFrame,
                         int unit, int startKind, Eval startOffset, int endKind, Eval endOffset) {
}
