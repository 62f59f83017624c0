package io.onelite.plan;

import io.onelite.catalog.Column;
import io.onelite.catalog.RowCursor;
import io.onelite.catalog.Schema;
import io.onelite.catalog.Storage;
import io.onelite.catalog.Table;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.sql.ast.AlterTableStmt;
import io.onelite.sql.ast.ColumnConstraint;


/**
 * ALTER TABLE: RENAME TO, RENAME COLUMN and ADD COLUMN, done as SQLite does by rewriting the
 * stored CREATE statements in {@code sqlite_schema} (no row is touched: a row stored before ADD
 * COLUMN reads the new column's default). DROP COLUMN ({@link DropColumn}) also rewrites the rows.
 */
final class AlterExecutor {
    private AlterExecutor() {
    }

    /**
     * Runs {@code a} on its table's database {@code schema}; {@code all} is the connection's
     * search path, where a temp table's views and triggers resolve.
     */
    static void execute(AlterTableStmt a, Schema schema, Schema all, Storage st, io.onelite.exec.ExecContext ctx) {
        Table t = schema.table(a.table().name());
        io.onelite.catalog.VirtualTable vt = t == null ? schema.virtualTable(a.table().name()) : null;
        if (vt != null) {
            var act = a.action();
            throw act instanceof AlterTableStmt.RenameTable ? vt.noModule() // SQLite asks the module to rename
                    : new OneLiteException(ResultCode.ERROR, act instanceof AlterTableStmt.DropColumn
                    ? "cannot drop column from virtual table \"" + vt.name() + "\"" : act instanceof AlterTableStmt.RenameColumn
                    ? "cannot rename columns of virtual table \"" + vt.name() + "\"" : "virtual tables may not be altered");
        }
        if (t == null && schema.view(a.table().name()) != null) {
            String v = schema.view(a.table().name()).name();
            var act = a.action();
            throw new OneLiteException(ResultCode.ERROR, act instanceof AlterTableStmt.DropColumn
                    ? "cannot drop column from view \"" + v + "\"" : act instanceof AlterTableStmt.RenameColumn
                    ? "cannot rename columns of view \"" + v + "\"" : act instanceof AlterTableStmt.AddColumn
                    ? "Cannot add a column to a view" : "no such table: " + a.table().name());
        }
        if (t == null || t.isSchemaTable() || t.name().toLowerCase(java.util.Locale.ROOT).startsWith("sqlite_")) {
            throw new OneLiteException(ResultCode.ERROR, t == null ? "no such table: " + a.table().name()
                    : "table " + (t.isSchemaTable() ? "sqlite_master" : t.name()) + " may not be altered");
        }
        if (a.action() instanceof AlterTableStmt.AddColumn add) {
            var def = add.column();
            if (t.columnIndex(def.name()) >= 0) {
                throw new OneLiteException(ResultCode.ERROR, "duplicate column name: " + def.name());
            }
            Limits.tableColumns(t.columns().size() + 1, "sqlite_altertab_" + t.name()); // SQLite names its copy
            for (ColumnConstraint c : def.constraints()) {
                if (c instanceof ColumnConstraint.PrimaryKey) {
                    throw new OneLiteException(ResultCode.ERROR, "Cannot add a PRIMARY KEY column");
                }
                if (c instanceof ColumnConstraint.Unique) {
                    throw new OneLiteException(ResultCode.ERROR, "Cannot add a UNIQUE column");
                }
                if (c instanceof ColumnConstraint.NotNull && def.constraint(ColumnConstraint.Default.class) == null
                        && def.constraint(ColumnConstraint.Generated.class) == null && hasRows(t, st)) {
                    // as SQLite's sqlite3ErrorIfNotEmpty: an empty table takes it
                    throw new OneLiteException(ResultCode.ERROR, "Cannot add a NOT NULL column with default value NULL");
                }
                if (c instanceof ColumnConstraint.Generated g && g.stored() && hasRows(t, st)) {
                    throw new OneLiteException(ResultCode.ERROR, "cannot add a STORED column");
                }
            }
            CreateTableText text = CreateTableText.of(t.sql());
            if (text == null) {
                throw new OneLiteException(ResultCode.ERROR, "cannot add a column to table " + t.name()
                        + ": its CREATE TABLE text is not understood");
            }
            String newSql = text.addColumn(def.text());
            if (def.constraint(ColumnConstraint.Generated.class) != null) {
                AddedGeneratedColumn.check(schema, t, newSql, st, ctx);
            }
            if (t.strict()) {
                checkStrictAddColumn(t, newSql, st);
            }
            rewrite(st, t.name(), (type, name, sqlText) -> type.equals("table") && name.equalsIgnoreCase(t.name())
                    ? new String[]{name, name, newSql} : null);
        } else if (a.action() instanceof AlterTableStmt.RenameTable rt) {
            String to = rt.newName();
            if (schema.table(to) != null || schema.view(to) != null || schema.index(to) != null) {
                throw new OneLiteException(ResultCode.ERROR, "there is already another table or index with this name: " + to);
            }
            String from = t.name();
            SchemaCheck.viewsAndTriggers(schema, ctx.session.functions(), "");
            renameTable(st, from, to);
            Table seq = schema.table("sqlite_sequence");
            if (t.autoincrement() && seq != null) {
                Sequences.rename(st, seq.root(), from, to);
            }
        } else if (a.action() instanceof AlterTableStmt.RenameColumn rc) {
            int ci = t.columnIndex(rc.oldName());
            if (ci < 0) {
                throw new OneLiteException(ResultCode.ERROR, "no such column: \"" + rc.oldName() + "\"");
            }
            if (t.columnIndex(rc.newName()) >= 0) {
                throw new OneLiteException(ResultCode.ERROR, "duplicate column name: " + rc.newName());
            }
            Column c = t.columns().get(ci);
            // temp objects may read main tables: they resolve along the whole search path
            Schema resolveIn = Schema.TEMP.equals(schema.name()) ? all : schema;
            SchemaCheck.viewsAndTriggers(resolveIn, ctx.session.functions(), "");
            ColumnRenames.NewName to = new ColumnRenames.NewName(rc.newName(), rc.newNameQuoted());
            java.util.Map<String, String> views = ColumnRenames.views(schema.views(), resolveIn, ctx.session.functions(), t,
                    c.name(), to);
            java.util.Map<String, String> triggers = TriggerColumnRenames.triggers(schema.triggers(), resolveIn,
                    ctx.session.functions(), t, c.name(), to);
            // the table and its indexes; views and triggers by what their references resolve to
            rewrite(st, t.name(), (type, name, sqlText) -> "trigger".equals(type) ? null : new String[]{name, t.name(),
                    ForeignKeyColumnRenames.ownText(sqlText, t.name(), c.name(), to)});
            renameInChildKeys(st, t.name(), c.name(), to);
            if (resolveIn != schema) {
                renamedAgainInTemp(st, views, triggers, resolveIn, ctx.session.functions());
            }
            rewriteViews(st, views);
            rewriteTriggers(st, triggers);
            // as SQLite's check after the change: a reference the rewrite missed, or a name the new
            // column makes ambiguous, must not leave a view or trigger broken behind the ALTER's back
            Schema after = Schema.load(st, schema.name());
            SchemaCheck.viewsAndTriggers(resolveIn == schema ? after : replaced(all, after), ctx.session.functions(),
                    "after rename");
        } else if (a.action() instanceof AlterTableStmt.DropColumn dc) {
            DropColumn.execute(t, dc.column(), schema, st, ctx.session.functions());
            return;
        }
        DdlExecutor.bumpCookie(st);
    }

    /**
     * ADD COLUMN on a STRICT table, as SQLite's {@code sqlite3AlterFinishAddColumn}: the new
     * definition must build ("error in table t after add column: missing datatype for t.c"), and
     * when the table has rows, its quick_check column checks under it must pass: a DEFAULT of the
     * wrong type (or a wrongly typed value already stored) is "type mismatch on DEFAULT", a NULL in
     * a NOT NULL column "NOT NULL constraint failed".
     */
    private static void checkStrictAddColumn(Table t, String newSql, Storage st) {
        Table altered;
        try {
            altered = io.onelite.catalog.TableBuilder.table(
                    (io.onelite.sql.ast.CreateTableStmt) io.onelite.sql.Parser.parse(newSql, 0).stmt(), t.root());
        } catch (OneLiteException e) {
            throw new OneLiteException(ResultCode.ERROR, "error in table " + t.name() + " after add column: "
                    + e.getMessage());
        }
        java.util.List<String> problems = StrictRowCheck.problems(altered, st, 1);
        if (!problems.isEmpty()) {
            throw new OneLiteException(ResultCode.ERROR, problems.get(0).startsWith("non-")
                    ? "type mismatch on DEFAULT" : "NOT NULL constraint failed");
        }
    }

    /** Other tables' foreign keys naming column {@code from} of {@code parent} follow its rename, as in SQLite. */
    private static void renameInChildKeys(Storage st, String parent, String from, ColumnRenames.NewName to) {
        updateSchemaRows(st, r -> {
            if (!"table".equals(r[0]) || parent.equalsIgnoreCase(String.valueOf(r[2])) || !(r[4] instanceof String sql)) {
                return null;
            }
            String renamed = ForeignKeyColumnRenames.childText(sql, parent, from, to);
            return renamed.equals(sql) ? null : new Object[]{r[0], r[1], r[2], r[3], renamed};
        });
    }

    /**
     * Replaces the {@code sqlite_schema} rows {@code change} gives a new row for (null: kept as it
     * is), writing after the scan; whether any row changed.
     */
    private static boolean updateSchemaRows(Storage st, java.util.function.UnaryOperator<Object[]> change) {
        RowCursor c = st.openTable(1);
        java.util.List<Object[]> updates = new java.util.ArrayList<>();
        for (boolean ok = c.first(); ok; ok = c.next()) {
            Object[] n = change.apply(c.row());
            if (n != null) {
                updates.add(new Object[]{c.rowid(), n});
            }
        }
        for (Object[] u : updates) {
            st.openTable(1).insert((Long) u[0], (Object[]) u[1]);
        }
        return !updates.isEmpty();
    }

    /**
     * Renames the table's rows (and its automatic indexes) and the references to it in every
     * stored statement: views, triggers on any table and other tables' REFERENCES clauses.
     * Also run on the temp schema, whose triggers and views may name a main table.
     *
     * @return whether a row changed
     */
    static boolean renameTable(Storage st, String from, String to) {
        String autoIndex = "sqlite_autoindex_" + from;
        return updateSchemaRows(st, r -> {
            String name = (String) r[1];
            boolean own = from.equalsIgnoreCase(String.valueOf(r[2]));
            String sql = TableReferences.rename((String) r[4], from, to);
            if (!own && java.util.Objects.equals(sql, r[4])) {
                return null;
            }
            String newName = "table".equals(r[0]) && own ? to : own && name.startsWith(autoIndex)
                    ? "sqlite_autoindex_" + to + name.substring(autoIndex.length()) : name;
            return new Object[]{r[0], newName, own ? to : r[2], r[3], sql};
        });
    }

    @FunctionalInterface
    private interface RowChange {
        /** New name, tbl_name and sql for a row of the table, or null to keep it. */
        String[] change(String type, String name, String sql);
    }

    /** Stores the new text of views, given by lower-case name. */
    static void rewriteViews(Storage st, java.util.Map<String, String> sqlByView) {
        rewriteObjects(st, "view", sqlByView);
    }

    /** Stores the new text of triggers, given by lower-case name. */
    static void rewriteTriggers(Storage st, java.util.Map<String, String> sqlByTrigger) {
        rewriteObjects(st, "trigger", sqlByTrigger);
    }

    private static void rewriteObjects(Storage st, String type, java.util.Map<String, String> sqlByName) {
        if (sqlByName.isEmpty()) {
            return;
        }
        updateSchemaRows(st, r -> {
            String sql = type.equals(r[0]) ? sqlByName.get(String.valueOf(r[1]).toLowerCase(java.util.Locale.ROOT)) : null;
            return sql == null ? null : new Object[]{r[0], r[1], r[2], r[3], sql};
        });
    }

    /**
     * SQLite's rename of a temp table's column goes over temp's views and triggers twice (once as
     * the table's database, once as temp), the second time with their new text against the
     * table as it was: each one the first pass changed by a reference that resolves fails there,
     * "error in view v: no such column: z", "error in trigger tr: no such column: new.z", in
     * {@code sqlite_temp_schema} order, and the ALTER with it. Done as it does, so that the same
     * statements fail.
     */
    private static void renamedAgainInTemp(Storage st, java.util.Map<String, String> views,
                                           java.util.Map<String, String> triggers, Schema before,
                                           io.onelite.exec.func.AppFunctions functions) {
        if (views.isEmpty() && triggers.isEmpty()) {
            return;
        }
        RowCursor c = st.openTable(1);
        for (boolean ok = c.first(); ok; ok = c.next()) {
            Object[] r = c.row();
            String key = String.valueOf(r[1]).toLowerCase(java.util.Locale.ROOT);
            String sql = "view".equals(r[0]) ? views.get(key) : "trigger".equals(r[0]) ? triggers.get(key) : null;
            if (sql == null) {
                continue;
            }
            String error;
            var parsed = io.onelite.sql.Parser.parse(sql, 0).stmt();
            if (parsed instanceof io.onelite.sql.ast.CreateViewStmt cv) {
                error = SchemaCheck.viewError(before, functions,
                        new io.onelite.catalog.View((String) r[1], cv.columns(), cv.select(), sql, Schema.TEMP));
            } else {
                var ct = (io.onelite.sql.ast.CreateTriggerStmt) parsed;
                error = SchemaCheck.triggerError(before, functions,
                        new io.onelite.catalog.Trigger((String) r[1], ct.table(), ct, sql, Schema.TEMP));
            }
            if (error != null) {
                throw new OneLiteException(ResultCode.ERROR, "error in " + r[0] + " " + r[1] + ": " + error);
            }
        }
    }

    /** The search path {@code all} with {@code changed} in place of the database of its name. */
    private static Schema replaced(Schema all, Schema changed) {
        java.util.List<Schema> dbs = new java.util.ArrayList<>();
        for (Schema s : all.databases()) {
            if (!Schema.TEMP.equals(s.name())) {
                dbs.add(s.name().equalsIgnoreCase(changed.name()) ? changed : s);
            }
        }
        Schema temp = all.database(Schema.TEMP);
        dbs.add(dbs.isEmpty() ? 0 : 1, Schema.TEMP.equals(changed.name()) ? changed : temp); // main, temp, attached...
        return Schema.searchPath(dbs, 1);
    }

    /** Whether table {@code t} holds a row. */
    static boolean hasRows(Table t, Storage st) {
        return AccessPlanner.access(t).open(st).first();
    }

    private static void rewrite(Storage st, String table, RowChange change) {
        updateSchemaRows(st, r -> {
            if (!table.equalsIgnoreCase(String.valueOf(r[2]))) {
                return null;
            }
            String[] n = change.change((String) r[0], (String) r[1], (String) r[4]);
            return n == null ? null : new Object[]{r[0], n[0], n[1], r[3], n[2]};
        });
    }
}
