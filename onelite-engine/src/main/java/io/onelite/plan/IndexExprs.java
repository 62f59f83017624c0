package io.onelite.plan;

import io.onelite.catalog.Table;
import io.onelite.sql.ast.Expr;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * Expressions of a query compared with an index's expressions (its key columns on expressions,
 * its partial-index WHERE), as SQLite's {@code sqlite3ExprCompare} compares trees: the same
 * operators over the same operands, column references meaning the same column of the table.
 *
 * <p>Both sides are first brought to one canonical form: a column reference becomes
 * {@code #n} (n = the column's position in the table, -1 for the rowid and its alias), function
 * names lower case, collation names upper case, literals by value. A query expression reading
 * anything but the source's own columns and constants (another source, an outer query, a
 * subquery) has no canonical form and matches nothing.
 */
final class IndexExprs {
    private IndexExprs() {
    }

    /** A blob literal by its bytes (a {@code byte[]} compares by identity). */
    private record BlobValue(String hex) {
    }

    /** {@code e}, written in the query over source {@code slot} (table {@code t}), in canonical form, or null. */
    static Expr ofQuery(Scope scope, int slot, Table t, Expr e) {
        return canonical(e, c -> {
            Scope.Ref r = scope.peek(c.table(), c.column());
            if (r == null || r.depth() != 0 || r.slot() != slot) {
                return null;
            }
            return r.column() < 0 || r.column() == t.rowidAlias() ? -1 : r.column();
        });
    }

    /** An index column expression or partial-index condition of {@code t} in canonical form, or null. */
    static Expr ofIndex(Table t, Expr e) {
        return canonical(e, c -> {
            for (int i = 0; i < t.columns().size(); i++) {
                if (t.columns().get(i).name().equalsIgnoreCase(c.column())) {
                    return i == t.rowidAlias() ? -1 : i;
                }
            }
            String n = c.column().toLowerCase(Locale.ROOT);
            return t.clustered() == null && (n.equals("rowid") || n.equals("oid") || n.equals("_rowid_")) ? -1 : null;
        });
    }

    /** The canonical index expressions of {@code exprs} (null entries stay null). */
    static Expr[] ofIndex(Table t, Expr[] exprs) {
        Expr[] out = new Expr[exprs == null ? 0 : exprs.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = exprs[i] == null ? null : ofIndex(t, exprs[i]);
        }
        return out;
    }

    /** Whether some index of {@code t} has a key column on an expression. */
    static boolean hasExpressionColumn(Table t) {
        for (io.onelite.catalog.Index ix : t.indexes()) {
            for (int c : ix.columns()) {
                if (c == -2) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether some index of {@code t} has the canonical expression {@code canonical} as a key column. */
    static boolean indexed(Table t, Expr canonical) {
        for (io.onelite.catalog.Index ix : t.indexes()) {
            for (int p = 0; p < ix.columns().length; p++) {
                if (ix.columns()[p] == -2 && canonical.equals(ofIndex(t, ix.exprs()[p]))) {
                    return true;
                }
            }
        }
        return false;
    }

    private static Expr canonical(Expr e, Function<Expr.ColumnRef, Integer> column) {
        try {
            return rewrite(e, column);
        } catch (NotCanonical ex) {
            return null;
        } catch (RuntimeException ex) {
            return null; // an unresolvable reference (the resolver's error): no match, the compiler reports it
        }
    }

    /** Thrown inside {@link #rewrite} when a node has no canonical form. */
    private static final class NotCanonical extends RuntimeException {
        NotCanonical() {
            super(null, null, false, false);
        }
    }

    private static Expr rewrite(Expr e, Function<Expr.ColumnRef, Integer> column) {
        if (e == null) {
            return null;
        }
        if (e instanceof Expr.Literal l) {
            Object v = l.value() instanceof byte[] b ? new BlobValue(HexFormat.of().formatHex(b)) : l.value();
            return new Expr.Literal(v, null);
        }
        if (e instanceof Expr.BoolLiteral || e instanceof Expr.Param) {
            return e;
        }
        if (e instanceof Expr.ColumnRef c) {
            Integer col = column.apply(c);
            if (col == null) {
                throw new NotCanonical();
            }
            return Expr.ColumnRef.of("#" + col);
        }
        if (e instanceof Expr.Unary u) {
            return new Expr.Unary(u.op(), rewrite(u.operand(), column));
        }
        if (e instanceof Expr.Binary b) {
            return new Expr.Binary(b.op(), rewrite(b.left(), column), rewrite(b.right(), column));
        }
        if (e instanceof Expr.Like l) {
            return new Expr.Like(rewrite(l.left(), column), l.op(), l.not(), rewrite(l.pattern(), column),
                    rewrite(l.escape(), column));
        }
        if (e instanceof Expr.Between b) {
            return new Expr.Between(rewrite(b.expr(), column), b.not(), rewrite(b.low(), column),
                    rewrite(b.high(), column));
        }
        if (e instanceof Expr.InList in) {
            return new Expr.InList(rewrite(in.expr(), column), in.not(), all(in.values(), column));
        }
        if (e instanceof Expr.IsNull n) {
            return new Expr.IsNull(rewrite(n.expr(), column), n.not());
        }
        if (e instanceof Expr.Case c) {
            List<Expr.WhenThen> whens = new ArrayList<>();
            for (Expr.WhenThen wt : c.whens()) {
                whens.add(new Expr.WhenThen(rewrite(wt.when(), column), rewrite(wt.then(), column)));
            }
            return new Expr.Case(rewrite(c.base(), column), whens, rewrite(c.elseExpr(), column));
        }
        if (e instanceof Expr.Cast c) {
            String type = c.type().name() == null ? null : c.type().name().toUpperCase(Locale.ROOT);
            return new Expr.Cast(rewrite(c.expr(), column), new io.onelite.sql.ast.TypeName(type, c.type().args(), null));
        }
        if (e instanceof Expr.Collate c && c.implicit()) {
            // a push-down's COLLATE: the expression under it is what an index may hold (whether
            // the index's collation serves the comparison is checked on the compiled term)
            return rewrite(c.expr(), column);
        }
        if (e instanceof Expr.Collate c) {
            return new Expr.Collate(rewrite(c.expr(), column), c.collation().toUpperCase(Locale.ROOT));
        }
        if (e instanceof Expr.FunctionCall f && !f.distinct() && !f.star() && f.orderBy().isEmpty()
                && f.filter() == null && f.over() == null) {
            return Expr.FunctionCall.of(f.name().toLowerCase(Locale.ROOT), all(f.args(), column));
        }
        if (e instanceof Expr.RowValue r) {
            return new Expr.RowValue(all(r.values(), column));
        }
        throw new NotCanonical(); // subqueries, RAISE, CURRENT_TIME, aggregates and windows
    }

    private static List<Expr> all(List<Expr> es, Function<Expr.ColumnRef, Integer> column) {
        List<Expr> out = new ArrayList<>(es.size());
        for (Expr x : es) {
            out.add(rewrite(x, column));
        }
        return out;
    }
}
