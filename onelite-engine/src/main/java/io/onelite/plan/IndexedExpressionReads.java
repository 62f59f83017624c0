package io.onelite.plan;

import io.onelite.catalog.Index;
import io.onelite.catalog.Table;
import io.onelite.exec.IndexedExpr;
import io.onelite.sql.ast.Expr;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * Expressions of a SELECT that an index holds as a key column ({@code CREATE INDEX i ON
 * t(lower(b))}, query {@code SELECT lower(b) FROM t WHERE lower(b) > ?}), read from the index
 * entry when the source is walked through that index, as SQLite's indexed expressions
 * ({@code whereAddIndexedExpr}) are: the columns inside such an expression then do not count as
 * read, so the index can be covering (EXPLAIN QUERY PLAN: "USING COVERING INDEX").
 *
 * <p>Each such expression gets an id per source ({@link Scope#indexedExprs}); the compiled read
 * falls back to computing it from the row's columns when the source is read otherwise, and the
 * columns it reads are then needed by {@link FullScans#covers} of an index that lacks it.
 */
final class IndexedExpressionReads {
    private IndexedExpressionReads() {
    }

    /** {@code e} compiled as an indexed expression read, or null when no index of a source of this level holds it. */
    static CExpr compile(ExprCompiler c, Expr e) {
        Scope scope = c.scope;
        if (!scope.coveringReads || scope.aggregates != null || e instanceof Expr.Literal || e instanceof Expr.Param) {
            return null;
        }
        for (int slot = 0; slot < scope.sources.size(); slot++) {
            Source src = scope.sources.get(slot);
            Table t = src.table();
            if (t == null || t.clustered() != null || !IndexExprs.hasExpressionColumn(t)) {
                continue;
            }
            Expr canonical = IndexExprs.ofQuery(scope, slot, t, e);
            if (canonical == null || !IndexExprs.indexed(t, canonical)) {
                continue;
            }
            // computed from the row as usual when the walk is not of such an index; the columns
            // it reads count as read only through the expression
            BitSet before = scope.usedColumns.get(src);
            before = before == null ? null : (BitSet) before.clone();
            CExpr computed = c.compileUnindexed(e);
            if (before == null) {
                scope.usedColumns.remove(src);
            } else {
                scope.usedColumns.put(src, before);
            }
            List<Expr> ids = scope.indexedExprs.computeIfAbsent(src, k -> new ArrayList<>());
            int id = ids.indexOf(canonical);
            if (id < 0) {
                id = ids.size();
                ids.add(canonical);
            }
            return new CExpr(IndexedExpr.read(slot, id, computed.eval(), computed.affinity() == 'E'),
                    computed.affinity(), computed.collation(), computed.explicitColl(), false);
        }
        return null;
    }

    /** Per indexed expression id of source {@code slot}, its key position in {@code ix}, or -1. */
    static int[] positions(Scope scope, int slot, Index ix, Table t) {
        List<Expr> ids = scope.indexedExprs.get(scope.sources.get(slot));
        if (ids == null) {
            return new int[0];
        }
        Expr[] exprs = IndexExprs.ofIndex(t, ix.exprs());
        int[] out = new int[ids.size()];
        for (int id = 0; id < out.length; id++) {
            out[id] = -1;
            for (int p = 0; p < exprs.length && p < ix.columns().length; p++) {
                if (ix.columns()[p] == -2 && ids.get(id).equals(exprs[p])) {
                    out[id] = p;
                    break;
                }
            }
        }
        return out;
    }

    /** Whether {@code ix} yields each indexed expression of source {@code slot}: it holds it, or every column it reads. */
    static boolean allYielded(Scope scope, int slot, Index ix, Table t) {
        List<Expr> ids = scope.indexedExprs.get(scope.sources.get(slot));
        if (ids == null) {
            return true;
        }
        int[] at = positions(scope, slot, ix, t);
        for (int id = 0; id < at.length; id++) {
            if (at[id] < 0 && !columnsIn(ids.get(id), ix, t)) {
                return false;
            }
        }
        return true;
    }

    /** Whether every column the canonical expression reads ({@code #n}) is a plain key column of {@code ix} or the rowid. */
    private static boolean columnsIn(Expr canonical, Index ix, Table t) {
        if (canonical instanceof Expr.ColumnRef r && r.column().startsWith("#")) {
            int col = Integer.parseInt(r.column().substring(1));
            if (col < 0 || col == t.rowidAlias()) {
                return true;
            }
            for (int ic : ix.columns()) {
                if (ic == col) {
                    return true;
                }
            }
            return false;
        }
        for (Expr child : ExprWalker.children(canonical)) {
            if (child != null && !columnsIn(child, ix, t)) {
                return false;
            }
        }
        return true;
    }
}
