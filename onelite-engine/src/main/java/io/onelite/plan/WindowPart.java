package io.onelite.plan;

import io.onelite.sql.ast.Expr;
import io.onelite.sql.ast.OrderingTerm;
import io.onelite.sql.ast.WindowDef;
import io.onelite.sql.ast.WindowDef.BoundKind;
import io.onelite.sql.ast.WindowDef.FrameUnit;

import java.util.List;
import java.util.Map;

/**
 * What SQLite compares of two windows to compute them in one pass (window.c's
 * sqlite3WindowCompare, FILTER left out): the frame, after the one a built-in window function
 * imposes (sqlite3WindowUpdate: row_number() always counts ROWS from UNBOUNDED PRECEDING to
 * CURRENT ROW), its offsets, PARTITION BY and ORDER BY. SQLite links a query's windows equal to
 * its first one and computes the rest in nested passes, whose values reach the query as a
 * subquery's columns do: without the JSON subtype. Expressions compare as the parser wrote them.
 */
record WindowPart(FrameUnit unit, BoundKind start, Expr startOffset, BoundKind end, Expr endOffset,
                  WindowDef.FrameExclude exclude, List<Expr> partitionBy, List<OrderingTerm> orderBy) {
    private record Imposed(FrameUnit unit, BoundKind start, BoundKind end) {
    }

    /** The frames sqlite3WindowUpdate gives the built-in window functions, whatever was written. */
    private static final Map<String, Imposed> IMPOSED = Map.of(
            "row_number", new Imposed(FrameUnit.ROWS, BoundKind.UNBOUNDED_PRECEDING, BoundKind.CURRENT_ROW),
            "dense_rank", new Imposed(FrameUnit.RANGE, BoundKind.UNBOUNDED_PRECEDING, BoundKind.CURRENT_ROW),
            "rank", new Imposed(FrameUnit.RANGE, BoundKind.UNBOUNDED_PRECEDING, BoundKind.CURRENT_ROW),
            "percent_rank", new Imposed(FrameUnit.GROUPS, BoundKind.CURRENT_ROW, BoundKind.UNBOUNDED_FOLLOWING),
            "cume_dist", new Imposed(FrameUnit.GROUPS, BoundKind.FOLLOWING, BoundKind.UNBOUNDED_FOLLOWING),
            "ntile", new Imposed(FrameUnit.ROWS, BoundKind.CURRENT_ROW, BoundKind.UNBOUNDED_FOLLOWING),
            "lead", new Imposed(FrameUnit.ROWS, BoundKind.UNBOUNDED_PRECEDING, BoundKind.UNBOUNDED_FOLLOWING),
            "lag", new Imposed(FrameUnit.ROWS, BoundKind.UNBOUNDED_PRECEDING, BoundKind.CURRENT_ROW));

    /** The part of {@code w} (already resolved against the WINDOW clause) for a call of the built-in {@code function}, or of an application function when {@code builtIn} is false. */
    static WindowPart of(String function, boolean builtIn, WindowDef w) {
        Imposed imposed = builtIn ? IMPOSED.get(function) : null;
        if (imposed != null) {
            Expr one = imposed.start == BoundKind.FOLLOWING ? new Expr.Literal(1L, "1") : null;
            return new WindowPart(imposed.unit, imposed.start, one, imposed.end, null, WindowDef.FrameExclude.NONE,
                    w.partitionBy(), w.orderBy());
        }
        WindowDef.FrameSpec f = w.frame();
        if (f == null) { // SQLite's default frame is this one written out
            return new WindowPart(FrameUnit.RANGE, BoundKind.UNBOUNDED_PRECEDING, null, BoundKind.CURRENT_ROW, null,
                    WindowDef.FrameExclude.NONE, w.partitionBy(), w.orderBy());
        }
        return new WindowPart(f.unit(), f.start().kind(), f.start().offset(), f.end().kind(), f.end().offset(),
                f.exclude(), w.partitionBy(), w.orderBy());
    }
}
