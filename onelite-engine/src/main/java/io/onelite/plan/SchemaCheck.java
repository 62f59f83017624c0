package io.onelite.plan;

import io.onelite.catalog.Schema;
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
        triggers(schema, functions, when);
    }

    /**
     * Throws SQLite's "error in trigger NAME[ when]: ..." for the first trigger with a name that
     * does not resolve. As SQLite's {@code renameResolveTrigger}, only resolving counts: a missing
     * table, a column that is not there or ambiguous, in the WHEN clause or any statement; a
     * function that does not exist, a column list naming no column of the table (INSERT's, SET's)
     * and other errors of compiling are found when the trigger runs.
     */
    static void triggers(Schema schema, io.onelite.exec.func.AppFunctions functions, String when) {
        String suffix = when.isEmpty() ? "" : " " + when;
        for (Trigger tr : schema.triggers()) {
            String error = triggerError(schema, functions, tr);
            if (error != null) {
                throw new OneLiteException(ResultCode.ERROR, "error in trigger " + tr.name() + suffix + ": " + error);
            }
        }
    }

    /** The first resolution error of trigger {@code tr} compiled in {@code schema}, or null. */
    static String triggerError(Schema schema, io.onelite.exec.func.AppFunctions functions, Trigger tr) {
        Planner planner = new Planner(schema, functions);
        Source row = TriggerColumnRenames.row(planner, tr);
        if (row == null) {
            return null;
        }
        OneLiteException[] first = new OneLiteException[1];
        TriggerRunner.compileParts(planner, row.table(), row, tr, e -> {
            if (first[0] == null && isResolution(e)) {
                first[0] = e;
            }
        });
        return first[0] == null ? null : first[0].getMessage();
    }

    /** The error of view {@code v} compiled in {@code schema}, or null. */
    static String viewError(Schema schema, io.onelite.exec.func.AppFunctions functions, View v) {
        try {
            new Planner(schema, functions).viewColumns(v);
            return null;
        } catch (OneLiteException e) {
            return e.getMessage();
        }
    }

    private static boolean isResolution(OneLiteException e) {
        String m = e.getMessage();
        return !(e instanceof DmlPlanner.NoSuchAssignedColumn) && m != null
                && (m.startsWith("no such column: ") || m.startsWith("no such table: ")
                || m.startsWith("ambiguous column name: "));
    }
}
