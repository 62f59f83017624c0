package io.onelite.exec;

import io.onelite.btree.Collation;
import io.onelite.exec.func.WindowFunction;

import java.util.function.Supplier;

/**
 * One window function call of a query: the function, its argument, PARTITION BY and ORDER BY
 * expressions, and its frame. Bound kinds: 0 UNBOUNDED PRECEDING, 1 n PRECEDING, 2 CURRENT ROW,
 * 3 n FOLLOWING, 4 UNBOUNDED FOLLOWING; units 0 ROWS, 1 RANGE, 2 GROUPS; {@code defaultFrame}
 * when no frame was written; exclude 0 none written, 1 NO OTHERS (nothing left out, but the
 * frame is aggregated afresh per row, as SQLite does), 2 CURRENT ROW, 3 GROUP, 4 TIES.
 * {@code filter} is an aggregate's FILTER (WHERE ...) or null: a row it does not hold true for is
 * neither stepped nor inversed, as window.c's windowAggStep skips it. {@code jsonAggregate} marks
 * json_group_array/json_group_object (and their jsonb twins), the aggregates SQLite registers
 * SQLITE_SUBTYPE: they alone see their arguments' JSON subtype, and give JSON. Every other window
 * function reads its arguments as SQLite's ephemeral table gives them back, without the subtype,
 * so {@code first_value(json('[1]'))} is plain text. {@code jsonValue}: a JSON aggregate's value
 * keeps the subtype only when SQLite computes it in the query's own pass (see plan.WindowPart).
 */
public record WindowSpec(Supplier<WindowFunction> function, Eval[] args, Eval[] partitionBy, Eval[] orderBy,
                         boolean[] descending, Collation[] collations, boolean[] nullsFirst, boolean defaultFrame,
                         int unit, int startKind, Eval startOffset, int endKind, Eval endOffset, int exclude,
                         Eval filter, boolean jsonAggregate, boolean jsonValue) {
    public static final int UNIT_RANGE = 1;
    public static final int UNIT_GROUPS = 2;
    public static final int UNBOUNDED_PRECEDING = 0;
    public static final int PRECEDING = 1;
    public static final int CURRENT_ROW = 2;
    public static final int FOLLOWING = 3;
    public static final int EXCLUDE_CURRENT_ROW = 2;
    public static final int EXCLUDE_GROUP = 3;
    public static final int EXCLUDE_TIES = 4;
}
