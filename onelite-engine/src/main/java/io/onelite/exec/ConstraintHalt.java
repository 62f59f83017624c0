package io.onelite.exec;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;

/**
 * A constraint error whose conflict resolution is FAIL or ROLLBACK (from {@code OR FAIL}, {@code
 * OR ROLLBACK} or {@code RAISE(FAIL|ROLLBACK, ...)}), as SQLite's OP_Halt carries its
 * {@code errorAction}: the statement that ends with it keeps its earlier rows (FAIL) or rolls
 * the whole transaction back (ROLLBACK), where a plain error (ABORT) undoes only the statement.
 */
public final class ConstraintHalt extends OneLiteException {
    private final TableWriter.OnConflict action;

    public ConstraintHalt(TableWriter.OnConflict action, ResultCode code, String message) {
        super(code, message);
        if (action != TableWriter.OnConflict.FAIL && action != TableWriter.OnConflict.ROLLBACK) {
            throw new IllegalArgumentException("not a halting action: " + action);
        }
        this.action = action;
    }

    /** FAIL or ROLLBACK. */
    public TableWriter.OnConflict action() {
        return action;
    }

    /** The error a constraint failure under {@code onConflict} throws: a halt for FAIL/ROLLBACK, else a plain error. */
    public static OneLiteException of(TableWriter.OnConflict onConflict, ResultCode code, String message) {
        return onConflict == TableWriter.OnConflict.FAIL || onConflict == TableWriter.OnConflict.ROLLBACK
                ? new ConstraintHalt(onConflict, code, message) : new OneLiteException(code, message);
    }
}
