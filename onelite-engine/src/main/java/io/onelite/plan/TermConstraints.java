package io.onelite.plan;

import io.onelite.catalog.Table;
import io.onelite.sql.ast.Expr;

import java.util.List;

/**
 * Which WHERE/ON terms placed at a source's level can drive its access path: {@code col op value},
 * {@code col IN (...)} and {@code col BETWEEN a AND b} on a column of that source, where the value
 * reads only outer loops and the lookup under the column's affinity and collation compares as the
 * term does; the same shapes on an expression that some index has as a key column (column -2,
 * see {@link IndexExprs}). {@link AccessPlanner} picks the rowid or index seek from what this
 * collects, {@link AutoIndexes} the key of an automatic index.
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
        if (term instanceof Expr.Binary or && or.op() == Expr.BinaryOp.OR) {
            AccessPlanner.Constraint in = orOfEqualities(planner, scope, slot, or);
            if (in != null) {
                out.add(in);
            }
        } else if (term instanceof Expr.IsNull n && !n.not()) {
            // x IS NULL seeks x's NULL entries (SQLite's WO_ISNULL); the rowid is never NULL: SQLite scans
            Integer col = columnOf(planner, scope, slot, n.expr());
            if (col != null && col >= 0) {
                out.add(new AccessPlanner.Constraint(col, Expr.BinaryOp.IS, NULL, null));
            } else if (col == null) {
                AccessPlanner.Constraint c = onExpression(planner, scope, slot, n.expr(), Expr.BinaryOp.IS, NULL, false);
                if (c != null) {
                    out.add(c);
                }
            }
        } else if (term instanceof Expr.Binary b) {
            Expr.BinaryOp op = b.op();
            if (op != Expr.BinaryOp.EQ && op != Expr.BinaryOp.LT && op != Expr.BinaryOp.LE
                    && op != Expr.BinaryOp.GT && op != Expr.BinaryOp.GE && op != Expr.BinaryOp.IS) {
                return;
            }
            boolean equality = op == Expr.BinaryOp.EQ || op == Expr.BinaryOp.IS;
            Integer lc = columnOf(planner, scope, slot, b.left());
            if (lc != null && usable(planner, scope, slot, lc, b.right(), false, equality)) {
                out.add(new AccessPlanner.Constraint(lc, onColumn(lc, op), b.right(), null));
                return;
            }
            Integer rc = columnOf(planner, scope, slot, b.right());
            if (rc != null && usable(planner, scope, slot, rc, b.left(), true, equality)) {
                out.add(new AccessPlanner.Constraint(rc, onColumn(rc, flip(op)), b.left(), null));
                return;
            }
            if (lc == null) {
                AccessPlanner.Constraint c = onExpression(planner, scope, slot, b.left(), op, b.right(), false);
                if (c != null) {
                    out.add(c);
                    return;
                }
            }
            if (rc == null) {
                AccessPlanner.Constraint c = onExpression(planner, scope, slot, b.right(), flip(op), b.left(), true);
                if (c != null) {
                    out.add(c);
                }
            }
        } else if (term instanceof Expr.InList in && !in.not() && !in.values().isEmpty()) {
            Integer c = columnOf(planner, scope, slot, in.expr());
            if (c == null) {
                AccessPlanner.Constraint first = onExpression(planner, scope, slot, in.expr(), Expr.BinaryOp.EQ,
                        in.values().get(0), false);
                if (first == null) {
                    return;
                }
                for (Expr v : in.values()) {
                    if (onExpression(planner, scope, slot, in.expr(), Expr.BinaryOp.EQ, v, false) == null) {
                        return;
                    }
                }
                out.add(new AccessPlanner.Constraint(-2, Expr.BinaryOp.EQ, null, in.values(), first.indexed(),
                        first.affinity(), first.collation()));
                return;
            }
            for (Expr v : in.values()) {
                if (!usable(planner, scope, slot, c, v, false, true)) {
                    return;
                }
            }
            out.add(new AccessPlanner.Constraint(c, Expr.BinaryOp.EQ, null, in.values()));
        } else if (term instanceof Expr.InSelect in && !in.not() && in.expr() instanceof Expr.ColumnRef) {
            Integer c = columnOf(planner, scope, slot, in.expr());
            if (c != null && inSubqueryUsable(planner, scope, slot, c, in)) {
                out.add(new AccessPlanner.Constraint(c, Expr.BinaryOp.EQ, null, null, null, (char) 0, null, in));
            }
        } else if (term instanceof Expr.Between bt && !bt.not()) {
            Integer c = columnOf(planner, scope, slot, bt.expr());
            if (c != null && usable(planner, scope, slot, c, bt.low(), false, false)
                    && usable(planner, scope, slot, c, bt.high(), false, false)) {
                out.add(new AccessPlanner.Constraint(c, Expr.BinaryOp.GE, bt.low(), null));
                out.add(new AccessPlanner.Constraint(c, Expr.BinaryOp.LE, bt.high(), null));
            } else if (c == null) {
                AccessPlanner.Constraint lo = onExpression(planner, scope, slot, bt.expr(), Expr.BinaryOp.GE, bt.low(), false);
                AccessPlanner.Constraint hi = onExpression(planner, scope, slot, bt.expr(), Expr.BinaryOp.LE, bt.high(), false);
                if (lo != null && hi != null) {
                    out.add(lo);
                    out.add(hi);
                }
            }
        }
    }

    /**
     * {@code expr op value} as a constraint on an indexed expression (column -2), when
     * {@code expr} is not a plain column, reads only this source, matches the expression of
     * some index column of its table, and a lookup of the value in that index finds what the
     * comparison finds: SQLite's {@code sqlite3IndexAffinityOk} with the expression's own
     * affinity as the index column's, and the comparison's collation recorded (the index
     * column must have it).
     */
    private static AccessPlanner.Constraint onExpression(Planner planner, Scope scope, int slot, Expr expr,
                                                         Expr.BinaryOp op, Expr value, boolean valueOnLeft) {
        Table t = scope.sources.get(slot).table();
        if (t == null || expr instanceof Expr.ColumnRef || !IndexExprs.hasExpressionColumn(t)) {
            return null;
        }
        Expr canonical = IndexExprs.ofQuery(scope, slot, t, expr);
        if (canonical == null || !IndexExprs.indexed(t, canonical)) {
            return null;
        }
        CExpr v = outerValue(planner, scope, slot, value);
        if (v == null) {
            return null;
        }
        CExpr x;
        try {
            x = new ExprCompiler(planner, scope).compile(expr);
        } catch (RuntimeException ex) {
            return null;
        }
        char idxAff = x.affinity() <= '@' ? 'A' : x.affinity();
        char cmpAff = valueOnLeft ? compareAffinity(x.affinity(), v.affinity()) : compareAffinity(v.affinity(), x.affinity());
        if (!Comparisons.indexAffinityOk(cmpAff, idxAff)) {
            return null;
        }
        io.onelite.btree.Collation coll = valueOnLeft ? Comparisons.collationOf(v, x) : Comparisons.collationOf(x, v);
        return new AccessPlanner.Constraint(-2, op, value, null, canonical, idxAff, coll.name());
    }

    /**
     * The affinity a comparison applies, as SQLite's {@code comparisonAffinity}: {@code left} is
     * the left operand's affinity, {@code right} the right one's ('@' or below: none).
     */
    private static char compareAffinity(char right, char left) {
        if (right > '@' && left > '@') {
            return CExpr.isNumeric(right) || CExpr.isNumeric(left) ? 'C' : 'A';
        }
        char a = right <= '@' ? left : right;
        return a <= '@' ? 'A' : a;
    }

    private static boolean holdsRowValue(Expr e) {
        if (e instanceof Expr.RowValue) {
            return true;
        }
        for (Expr child : ExprWalker.children(e)) {
            if (holdsRowValue(child)) {
                return true;
            }
        }
        return false;
    }

    /** The compiled {@code value} when it reads only loops outside {@code slot}'s, else null. */
    private static CExpr outerValue(Planner planner, Scope scope, int slot, Expr value) {
        if (holdsRowValue(value)) {
            return null; // misused, an error noted where the term itself is compiled
        }
        scope.innerSlotRefs.clear();
        ExprCompiler ec = new ExprCompiler(planner, scope);
        CExpr v;
        try {
            v = ec.compile(value);
        } catch (RuntimeException ex) {
            return null;
        }
        java.util.BitSet used = (java.util.BitSet) ec.slotsUsed.clone();
        used.or(scope.innerSlotRefs);
        if (!used.isEmpty() && scope.lastLoopPosition(used) >= scope.positionOf(slot)) {
            return null;
        }
        return v;
    }

    /**
     * {@code c = x OR c = y OR ...}, each branch an equality the lookup can take on the same
     * column of this source, as the IN constraint {@code c IN (x, y, ...)}: SQLite's OR-to-IN
     * (where.c's exprAnalyzeOrTerm), which reads such a term as one IN lookup. Null otherwise.
     */
    private static AccessPlanner.Constraint orOfEqualities(Planner planner, Scope scope, int slot, Expr.Binary or) {
        List<Expr> branches = new java.util.ArrayList<>();
        splitOr(or, branches);
        List<Expr> values = new java.util.ArrayList<>();
        Integer column = null;
        List<AccessPlanner.Constraint> one = new java.util.ArrayList<>();
        for (Expr b : branches) {
            if (!(b instanceof Expr.Binary eq) || eq.op() != Expr.BinaryOp.EQ) {
                return null;
            }
            one.clear();
            collect(planner, scope, slot, b, one);
            if (one.size() != 1 || one.get(0).column() < -1 || one.get(0).multi()
                    || (column != null && column != one.get(0).column())) {
                return null;
            }
            column = one.get(0).column();
            values.add(one.get(0).value());
        }
        return new AccessPlanner.Constraint(column, Expr.BinaryOp.EQ, null, values);
    }

    /** The branches of {@code a OR b OR ...} in order (a term without OR alone). */
    static void splitOr(Expr e, List<Expr> out) {
        if (e instanceof Expr.Binary b && b.op() == Expr.BinaryOp.OR) {
            splitOr(b.left(), out);
            splitOr(b.right(), out);
        } else {
            out.add(e);
        }
    }

    /**
     * Whether {@code col IN (SELECT ...)} can look its rows up by column {@code column}, as SQLite
     * reads such a term through an index (or the rowid) with the subquery's rows as the keys:
     * the subquery reads only loops outside this one, returns one column, and comparing under
     * that column's affinity and collation is what the IN does. A COLLATE on the subquery's
     * column that differs from the column's is left to the filter (the IN's collation rules
     * then depend on which indexes exist: {@link InCompiler}).
     */
    private static boolean inSubqueryUsable(Planner planner, Scope scope, int slot, int column, Expr.InSelect in) {
        Planner.InPlan plan;
        try {
            plan = planner.inSubquery(in, scope);
        } catch (RuntimeException ex) {
            return false; // the term's own check reports it
        }
        java.util.BitSet used = plan.slotRefs().getOrDefault(scope, new java.util.BitSet());
        if (plan.query().columnCount() != 1
                || (!used.isEmpty() && scope.lastLoopPosition(used) >= scope.positionOf(slot))) {
            return false; // the keys must come from loops outside this one
        }
        char subAff = plan.affinity();
        String subColl = plan.collation();
        if (column != -1 && InCompiler.explicitCollation(in.select(), 0)) {
            Source src = scope.sources.get(slot);
            String colColl = src.collations()[column] == null ? "BINARY" : src.collations()[column];
            if (!colColl.equalsIgnoreCase(subColl == null ? "BINARY" : subColl)) {
                return false;
            }
        }
        return lookupMatches(scope, slot, column, new CExpr(null, subAff, null, false, false), false, true);
    }

    /**
     * Whether a lookup by {@code c} finds exactly the rows its term accepts, not a superset: all
     * but an equality on a TEXT column whose value has BLOB affinity (a column without a type),
     * which the comparison leaves unconverted while the lookup makes it text (see
     * {@link #lookupMatches}: the level's filter then rejects what it finds too many).
     */
    static boolean exact(Planner planner, Scope scope, int slot, AccessPlanner.Constraint c) {
        if (c.column() < 0 || scope.sources.get(slot).affinities()[c.column()] != 'B') {
            return true;
        }
        for (Expr v : c.inValues() != null ? c.inValues() : java.util.Collections.singletonList(c.value())) {
            CExpr compiled = v == null ? null : outerValue(planner, scope, slot, v);
            if (compiled == null || compiled.affinity() == 'A') {
                return false;
            }
        }
        return true;
    }

    /** The value {@code x IS NULL} seeks. */
    private static final Expr NULL = new Expr.Literal(null, "NULL");

    /**
     * {@code op} as a lookup of {@code column} uses it: the rowid is never NULL, so {@code rowid
     * IS x} finds what {@code rowid = x} finds (nothing for a NULL x) and is sought as that.
     */
    private static Expr.BinaryOp onColumn(int column, Expr.BinaryOp op) {
        return column == -1 && op == Expr.BinaryOp.IS ? Expr.BinaryOp.EQ : op;
    }

    /** The operator with its operands swapped ({@code a < b} is {@code b > a}). */
    static Expr.BinaryOp flip(Expr.BinaryOp op) {
        return switch (op) {
            case LT -> Expr.BinaryOp.GT;
            case LE -> Expr.BinaryOp.GE;
            case GT -> Expr.BinaryOp.LT;
            case GE -> Expr.BinaryOp.LE;
            default -> op;
        };
    }

    /** The column of {@code slot} an expression names (-1 = rowid), or null. */
    private static Integer columnOf(Planner planner, Scope scope, int slot, Expr e) {
        if (!(e instanceof Expr.ColumnRef c)) {
            return null;
        }
        Scope.Ref r = scope.peek(c.table(), c.column());
        if (r == null || r.depth() != 0 || r.slot() != slot) {
            return null;
        }
        if (planner.columnRefListener != null) {
            // a term a lookup takes in whole is not compiled: RENAME COLUMN must still see its column
            planner.columnRefListener.accept(c, r);
        }
        Table t = r.source().table();
        if (t != null && r.column() == t.rowidAlias() && r.column() >= 0) {
            return -1;
        }
        return r.column();
    }

    /**
     * Whether a lookup of {@code column} by {@code value} finds what the comparison finds;
     * {@code valueOnLeft}: the value is the comparison's left operand (its collation then wins a tie);
     * {@code equality}: an {@code =} or IN term (not a range bound).
     */
    private static boolean usable(Planner planner, Scope scope, int slot, int column, Expr value, boolean valueOnLeft,
                                  boolean equality) {
        CExpr v = outerValue(planner, scope, slot, value);
        if (v == null) {
            return false; // the value must compile and come from loops outside this one
        }
        return lookupMatches(scope, slot, column, v, valueOnLeft, equality);
    }

    /**
     * Whether a lookup of {@code column} by a value of {@code v}'s affinity and collation finds
     * what the comparison finds (see {@link #usable}).
     */
    private static boolean lookupMatches(Scope scope, int slot, int column, CExpr v, boolean valueOnLeft,
                                         boolean equality) {
        if (column == -1) {
            return true;
        }
        Source src = scope.sources.get(slot);
        char ca = src.affinities()[column];
        char va = v.affinity();
        // the lookup applies the column's affinity to the value: valid when the comparison does
        // too, or (SQLite's sqlite3IndexAffinityOk) when it converts nothing and the converted
        // probe can only find rows the comparison rejects (a number made text against a TEXT
        // column, which holds no numbers); the level's filter still checks the term. Only for
        // equality: a range bound made text would cut off rows the unconverted comparison keeps
        // (every text is above a number)
        boolean affOk = CExpr.isNumeric(ca) || (ca == 'B' && (va == '@' || va == 'B' || (va == 'A' && equality)))
                || (ca == 'A' && !CExpr.isNumeric(va));
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
