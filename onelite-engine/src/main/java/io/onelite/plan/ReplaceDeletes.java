package io.onelite.plan;

import io.onelite.catalog.Table;
import io.onelite.exec.ExecContext;
import io.onelite.exec.TableWriter;
import io.onelite.exec.TriggerIgnore;
import io.onelite.sql.ast.CreateTriggerStmt;

/**
 * How REPLACE deletes a row its new row conflicts with, as SQLite's REPLACE path calls
 * sqlite3GenerateRowDelete: the table's DELETE triggers fire around it when
 * {@code PRAGMA recursive_triggers} is on (only then), and with {@code foreign_keys} on the
 * row goes through the table's foreign keys as a DELETE's would (its parents' counts, its
 * children's ON DELETE actions). With neither, the writer deletes the row plainly.
 */
final class ReplaceDeletes implements TableWriter.ReplaceDelete {
    private final TableWriter writer;
    private final TriggerRunner triggers;
    private final ForeignKeys fks;

    private ReplaceDeletes(TableWriter writer, TriggerRunner triggers, ForeignKeys fks) {
        this.writer = writer;
        this.triggers = triggers;
        this.fks = fks;
    }

    /**
     * Gives {@code writer} (of table {@code t}, whose foreign keys are {@code fks}) this REPLACE
     * deletion when the table has DELETE triggers or foreign keys.
     */
    static void attach(Planner planner, Table t, TableWriter writer, ForeignKeys fks) {
        TriggerRunner triggers = new TriggerRunner(planner, t, CreateTriggerStmt.Event.DELETE, null);
        if (!triggers.isEmpty() || !fks.isEmpty()) {
            writer.withReplaceDelete(new ReplaceDeletes(writer, triggers, fks));
        }
    }

    @Override
    public boolean delete(ExecContext ctx, Object ref) {
        boolean fire = !triggers.isEmpty() && ctx.session.recursiveTriggers();
        if (!fire && (fks.isEmpty() || !ctx.session.foreignKeys())) {
            return false;
        }
        Object[] old = writer.read(ctx, ref);
        if (old == null) {
            return true;
        }
        long rowid = ref instanceof Long l ? l : 0;
        if (fire) {
            try {
                triggers.fire(ctx, CreateTriggerStmt.Time.BEFORE, old, rowid, null, 0);
            } catch (TriggerIgnore ignore) {
                return true; // the row stays: the writer's recheck reports the conflict
            }
            old = writer.read(ctx, ref);
            if (old == null) {
                return true;
            }
        }
        fks.childChange(ctx, old, rowid, null, 0);
        fks.beforeParentChange(ctx, old, rowid, null, 0);
        writer.delete(ctx, ref);
        fks.afterParentChange(ctx, old, rowid, null, 0);
        if (fire) {
            try {
                triggers.fire(ctx, CreateTriggerStmt.Time.AFTER, old, rowid, null, 0);
            } catch (TriggerIgnore ignore) {
                // nothing left to skip
            }
        }
        return true;
    }
}
