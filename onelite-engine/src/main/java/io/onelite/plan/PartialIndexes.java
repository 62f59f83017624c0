package io.onelite.plan;

import io.onelite.catalog.Index;
import io.onelite.catalog.Table;
import io.onelite.sql.ast.Expr;

import java.util.ArrayList;
import java.util.List;

/**
 * Whether a partial index ({@code CREATE INDEX ... WHERE cond}) may serve a source: only when
 * the terms placed at the source's level imply {@code cond}, so that every row the query can
 * return is in the index (SQLite's {@code whereUsablePartialIndex}, partialindex.html section 3).
 *
 * <p>The rules, as SQLite's {@code sqlite3ExprImpliesExpr}: {@code cond} is split on AND and each
 * part must be implied by one term (a BETWEEN term also counts as its two bounds):
 * <ol>
 *   <li>the term is the part, the same expression tree (see {@link IndexExprs}), a comparison
 *       with a constant on the left also read the other way round ({@code 5 < x} as {@code x > 5});</li>
 *   <li>the part is {@code A OR B} and the term implies A or B;</li>
 *   <li>the part is {@code x IS NOT NULL} and the term can only be true when x is not NULL: it is
 *       x itself, or a comparison ({@code = <> < <= > >=}), arithmetic, {@code ||}, bit operator,
 *       COLLATE, unary operator, NOT, IN or BETWEEN with x among its operands, nested so.</li>
 * </ol>
 * Terms of a LEFT JOIN's right side are its ON terms only (the WHERE terms sit after the
 * NULL row), as in SQLite.
 */
final class PartialIndexes {
    private PartialIndexes() {
    }

    /** Whether {@code ix} (partial or not) may be read for source {@code slot} under {@code terms}. */
    static boolean usable(Scope scope, int slot, Table t, Index ix, List<Expr> terms) {
        if (ix.where() == null) {
            return true;
        }
        Expr cond = IndexExprs.ofIndex(t, ix.where());
        if (cond == null) {
            return false;
        }
        List<Expr> given = new ArrayList<>();
        for (Expr term : terms) {
            Expr c = IndexExprs.ofQuery(scope, slot, t, term);
            if (c == null) {
                continue;
            }
            if (c instanceof Expr.Binary b && b.op().isComparison() && b.op() != Expr.BinaryOp.IS
                    && b.op() != Expr.BinaryOp.IS_NOT && (b.left() instanceof Expr.Literal || b.left() instanceof Expr.Param)) {
                // 'x' = b is b = 'x' (SQLite commutes it): the constant has no collation to lose;
                // commuted in place when b is a column, so it then no longer reads as 'x' = b
                given.add(new Expr.Binary(TermConstraints.flip(b.op()), b.right(), b.left()));
                if (b.right() instanceof Expr.ColumnRef) {
                    continue;
                }
            }
            given.add(c);
            if (c instanceof Expr.Between b && !b.not()) {
                given.add(new Expr.Binary(Expr.BinaryOp.GE, b.expr(), b.low()));
                given.add(new Expr.Binary(Expr.BinaryOp.LE, b.expr(), b.high()));
            }
        }
        for (Expr part : CorePlanner.splitAnd(cond)) {
            boolean implied = false;
            for (Expr g : given) {
                implied |= implies(g, part);
            }
            if (!implied) {
                return false;
            }
        }
        return true;
    }

    /**
     * The columns a partial index's WHERE fixes, as SQLite's {@code wherePartIdxExpr}: per table
     * column, the value every entry's row holds there, or null. A part {@code col = constant} or
     * {@code col IS constant} (the column on the left, not the rowid, of TEXT, NUMERIC, INTEGER or
     * REAL affinity and BINARY collation) fixes col to the constant under the column's affinity,
     * which is what the row stores, so reading col needs no table row. Null when none is fixed.
     */
    static Object[] fixedValues(Index ix, Table t) {
        if (ix.where() == null) {
            return null;
        }
        Expr cond = IndexExprs.ofIndex(t, ix.where());
        if (cond == null) {
            return null;
        }
        Object[] out = null;
        for (Expr part : CorePlanner.splitAnd(cond)) {
            if (!(part instanceof Expr.Binary b) || (b.op() != Expr.BinaryOp.EQ && b.op() != Expr.BinaryOp.IS)
                    || !(b.left() instanceof Expr.ColumnRef r)) {
                continue;
            }
            int col = Integer.parseInt(r.column().substring(1));
            Object v = constant(b.right());
            if (col < 0 || v == null) {
                continue;
            }
            io.onelite.catalog.Column c = t.columns().get(col);
            char aff = c.affinity();
            boolean binary = c.collation() == null || c.collation().equalsIgnoreCase("BINARY");
            if (!binary || (aff != 'B' && aff != 'C' && aff != 'D' && aff != 'E')) {
                continue;
            }
            if (out == null) {
                out = new Object[t.columns().size()];
            }
            if (out[col] == null) {
                out[col] = io.onelite.exec.ValueOps.applyAffinity(v, aff);
            }
        }
        return out;
    }

    /** A canonical number or text literal (a negated number too), else null. */
    private static Object constant(Expr e) {
        if (e instanceof Expr.Literal l && (l.value() instanceof Long || l.value() instanceof Double
                || l.value() instanceof String)) {
            return l.value();
        }
        if (e instanceof Expr.Unary u && u.op() == Expr.UnaryOp.NEGATE && u.operand() instanceof Expr.Literal l
                && (l.value() instanceof Long || l.value() instanceof Double)) {
            return io.onelite.exec.ValueOps.negateLiteral(l.value());
        }
        return null;
    }

    /** Whether term {@code e1} being true makes {@code e2} true (rules 1 to 3 above). */
    private static boolean implies(Expr e1, Expr e2) {
        if (e1.equals(e2)) {
            return true; // (1)
        }
        if (e2 instanceof Expr.Binary b && b.op() == Expr.BinaryOp.OR) {
            return implies(e1, b.left()) || implies(e1, b.right()); // (2)
        }
        return e2 instanceof Expr.IsNull n && n.not() && impliesNotNull(e1, n.expr()); // (3)
    }

    /** Whether {@code p} being true (or NULL-free) needs {@code x} to be non-NULL, as SQLite's {@code exprImpliesNotNull}. */
    private static boolean impliesNotNull(Expr p, Expr x) {
        return impliesNotNull(p, x, false);
    }

    /**
     * {@code seenNot}: {@code p} sits under a NOT or a comparison, where it may be any non-NULL
     * value: there a BETWEEN or IN (SELECT) implies nothing ({@code NOT (1 BETWEEN 2 AND x)} is
     * true for a NULL x, since {@code 1 >= 2} is false).
     */
    private static boolean impliesNotNull(Expr p, Expr x, boolean seenNot) {
        if (p.equals(x)) {
            return !(x instanceof Expr.Literal l && l.value() == null);
        }
        if (p instanceof Expr.Binary b) {
            return switch (b.op()) {
                case EQ, NE, LT, LE, GT, GE, ADD, SUBTRACT, BIT_OR, SHIFT_LEFT, SHIFT_RIGHT, CONCAT ->
                        impliesNotNull(b.right(), x, true) || impliesNotNull(b.left(), x, true);
                case MULTIPLY, DIVIDE, REMAINDER, BIT_AND ->
                        impliesNotNull(b.right(), x, seenNot) || impliesNotNull(b.left(), x, seenNot);
                default -> false;
            };
        }
        if (p instanceof Expr.Collate c) {
            return impliesNotNull(c.expr(), x, seenNot);
        }
        if (p instanceof Expr.Unary u) {
            boolean not = u.op() == Expr.UnaryOp.NOT || u.op() == Expr.UnaryOp.BIT_NOT;
            return impliesNotNull(u.operand(), x, seenNot || not);
        }
        if (p instanceof Expr.InList in && !in.values().isEmpty()) {
            return impliesNotNull(in.expr(), x, true);
        }
        if (p instanceof Expr.InSelect in) {
            return !seenNot && !in.not() && impliesNotNull(in.expr(), x, true);
        }
        if (p instanceof Expr.Between b) {
            return !seenNot && !b.not() && (impliesNotNull(b.low(), x, true) || impliesNotNull(b.high(), x, true)
                    || impliesNotNull(b.expr(), x, true));
        }
        return false;
    }
}
