package io.onelite.plan;

import io.onelite.catalog.Index;
import io.onelite.catalog.Table;
import io.onelite.exec.IndexLevel;
import io.onelite.exec.Level;
import io.onelite.sql.ast.ConflictAction;
import io.onelite.sql.ast.Expr;


/**
 * The order an UPDATE of a rowid table writes its rows in, as SQLite's update.c decides it: in
 * the WHERE loop's order when it can update in one pass (ONEPASS_MULTI), else in rowid order (the
 * two-pass UPDATE collects the rowids first and reads them back sorted). The order shows when rows
 * conflict with each other (which of two rows OR REPLACE keeps, which OR IGNORE skips). One pass
 * needs no triggers, no foreign keys (checked when the statement runs), no change of the rowid, no
 * REPLACE (the statement's, or that of an index the UPDATE changes), no subquery in WHERE, and a
 * WHERE index the UPDATE leaves alone.
 */
final class UpdateOrder {
    private UpdateOrder() {
    }

    /**
     * Whether the UPDATE writes in rowid order; {@code changed} is {@link Writers#changedBy} of its
     * SET columns, {@code where} the WHERE clause (null when none).
     */
    static boolean twoPass(Table t, Level whereLevel, boolean[] changed, boolean triggers,
                           ConflictAction orConflict, Expr where) {
        int n = t.columns().size();
        if (triggers || changed[n] || orConflict == ConflictAction.REPLACE || (where != null && hasSubquery(where))) {
            return true;
        }
        for (Index ix : t.indexes()) {
            boolean touched = touches(t, ix, changed);
            if (touched && orConflict == null && ix.onConflict() == ConflictAction.REPLACE) {
                return true;
            }
            if (touched && whereLevel instanceof IndexLevel il && il.indexName().equalsIgnoreCase(ix.name())) {
                return true;
            }
        }
        return false;
    }

    /** Whether the UPDATE changes one of the index's key columns or what its WHERE reads. */
    private static boolean touches(Table t, Index ix, boolean[] changed) {
        for (int i = 0; i < ix.columns().length; i++) {
            int c = ix.columns()[i];
            if (c >= 0 ? changed[c] : c == -1 ? changed[changed.length - 1] : reads(t, ix.exprs()[i], changed)) {
                return true;
            }
        }
        return ix.where() != null && reads(t, ix.where(), changed);
    }

    private static boolean reads(Table t, Expr e, boolean[] changed) {
        for (int c : Writers.columnsRead(t, e)) {
            if (c < 0 ? changed[changed.length - 1] : changed[c]) {
                return true;
            }
        }
        return false;
    }

    private static boolean hasSubquery(Expr e) {
        if (e instanceof Expr.Subquery || e instanceof Expr.Exists || e instanceof Expr.InSelect
                || e instanceof Expr.InTable) {
            return true;
        }
        for (Expr child : ExprWalker.children(e)) {
            if (hasSubquery(child)) {
                return true;
            }
        }
        return false;
    }
}
