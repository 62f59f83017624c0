package io.onelite.plan;

import io.onelite.catalog.Index;
import io.onelite.catalog.Table;
import io.onelite.exec.IndexLevel;
import io.onelite.exec.Level;
import io.onelite.sql.ast.ConflictAction;
import io.onelite.sql.ast.Expr;


/**
 * The order an UPDATE writes its rows in, as SQLite's update.c decides it: in the WHERE loop's
 * order when it can update in one pass (ONEPASS_MULTI), else in rowid order, or a WITHOUT ROWID
 * table's primary-key order (the two-pass UPDATE collects the rowids or keys first and reads them
 * back sorted). The order shows when rows conflict with each other (which of two rows OR REPLACE
 * keeps, which OR IGNORE skips). One pass needs no triggers, no foreign keys (checked when the
 * statement runs), no change of the rowid or primary key, no REPLACE (the statement's, or that of
 * an index the UPDATE changes), no subquery in WHERE, no multi-index OR, and a WHERE index the
 * UPDATE leaves alone.
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
        if (triggers || changed[n] || orConflict == ConflictAction.REPLACE || (where != null && ExprWalker.hasSubquery(where))) {
            return true;
        }
        if (whereLevel instanceof io.onelite.exec.OrLevel) {
            return true; // where.c: no one-pass UPDATE through a multi-index OR (its rows may come twice)
        }
        if (t.clustered() != null) {
            for (int c : t.clustered().primaryKeyColumns()) {
                if (changed[c]) {
                    return true; // a WITHOUT ROWID row whose key changes (SQLite's chngPk)
                }
            }
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

    /**
     * The order of a two-pass UPDATE's changes ({@code [ref, ...]}, ref a rowid or a WITHOUT ROWID
     * primary key): rowid order, or the primary key's (its collations and sort orders), as SQLite
     * reads back the rowids or keys it collected.
     */
    static java.util.Comparator<Object[]> twoPassOrder(Table t) {
        if (t.clustered() == null) {
            return java.util.Comparator.comparingLong(c -> (Long) c[0]);
        }
        io.onelite.btree.KeyInfo key = t.clustered().keyInfo();
        return (x, y) -> {
            Object[] a = (Object[]) x[0];
            Object[] b = (Object[]) y[0];
            for (int i = 0; i < a.length; i++) {
                int c = io.onelite.exec.ValueOps.compare(a[i], b[i], key.collation(i));
                if (c != 0) {
                    return key.descending(i) ? -c : c;
                }
            }
            return 0;
        };
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
}
