package io.onelite.api;

import io.onelite.catalog.Schema;
import io.onelite.catalog.Table;
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
 * the session is running; of main or an attached database ({@code temp} is a no-op, as in SQLite).
 *
 * <p>VACUUM takes the write lock of the database it rebuilds (only that one) and commits the rebuilt database
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
        checkSchema(session, v);
        String db = v.schema() == null ? Table.MAIN : v.schema();
        if (db.equalsIgnoreCase(Schema.TEMP)) {
            return; // SQLite skips the temp database (sqlite3Vacuum: iDb == 1), even inside a transaction
        }
        if (session.tx != null) {
            throw new OneLiteException(ResultCode.ERROR, "cannot VACUUM from within a transaction");
        }
        for (StatementImpl other : session.open) {
            if (other != self && other.isRunning()) {
                throw new OneLiteException(ResultCode.ERROR, "cannot VACUUM - SQL statements in progress");
            }
        }
        boolean attached = !db.equalsIgnoreCase(Table.MAIN);
        if (v.into() != null) {
            into(session, v, params, db, attached);
            return;
        }
        session.requireWritable();
        // as sqlite3RunVacuum, only the database vacuumed is locked: an attached file's VACUUM leaves main DEFERRED
        SessionTx st = (SessionTx) session.begin(attached ? BeginMode.DEFERRED : BeginMode.IMMEDIATE);
        boolean committed = false;
        try {
            TxStorage target = attached ? st.joinedTx(db, BeginMode.IMMEDIATE) : st;
            target.vacuum(ownSchema(session, st, db));
            st.commit();
            committed = true;
        } finally {
            if (!committed) {
                st.rollback();
            }
        }
    }

    /** The schema of database {@code db} alone (not the search path: a temp table may shadow one of its names). */
    private static Schema ownSchema(SessionImpl session, TxStorage st, String db) {
        return session.schema(st).database(db);
    }

    private static void into(SessionImpl session, MaintenanceStmt.Vacuum v, Object[] params, String db, boolean attached) {
        SessionTx st = (SessionTx) session.begin(BeginMode.DEFERRED);
        ExecContext ctx = new ExecContext(st, params, session);
        try {
            TxStorage source = attached ? st.joinedTx(db, BeginMode.DEFERRED) : st;
            Schema schema = session.schema(st);
            Object name = ConstantExpr.evaluate(v.into(), schema, ctx);
            if (!(name instanceof String file)) {
                throw new OneLiteException(ResultCode.ERROR, "non-text filename");
            }
            source.vacuumInto(schema.database(db), file.isEmpty() ? null : Path.of(file)); // '': SQLite's temporary file, dropped
        } finally {
            ctx.close();
            st.rollback();
        }
    }
}
