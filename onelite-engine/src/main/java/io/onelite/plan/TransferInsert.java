package io.onelite.plan;

import io.onelite.catalog.Column;
import io.onelite.catalog.RowCursor;
import io.onelite.catalog.Storage;
import io.onelite.catalog.Table;
import io.onelite.common.ResultCode;
import io.onelite.exec.ConstraintHalt;
import io.onelite.exec.ExecContext;
import io.onelite.exec.TableWriter;
import io.onelite.sql.ast.FromItem;
import io.onelite.sql.ast.InsertStmt;
import io.onelite.sql.ast.ResultColumn;
import io.onelite.sql.ast.SelectCore;
import io.onelite.sql.ast.SelectStmt;

import java.util.List;
import java.util.Objects;

/**
 * {@code INSERT INTO dest SELECT * FROM src} between rowid tables of one shape, done by copying
 * each stored record as it is (SQLite's transfer optimization, insert.c's xferOptimization): no
 * row is decoded, checked or encoded again. Only where that cannot show: the same number of
 * columns with the same affinities, collations, defaults and INTEGER PRIMARY KEY position, no
 * generated column, a NOT NULL in dest only where src has one too; dest without indexes, CHECK
 * constraints, triggers, AUTOINCREMENT, STRICT or a declared ON CONFLICT on its key; a plain
 * {@code SELECT *} of one table other than dest; no column list, WITH, upsert or RETURNING. The
 * rowid is kept when dest has an INTEGER PRIMARY KEY (an existing one fails as the insert would),
 * else a new one is taken, as the insert of the decoded row would. At run time the copy steps
 * aside (the row-by-row insert runs) under OR IGNORE or OR REPLACE, inherited ones included, and
 * when foreign keys are enforced and dest takes part in one.
 */
final class TransferInsert {
    private final Table src;
    private final Table dest;
    private final boolean foreignKeys;
    private final String keyName;

    /** Whether every row takes a new rowid: the INTEGER PRIMARY KEY left out of both column lists. */
    private final boolean newRowids;

    private TransferInsert(Table src, Table dest, boolean foreignKeys, boolean newRowids) {
        this.src = src;
        this.dest = dest;
        this.foreignKeys = foreignKeys;
        this.newRowids = newRowids;
        this.keyName = dest.rowidAlias() >= 0 ? dest.name() + "." + dest.columns().get(dest.rowidAlias()).name() : null;
    }

    /** The copy for {@code s} into {@code dest}, or null when it is not one SQLite would make. */
    static TransferInsert of(Planner planner, InsertStmt s, Table dest, boolean triggers, boolean foreignKeys) {
        if (s.with() != null || !s.upserts().isEmpty() || !s.returning().isEmpty()
                || triggers || s.orConflict() != null && s.orConflict() != io.onelite.sql.ast.ConflictAction.ABORT) {
            return null;
        }
        boolean newRowids = !s.columns().isEmpty();
        Table src = newRowids ? everyColumnButTheKey(planner, s.select(), s.columns(), dest) : plainStarSource(planner, s.select());
        if (src == null || src.isSchemaTable() || src.withoutRowid() || dest.withoutRowid()
                || src.db().equals(dest.db()) && src.root() == dest.root()) {
            return null;
        }
        if (!dest.indexes().isEmpty() || !dest.checks().isEmpty() || dest.autoincrement() || dest.strict()
                || dest.rowidAlias() != src.rowidAlias()
                || dest.rowidAlias() >= 0 && dest.columns().get(dest.rowidAlias()).primaryKeyConflict() != null
                || dest.columns().size() != src.columns().size()) {
            return null;
        }
        for (int i = 0; i < dest.columns().size(); i++) {
            if (!sameShape(dest.columns().get(i), src.columns().get(i))) {
                return null;
            }
        }
        return new TransferInsert(src, dest, foreignKeys, newRowids);
    }

    /**
     * For {@code INSERT INTO dest(c1, ...) SELECT a1, ... FROM src}: src when the list names every
     * column of dest but its INTEGER PRIMARY KEY, in table order, and the SELECT every column of
     * src but its own, in table order, as plain column names: each row is then src's record (the
     * key's NULL in place) under a new rowid. Else null.
     */
    private static Table everyColumnButTheKey(Planner planner, SelectStmt select, List<String> columns, Table dest) {
        Table src = inTableOrderButTheKey(columns, dest) ? plainSource(planner, select) : null;
        if (src == null || ((SelectCore.Query) select.first()).columns().size() != columns.size()) {
            return null;
        }
        List<String> names = new java.util.ArrayList<>();
        for (ResultColumn c : ((SelectCore.Query) select.first()).columns()) {
            // a qualifier can only name src here: the SELECT was planned, its names resolved
            if (!(c instanceof ResultColumn.Expression e) || !(e.expr() instanceof io.onelite.sql.ast.Expr.ColumnRef r)) {
                return null;
            }
            names.add(r.column());
        }
        return inTableOrderButTheKey(names, src) ? src : null;
    }

    /** Whether {@code names} are {@code t}'s columns but its INTEGER PRIMARY KEY, in table order. */
    private static boolean inTableOrderButTheKey(List<String> names, Table t) {
        int k = 0;
        for (int i = 0; i < t.columns().size(); i++) {
            if (i == t.rowidAlias()) {
                continue;
            }
            if (k >= names.size() || !names.get(k++).equalsIgnoreCase(t.columns().get(i).name())) {
                return false;
            }
        }
        return k == names.size();
    }

    /**
     * {@code CREATE TABLE dest AS SELECT * FROM src} of a rowid table: dest's columns are src's,
     * typed by their affinities and without a key, so each of its rows is src's record with the
     * rowid alias's NULL replaced by the rowid, under a new rowid, as the insert of the decoded
     * row would store it. A row whose record holds fewer columns (older than a column ALTER
     * TABLE added, or with VIRTUAL columns) is read whole and inserted through {@code writer}.
     * False, nothing done, when the SELECT is another one.
     */
    static boolean copyAs(Planner planner, SelectStmt select, ExecContext ctx, Table dest, TableWriter writer) {
        Table src = plainStarSource(planner, select);
        if (src == null || src.isSchemaTable() || src.withoutRowid() || src.columns().size() != dest.columns().size()) {
            return false;
        }
        Storage out = ctx.storage(dest.db());
        RowCursor from = ctx.storage(src.db()).openTable(src.root());
        RowCursor to = out.openTable(dest.root());
        io.onelite.exec.CursorRow row = AccessPlanner.access(planner, src).row(from, ctx);
        int n = src.columns().size();
        int alias = src.rowidAlias();
        int[] aliasAt = {alias};
        // the table is this statement's own: outside BEGIN CONCURRENT (whose rowids come from the
        // shared allocator's leases) each new rowid is the last one + 1, the max + 1 SQLite takes
        long last = 0;
        boolean sequential = !out.tracesWrites();
        for (boolean ok = from.first(); ok; ok = from.next()) {
            long rowid = from.rowid();
            if (from.columnCount() < n) {
                Object[] v = row.values();
                if (alias >= 0) {
                    v[alias] = rowid;
                }
                writer.insert(ctx, v, null, TableWriter.OnConflict.ABORT);
                last = 0; // inserted by the writer: asked of the allocator again
                continue;
            }
            byte[] record = alias < 0 ? from.recordBytes() : from.patchedRecord(aliasAt, new Object[] {rowid});
            last = sequential && last > 0 && last < Long.MAX_VALUE ? last + 1 : out.newRowid(to, dest.root());
            to.insertRecord(last, record);
        }
        return true;
    }

    /** The table of {@code SELECT * FROM table} and nothing more, else null. */
    private static Table plainStarSource(Planner planner, SelectStmt select) {
        Table t = plainSource(planner, select);
        SelectCore.Query q = t == null ? null : (SelectCore.Query) select.first();
        return q != null && q.columns().size() == 1 && q.columns().get(0) instanceof ResultColumn.Star ? t : null;
    }

    /** The table of {@code SELECT ... FROM table} with no other clause, else null. */
    private static Table plainSource(Planner planner, SelectStmt select) {
        if (select == null || select.with() != null || !select.compounds().isEmpty() || !select.orderBy().isEmpty()
                || select.limit() != null || select.offset() != null) {
            return null;
        }
        if (!(select.first() instanceof SelectCore.Query q) || q.distinct() || q.where() != null
                || !q.groupBy().isEmpty() || q.having() != null || !q.windows().isEmpty()
                || !(q.from() instanceof FromItem.Table ft) || ft.indexedBy() != null || ft.notIndexed()) {
            return null;
        }
        return planner.schema.table(ft.name());
    }

    /** Whether a stored value of {@code s} reads the same from {@code d}, and {@code d} would accept it. */
    private static boolean sameShape(Column d, Column s) {
        return d.generated() == null && s.generated() == null && d.affinity() == s.affinity()
                && collation(d).equalsIgnoreCase(collation(s)) && (!d.notNull() || s.notNull())
                && Objects.equals(d.defaultText(), s.defaultText()); // a short record reads dest's defaults
    }

    private static String collation(Column c) {
        return c.collation() == null ? "BINARY" : c.collation();
    }

    /**
     * Copies the rows, counting them in {@code count}; false (nothing done) when the row-by-row
     * insert must run instead: {@code action} IGNORE or REPLACE, or foreign keys enforced.
     */
    boolean run(ExecContext ctx, TableWriter.OnConflict action, DmlStatement.RowCount count) {
        if (action == TableWriter.OnConflict.IGNORE || action == TableWriter.OnConflict.REPLACE
                || foreignKeys && ctx.session.foreignKeys()) {
            return false;
        }
        Storage out = ctx.storage(dest.db());
        RowCursor from = ctx.storage(src.db()).openTable(src.root());
        RowCursor to = out.openTable(dest.root());
        boolean keepRowid = dest.rowidAlias() >= 0 && !newRowids;
        long last = 0;
        for (boolean ok = from.first(); ok; ok = from.next()) {
            long rowid = keepRowid ? from.rowid() : out.newRowid(to, dest.root());
            // each kept rowid is looked up as the insert's check does: in BEGIN CONCURRENT a read of that row only
            if (keepRowid && to.seek(rowid)) {
                throw ConstraintHalt.of(action == null ? TableWriter.OnConflict.ABORT : action,
                        ResultCode.CONSTRAINT_PRIMARYKEY, "UNIQUE constraint failed: " + keyName);
            }
            to.insertRecord(rowid, from.recordBytes());
            count.n++;
            last = rowid;
        }
        if (count.n > 0) {
            ctx.session.setLastInsertRowid(last);
        }
        return true;
    }
}
