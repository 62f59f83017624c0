package io.onelite.plan;

import io.onelite.btree.Collation;
import io.onelite.sql.ast.Expr;
import io.onelite.sql.ast.NullsOrder;
import io.onelite.sql.ast.OrderingTerm;
import io.onelite.sql.ast.SelectCore;
import io.onelite.sql.ast.SelectStmt;
import io.onelite.sql.ast.SortOrder;

import java.util.ArrayList;
import java.util.List;

/**
 * The ORDER BY and LIMIT each arm of {@code a UNION ALL b ... ORDER BY ... LIMIT n [OFFSET m]}
 * can take: the first n + m rows of the compound in that order are among the first n + m of
 * each arm in the same order, so each arm stops there (SQLite's merge of ordered arms reads no
 * further either). Only where the limit is sure to be that many rows when the statement runs.
 */
final class ArmLimits {
    private ArmLimits() {
    }

    /**
     * The LIMIT each arm takes, or null: every operator UNION ALL, no arm a VALUES, and a LIMIT
     * that is an integer literal of at least 0 (with an integer literal OFFSET or none) or a
     * parameter without OFFSET (a negative value then means no limit for the arms too).
     */
    static Expr limitOfEachArm(SelectStmt s) {
        if (s.limit() == null || s.compounds().isEmpty()) {
            return null;
        }
        for (SelectStmt.CompoundTerm t : s.compounds()) {
            if (t.op() != SelectStmt.CompoundOp.UNION_ALL) {
                return null;
            }
        }
        for (SelectCore core : s.cores()) {
            if (!(core instanceof SelectCore.Query)) {
                return null;
            }
        }
        Long limit = integer(s.limit());
        if (s.offset() == null) {
            if (s.limit() instanceof Expr.Param) {
                return s.limit();
            }
            return limit != null && limit >= 0 ? s.limit() : null;
        }
        Long offset = integer(s.offset());
        if (limit == null || limit < 0 || offset == null) {
            return null;
        }
        long n = limit + Math.max(0, offset);
        return n < 0 ? null : new Expr.Literal(n, Long.toString(n)); // (n < 0: overflowed)
    }

    /** The compound's ORDER BY as each arm's: by result column number, under the compound's collations. */
    static List<OrderingTerm> orderOfEachArm(List<OrderingTerm> order, int[] keys, Collation[] colls) {
        List<OrderingTerm> out = new ArrayList<>();
        for (int i = 0; i < keys.length; i++) {
            OrderingTerm t = order.get(i);
            Expr column = new Expr.Collate(new Expr.Literal((long) keys[i] + 1, Integer.toString(keys[i] + 1)),
                    colls[i].name());
            NullsOrder nulls = t.nulls() == null ? NullsOrder.DEFAULT : t.nulls();
            out.add(new OrderingTerm(column, t.order() == null ? SortOrder.ASC : t.order(), nulls));
        }
        return out;
    }

    private static Long integer(Expr e) {
        return e instanceof Expr.Literal l && l.value() instanceof Long v ? v : null;
    }
}
