package io.onelite.api;

import io.onelite.catalog.Schema;
import io.onelite.catalog.TxStorage;
import io.onelite.common.BeginMode;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.exec.ExecContext;
import io.onelite.plan.ConstantExpr;
import io.onelite.sql.ast.MaintenanceStmt;

import java.nio.file.Path;

/**
 * Runs {@code VACUUM [schema] [INTO file]} with the checks of SQLite's {@code sqlite3RunVacuum}:
 * not inside a transaction (a BEGIN CONCURRENT one included), not while another statement of
 * the session is running, only for {@code main} ({@code temp} is a no-op, as in SQLite).
 *
 * <p>VACUUM takes the write lock as an IMMEDIATE transaction and commits the rebuilt database
 * through the WAL in one commit ({@code catalog.Vacuum}); readers keep their snapshots, and the
 * file shrinks when a checkpoint copies the commit back. VACUUM INTO only reads: it writes the
 * rebuilt copy of its read snapshot to the new file.
 */
final class VacuumRunner {
    private VacuumRunner() {
    }

    /** At prepare, as SQLite's {@code sqlite3Vacuum}: a schema other than main, temp or an attached database is {@code unknown database x}. */
    static void checkSchema(SessionImpl session, MaintenanceStmt.Vacuum v) {
        String schemaName = v.schema();
        if (schemaName != null && !schemaName.equalsIgnoreCase("main") && !schemaName.equalsIgnoreCase("temp")
                && !session.databases.isAttached(schemaName)) {
            throw new OneLiteException(ResultCode.ERROR, "unknown database " + schemaName);
        }
    }

    static void run(SessionImpl session, StatementImpl self, MaintenanceStmt.Vacuum v, Object[] params) {
        if (v.schema() != null && session.databases.isAttached(v.schema())) {
            throw new OneLiteException(ResultCode.ERROR, "VACUUM of an attached database is not supported yet");
        }
        checkSchema(session, v);
        if (v.schema() != null && v.schema().equalsIgnoreCase("temp")) {
            return; // SQLite skips the temp database (sqlite3Vacuum: iDb == 1)
        }
        if (session.tx != null) {
            throw new OneLiteException(ResultCode.ERROR, "cannot VACUUM from within a transaction");
        }
        for (StatementImpl other : session.open) {
            if (other != self && other.isRunning()) {
                throw new OneLiteException(ResultCode.ERROR, "cannot VACUUM - SQL statements in progress");
            }
        }
        if (v.into() != null) {
            into(session, v, params);
            return;
        }
        session.requireWritable();
        TxStorage st = session.begin(BeginMode.IMMEDIATE);
        boolean committed = false;
        try {
            st.vacuum(session.schema(st));
            st.commit();
            committed = true;
        } finally {
            if (!committed) {
                st.rollback();
            }
        }
    }

    private static void into(SessionImpl session, MaintenanceStmt.Vacuum v, Object[] params) {
        TxStorage st = session.begin(BeginMode.DEFERRED);
        ExecContext ctx = new ExecContext(st, params, session);
        try {
            Schema schema = session.schema(st);
            Object name = ConstantExpr.evaluate(v.into(), schema, ctx);
            if (!(name instanceof String file)) {
                throw new OneLiteException(ResultCode.ERROR, "non-text filename");
            }
            st.vacuumInto(schema, file.isEmpty() ? null : Path.of(file)); // '': SQLite's temporary file, dropped
        } finally {
            ctx.close();
            st.rollback();
        }
    }
}
