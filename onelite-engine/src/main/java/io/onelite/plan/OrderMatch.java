package io.onelite.plan;

import io.onelite.catalog.Index;
import io.onelite.catalog.Table;
import io.onelite.sql.ast.Expr;

import java.util.List;

/**
 * Whether walking the rowid or an index yields rows in a wanted order, and in which direction
 * (as SQLite's {@code wherePathSatisfiesOrderBy}, for one source). The walk's order is the index
 * columns, then the rowid (every index key ends with it); a column held constant by an equality
 * term may appear anywhere in the wanted order or not at all. A wanted term matches the next
 * index column when it is the same column under the index column's collation, with NULLs where
 * the walk puts them (first when ascending, last when descending); its direction against the
 * index column's says whether the walk goes forward or in reverse, and every term must agree.
 * An index column on an expression matches a term whose expression is the same tree (see
 * {@link IndexExprs}). Once the rowid matched, the order is total: later terms cannot change it. A GROUP BY term
 * takes any direction (groups only need to be runs); the walk then goes forward.
 */
final class OrderMatch {
    static final int NO = -1;
    static final int FORWARD = 0;
    static final int REVERSE = 1;

    private OrderMatch() {
    }

    /** Rowid order (a table scan or rowid range). */
    static int rowid(List<AccessPlanner.OrderTerm> order) {
        return walk(new int[] {-1}, new Expr[1], new String[] {"BINARY"}, new boolean[1], new boolean[1], order);
    }

    /**
     * Order of {@code ix}; {@code constant[p]} = key column p is fixed by an equality term with a
     * single value (length: the index columns plus the rowid).
     */
    static int index(Index ix, Table t, boolean[] constant, List<AccessPlanner.OrderTerm> order) {
        int n = ix.columns().length;
        // after its own columns an entry holds the rowid, or a WITHOUT ROWID table's primary-key
        // columns it does not hold already, in the primary key's collations and order (SQLite
        // walks those too: WHERE r = ? ORDER BY p needs no sort); the primary key itself, nothing
        io.onelite.catalog.ClusteredKey pk = t.clustered();
        int[] suffix = pk == null ? null : ix.root() == t.root() ? new int[0] : pk.indexSuffix(ix.columns(), ix.collations());
        int len = n + (suffix == null ? 1 : suffix.length);
        int[] cols = new int[len];
        String[] colls = new String[len];
        boolean[] desc = new boolean[len];
        for (int p = 0; p < n; p++) {
            int c = ix.columns()[p];
            cols[p] = c >= 0 && c == t.rowidAlias() ? -1 : c < 0 ? -2 : c;
            colls[p] = ix.keyInfo().collation(p).name();
            desc[p] = ix.keyInfo().descending(p);
        }
        if (suffix == null) {
            cols[n] = -1;
            colls[n] = "BINARY";
        } else {
            for (int i = 0; i < suffix.length; i++) {
                int j = suffix[i];
                cols[n + i] = pk.keyColumns()[j];
                colls[n + i] = pk.keyInfo().collation(j).name();
                desc[n + i] = pk.keyInfo().descending(j);
            }
        }
        Expr[] exprs = java.util.Arrays.copyOf(IndexExprs.ofIndex(t, ix.exprs()), len);
        return walk(cols, exprs, colls, desc, java.util.Arrays.copyOf(constant, Math.max(len, constant.length)), order);
    }

    /**
     * How many leading terms of {@code order} walking {@code ix} yields (0 when not even the
     * first), and in which direction ({FORWARD or REVERSE}); {@code order} itself is not one of
     * them (see {@link #index}). The rest can then be sorted within each run of equal leading terms.
     */
    static int[] indexPrefix(Index ix, Table t, boolean[] constant, List<AccessPlanner.OrderTerm> order) {
        for (int k = order.size() - 1; k > 0; k--) {
            int dir = index(ix, t, constant, order.subList(0, k));
            if (dir != NO) {
                return new int[] {k, dir};
            }
        }
        return new int[] {0, NO};
    }

    /** Whether position {@code p} of the walk is the term's column (or, for -2, its expression). */
    private static boolean same(int[] cols, Expr[] exprs, int p, AccessPlanner.OrderTerm term) {
        return cols[p] == term.column() && (cols[p] != -2 || (exprs[p] != null && exprs[p].equals(term.expr())));
    }

    private static int walk(int[] cols, Expr[] exprs, String[] colls, boolean[] desc, boolean[] constant,
                            List<AccessPlanner.OrderTerm> order) {
        if (order == null || order.isEmpty()) {
            return order == null ? NO : FORWARD;
        }
        int pos = 0;
        int dir = -1;
        for (AccessPlanner.OrderTerm term : order) {
            if (isConstant(cols, exprs, colls, constant, term)) {
                continue;
            }
            while (pos < cols.length && constant[pos]) {
                pos++;
            }
            if (pos >= cols.length || !same(cols, exprs, pos, term)) {
                return NO;
            }
            boolean rowid = term.column() == -1;
            if (!rowid && !colls[pos].equalsIgnoreCase(term.collation())) {
                return NO;
            }
            if (!term.anyDirection()) {
                if (!rowid && term.nullsFirst() == term.desc()) {
                    return NO;
                }
                int d = term.desc() != desc[pos] ? REVERSE : FORWARD;
                if (dir >= 0 && d != dir) {
                    return NO;
                }
                dir = d;
            }
            if (rowid) {
                return dir < 0 ? FORWARD : dir; // unique: the order is total
            }
            pos++;
        }
        return dir < 0 ? FORWARD : dir;
    }

    private static boolean isConstant(int[] cols, Expr[] exprs, String[] colls, boolean[] constant,
                                      AccessPlanner.OrderTerm term) {
        for (int p = 0; p < cols.length; p++) {
            if (constant[p] && same(cols, exprs, p, term) && (term.column() == -1
                    || colls[p].equalsIgnoreCase(term.collation()))) {
                return true;
            }
        }
        return false;
    }
}
