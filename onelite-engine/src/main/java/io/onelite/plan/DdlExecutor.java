package io.onelite.plan;

import io.onelite.catalog.Index;
import io.onelite.catalog.RowCursor;
import io.onelite.catalog.Schema;
import io.onelite.catalog.Storage;
import io.onelite.catalog.Table;
import io.onelite.catalog.TableBuilder;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.exec.ExecContext;
import io.onelite.exec.TableWriter;
import io.onelite.pager.FileHeader;
import io.onelite.sql.ast.CreateIndexStmt;
import io.onelite.sql.ast.CreateTableStmt;
import io.onelite.sql.ast.CreateViewStmt;
import io.onelite.sql.ast.DropStmt;
import io.onelite.sql.ast.Stmt;

import java.util.ArrayList;
import java.util.List;

/**
 * Runs CREATE and DROP statements: allocates or frees trees, writes or deletes the rows of
 * {@code sqlite_schema} and bumps the schema cookie (header offset 40), as SQLite's
 * {@code sqlite3EndTable}/{@code sqlite3CreateIndex}/{@code sqlite3DropTable}.
 */
public final class DdlExecutor {
    private DdlExecutor() {
    }

    /** Whether {@code s} defines a table or an index, whose definition {@link #checkDefinition} checks. */
    public static boolean hasDefinition(Stmt s) {
        return s instanceof CreateTableStmt ct && ct.asSelect() == null || s instanceof CreateIndexStmt;
    }

    /**
     * The checks SQLite makes when it prepares a CREATE TABLE or CREATE INDEX (the same run again
     * when it executes): what the definition holds, not whether its names are free. An index on a
     * table not there yet is left to execution.
     */
    public static void checkDefinition(Stmt s, Schema all, io.onelite.exec.func.AppFunctions functions) {
        if (s instanceof CreateTableStmt ct && ct.asSelect() == null) {
            Limits.tableColumns(ct.columns().size(), ct.name().name());
            DefinitionRules.checkTable(new Planner(all, functions), ct, TableBuilder.table(ct, 0));
        } else if (s instanceof CreateIndexStmt ci) {
            Schema schema = ci.name().schema() == null ? all : all.database(ci.name().schema());
            Table t = schema == null ? null : schema.table(ci.table());
            if (t != null && !t.isSchemaTable()) {
                DefinitionRules.checkIndex(new Planner(all, functions), ci, TableBuilder.index(ci, t, 0), t);
            }
        }
    }

    public static boolean isDdl(Stmt s) {
        return s instanceof CreateTableStmt || s instanceof CreateIndexStmt || s instanceof CreateViewStmt
                || s instanceof io.onelite.sql.ast.CreateVirtualTableStmt || s instanceof DropStmt || s instanceof io.onelite.sql.ast.CreateTriggerStmt
                || s instanceof io.onelite.sql.ast.MaintenanceStmt.Reindex || s instanceof io.onelite.sql.ast.AlterTableStmt;
    }

    /**
     * Whether DDL statement {@code s} has nothing to do: a CREATE ... IF NOT EXISTS of a name its
     * database has, a DROP ... IF EXISTS of a name none has. SQLite runs those on a read-only
     * connection too (they write nothing), so they take no write lock and need no writable file.
     */
    public static boolean changesNothing(Stmt s, Schema all) {
        boolean ifNotExists = s instanceof CreateTableStmt ct ? ct.ifNotExists()
                : s instanceof io.onelite.sql.ast.CreateVirtualTableStmt vt ? vt.ifNotExists()
                : s instanceof CreateViewStmt cv ? cv.ifNotExists()
                : s instanceof CreateIndexStmt ci ? ci.ifNotExists()
                : s instanceof io.onelite.sql.ast.CreateTriggerStmt tr && tr.ifNotExists();
        if (!ifNotExists && !(s instanceof DropStmt d && d.ifExists())) {
            return false;
        }
        if (!(s instanceof DropStmt) && createdName(s).toLowerCase(java.util.Locale.ROOT).startsWith("sqlite_")) {
            return false; // "object name reserved for internal use", even with IF NOT EXISTS
        }
        String db;
        try {
            db = DdlTarget.of(s, all);
        } catch (OneLiteException e) {
            return false; // the statement reports it when it runs
        }
        if (db == null) {
            return true; // DROP ... IF EXISTS of nothing
        }
        Schema schema = all.database(db);
        if (schema == null) {
            return false;
        }
        if (s instanceof DropStmt d) {
            String n = d.name().name();
            Table t = schema.table(n);
            boolean has = switch (d.kind()) {
                case TABLE, VIEW -> t != null && !t.isSchemaTable() || schema.view(n) != null || schema.virtualTable(n) != null;
                case INDEX -> schema.index(n) != null;
                case TRIGGER -> schema.trigger(n) != null;
            };
            return !has;
        }
        if (s instanceof io.onelite.sql.ast.CreateTriggerStmt tr) {
            return schema.trigger(tr.name().name()) != null;
        }
        String name = createdName(s);
        return s instanceof CreateIndexStmt ? schema.index(name) != null
                : schema.table(name) != null || schema.view(name) != null || schema.virtualTable(name) != null;
    }

    /** The name a CREATE statement gives its object. */
    private static String createdName(Stmt s) {
        return s instanceof CreateTableStmt ct ? ct.name().name()
                : s instanceof io.onelite.sql.ast.CreateVirtualTableStmt vt ? vt.name().name()
                : s instanceof CreateViewStmt cv ? cv.name().name()
                : s instanceof CreateIndexStmt ci ? ci.name().name()
                : ((io.onelite.sql.ast.CreateTriggerStmt) s).name().name();
    }

    /**
     * Runs a DDL statement against the connection's schema {@code all} (a search path): the
     * database it changes is chosen by {@link DdlTarget}, and only that one's storage is written.
     * The caller skips a statement that {@link #changesNothing} before it takes the write lock.
     */
    public static void execute(Stmt s, Schema all, ExecContext ctx) {
        String db = DdlTarget.of(s, all);
        if (db == null) {
            return; // DROP ... IF EXISTS of nothing
        }
        Schema schema = all.database(db);
        Storage st = ctx.storage(db);
        st.beginWrite();
        if (s instanceof CreateTableStmt ct) {
            createTable(ct, all, schema, ctx, st);
        } else if (s instanceof io.onelite.sql.ast.CreateVirtualTableStmt vt) {
            String name = vt.name().name();
            checkNewName(schema, name, vt.ifNotExists());
            if (schema.table(name) != null || schema.view(name) != null || schema.virtualTable(name) != null) {
                return; // IF NOT EXISTS: an app's start-up DDL passes on a file that has the table
            }
            throw new OneLiteException(ResultCode.ERROR, "no such module: " + vt.module());
        } else if (s instanceof CreateIndexStmt ci) {
            createIndex(ci, all, schema, ctx, st);
        } else if (s instanceof CreateViewStmt cv) {
            if (ctx.params.length > 0) {
                throw new OneLiteException(ResultCode.ERROR, "parameters are not allowed in views");
            }
            String name = cv.name().name();
            checkNewName(schema, name, cv.ifNotExists());
            if (schema.table(name) != null || schema.view(name) != null || schema.virtualTable(name) != null) {
                return; // IF NOT EXISTS
            }
            // the SELECT is not resolved now: SQLite accepts a view over tables or columns that
            // do not exist (yet) and reports them when the view is used
            // ... but, as SQLite's fixer, a view outside temp may not name another database's objects
            if (!Schema.TEMP.equals(db)) {
                try {
                    planner(schema, ctx).boundTo("view " + name, db).select(cv.select());
                } catch (Planner.OtherDatabaseReference e) {
                    throw e;
                } catch (OneLiteException e) {
                    // any other problem surfaces when the view is used, as in SQLite
                }
            }
            addSchemaRow(st, "view", name, name, 0, cv.sql());
            bumpCookie(st);
        } else if (s instanceof DropStmt d) {
            drop(d, schema, st);
            if ((d.kind() == DropStmt.ObjectKind.TABLE || d.kind() == DropStmt.ObjectKind.VIEW) && !Schema.TEMP.equals(db)) {
                dropTempTriggersOn(d.name().name(), db, all, ctx);
            }
        } else if (s instanceof io.onelite.sql.ast.CreateTriggerStmt tr) {
            String name = tr.name().name();
            if (schema.trigger(name) != null) {
                if (tr.ifNotExists()) {
                    return;
                }
                throw new OneLiteException(ResultCode.ERROR, "trigger " + name + " already exists");
            }
            Schema on = DdlTarget.triggerTable(tr, all, db);
            Table t = on.table(tr.table());
            if (t == null && on.virtualTable(tr.table()) != null) {
                throw new OneLiteException(ResultCode.ERROR, "cannot create triggers on virtual tables");
            }
            if (t == null && on.view(tr.table()) == null) {
                throw new OneLiteException(ResultCode.ERROR, "no such table: " + on.name() + "." + tr.table());
            }
            if (t != null && tr.time() == io.onelite.sql.ast.CreateTriggerStmt.Time.INSTEAD_OF) {
                throw new OneLiteException(ResultCode.ERROR, "cannot create INSTEAD OF trigger on table: " + tr.table());
            }
            if (t == null && tr.time() != io.onelite.sql.ast.CreateTriggerStmt.Time.INSTEAD_OF) {
                throw new OneLiteException(ResultCode.ERROR, "cannot create "
                        + (tr.time() == io.onelite.sql.ast.CreateTriggerStmt.Time.BEFORE ? "BEFORE" : "AFTER")
                        + " trigger on view: " + tr.table());
            }
            addSchemaRow(st, "trigger", name, t != null ? t.name() : on.view(tr.table()).name(), 0, tr.sql());
            bumpCookie(st);
        } else if (s instanceof io.onelite.sql.ast.AlterTableStmt a) {
            // temp views over a main table follow a renamed column (compiled before the change)
            boolean renamesMainColumn = a.action() instanceof io.onelite.sql.ast.AlterTableStmt.RenameColumn
                    && !Schema.TEMP.equals(db);
            var rc = renamesMainColumn ? (io.onelite.sql.ast.AlterTableStmt.RenameColumn) a.action() : null;
            java.util.Map<String, String> tempViews = renamesMainColumn ? tempViewsRenamed(schema, rc, a, all, ctx, false)
                    : java.util.Map.of();
            java.util.Map<String, String> tempTriggers = renamesMainColumn ? tempViewsRenamed(schema, rc, a, all, ctx, true)
                    : java.util.Map.of();
            AlterExecutor.execute(a, schema, all, st, ctx);
            if (a.action() instanceof io.onelite.sql.ast.AlterTableStmt.RenameTable rt && !Schema.TEMP.equals(db)) {
                renameInTemp(schema.table(a.table().name()).name(), rt.newName(), all, ctx);
            }
            if (!tempViews.isEmpty() || !tempTriggers.isEmpty()) {
                Storage temp = ctx.storage(Schema.TEMP);
                temp.beginWrite();
                AlterExecutor.rewriteViews(temp, tempViews);
                AlterExecutor.rewriteTriggers(temp, tempTriggers);
                bumpCookie(temp);
            }
        } else if (s instanceof io.onelite.sql.ast.MaintenanceStmt.Reindex r) {
            if (r.target() != null) {
                String n = r.target().name();
                if (schema.index(n) == null && schema.table(n) == null
                        && io.onelite.btree.Collation.byName(n) == null) {
                    throw new OneLiteException(ResultCode.ERROR, "unable to identify the object to be reindexed");
                }
            }
        }
    }

    /** A planner over {@code schema} with the functions of the connection running the statement. */
    private static Planner planner(Schema schema, ExecContext ctx) {
        return new Planner(schema, ctx.session.functions());
    }

    private static boolean exists(Schema schema, String name) {
        return schema.table(name) != null || schema.view(name) != null || schema.index(name) != null
                || schema.virtualTable(name) != null;
    }

    /** What a name is, for "... already exists": a virtual table is a table. */
    private static String kind(Schema schema, String name) {
        return schema.index(name) != null ? "index" : schema.view(name) != null ? "view" : "table";
    }

    /**
     * The checks of a new table's or view's name, in the order of SQLite's {@code sqlite3StartTable}:
     * a name starting with "sqlite_" (even with IF NOT EXISTS), a table or view of that name
     * (unless IF NOT EXISTS, when the caller then does nothing), an index of that name.
     */
    private static void checkNewName(Schema schema, String name, boolean ifNotExists) {
        if (name.toLowerCase(java.util.Locale.ROOT).startsWith("sqlite_")) {
            throw new OneLiteException(ResultCode.ERROR, "object name reserved for internal use: " + name);
        }
        if (schema.table(name) != null || schema.view(name) != null || schema.virtualTable(name) != null) {
            if (ifNotExists) {
                return;
            }
            throw new OneLiteException(ResultCode.ERROR, kind(schema, name) + " " + name + " already exists");
        }
        if (schema.index(name) != null) {
            throw new OneLiteException(ResultCode.ERROR, "there is already an index named " + name);
        }
    }

    private static void createTable(CreateTableStmt ct, Schema all, Schema schema, ExecContext ctx, Storage st) {
        String name = ct.name().name();
        checkNewName(schema, name, ct.ifNotExists());
        if (schema.table(name) != null || schema.view(name) != null || schema.virtualTable(name) != null) {
            return; // IF NOT EXISTS
        }
        if (ct.asSelect() != null) {
            createTableAs(ct, all, schema, ctx, st);
            return;
        }
        Limits.tableColumns(ct.columns().size(), name);
        Table t = TableBuilder.table(ct, 0); // validates before anything is written
        DefinitionRules.checkTable(planner(all, ctx), ct, t);
        int root = st.createTree(!t.withoutRowid());
        addSchemaRow(st, "table", name, name, root, ct.sql());
        for (Index ix : TableBuilder.autoIndexes(ct, t)) {
            int ir = st.createTree(false);
            addSchemaRow(st, "index", ix.name(), name, ir, null);
        }
        if (t.autoincrement() && schema.table("sqlite_sequence") == null) {
            // after the table and its indexes, as SQLite's sqlite3EndTable creates it: same rows and root pages
            int seqRoot = st.createTree(true);
            addSchemaRow(st, "table", "sqlite_sequence", "sqlite_sequence", seqRoot,
                    "CREATE TABLE sqlite_sequence(name,seq)");
        }
        bumpCookie(st);
    }

    /** SQLite's identLength: a name's length quoted, each double quote doubled. */
    private static int identLength(String name) {
        return name.getBytes(java.nio.charset.StandardCharsets.UTF_8).length
                + (int) name.chars().filter(c -> c == '"').count() + 2;
    }

    /** CREATE TABLE ... AS SELECT: columns named and typed from the result, as SQLite's createTableStmt. */
    private static void createTableAs(CreateTableStmt ct, Schema all, Schema schema, ExecContext ctx, Storage st) {
        Planner planner = planner(all, ctx);
        Planner.Planned p = planner.select(ct.asSelect());
        List<String> cols = new ArrayList<>();
        char[] affs = p.tableAffinities();
        int n = 0;
        for (int i = 0; i < p.names().size(); i++) {
            String name = p.tableNames().get(i);
            String type = switch (affs[i]) {
                case 'B' -> " TEXT";
                case 'C' -> " NUM";
                case 'D' -> " INT";
                case 'E' -> " REAL";
                default -> "";
            };
            String id = name.matches("[A-Za-z_][A-Za-z0-9_]*") ? name : "\"" + name.replace("\"", "\"\"") + "\"";
            cols.add(id + type);
            n += identLength(name) + 5;
        }
        String table = ct.name().name();
        boolean lines = n + identLength(table) >= 50; // SQLite's createTableStmt, whatever the types' lengths
        String sep = lines ? "\n  " : "";
        String sep2 = lines ? ",\n  " : ",";
        String end = lines ? "\n)" : ")";
        String sql = "CREATE TABLE " + table + "(" + sep + String.join(sep2, cols) + end;
        CreateTableStmt made = (CreateTableStmt) io.onelite.sql.Parser.parse(sql, 0).stmt();
        createTable(made, all, schema, ctx, st);
        Table t = TableBuilder.table(made, 0).inDatabase(schema.name());
        // the new table is not in this schema snapshot: find its root from sqlite_schema
        RowCursor sc = st.openTable(1);
        int root = 0;
        for (boolean ok = sc.first(); ok; ok = sc.next()) {
            if (table.equalsIgnoreCase(String.valueOf(sc.column(1))) && "table".equals(sc.column(0))) {
                root = (int) (long) (Long) sc.column(3);
            }
        }
        t = t.withRoot(root);
        TableWriter w = Writers.writer(planner, t);
        if (TransferInsert.copyAs(planner, ct.asSelect(), ctx, t, w)) {
            return; // records copied, the rowid alias's written out
        }
        for (Object[] r : p.query().all(ctx, null)) {
            Object[] v = new Object[r.length];
            for (int i = 0; i < r.length; i++) {
                v[i] = io.onelite.exec.ValueOps.applyAffinity(r[i], t.columns().get(i).affinity());
            }
            w.insert(ctx, v, null, TableWriter.OnConflict.ABORT);
        }
    }

    private static void createIndex(CreateIndexStmt ci, Schema all, Schema schema, ExecContext ctx, Storage st) {
        String name = ci.name().name();
        if (exists(schema, name)) {
            if (ci.ifNotExists()) {
                return;
            }
            throw new OneLiteException(ResultCode.ERROR, schema.index(name) != null
                    ? "index " + name + " already exists" : "there is already a table named " + name);
        }
        Table t = schema.table(ci.table());
        if (t == null && schema.virtualTable(ci.table()) != null) {
            throw new OneLiteException(ResultCode.ERROR, "virtual tables may not be indexed");
        }
        if (t == null) {
            if (ci.name().schema() != null && Schema.TEMP.equalsIgnoreCase(schema.name())
                    && all.table(ci.table()) != null) {
                throw new OneLiteException(ResultCode.ERROR,
                        "cannot create a TEMP index on non-TEMP table \"" + all.table(ci.table()).name() + "\"");
            }
            throw new OneLiteException(ResultCode.ERROR, "no such table: " + schema.name() + "." + ci.table());
        }
        if (t.isSchemaTable()) {
            throw new OneLiteException(ResultCode.ERROR, "table " + t.name() + " may not be indexed");
        }
        Limits.indexColumns(ci.columns().size());
        Index ix = TableBuilder.index(ci, t, 0);
        DefinitionRules.checkIndex(planner(all, ctx), ci, ix, t);
        int root = st.createTree(false);
        ix = ix.withRoot(root);
        // populate: insert every row's key through a writer that knows only this index
        List<Index> only = new ArrayList<>();
        only.add(ix);
        Table view = t.withIndexes(only);
        Planner planner = planner(all, ctx);
        TableWriter w = Writers.writer(planner, view);
        RowCursor c = AccessPlanner.access(t).open(st);
        int[] reads = w.indexReadColumns(); // null: the key needs the whole row
        // as SQLite's sqlite3RefillIndex: every key first (in table order, so a key that fails to
        // compute fails first), then sorted, checked for UNIQUE, and the tree built from them
        List<Object[]> keys = new ArrayList<>();
        for (boolean ok = c.first(); ok; ok = c.next()) {
            long rowid = t.withoutRowid() ? 0 : c.rowid();
            // a row older than ADD COLUMN gets the defaults; VIRTUAL columns are computed; the
            // array is this row's own (decoded afresh), so it may be written
            Object[] values = w.fullRow(ctx, reads == null ? c.row() : columns(c, reads), rowid);
            if (t.rowidAlias() >= 0) {
                values[t.rowidAlias()] = rowid;
            }
            Object[] key = w.indexKey(ctx, values, rowid);
            if (key != null) {
                keys.add(key);
            }
        }
        io.onelite.btree.KeyInfo keyInfo = w.indexKeyInfo();
        int[] order = io.onelite.btree.KeySort.order(keys, keyInfo);
        w.requireUnique(keys, order);
        byte[][] records = new byte[keys.size()][];
        for (int i = 0; i < records.length; i++) {
            records[i] = io.onelite.btree.Record.encode(keys.get(i)); // in table order: the keys' memory order
        }
        List<byte[]> sorted = new ArrayList<>(records.length);
        for (int i : order) {
            sorted.add(records[i]);
        }
        st.fillIndex(root, keyInfo, sorted);
        addSchemaRow(st, "index", name, t.name(), root, ci.sql());
        bumpCookie(st);
    }

    /** The current row with only the stored columns {@code reads} decoded (the others null), as long as the record. */
    private static Object[] columns(RowCursor c, int[] reads) {
        Object[] row = new Object[c.columnCount()];
        for (int col : reads) {
            if (col < row.length) {
                row[col] = c.column(col);
            }
        }
        return row;
    }

    private static void drop(DropStmt d, Schema schema, Storage st) {
        String name = d.name().name();
        switch (d.kind()) {
            case TABLE -> {
                Table t = schema.table(name);
                if (t == null && schema.virtualTable(name) != null) {
                    throw schema.virtualTable(name).noModule(); // SQLite needs the module to drop it
                }
                if (t == null || t.isSchemaTable()) {
                    if (d.ifExists()) {
                        return;
                    }
                    if (schema.view(name) != null) {
                        throw new OneLiteException(ResultCode.ERROR, "use DROP VIEW to delete view " + name);
                    }
                    throw new OneLiteException(ResultCode.ERROR, t == null ? "no such table: " + d.name()
                            : "table " + name + " may not be dropped");
                }
                for (Index ix : t.indexes()) {
                    st.dropTree(ix.root());
                }
                st.dropTree(t.root());
                deleteSchemaRows(st, t.name(), true, triggersOnOtherDatabases(schema));
                Table seq = schema.table("sqlite_sequence");
                if (t.autoincrement() && seq != null) {
                    Sequences.remove(st, seq.root(), t.name());
                }
            }
            case INDEX -> {
                Index ix = schema.index(name);
                if (ix == null) {
                    if (d.ifExists()) {
                        return;
                    }
                    throw new OneLiteException(ResultCode.ERROR, "no such index: " + d.name());
                }
                if (ix.sql() == null) {
                    throw new OneLiteException(ResultCode.ERROR,
                            "index associated with UNIQUE or PRIMARY KEY constraint cannot be dropped");
                }
                st.dropTree(ix.root());
                deleteSchemaRows(st, ix.name(), false);
            }
            case VIEW -> {
                if (schema.virtualTable(name) != null) {
                    throw schema.virtualTable(name).noModule();
                }
                if (schema.view(name) == null) {
                    if (d.ifExists()) {
                        return;
                    }
                    if (schema.table(name) != null) {
                        throw new OneLiteException(ResultCode.ERROR, "use DROP TABLE to delete table " + name);
                    }
                    throw new OneLiteException(ResultCode.ERROR, "no such view: " + d.name());
                }
                // its INSTEAD OF triggers go with it, as in SQLite
                deleteSchemaRows(st, schema.view(name).name(), true, triggersOnOtherDatabases(schema));
            }
            case TRIGGER -> {
                if (schema.trigger(name) == null) {
                    if (d.ifExists()) {
                        return;
                    }
                    throw new OneLiteException(ResultCode.ERROR, "no such trigger: " + d.name());
                }
                deleteSchemaRows(st, name, false);
            }
        }
        bumpCookie(st);
    }

    /**
     * The (lower-case) names of the triggers of {@code schema} that watch another database's
     * table or view: a temp trigger ON main.t keeps watching main's t when temp's t goes.
     */
    private static java.util.Set<String> triggersOnOtherDatabases(Schema schema) {
        java.util.Set<String> keep = new java.util.HashSet<>();
        for (io.onelite.catalog.Trigger tr : schema.triggers()) {
            String on = tr.stmt().tableSchema();
            if (on != null && !on.equalsIgnoreCase(schema.name())) {
                keep.add(tr.name().toLowerCase(java.util.Locale.ROOT));
            }
        }
        return keep;
    }

    /**
     * The new text of the temp views (or, with {@code triggers}, temp triggers) that name the
     * column a RENAME COLUMN of a main table renames (SQLite rewrites temp's views and triggers
     * too), by lower-case name; empty when there is none. Found before the change.
     */
    private static java.util.Map<String, String> tempViewsRenamed(Schema schema, io.onelite.sql.ast.AlterTableStmt.RenameColumn rc,
                                                                io.onelite.sql.ast.AlterTableStmt a, Schema all, ExecContext ctx,
                                                                boolean triggers) {
        Schema temp = all.database(Schema.TEMP);
        Table t = schema.table(a.table().name());
        if (temp == null || (triggers ? temp.triggers().isEmpty() : temp.views().isEmpty()) || t == null
                || t.columnIndex(rc.oldName()) < 0) {
            return java.util.Map.of();
        }
        String column = t.columns().get(t.columnIndex(rc.oldName())).name();
        ColumnRenames.NewName to = new ColumnRenames.NewName(rc.newName(), rc.newNameQuoted());
        return triggers ? TriggerColumnRenames.triggers(temp.triggers(), all, ctx.session.functions(), t, column, to)
                : ColumnRenames.views(temp.views(), all, ctx.session.functions(), t, column, to);
    }

    /** The temp schema's views and triggers naming a renamed main table follow it, as in SQLite. */
    private static void renameInTemp(String from, String to, Schema all, ExecContext ctx) {
        Schema temp = all.database(Schema.TEMP);
        if (temp == null || temp.views().isEmpty() && temp.triggers().isEmpty()
                || temp.table(from) != null || temp.view(from) != null) {
            return;
        }
        Storage st = ctx.storage(Schema.TEMP);
        st.beginWrite();
        if (AlterExecutor.renameTable(st, from, to)) {
            bumpCookie(st);
        }
    }

    /**
     * Deletes the temp triggers that sat on the dropped table or view {@code table} of database {@code db}
     * (a temp trigger may watch another database's table or view; SQLite drops it with that table).
     */
    private static void dropTempTriggersOn(String table, String db, Schema all, ExecContext ctx) {
        Schema temp = all.database(Schema.TEMP);
        if (temp == null || temp.triggers().isEmpty()) {
            return;
        }
        List<String> gone = new ArrayList<>();
        for (io.onelite.catalog.Trigger tr : temp.triggers()) {
            String on = tr.stmt().tableSchema();
            boolean here = on != null ? on.equalsIgnoreCase(db)
                    : temp.table(tr.table()) == null && temp.view(tr.table()) == null;
            if (tr.table().equalsIgnoreCase(table) && here) {
                gone.add(tr.name());
            }
        }
        if (gone.isEmpty()) {
            return;
        }
        Storage st = ctx.storage(Schema.TEMP);
        st.beginWrite();
        for (String name : gone) {
            deleteSchemaRows(st, name, false);
        }
        bumpCookie(st);
    }

    /** Deletes the schema rows named {@code name} (and, for a table, every row whose tbl_name is it). */
    private static void deleteSchemaRows(Storage st, String name, boolean byTable) {
        deleteSchemaRows(st, name, byTable, java.util.Set.of());
    }

    /** As {@link #deleteSchemaRows(Storage, String, boolean)}, leaving the rows named in {@code keep} (lower case). */
    private static void deleteSchemaRows(Storage st, String name, boolean byTable, java.util.Set<String> keep) {
        RowCursor c = st.openTable(1);
        List<Long> ids = new ArrayList<>();
        for (boolean ok = c.first(); ok; ok = c.next()) {
            String n = (String) c.column(1);
            String tbl = (String) c.column(2);
            if (keep.contains(String.valueOf(n).toLowerCase(java.util.Locale.ROOT))) {
                continue;
            }
            if (name.equalsIgnoreCase(n) || (byTable && name.equalsIgnoreCase(tbl))) {
                ids.add(c.rowid());
            }
        }
        for (long id : ids) {
            st.openTable(1).delete(id);
        }
    }

    static void addSchemaRow(Storage st, String type, String name, String table, int root, String sql) {
        RowCursor c = st.openTable(1);
        long rowid = c.maxRowid() + 1;
        c.insert(rowid, new Object[]{type, name, table, (long) root, sql});
    }

    static void bumpCookie(Storage st) {
        st.setHeaderInt(FileHeader.SCHEMA_COOKIE, st.headerInt(FileHeader.SCHEMA_COOKIE) + 1);
    }

}
