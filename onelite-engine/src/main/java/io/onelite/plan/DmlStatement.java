package io.onelite.plan;

import io.onelite.catalog.Table;
import io.onelite.common.OneLiteException;
import io.onelite.exec.ArrayRow;
import io.onelite.exec.ConstraintHalt;
import io.onelite.exec.Eval;
import io.onelite.exec.ExecContext;
import io.onelite.exec.Frame;
import io.onelite.exec.Level;
import io.onelite.exec.RowIterator;
import io.onelite.exec.TableWriter;
import io.onelite.sql.ast.Expr;
import io.onelite.sql.ast.ResultColumn;

import java.util.ArrayList;
import java.util.List;

/** A DML statement: does its writes, then returns its RETURNING rows. */
abstract class DmlStatement implements Executable {
    /** The rows one execution of a statement has changed so far. */
    static final class RowCount {
        long n;
    }

    final List<String> names = new ArrayList<>();
    Eval[] returning;
    /** The table writer, for commit_seq() hooks. */
    TableWriter writer;
    /** The database written, when no writer says (a DELETE that only empties its table); else null. */
    String database;
    /** The loops that find the rows (UPDATE, DELETE), for EXPLAIN QUERY PLAN. */
    Level[] loops = new Level[0];

    @Override
    public String writtenDatabase() {
        return writer != null ? writer.db() : database != null ? database : Table.MAIN;
    }

    @Override
    public List<String> explain() {
        return Level.explain(loops);
    }

    @Override
    public List<String> columnNames() {
        return names;
    }

    @Override
    public List<String> declTypes() {
        return java.util.Collections.nCopies(names.size(), null);
    }

    @Override
    public List<String> tables() {
        return java.util.Collections.nCopies(names.size(), null);
    }

    @Override
    public boolean readOnly() {
        return false;
    }

    /** The statement's own {@code OR ...} resolution, null when it has none. */
    TableWriter.OnConflict orConflict;
    /** A DELETE: the triggers it fires run with their own resolutions (SQLite codes them with OE_Default). */
    boolean resetsConflict;

    /**
     * The resolution this execution's writes use: the one a firing statement imposes, else
     * the statement's own, else null (each constraint's own ON CONFLICT, else ABORT).
     */
    static TableWriter.OnConflict action(ExecContext ctx) {
        return ctx.conflictOverride();
    }

    /** A row OR IGNORE skipped: what its foreign key checks counted ({@code counted}, null if none) is taken back. */
    static void ignored(ExecContext ctx, long[] counted) {
        if (counted != null) {
            ForeignKeys.takeBack(ctx, counted);
        }
    }

    /** Runs the statement once, counting in {@code count} the rows it changes as it goes. */
    abstract void run(ExecContext ctx, List<Object[]> returned, RowCount count);

    /** The enclosing frame of this execution (a trigger's OLD/NEW), or null. */
    Frame outer;

    @Override
    public RowIterator execute(ExecContext ctx, Frame outerFrame) {
        Frame saved = outer;
        outer = outerFrame;
        try {
            return execute(ctx);
        } finally {
            outer = saved;
        }
    }

    @Override
    public RowIterator execute(ExecContext ctx) {
        ctx.storage(writtenDatabase()).beginWrite();
        List<Object[]> out = new ArrayList<>();
        RowCount count = new RowCount();
        TableWriter.OnConflict inherited = ctx.conflictOverride();
        ctx.setConflictOverride(resetsConflict ? null : inherited != null ? inherited : orConflict);
        try {
            run(ctx, out, count);
        } catch (ConstraintHalt h) {
            if (h.action() == TableWriter.OnConflict.FAIL) {
                // FAIL keeps the rows written so far: they count, and their commit_seq() gets filled in
                if (writer != null) {
                    writer.registerCommitSeq(ctx);
                }
                ctx.session.addChanges(count.n);
            }
            throw h;
        } finally {
            ctx.setConflictOverride(inherited);
        }
        if (writer != null) {
            writer.registerCommitSeq(ctx);
        }
        ctx.session.addChanges(count.n);
        var it = out.iterator();
        return new RowIterator() {
            Object[] row;

            @Override
            public boolean next() {
                if (!it.hasNext()) {
                    return false;
                }
                row = it.next();
                return true;
            }

            @Override
            public Object[] row() {
                return row;
            }
        };
    }

    void compileReturning(Planner planner, Table t, List<ResultColumn> cols) {
        compileReturning(planner, Writers.rowScope(t, null), cols);
    }

    /** RETURNING over the row in slot 0 of {@code scope} (a table's row or a view's NEW/OLD). */
    void compileReturning(Planner planner, Scope scope, List<ResultColumn> cols) {
        if (cols.isEmpty()) {
            return;
        }
        try {
            compileReturningInOrder(planner, scope, cols);
        } catch (OneLiteException e) {
            throw ExpansionErrors.firstOfReturning(planner, cols, e); // SQLite prepares RETURNING as a SELECT
        }
    }

    private void compileReturningInOrder(Planner planner, Scope scope, List<ResultColumn> cols) {
        List<String> columns = scope.sources.get(0).columnNames();
        List<Eval> evals = new ArrayList<>();
        for (ResultColumn rc : cols) {
            if (rc instanceof ResultColumn.Expression e) {
                evals.add(new ExprCompiler(planner, scope).eval(e.expr()));
                names.add(e.alias() != null ? e.alias() : e.expr() instanceof Expr.ColumnRef c ? c.column() : e.text());
            } else {
                for (int i = 0; i < columns.size(); i++) {
                    int col = i;
                    evals.add(f -> f.src[0].column(col));
                    names.add(columns.get(i));
                }
            }
        }
        returning = evals.toArray(new Eval[0]);
    }

    void addReturning(ExecContext ctx, Object[] values, long rowid, int alias, List<Object[]> out) {
        if (returning == null) {
            return;
        }
        Frame f = new Frame(ctx, null, 1);
        ArrayRow r = new ArrayRow(values.clone());
        r.rowid = rowid;
        if (alias >= 0) {
            r.values[alias] = rowid;
        }
        f.src[0] = r;
        for (int i = 0; i < r.values.length; i++) {
            if (r.values[i] == io.onelite.exec.CommitSeq.PENDING) {
                r.values[i] = null;
            }
        }
        Object[] row = new Object[returning.length];
        // SQLite runs RETURNING as a trigger program, once per row: its uncorrelated subqueries
        // see the rows as they are at that row, not as at the first
        java.util.Map<Object, Object> statementCache = ctx.beginCacheScope();
        try {
            for (int i = 0; i < row.length; i++) {
                row[i] = returning[i].eval(f);
            }
        } finally {
            ctx.endCacheScope(statementCache);
        }
        out.add(row);
    }
}
