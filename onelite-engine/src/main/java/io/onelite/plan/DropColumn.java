package io.onelite.plan;

import io.onelite.catalog.ClusteredKey;
import io.onelite.catalog.Column;
import io.onelite.catalog.Index;
import io.onelite.catalog.KeyCursor;
import io.onelite.catalog.RowCursor;
import io.onelite.catalog.Schema;
import io.onelite.catalog.Storage;
import io.onelite.catalog.Table;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.sql.Parser;
import io.onelite.sql.ast.ColumnConstraint;
import io.onelite.sql.ast.ColumnDef;
import io.onelite.sql.ast.CreateTableStmt;
import io.onelite.sql.ast.Expr;
import io.onelite.sql.ast.IndexedColumn;
import io.onelite.sql.ast.TableConstraint;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code ALTER TABLE t DROP COLUMN c}, as SQLite's {@code sqlite3AlterDropColumn}:
 * <ol>
 *   <li>refused at once for a view, an internal table, an unknown column, a PRIMARY KEY or
 *       column-level UNIQUE column, or the table's only column;</li>
 *   <li>the definition is cut out of the stored CREATE TABLE text ({@link CreateTableText});</li>
 *   <li>the views and triggers must compile before the change ({@link SchemaCheck});</li>
 *   <li>the schema must still make sense without the column ("error in table|index|view|trigger
 *       X after drop column: ..."): the table's own constraints and generated columns, then
 *       its indexes (columns, expressions, WHERE), then every view and trigger, compiled again
 *       against the new schema;</li>
 *   <li>every row is written again without the column (values a short record lacks take the
 *       column's default, as SQLite's OP_Column supplies it), and the schema cookie moves.</li>
 * </ol>
 * The caller runs it inside a statement savepoint, so a failed check leaves nothing behind.
 */
final class DropColumn {
    private DropColumn() {
    }

    static void execute(Table t, String columnName, Schema schema, Storage st,
                        io.onelite.exec.func.AppFunctions functions) {
        int ci = t.columnIndex(columnName);
        if (ci < 0) {
            throw error("no such column: \"" + columnName + "\"");
        }
        Column col = t.columns().get(ci);
        if (col.primaryKey() > 0) {
            throw error("cannot drop PRIMARY KEY column: \"" + col.name() + "\"");
        }
        CreateTableStmt ct = Parser.parse(t.sql(), 0).stmt() instanceof CreateTableStmt c ? c : null;
        CreateTableText text = CreateTableText.of(t.sql());
        if (ct == null || text == null || text.columnStarts().length != t.columns().size()) {
            throw error("cannot drop column from table " + t.name() + ": its CREATE TABLE text is not understood");
        }
        if (ct.columns().get(ci).constraint(ColumnConstraint.Unique.class) != null) {
            throw error("cannot drop UNIQUE column: \"" + col.name() + "\"");
        }
        if (t.columns().size() <= 1) {
            throw error("cannot drop column \"" + col.name() + "\": no other columns exist");
        }
        String name = col.name();
        SchemaCheck.viewsAndTriggers(schema, functions, "");
        checkTable(t, ct, ci, name);
        for (Index ix : t.indexes()) {
            checkIndex(ix, ci, name);
        }
        String newSql = text.dropColumn(ci);
        rewriteSchemaRow(st, t.name(), newSql);
        Schema after = Schema.load(st);
        SchemaCheck.viewsAndTriggers(after, functions, "after drop column");
        if (t.clustered() != null) {
            rewriteClusteredRows(t, after.table(t.name()).clustered(), ci, st);
        } else {
            rewriteRows(t, ci, st);
        }
        DdlExecutor.bumpCookie(st);
    }

    private static OneLiteException error(String message) {
        return new OneLiteException(ResultCode.ERROR, message);
    }

    /** The table's other columns' CHECK and generated expressions, and its table constraints. */
    private static void checkTable(Table t, CreateTableStmt ct, int ci, String name) {
        String prefix = "error in table " + t.name() + " after drop column: ";
        for (TableConstraint c : ct.constraints()) {
            if (c instanceof TableConstraint.Unique u && indexedColumnsUse(u.columns(), name)) {
                throw error(prefix + "no such column: " + name);
            }
            if (c instanceof TableConstraint.ForeignKey fk && fk.columns().stream().anyMatch(name::equalsIgnoreCase)) {
                throw error(prefix + "unknown column \"" + name + "\" in foreign key definition");
            }
        }
        List<Expr> exprs = new ArrayList<>();
        for (int i = 0; i < ct.columns().size(); i++) {
            if (i == ci) {
                continue; // its own constraints go with it
            }
            ColumnDef d = ct.columns().get(i);
            for (ColumnConstraint c : d.constraints()) {
                if (c instanceof ColumnConstraint.Check ch) {
                    exprs.add(ch.expr());
                } else if (c instanceof ColumnConstraint.Generated g) {
                    exprs.add(g.expr());
                }
            }
        }
        for (TableConstraint c : ct.constraints()) {
            if (c instanceof TableConstraint.Check ch) {
                exprs.add(ch.expr());
            }
        }
        for (Expr e : exprs) {
            Expr.ColumnRef ref = reference(e, name);
            if (ref != null) {
                throw error(prefix + "no such column: " + written(ref));
            }
        }
    }

    private static boolean indexedColumnsUse(List<IndexedColumn> cols, String name) {
        for (IndexedColumn ic : cols) {
            if (reference(ic.expr(), name) != null) {
                return true;
            }
        }
        return false;
    }

    private static void checkIndex(Index ix, int ci, String name) {
        boolean uses = false;
        for (int i = 0; i < ix.columns().length; i++) {
            uses |= ix.columns()[i] == ci || (ix.columns()[i] == -2 && reference(ix.exprs()[i], name) != null);
        }
        uses |= ix.where() != null && reference(ix.where(), name) != null;
        if (uses) {
            throw error("error in index " + ix.name() + " after drop column: no such column: " + name);
        }
    }

    /** The first reference to column {@code name} in {@code e} (these expressions read one table only). */
    private static Expr.ColumnRef reference(Expr e, String name) {
        if (e instanceof Expr.ColumnRef r && r.column().equalsIgnoreCase(name)) {
            return r;
        }
        for (Expr child : ExprWalker.children(e)) {
            Expr.ColumnRef r = reference(child, name);
            if (r != null) {
                return r;
            }
        }
        return null;
    }

    private static String written(Expr.ColumnRef r) {
        return r.table() == null ? r.column() : r.table() + "." + r.column();
    }

    private static void rewriteSchemaRow(Storage st, String table, String newSql) {
        RowCursor c = st.openTable(1);
        for (boolean ok = c.first(); ok; ok = c.next()) {
            Object[] r = c.row();
            if ("table".equals(r[0]) && table.equalsIgnoreCase(String.valueOf(r[1]))) {
                long rowid = c.rowid();
                st.openTable(1).insert(rowid, new Object[]{r[0], r[1], r[2], r[3], newSql});
                return;
            }
        }
        throw error("no such table: " + table);
    }

    /** Writes every row again without column {@code ci}. */
    private static void rewriteRows(Table t, int ci, Storage st) {
        io.onelite.catalog.RecordLayout layout = io.onelite.catalog.RecordLayout.of(t);
        if (layout.isVirtual(ci)) {
            return; // nothing of it is stored, and the other columns stay where they are
        }
        Object[] defaults = AccessPlanner.access(t).defaults();
        int n = t.columns().size();
        RowCursor read = st.openTable(t.root());
        RowCursor write = st.openTable(t.root());
        List<Long> rowids = new ArrayList<>();
        for (boolean ok = read.first(); ok; ok = read.next()) {
            rowids.add(read.rowid());
        }
        for (long rowid : rowids) {
            if (!read.seek(rowid)) {
                continue;
            }
            int stored = read.columnCount();
            List<Object> row = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                int p = layout.position(i);
                if (i == ci || p < 0) {
                    continue; // the dropped column, or a VIRTUAL one (not stored)
                }
                row.add(i == t.rowidAlias() ? null : p < stored ? read.column(p) : defaults[i]);
            }
            write.insert(rowid, row.toArray());
        }
    }

    /**
     * Writes every row of a WITHOUT ROWID table again without column {@code ci}: the keys are
     * rebuilt in the new layout (the primary key, never the dropped column, keeps them in the
     * same order); secondary index keys hold no dropped column, so they stay as they are.
     */
    private static void rewriteClusteredRows(Table t, ClusteredKey newLayout, int ci, Storage st) {
        ClusteredKey old = t.clustered();
        Object[] defaults = AccessPlanner.access(t).defaults();
        int n = t.columns().size();
        KeyCursor read = st.openIndex(t.root(), old.keyInfo());
        List<Object[]> keys = new ArrayList<>();
        for (boolean ok = read.first(); ok; ok = read.next()) {
            keys.add(read.key());
        }
        KeyCursor write = st.openIndex(t.root(), newLayout.keyInfo());
        for (Object[] key : keys) {
            Object[] stored = old.row(key);
            Object[] row = new Object[n - 1];
            for (int i = 0, j = 0; i < n; i++) {
                if (i != ci) {
                    row[j++] = i < stored.length ? stored[i] : defaults[i];
                }
            }
            st.openIndex(t.root(), old.keyInfo()).delete(key);
            write.insert(newLayout.key(row));
        }
    }
}
