package io.onelite.sql.ast;

import java.util.List;

/**
 * A window: {@code OVER name} is {@code WindowDef(name, [], [], null)}; {@code OVER ([base] [PARTITION BY ...]
 * [ORDER BY ...] [frame])} fills the parts written.
 *
 * @param baseName the referenced window name or null
 * @param frame    null when no frame is written (SQLite's default RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
 */
public record WindowDef(String baseName, List<Expr> partitionBy, List<OrderingTerm> orderBy, FrameSpec frame) {
    public WindowDef {
        partitionBy = List.copyOf(partitionBy);
        orderBy = List.copyOf(orderBy);
    }

    /**
     * {@code ROWS|RANGE|GROUPS start} or {@code ... BETWEEN start AND end} [EXCLUDE ...]. A frame
     * without BETWEEN has end = CURRENT ROW.
     */
    public record FrameSpec(FrameUnit unit, FrameBound start, FrameBound end, FrameExclude exclude) {
    }

    public enum FrameUnit { ROWS, RANGE, GROUPS }

    /**
     * {@code EXCLUDE ...}; {@link #NONE} when absent. An explicit {@code EXCLUDE NO OTHERS} is kept
     * apart: SQLite then aggregates each frame afresh instead of sliding it, which shows in sums.
     */
    public enum FrameExclude { NONE, NO_OTHERS, CURRENT_ROW, GROUP, TIES }

    /** A frame boundary; {@code offset} is set only for PRECEDING/FOLLOWING with an expression. */
    public record FrameBound(BoundKind kind, Expr offset) {
    }

    public enum BoundKind { UNBOUNDED_PRECEDING, PRECEDING, CURRENT_ROW, FOLLOWING, UNBOUNDED_FOLLOWING }
}
