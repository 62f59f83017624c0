package io.onelite.plan;

import io.onelite.catalog.Index;
import io.onelite.catalog.Table;
import io.onelite.exec.IndexLevel;
import io.onelite.exec.Level;
import io.onelite.exec.RowidLevel;
import io.onelite.exec.TableOrIndexScan;
import io.onelite.sql.ast.Expr;

import java.util.List;

/**
 * The outermost loop of a join whose later loop looks its rows up by the outer table's rowid
 * ({@code t LEFT JOIN u ON u.t_id = t.id} with an index on {@code u(t_id)}): where the outer loop
 * walks a covering index, whose order hands out t's rowids at random, it becomes a
 * {@link TableOrIndexScan}, which walks t in rowid order instead when t's rows are narrow. The
 * lookups then come in u's key order, a few cells apart (docs/performance-history.md, "Outer
 * scans in the inner lookups' order"). SQLite weighs no such order; its EXPLAIN QUERY PLAN is kept.
 */
final class OuterScanOrder {
    private OuterScanOrder() {
    }

    /**
     * Replaces {@code levels[0]} as the class says, when it is a full walk of a covering index of
     * a rowid table with no term of its own, giving no order the query uses ({@code first}), of
     * an index on plain columns (an indexed expression could be read from the index only), on a
     * table with no VIRTUAL column, and some later level seeks by an equality with its rowid.
     */
    static void apply(Scope scope, FromPlanner from, List<List<Expr>> levelTerms, Level[] levels,
                      AccessPlanner.Access first) {
        if (levels.length < 2 || !(levels[0] instanceof IndexLevel il) || !il.isFullScan() || !il.isCovering()
                || first.ordered() || first.sortedPrefix() > 0 || !levelTerms.get(0).isEmpty()) {
            return;
        }
        FromPlanner.Entry outer = from.entries.get(scope.slotAt(0));
        Table t = outer.table;
        if (t == null || outer.query != null || t.clustered() != null || outer.indexedBy != null
                || io.onelite.catalog.RecordLayout.of(t).hasVirtual()
                || !plainColumns(AccessPlanner.indexNamed(t, il.indexName()))) {
            return;
        }
        for (int pos = 1; pos < levels.length; pos++) {
            for (Expr term : levelTerms.get(pos)) {
                if (seeksByRowid(scope, from.entries.get(scope.slotAt(pos)), outer, term, levels[pos])) {
                    TableOrIndexScan scan = new TableOrIndexScan(il);
                    scan.filter = il.filter;
                    scan.postFilter = il.postFilter;
                    scan.leftJoin = il.leftJoin;
                    levels[0] = scan;
                    return;
                }
            }
        }
    }

    /**
     * Whether {@code term} is {@code inner.c = outer.rowid} (either way round) and {@code level},
     * inner's, seeks by c: an index whose first column is c, or the rowid when c is it.
     */
    private static boolean seeksByRowid(Scope scope, FromPlanner.Entry inner, FromPlanner.Entry outer, Expr term,
                                        Level level) {
        if (!(term instanceof Expr.Binary b) || b.op() != Expr.BinaryOp.EQ || inner.table == null) {
            return false;
        }
        Scope.Ref l = ref(scope, b.left());
        Scope.Ref r = ref(scope, b.right());
        if (l == null || r == null) {
            return false;
        }
        Scope.Ref in = l.slot() == inner.slot ? l : r;
        Scope.Ref out = in == l ? r : l;
        if (in.slot() != inner.slot || out.slot() != outer.slot || !isRowid(outer.table, out.column())) {
            return false;
        }
        if (level instanceof RowidLevel rl) {
            return rl.isEquality() && isRowid(inner.table, in.column());
        }
        if (level instanceof IndexLevel seek && seek.eqCount() > 0) {
            Index ix = AccessPlanner.indexNamed(inner.table, seek.indexName());
            return ix != null && ix.columns()[0] == in.column() && in.column() >= 0;
        }
        return false;
    }

    /** Whether {@code ix} (null: none) keys plain columns only (an indexed expression is read from the index only). */
    private static boolean plainColumns(Index ix) {
        if (ix == null) {
            return false;
        }
        for (int c : ix.columns()) {
            if (c == -2) {
                return false;
            }
        }
        return true;
    }

    private static Scope.Ref ref(Scope scope, Expr e) {
        if (!(e instanceof Expr.ColumnRef c)) {
            return null;
        }
        Scope.Ref r = scope.peek(c.table(), c.column());
        return r == null || r.depth() != 0 ? null : r;
    }

    private static boolean isRowid(Table t, int column) {
        return column == -1 || (column >= 0 && column == t.rowidAlias());
    }
}
