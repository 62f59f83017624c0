package io.onelite.plan;

import io.onelite.catalog.Table;
import io.onelite.sql.ast.Expr;

import java.util.List;

/**
 * Which WHERE/ON terms placed at a source's level can drive its access path: {@code col op value},
 * {@code col IN (...)} and {@code col BETWEEN a AND b} on a column of that source, where the value
 * reads only outer loops and the lookup under the column's affinity and collation compares as the
 * term does. {@link AccessPlanner} picks the rowid or index seek from what this collects.
 */
final class TermConstraints {
    private TermConstraints() {
    }

    /**
     * Records {@code term} when it has the shape {@code col op value} (either way round) or
     * {@code col IN (values)} / {@code col BETWEEN a AND b}, where col is a column of this slot and
     * value reads no slot at or after it, and where comparing under the column's affinity and
     * collation is what the comparison does.
     */
    static void collect(Planner planner, Scope scope, int slot, Expr term, List<AccessPlanner.Constraint> out) {
        if (term instanceof Expr.Binary b) {
            Expr.BinaryOp op = b.op();
            if (op != Expr.BinaryOp.EQ && op != Expr.BinaryOp.LT && op != Expr.BinaryOp.LE
                    && op != Expr.BinaryOp.GT && op != Expr.BinaryOp.GE && op != Expr.BinaryOp.IS) {
                return;
            }
            if (op == Expr.BinaryOp.IS) {
                return;
            }
            Integer lc = columnOf(scope, slot, b.left());
            if (lc != null && usable(planner, scope, slot, lc, b.right(), false)) {
                out.add(new AccessPlanner.Constraint(lc, op, b.right(), null));
                return;
            }
            Integer rc = columnOf(scope, slot, b.right());
            if (rc != null && usable(planner, scope, slot, rc, b.left(), true)) {
                out.add(new AccessPlanner.Constraint(rc, flip(op), b.left(), null));
            }
        } else if (term instanceof Expr.InList in && !in.not() && !in.values().isEmpty()) {
            Integer c = columnOf(scope, slot, in.expr());
            if (c == null) {
                return;
            }
            for (Expr v : in.values()) {
                if (!usable(planner, scope, slot, c, v, false)) {
                    return;
                }
            }
            out.add(new AccessPlanner.Constraint(c, Expr.BinaryOp.EQ, null, in.values()));
        } else if (term instanceof Expr.Between bt && !bt.not()) {
            Integer c = columnOf(scope, slot, bt.expr());
            if (c != null && usable(planner, scope, slot, c, bt.low(), false)
                    && usable(planner, scope, slot, c, bt.high(), false)) {
                out.add(new AccessPlanner.Constraint(c, Expr.BinaryOp.GE, bt.low(), null));
                out.add(new AccessPlanner.Constraint(c, Expr.BinaryOp.LE, bt.high(), null));
            }
        }
    }

    private static Expr.BinaryOp flip(Expr.BinaryOp op) {
        return switch (op) {
            case LT -> Expr.BinaryOp.GT;
            case LE -> Expr.BinaryOp.GE;
            case GT -> Expr.BinaryOp.LT;
            case GE -> Expr.BinaryOp.LE;
            default -> op;
        };
    }

    /** The column of {@code slot} an expression names (-1 = rowid), or null. */
    private static Integer columnOf(Scope scope, int slot, Expr e) {
        if (!(e instanceof Expr.ColumnRef c)) {
            return null;
        }
        Scope.Ref r = scope.resolve(c.table(), c.column());
        if (r == null || r.depth() != 0 || r.slot() != slot) {
            return null;
        }
        Table t = r.source().table();
        if (t != null && r.column() == t.rowidAlias() && r.column() >= 0) {
            return -1;
        }
        return r.column();
    }

    /**
     * Whether a lookup of {@code column} by {@code value} finds what the comparison finds;
     * {@code valueOnLeft}: the value is the comparison's left operand (its collation then wins a tie).
     */
    private static boolean usable(Planner planner, Scope scope, int slot, int column, Expr value, boolean valueOnLeft) {
        scope.innerSlotRefs.clear();
        ExprCompiler ec = new ExprCompiler(planner, scope);
        CExpr v;
        try {
            v = ec.compile(value);
        } catch (RuntimeException ex) {
            return false;
        }
        java.util.BitSet used = (java.util.BitSet) ec.slotsUsed.clone();
        used.or(scope.innerSlotRefs);
        if (!used.isEmpty() && scope.lastLoopPosition(used) >= scope.positionOf(slot)) {
            return false; // the value must come from loops outside this one
        }
        if (column == -1) {
            return true;
        }
        Source src = scope.sources.get(slot);
        char ca = src.affinities()[column];
        char va = v.affinity();
        // the lookup applies the column's affinity to the value: valid when the comparison does too
        boolean affOk = CExpr.isNumeric(ca) || (ca == 'B' && (va == '@' || va == 'B')) || (ca == 'A' && !CExpr.isNumeric(va));
        if (!affOk) {
            return false;
        }
        String colColl = src.collations()[column] == null ? "BINARY" : src.collations()[column];
        CExpr colC = new CExpr(null, ca, colColl, false, false);
        io.onelite.btree.Collation cmp = valueOnLeft ? Comparisons.collationOf(v, colC)
                : Comparisons.collationOf(colC, v);
        return cmp.name().equalsIgnoreCase(colColl);
    }
}
