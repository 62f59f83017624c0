package io.onelite.plan;

import io.onelite.catalog.RowCursor;
import io.onelite.catalog.Schema;
import io.onelite.catalog.Storage;
import io.onelite.catalog.Table;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code PRAGMA foreign_key_check[(table)]}: one row (table, rowid, parent, fkid) per child row
 * whose non-NULL key has no parent row, as SQLite's {@code pragma.c}. Rows come table by table,
 * then in rowid order (primary-key order, with a NULL rowid, for a WITHOUT ROWID table), each row checked against its foreign keys in {@code foreign_key_list}
 * order (fkid 0 = the last declared). Without an argument the tables come in schema order
 * (SQLite walks its table hash, which gives that order for small schemas).
 */
public final class ForeignKeyCheck {
    private ForeignKeyCheck() {
    }

    public static final List<String> COLUMNS = List.of("table", "rowid", "parent", "fkid");

    /**
     * Runs the check on {@code tableName}'s foreign keys, or every table's when null.
     *
     * @throws OneLiteException "no such table" for an unknown table, "foreign key mismatch" when
     *                          a parent has no key the foreign key can use
     */
    public static List<Object[]> run(Schema schema, io.onelite.exec.ExecContext ctx,
                                     io.onelite.exec.func.AppFunctions functions, String tableName) {
        List<Table> tables = new ArrayList<>();
        if (tableName != null) {
            Table t = schema.table(tableName);
            if (t == null) {
                throw new OneLiteException(ResultCode.ERROR, "no such table: " + tableName);
            }
            tables.add(t);
        } else {
            tables.addAll(schema.tables());
        }
        List<Object[]> out = new ArrayList<>();
        Planner planner = new Planner(schema, functions);
        for (Table t : tables) {
            check(schema, planner, ctx, t, out);
        }
        return out;
    }

    private static void check(Schema schema, Planner planner, io.onelite.exec.ExecContext ctx, Table t, List<Object[]> out) {
        Storage storage = ctx.storage;
        List<Table.ForeignKey> fks = new ArrayList<>(t.foreignKeys());
        if (fks.isEmpty() || t.isSchemaTable()) {
            return;
        }
        java.util.Collections.reverse(fks);
        ParentKey[] parents = new ParentKey[fks.size()];
        int[][] childCols = new int[fks.size()][];
        for (int f = 0; f < fks.size(); f++) {
            parents[f] = ParentKey.locate(schema, t, fks.get(f));
            childCols[f] = fks.get(f).columns().stream().mapToInt(t::columnIndex).toArray();
        }
        // with the planner: a key of VIRTUAL generated columns is computed from the row, as SQLite's
        io.onelite.exec.TableAccess access = AccessPlanner.access(planner, t);
        RowCursor c = access.open(storage); // a WITHOUT ROWID table: its clustered tree
        io.onelite.exec.CursorRow row = access.row(c, ctx);
        for (boolean ok = c.first(); ok; ok = c.next()) {
            for (int f = 0; f < fks.size(); f++) {
                Object[] key = childKey(t, c, row, childCols[f]);
                if (key != null && (parents[f] == null || !parents[f].exists(storage, key))) {
                    out.add(new Object[]{t.name(), t.withoutRowid() ? null : c.rowid(),
                            fks.get(f).clause().table(), (long) f});
                }
            }
        }
    }

    /** The child row's key values, or null when one of them is NULL (such a row is never checked). */
    static Object[] childKey(Table t, RowCursor c, io.onelite.exec.RowSource row, int[] cols) {
        Object[] key = new Object[cols.length];
        for (int i = 0; i < cols.length; i++) {
            int col = cols[i];
            key[i] = col == t.rowidAlias() ? (Object) c.rowid() : row.column(col);
            if (key[i] == null) {
                return null;
            }
        }
        return key;
    }
}
