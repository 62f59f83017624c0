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

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * ALTER TABLE: RENAME TO, RENAME COLUMN and ADD COLUMN, done as SQLite does by rewriting the
 * stored CREATE statements in {@code sqlite_schema} (no row is touched: a row stored before ADD
 * COLUMN reads the new column's default). DROP COLUMN ({@link DropColumn}) also rewrites the rows.
 */
final class AlterExecutor {
    private AlterExecutor() {
    }

    static void execute(AlterTableStmt a, Schema schema, Storage st, io.onelite.exec.ExecContext ctx) {
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
            SchemaCheck.viewsAndTriggers(schema, ctx.session.functions(), "");
            java.util.Map<String, String> views = ColumnRenames.views(schema.views(), schema, ctx.session.functions(), t, c.name(),
                    rc.newName());
            rewrite(st, t.name(), (type, name, sqlText) -> new String[]{name, t.name(),
                    sqlText == null ? null : replaceName(sqlText, c.name(), rc.newName())});
            rewriteViews(st, views);
            if (!views.isEmpty()) {
                // a reference the rewrite missed must not leave a view broken behind the ALTER's back
                SchemaCheck.views(Schema.load(st, schema.name()), ctx.session.functions(), "after rename");
            }
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

    /**
     * Renames the table's rows (and its automatic indexes) and the references to it in every
     * stored statement: views, triggers on any table and other tables' REFERENCES clauses.
     * Also run on the temp schema, whose triggers and views may name a main table.
     *
     * @return whether a row changed
     */
    static boolean renameTable(Storage st, String from, String to) {
        String autoIndex = "sqlite_autoindex_" + from;
        RowCursor c = st.openTable(1);
        java.util.List<Object[]> updates = new java.util.ArrayList<>();
        for (boolean ok = c.first(); ok; ok = c.next()) {
            Object[] r = c.row();
            String name = (String) r[1];
            boolean own = from.equalsIgnoreCase(String.valueOf(r[2]));
            String sql = TableReferences.rename((String) r[4], from, to);
            if (own || !java.util.Objects.equals(sql, r[4])) {
                String newName = "table".equals(r[0]) && own ? to : own && name.startsWith(autoIndex)
                        ? "sqlite_autoindex_" + to + name.substring(autoIndex.length()) : name;
                updates.add(new Object[]{c.rowid(), new Object[]{r[0], newName, own ? to : r[2], r[3], sql}});
            }
        }
        for (Object[] u : updates) {
            st.openTable(1).insert((Long) u[0], (Object[]) u[1]);
        }
        return !updates.isEmpty();
    }

    /** Replaces an identifier (bare or quoted) as a whole word. */
    static String replaceName(String sql, String from, String to) {
        Pattern p = Pattern.compile("(?i)(?<![\\w$])([\"`\\[]?)" + Pattern.quote(from) + "([\"`\\]]?)(?![\\w$])");
        Matcher m = p.matcher(sql);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            String q = m.group(1);
            boolean quoted = !q.isEmpty();
            m.appendReplacement(sb, Matcher.quoteReplacement(quoted ? "\"" + to + "\"" : quoteIfNeeded(to)));
        }
        m.appendTail(sb);
        return sb.toString();
    }

    private static String quoteIfNeeded(String name) {
        return name.matches("[A-Za-z_][A-Za-z0-9_$]*") ? name : "\"" + name.replace("\"", "\"\"") + "\"";
    }

    @FunctionalInterface
    private interface RowChange {
        /** New name, tbl_name and sql for a row of the table, or null to keep it. */
        String[] change(String type, String name, String sql);
    }

    /** Stores the new text of views, given by lower-case name. */
    static void rewriteViews(Storage st, java.util.Map<String, String> sqlByView) {
        if (sqlByView.isEmpty()) {
            return;
        }
        RowCursor c = st.openTable(1);
        java.util.List<Object[]> updates = new java.util.ArrayList<>();
        for (boolean ok = c.first(); ok; ok = c.next()) {
            Object[] r = c.row();
            String sql = "view".equals(r[0]) ? sqlByView.get(String.valueOf(r[1]).toLowerCase(java.util.Locale.ROOT)) : null;
            if (sql != null) {
                updates.add(new Object[]{c.rowid(), new Object[]{r[0], r[1], r[2], r[3], sql}});
            }
        }
        for (Object[] u : updates) {
            st.openTable(1).insert((Long) u[0], (Object[]) u[1]);
        }
    }

    /** Whether table {@code t} holds a row. */
    static boolean hasRows(Table t, Storage st) {
        return AccessPlanner.access(t).open(st).first();
    }

    private static void rewrite(Storage st, String table, RowChange change) {
        RowCursor c = st.openTable(1);
        java.util.List<Object[]> updates = new java.util.ArrayList<>();
        for (boolean ok = c.first(); ok; ok = c.next()) {
            Object[] r = c.row();
            if (!table.equalsIgnoreCase(String.valueOf(r[2]))) {
                continue;
            }
            String[] n = change.change((String) r[0], (String) r[1], (String) r[4]);
            if (n != null) {
                updates.add(new Object[]{c.rowid(), new Object[]{r[0], n[0], n[1], r[3], n[2]}});
            }
        }
        for (Object[] u : updates) {
            st.openTable(1).insert((Long) u[0], (Object[]) u[1]);
        }
    }
}
