package io.onelite.api;

import io.onelite.catalog.Schema;
import io.onelite.catalog.TxStorage;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.exec.ConstraintHalt;
import io.onelite.exec.ExecContext;
import io.onelite.exec.RowIterator;
import io.onelite.exec.TableWriter;
import io.onelite.pager.FileHeader;
import io.onelite.plan.DdlExecutor;
import io.onelite.plan.DmlPlanner;
import io.onelite.plan.Executable;
import io.onelite.plan.Planner;
import io.onelite.sql.ParseResult;
import io.onelite.sql.ast.DeleteStmt;
import io.onelite.sql.ast.ExplainStmt;
import io.onelite.sql.ast.InsertStmt;
import io.onelite.sql.ast.PragmaStmt;
import io.onelite.sql.ast.SelectStmt;
import io.onelite.sql.ast.Stmt;
import io.onelite.sql.ast.TransactionStmt;
import io.onelite.sql.ast.UpdateStmt;

import java.util.ArrayList;
import java.util.List;

/**
 * A prepared statement: compiled against the schema at prepare time, compiled again when the
 * schema cookie moved. Runs in the session's explicit transaction, or in its own (auto-commit):
 * a query's read transaction ends when its rows are exhausted or the statement is reset.
 * A failing statement inside an explicit transaction undoes only its own changes (a savepoint),
 * except that a FAIL constraint error keeps them and a ROLLBACK one ends the transaction
 * ({@link ConstraintHalt}).
 */
final class StatementImpl implements Statement {
    private final SessionImpl session;
    private final String sql;
    private final String tail;
    private final Stmt stmt;
    private final int parameterCount;
    private final List<String> parameterNames;
    private Object[] params;
    private Executable exec;
    private long compiledVersion = -1;
    /** The session's {@code functions.generation()} the plan was compiled with: a change compiles it again. */
    private long compiledFunctions = -1;
    private List<String> names = List.of();
    private List<String> declTypes = List.of();
    private List<String> tables = List.of();
    // per run
    private boolean started;
    private RowIterator rows;
    private Object[] row;
    private TxStorage autoTx;
    private boolean closed;
    /** The context of the current run, closed when the run ends, fails or is reset. */
    private ExecContext runContext;

    /** What a closed statement leaves for reuse (see SessionImpl's cache). */
    record Compiled(ParseResult parse, Executable exec, long version, long functions, List<String> names,
                    List<String> declTypes, List<String> tables) {
    }

    private final String fullSql;
    private final ParseResult parse;
    /** Whether close() may leave the plan for reuse (only for statements from Session.prepare). */
    boolean cacheable;

    StatementImpl(SessionImpl session, String fullSql, Compiled c) {
        this.session = session;
        this.fullSql = fullSql;
        this.parse = c.parse();
        this.stmt = c.parse().stmt();
        this.sql = stmt == null ? "" : c.parse().text();
        this.tail = fullSql.substring(Math.min(fullSql.length(), c.parse().end()));
        this.parameterCount = c.parse().parameterCount();
        this.parameterNames = c.parse().parameterNames();
        this.params = new Object[parameterCount];
        this.exec = c.exec();
        this.cacheable = true;
        session.open.add(this);
        this.compiledVersion = c.version();
        this.compiledFunctions = c.functions();
        this.names = c.names();
        this.declTypes = c.declTypes();
        this.tables = c.tables();
    }

    StatementImpl(SessionImpl session, String fullSql, ParseResult r) {
        this.session = session;
        this.fullSql = fullSql;
        this.parse = r;
        this.stmt = r.stmt();
        this.sql = r.stmt() == null ? "" : r.text();
        this.tail = fullSql.substring(Math.min(fullSql.length(), r.end()));
        this.parameterCount = r.parameterCount();
        this.parameterNames = r.parameterNames();
        this.params = new Object[parameterCount];
        if (isPlanned(stmt) || DdlExecutor.hasDefinition(stmt)) {
            try {
                withStorage(st -> {
                    if (isPlanned(stmt)) {
                        compile(session.schema(st));
                    } else {
                        Schema schema = session.schema(st);
                        onStackFor(() -> { // SQLite refuses these at prepare
                            DdlExecutor.checkDefinition(stmt, schema, session.functions());
                            return null;
                        });
                    }
                    return null;
                });
            } catch (OneLiteException e) {
                Integer place = e.errorOffset() < 0 && e.node() != null ? r.places().get(e.node()) : null;
                throw place == null ? e : e.atOffset(place); // as sqlite3_error_offset, for the shell's marker
            }
        } else if (stmt instanceof io.onelite.sql.ast.CreateViewStmt && parameterCount > 0) {
            throw new OneLiteException(io.onelite.common.ResultCode.ERROR, "parameters are not allowed in views");
        } else if (stmt instanceof ExplainStmt) {
            names = List.of("id", "parent", "notused", "detail");
            declTypes = java.util.Collections.nCopies(4, null);
            tables = declTypes;
        } else if (stmt instanceof io.onelite.sql.ast.MaintenanceStmt.Vacuum v) {
            VacuumRunner.checkSchema(session, v);
        } else if (stmt instanceof PragmaStmt p) {
            names = Pragmas.columns(p);
            declTypes = java.util.Collections.nCopies(names.size(), null);
            tables = declTypes;
        }
        session.open.add(this); // last: a statement that failed to compile is not tracked
    }

    private static boolean isPlanned(Stmt s) {
        return s instanceof SelectStmt || s instanceof InsertStmt || s instanceof UpdateStmt || s instanceof DeleteStmt;
    }

    private interface StorageWork<T> {
        T run(TxStorage st);
    }

    /** Runs work in the session's transaction, or a short read transaction. */
    private <T> T withStorage(StorageWork<T> w) {
        if (session.tx != null) {
            return w.run(session.tx);
        }
        TxStorage st = session.begin(io.onelite.common.BeginMode.DEFERRED);
        try {
            return w.run(st);
        } finally {
            st.rollback();
        }
    }

    /**
     * Past this {@link ParseResult#nesting()} a statement is planned on a large stack: planning
     * recurses a few frames per level of an expression or subquery, and SQLite allows expressions
     * 1000 tall (an OR of 999 terms), more than a caller's thread of 1 MB always holds.
     */
    static final int PLAN_ON_CALLER_NESTING = 48;

    /** {@code planning} on this thread, or on a large stack when the statement nests deeply. */
    private <T> T onStackFor(java.util.function.Supplier<T> planning) {
        return parse.nesting() > PLAN_ON_CALLER_NESTING ? io.onelite.common.DeepStack.call(planning) : planning.get();
    }

    private void compile(Schema schema) {
        try {
            onStackFor(() -> {
                compileWith(schema);
                return null;
            });
        } catch (StackOverflowError e) {
            // planning recurses once a level of nested queries: a chain deeper than the thread's
            // stack holds is the statement's error, the plan dropped half made, the connection fine
            throw new OneLiteException(ResultCode.ERROR,
                    "statement too deeply nested to plan on this thread's stack (subqueries, CTEs or views)");
        }
    }

    private void compileWith(Schema schema) {
        Planner planner = new Planner(schema, session.functions);
        planner.automaticIndex = session.automaticIndex;
        Stmt s = stmt instanceof ExplainStmt e ? e.stmt() : stmt;
        if (s instanceof SelectStmt sel) {
            planner.beforeWrites = true;
            exec = Executable.of(planner.select(sel));
        } else if (s instanceof InsertStmt ins) {
            exec = DmlPlanner.insert(planner, ins);
        } else if (s instanceof UpdateStmt up) {
            exec = DmlPlanner.update(planner, up);
        } else if (s instanceof DeleteStmt del) {
            exec = DmlPlanner.delete(planner, del);
        } else {
            exec = null;
            return;
        }
        compiledVersion = schema.version();
        compiledFunctions = session.functions.generation();
        if (!(stmt instanceof ExplainStmt)) {
            names = exec.columnNames();
            declTypes = exec.declTypes();
            tables = exec.tables();
        }
    }

    @Override
    public String sql() {
        return sql;
    }

    @Override
    public String tail() {
        return tail;
    }

    @Override
    public boolean isEmpty() {
        return stmt == null;
    }

    @Override
    public boolean isReadOnly() {
        if (stmt == null || stmt instanceof SelectStmt || stmt instanceof ExplainStmt) {
            return true;
        }
        return stmt instanceof TransactionStmt.Begin || stmt instanceof TransactionStmt.Commit;
    }

    @Override
    public boolean writesNothingNow() {
        return isReadOnly() || DdlExecutor.isDdl(stmt)
                && withStorage(st -> DdlExecutor.changesNothing(stmt, session.schema(st)));
    }

    @Override
    public int parameterCount() {
        return parameterCount;
    }

    @Override
    public String parameterName(int index) {
        return index >= 1 && index <= parameterNames.size() ? parameterNames.get(index - 1) : null;
    }

    @Override
    public int parameterIndex(String name) {
        for (int i = 0; i < parameterNames.size(); i++) {
            if (name.equals(parameterNames.get(i))) {
                return i + 1;
            }
        }
        return 0;
    }

    @Override
    public void bind(int index, Object value) {
        if (index < 1 || index > parameterCount) {
            throw new OneLiteException(ResultCode.RANGE, "column index out of range");
        }
        if (started) {
            reset();
        }
        params[index - 1] = normalize(value);
    }

    static Object normalize(Object v) {
        if (v == null || v instanceof Long || v instanceof Double || v instanceof String || v instanceof byte[]) {
            return v;
        }
        if (v instanceof Integer || v instanceof Short || v instanceof Byte) {
            return ((Number) v).longValue();
        }
        if (v instanceof Float f) {
            return (double) f;
        }
        if (v instanceof Boolean b) {
            return b ? 1L : 0L;
        }
        if (v instanceof java.math.BigDecimal d) {
            return d.doubleValue();
        }
        if (v instanceof java.math.BigInteger b) {
            return b.longValue();
        }
        return v.toString();
    }

    @Override
    public void clearBindings() {
        java.util.Arrays.fill(params, null); // every run works on its own copy (see start)
    }

    @Override
    public boolean step() {
        if (closed) {
            throw new OneLiteException(ResultCode.MISUSE, "statement is closed");
        }
        if (stmt == null) {
            return false;
        }
        if (!started) {
            started = true;
            session.clearInterrupt();
            start();
        }
        if (rows == null) {
            return false;
        }
        try {
            if (rows.next()) {
                row = rows.row();
                return true;
            }
        } catch (RuntimeException | StackOverflowError failure) {
            RuntimeException e = asRuntime(failure);
            rows = null;
            releaseRun();
            endAuto(false);
            throw e;
        }
        rows = null;
        row = null;
        releaseRun();
        endAuto(true);
        return false;
    }

    private void endAuto(boolean commit) {
        if (autoTx != null) {
            TxStorage t = autoTx;
            autoTx = null;
            if (commit && session.deferredViolations > 0) {
                // an auto-commit statement checks its deferred foreign keys at its end, as SQLite's
                // sqlite3VdbeHalt, and rolls back when they fail
                session.transactionEnded();
                t.rollback();
                throw SessionImpl.foreignKeyFailed();
            }
            if (session.tx == null) {
                session.transactionEnded();
            }
            if (commit) {
                t.commit();
            } else {
                t.rollback();
            }
        }
    }

    private void start() {
        if (stmt instanceof TransactionStmt t) {
            Transactions.execute(session, t);
            return;
        }
        if (stmt instanceof io.onelite.sql.ast.MaintenanceStmt.Vacuum v) {
            VacuumRunner.run(session, this, v, params.clone());
            return;
        }
        if (stmt instanceof PragmaStmt p && p.name().name().equalsIgnoreCase("wal_checkpoint")) {
            // outside any transaction of ours: our own read snapshot would hold the checkpoint back
            String mode = p.value() == null ? "PASSIVE" : p.value().toUpperCase(java.util.Locale.ROOT);
            if (!List.of("PASSIVE", "FULL", "RESTART", "TRUNCATE").contains(mode)) {
                mode = "PASSIVE";
            }
            long[] r = session.shared.storage.checkpoint(mode);
            rows = listRows(List.<Object[]>of(new Object[]{r[0], r[1], r[2]}));
            return;
        }
        if (stmt instanceof io.onelite.sql.ast.MaintenanceStmt.Attach a) {
            session.databases.attach(name(a.file()), name(a.schema()));
            return;
        }
        if (stmt instanceof io.onelite.sql.ast.MaintenanceStmt.Detach d) {
            session.databases.detach(name(d.schema()), (SessionTx) session.tx);
            return;
        }
        TxStorage st = session.tx;
        if (st == null) {
            autoTx = beginAutocommit();
            st = autoTx;
        }
        int sp = -1;
        long deferredBefore = session.deferredViolations; // a failed statement takes its counts back
        long counted = 0; // this statement's own rows, once added to total_changes()
        try {
            Schema schema = session.schema(st);
            ExecContext ctx = new ExecContext(st, params.clone(), session);
            runContext = ctx;
            if (stmt instanceof PragmaStmt p) {
                if (p.name().schema() != null) { // PRAGMA aux.table_info(t): that database's schema and header
                    Schema one = schema.database(p.name().schema());
                    if (one == null) {
                        throw new OneLiteException(ResultCode.ERROR, "unknown database " + p.name().schema());
                    }
                    schema = one;
                    ctx = new ExecContext(st.database(one.name()), params.clone(), session);
                    runContext = ctx;
                }
                rows = Pragmas.execute(p, schema, ctx, session);
                if (rows == null) {
                    endAuto(true);
                }
                return;
            }
            if (DdlExecutor.isDdl(stmt) && DdlExecutor.changesNothing(stmt, schema)) {
                endAuto(true); // SQLite runs these on read-only connections too: they write nothing
                return;
            }
            if (DdlExecutor.isDdl(stmt) || stmt instanceof io.onelite.sql.ast.MaintenanceStmt.Analyze) {
                session.requireWritable();
                if (session.tx != null) {
                    sp = st.savepoint();
                }
                if (stmt instanceof io.onelite.sql.ast.MaintenanceStmt.Analyze a) {
                    io.onelite.plan.Analyze.run(a, schema, ctx, session.analysisLimit);
                } else {
                    DdlExecutor.execute(stmt, schema, ctx);
                }
                if (sp >= 0) {
                    st.release(sp);
                }
                endAuto(true);
                return;
            }
            if (exec == null || schema.version() != compiledVersion
                    || session.functions.generation() != compiledFunctions) { // as an expired sqlite3_stmt
                compile(schema);
            }
            if (exec == null) {
                throw new OneLiteException(ResultCode.ERROR, "not supported yet: "
                        + stmt.getClass().getSimpleName().replace("Stmt", "").toUpperCase(java.util.Locale.ROOT));
            }
            if (stmt instanceof ExplainStmt) {
                List<Object[]> out = new ArrayList<>();
                long id = 2;
                List<Long> open = new ArrayList<>(); // the last line's id at each depth: the parents
                for (String lines : exec.explain()) {
                    for (String line : lines.split("\n")) { // a level may explain itself in several lines
                        int nest = 0;
                        while (nest < line.length() && line.charAt(nest) == io.onelite.exec.Query.NEST) {
                            nest++; // under the last line one level up (Query.explain)
                        }
                        int depth = Math.min(nest, open.size());
                        long parent = depth == 0 ? 0L : open.get(depth - 1);
                        open.subList(depth, open.size()).clear();
                        open.add(id);
                        out.add(new Object[]{id, parent, 0L, line.substring(nest)});
                        id++;
                    }
                }
                rows = listRows(out);
                return;
            }
            if (!exec.readOnly()) {
                session.requireWritable();
                if (session.tx != null) {
                    sp = st.savepoint();
                }
                RowIterator it = exec.execute(ctx);
                List<Object[]> out = new ArrayList<>();
                counted = session.changes(); // set last by the statement, after its triggers' counts
                while (it.next()) {
                    out.add(it.row());
                }
                if (ctx.statementViolations() > 0) { // immediate foreign keys, as sqlite3VdbeCheckFk(p, 0)
                    throw SessionImpl.foreignKeyFailed();
                }
                if (sp >= 0) {
                    st.release(sp);
                }
                endAuto(true);
                rows = listRows(out);
                return;
            }
            rows = exec.execute(ctx);
        } catch (ConstraintHalt h) {
            halt(h, st, sp, deferredBefore, ctxViolations());
            throw h;
        } catch (RuntimeException | StackOverflowError failure) {
            RuntimeException e = asRuntime(failure);
            if (session.tx != null) {
                session.deferredViolations = deferredBefore;
            }
            if (exec != null && !exec.readOnly()) {
                session.undoChanges(counted); // a failed INSERT/UPDATE/DELETE counts no change, as sqlite3VdbeHalt
            }
            if (sp >= 0) {
                try {
                    st.rollbackTo(sp);
                    st.release(sp);
                } catch (RuntimeException ignored) {
                    // the original failure matters more
                }
            }
            rows = null;
            releaseRun();
            endAuto(false);
            throw e;
        }
    }

    /**
     * A failure as the statement reports it: a stack overflow while it runs (a CASE or NOT nested
     * hundreds deep on a thread with little stack left) is an SQLITE_ERROR, after which the run is
     * undone as after any other error.
     */
    private static RuntimeException asRuntime(Throwable failure) {
        return failure instanceof RuntimeException e ? e : new OneLiteException(ResultCode.ERROR,
                "statement too deeply nested to run on this thread's stack");
    }

    /** Whether a run started and has rows left to step through (SQLite: an active VDBE). */
    boolean isRunning() {
        return started && rows != null;
    }

    private long ctxViolations() {
        return runContext == null ? 0 : runContext.statementViolations();
    }

    /**
     * Ends a statement stopped by a FAIL or ROLLBACK constraint error, as sqlite3VdbeHalt does
     * with its errorAction. FAIL keeps the rows written before the error (the statement's
     * savepoint is released, an auto-commit statement commits) unless immediate foreign keys are
     * violated, which turns it into an ABORT with SQLite's FOREIGN KEY error. ROLLBACK rolls the
     * whole transaction back (explicit or not, BEGIN CONCURRENT too) and counts no change.
     */
    private void halt(ConstraintHalt h, TxStorage st, int sp, long deferredBefore, long immediateViolations) {
        rows = null;
        releaseRun();
        if (h.action() == TableWriter.OnConflict.FAIL) {
            if (immediateViolations > 0) {
                if (session.tx != null) {
                    session.deferredViolations = deferredBefore;
                }
                session.undoChanges(session.changes()); // the rows FAIL had kept and counted
                undoStatement(st, sp);
                endAuto(false);
                throw SessionImpl.foreignKeyFailed();
            }
            if (sp >= 0) {
                st.release(sp);
            }
            endAuto(true);
            return;
        }
        session.undoChanges(0);
        if (session.tx != null) {
            var tx = session.tx;
            session.tx = null;
            session.savepoints.clear();
            session.transactionEnded();
            tx.rollback();
        } else {
            endAuto(false);
        }
    }

    private static void undoStatement(TxStorage st, int sp) {
        if (sp >= 0) {
            try {
                st.rollbackTo(sp);
                st.release(sp);
            } catch (RuntimeException ignored) {
                // the original failure matters more
            }
        }
    }

    /**
     * The text of ATTACH's file or schema operand: a string, a bare name (SQLite reads an
     * identifier there as its text) or a bound parameter.
     */
    private String name(io.onelite.sql.ast.Expr e) {
        Object v;
        if (e instanceof io.onelite.sql.ast.Expr.Literal l) {
            v = l.value();
        } else if (e instanceof io.onelite.sql.ast.Expr.ColumnRef c && c.table() == null) {
            v = c.column();
        } else if (e instanceof io.onelite.sql.ast.Expr.Param p && p.index() >= 1 && p.index() <= params.length) {
            v = params[p.index() - 1];
        } else {
            throw new OneLiteException(ResultCode.ERROR, "ATTACH and DETACH take a string, a name or a parameter");
        }
        return v == null ? "" : v instanceof byte[] b ? new String(b, java.nio.charset.StandardCharsets.UTF_8) : v.toString();
    }

    /** Frees what the run holds beyond its rows (a sort's spill file). */
    private void releaseRun() {
        ExecContext ctx = runContext;
        runContext = null;
        if (ctx != null) {
            ctx.close();
        }
    }

    static RowIterator listRows(List<Object[]> out) {
        return RowIterator.of(out);
    }

    @Override
    public int columnCount() {
        return names.size();
    }

    private void checkColumn(int column) {
        if (column < 0 || column >= names.size()) {
            throw new OneLiteException(ResultCode.RANGE, "column index out of range");
        }
    }

    @Override
    public String columnName(int column) {
        checkColumn(column);
        return names.get(column);
    }

    @Override
    public String columnDeclaredType(int column) {
        return column < declTypes.size() ? declTypes.get(column) : null;
    }

    @Override
    public String columnTableName(int column) {
        return column < tables.size() ? tables.get(column) : null;
    }

    @Override
    public Object column(int column) {
        if (row == null) {
            throw new OneLiteException(ResultCode.MISUSE, "no row available");
        }
        checkColumn(column);
        return row[column];
    }

    @Override
    public void reset() {
        rows = null;
        row = null;
        releaseRun();
        started = false;
        endAuto(true);
    }

    @Override
    public void close() {
        if (!closed) {
            reset();
            closed = true;
            session.open.remove(this);
            if (cacheable && exec != null && isPlanned(stmt)) {
                session.putCached(fullSql, new Compiled(parse, exec, compiledVersion, compiledFunctions, names, declTypes, tables));
            }
        }
    }

    /**
     * The transaction of a statement run in autocommit mode. INSERT, UPDATE and DELETE take the
     * write lock at once, as SQLite's write transaction does: the state they start from is then
     * the newest (never stale, so never BUSY_SNAPSHOT) and needs no WAL read mark. A read-only
     * database file falls back to DEFERRED, which fails only if a row is really written. A
     * statement that writes temp or an attached file leaves main DEFERRED (that file takes its
     * own write lock when written), so it does not wait for main's writers.
     */
    private TxStorage beginAutocommit() {
        boolean writesMain = exec == null || io.onelite.catalog.Table.MAIN.equals(exec.writtenDatabase());
        if ((stmt instanceof InsertStmt || stmt instanceof UpdateStmt || stmt instanceof DeleteStmt) && writesMain
                && !session.readOnly()) {
            try {
                return session.begin(io.onelite.common.BeginMode.IMMEDIATE);
            } catch (OneLiteException e) {
                if (e.resultCode() != ResultCode.READONLY) {
                    throw e;
                }
            }
        }
        return session.begin(io.onelite.common.BeginMode.DEFERRED);
    }

    /** Used by Pragmas to read the schema cookie without a compile. */
    static int cookie(TxStorage st) {
        return st.headerInt(FileHeader.SCHEMA_COOKIE);
    }
}
