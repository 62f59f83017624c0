package io.onelite.plan;

import io.onelite.btree.Collation;
import io.onelite.catalog.Column;
import io.onelite.catalog.Index;
import io.onelite.catalog.Table;
import io.onelite.exec.InTableLookup;
import io.onelite.sql.ast.Expr;
import io.onelite.sql.ast.FromItem;
import io.onelite.sql.ast.ResultColumn;
import io.onelite.sql.ast.SelectCore;
import io.onelite.sql.ast.SelectStmt;


/**
 * Decides whether {@code x IN (SELECT c FROM t)} may test membership by looking x up in t's own
 * b-tree ({@link InTableLookup}), by SQLite's rules ({@code isCandidateForInOpt} and
 * {@code sqlite3FindInIndex}): the subquery is one SELECT of one real table with no WHERE,
 * DISTINCT, GROUP BY, HAVING or LIMIT, its one result column a column of that table; then t's
 * rowids serve when c is the rowid, else a whole (not partial) index whose first column is c,
 * when the comparison's affinity suits c's ({@link Comparisons#indexAffinityOk}: so x, converted,
 * is found as c stores it) and the index's collation is the comparison's.
 */
final class InLookupPlanner {
    private InLookupPlanner() {
    }

    /**
     * The lookup for {@code select} as the right side of IN, or null when its rows must be taken
     * (not such a subquery, or no b-tree of t fits). {@code cmpAffinity} is the affinity IN
     * applies ({@link Comparisons#inAffinity}, 0 for none), {@code coll} its collation; {@code
     * live}: the tests run while the statement writes.
     */
    static InTableLookup find(Planner planner, SelectStmt select, char cmpAffinity, Collation coll, boolean live) {
        if (select.with() != null || !select.compounds().isEmpty() || select.limit() != null
                || !(select.first() instanceof SelectCore.Query q)) {
            return null;
        }
        if (q.distinct() || q.where() != null || !q.groupBy().isEmpty() || q.having() != null
                || !(q.from() instanceof FromItem.Table from) || q.columns().size() != 1
                || !(q.columns().get(0) instanceof ResultColumn.Expression rc)
                || !(rc.expr() instanceof Expr.ColumnRef ref)) {
            return null;
        }
        String name = from.name().name();
        if (from.name().schema() == null
                && (planner.cte(name) != null || planner.cteExpansion.read(from) != null)) {
            return null;
        }
        Table t = planner.schema.table(from.name());
        if (t == null || ref.schema() != null) {
            return null;
        }
        String alias = from.alias() != null ? from.alias() : name;
        if (ref.table() != null && !ref.table().equalsIgnoreCase(alias)) {
            return null;
        }
        int col = columnOf(t, ref.column());
        if (col == -2) {
            return null;
        }
        if (col == -1 || col == t.rowidAlias()) { // neither in a WITHOUT ROWID table
            return InTableLookup.rowids(AccessPlanner.access(t), live);
        }
        Column c = t.columns().get(col);
        if (c.generated() != null) {
            return null; // SQLite may use an index on it; its rows give the same answer
        }
        if (!Comparisons.indexAffinityOk(cmpAffinity, c.affinity())) {
            return null; // x made a number would miss the text c keeps
        }
        for (Index ix : AccessPlanner.indexesOf(t)) {
            if (ix.where() == null && ix.columns().length > 0 && ix.columns()[0] == col
                    && ix.collations()[0] == coll) {
                return InTableLookup.index(AccessPlanner.access(t), ix.root(), ix.keyInfo(), !c.notNull(), live);
            }
        }
        return null;
    }

    /** The column named {@code name}: its index, -1 for the rowid, -2 when t has no such column. */
    private static int columnOf(Table t, String name) {
        int i = t.columnIndex(name);
        if (i >= 0) {
            return i;
        }
        return Scope.isRowidName(name) && !t.withoutRowid() ? -1 : -2;
    }
}
