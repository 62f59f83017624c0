package io.onelite.plan;

import io.onelite.catalog.Schema;
import io.onelite.catalog.Storage;
import io.onelite.catalog.Table;
import io.onelite.catalog.TableBuilder;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.exec.CursorRow;
import io.onelite.exec.ExecContext;
import io.onelite.exec.Frame;
import io.onelite.exec.TableAccess;
import io.onelite.exec.ValueOps;
import io.onelite.sql.ast.CreateTableStmt;

/**
 * ALTER TABLE ADD COLUMN of a generated column, checked as SQLite's {@code sqlite3AlterFinishAddColumn}:
 * the table as it would be must compile ("error in table t after add column: ..."), and the rows
 * already there must meet its NOT NULL and the table's CHECK constraints, which now read it.
 */
final class AddedGeneratedColumn {
    private AddedGeneratedColumn() {
    }

    static void check(Schema schema, Table t, String newSql, Storage st, ExecContext ctx) {
        Table after;
        Planner planner = new Planner(schema, ctx.session.functions());
        try {
            after = TableBuilder.table((CreateTableStmt) io.onelite.sql.Parser.parse(newSql, 0).stmt(), t.root())
                    .inDatabase(t.db());
            GeneratedColumnPlans.check(planner, after);
        } catch (OneLiteException e) {
            throw new OneLiteException(ResultCode.ERROR, "error in table " + t.name() + " after add column: "
                    + e.getMessage());
        }
        int added = after.columns().size() - 1;
        boolean notNull = after.columns().get(added).notNull();
        if (!notNull && after.checks().isEmpty()) {
            return;
        }
        TableAccess access = AccessPlanner.access(planner, after);
        Scope scope = Writers.rowScope(after, null);
        java.util.List<io.onelite.exec.Eval> checks = new java.util.ArrayList<>();
        for (Table.Check c : after.checks()) {
            checks.add(new ExprCompiler(planner, scope).eval(c.expr()));
        }
        var cursor = access.open(st);
        CursorRow row = access.row(cursor, ctx);
        Frame f = new Frame(ctx, null, 1);
        f.src[0] = row;
        for (boolean ok = cursor.first(); ok; ok = cursor.next()) {
            if (notNull && row.column(added) == null) {
                throw new OneLiteException(ResultCode.ERROR, "NOT NULL constraint failed"); // SQLITE_ERROR, as SQLite
            }
            for (io.onelite.exec.Eval c : checks) {
                Object v = c.eval(f);
                if (v != null && !ValueOps.isTrue(v)) {
                    throw new OneLiteException(ResultCode.ERROR, "CHECK constraint failed");
                }
            }
        }
    }
}
