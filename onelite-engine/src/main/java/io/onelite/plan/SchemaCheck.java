package io.onelite.plan;

import io.onelite.catalog.Schema;
import io.onelite.catalog.Table;
import io.onelite.catalog.Trigger;
import io.onelite.catalog.View;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;

/**
 * ALTER TABLE's test that the schema's views and triggers compile, as SQLite's
 * {@code renameTestSchema}: RENAME and DROP COLUMN run it before the change (a view broken
 * already fails them, "error in view v: no such table: main.x") and DROP COLUMN once more after
 * it ("error in view v after drop column: ..."). Of a trigger only unresolved column references
 * count, as SQLite resolves its expressions only.
 */
final class SchemaCheck {
    private SchemaCheck() {
    }

    /** Throws SQLite's "error in view NAME[ when]: ..." for the first view that does not compile. */
    static void views(Schema schema, io.onelite.exec.func.AppFunctions functions, String when) {
        String suffix = when.isEmpty() ? "" : " " + when;
        for (View v : schema.views()) {
            try {
                new Planner(schema, functions).viewColumns(v);
            } catch (OneLiteException e) {
                throw new OneLiteException(ResultCode.ERROR, "error in view " + v.name() + suffix + ": " + e.getMessage());
            }
        }
    }

    /** Throws SQLite's "error in view|trigger NAME[ when]: ..." for the first view or trigger that does not compile. */
    static void viewsAndTriggers(Schema schema, io.onelite.exec.func.AppFunctions functions, String when) {
        views(schema, functions, when);
        String suffix = when.isEmpty() ? "" : " " + when;
        for (Trigger tr : schema.triggers()) {
            Table on = schema.table(tr.table());
            if (on == null) {
                continue;
            }
            try {
                TriggerRunner.compileOne(new Planner(schema, functions), on, tr);
            } catch (OneLiteException e) {
                if (e.getMessage().startsWith("no such column")) {
                    throw new OneLiteException(ResultCode.ERROR, "error in trigger " + tr.name() + suffix + ": "
                            + e.getMessage());
                }
            }
        }
    }
}
