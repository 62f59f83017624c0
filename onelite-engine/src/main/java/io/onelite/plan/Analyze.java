package io.onelite.plan;

import io.onelite.catalog.Index;
import io.onelite.catalog.Schema;
import io.onelite.catalog.Storage;
import io.onelite.catalog.Table;
import io.onelite.catalog.View;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.exec.ExecContext;
import io.onelite.sql.ast.MaintenanceStmt;
import io.onelite.sql.ast.QualifiedName;

import java.util.List;

/**
 * Runs ANALYZE as SQLite's {@code analyze.c} (built without STAT4): for each table analyzed, its
 * rows of {@code sqlite_stat1} are replaced by one row per non-empty or partial index (SQLite's
 * {@code analyzeOneTable}; the numbers are {@link IndexStat}'s) and, when the table has no index
 * without a WHERE clause, a row {@code (table, NULL, row count)} if it has rows. Tables and
 * indexes are visited in SQLite's order ({@link AnalysisOrder}), so the rows and their rowids come
 * out as SQLite's do. Tables named {@code sqlite_*}, views and the schema table get no row.
 *
 * <p>The forms, as {@code sqlite3Analyze}: {@code ANALYZE} analyzes main and the attached
 * databases (not temp); {@code ANALYZE schema} that database (temp too), even when a table has
 * that name; {@code ANALYZE [schema.]name} the index of that name (only its row is replaced), else
 * the table or view, looked up in temp, main, then attached databases when no schema is given.
 * Each database written takes its write lock first (a write transaction) and gets
 * {@code sqlite_stat1} when it has none ({@link StatTable}), even when nothing in it is analyzed:
 * {@code ANALYZE sqlite_schema} only creates it, which is how the shell's {@code .dump} output
 * recreates it. The planner does not read the statistics (it plans by fixed rules).
 */
public final class Analyze {
    private Analyze() {
    }

    /**
     * Runs {@code s} against the connection's search path {@code all}, writing through
     * {@code ctx}'s storages; {@code analysisLimit} is PRAGMA analysis_limit (0: every entry is read).
     */
    public static void run(MaintenanceStmt.Analyze s, Schema all, ExecContext ctx, int analysisLimit) {
        QualifiedName target = s.target();
        if (target == null) {
            for (Schema db : all.databases()) {
                if (!Schema.TEMP.equals(db.name())) {
                    database(db, ctx, analysisLimit);
                }
            }
            return;
        }
        if (target.schema() == null && all.database(target.name()) != null) {
            database(all.database(target.name()), ctx, analysisLimit);
            return;
        }
        Schema in = null;
        if (target.schema() != null) {
            in = all.database(target.schema());
            if (in == null) {
                throw new OneLiteException(ResultCode.ERROR, "unknown database " + target.schema());
            }
        }
        String name = target.name();
        // an index first, as sqlite3FindIndex, searching temp, main, then the attached databases
        for (Schema db : in != null ? List.of(in) : all.databases()) {
            for (Table t : db.tables()) {
                for (AnalysisOrder.IndexTree x : AnalysisOrder.indexes(t)) {
                    if (x.name().equalsIgnoreCase(name) && isIndex(db, t, x)) {
                        StatTable stat = prepare(db, ctx, StatTable.IDX, x.name());
                        table(db, t, x, stat, ctx, analysisLimit);
                        return;
                    }
                }
            }
        }
        // then a table or view, as sqlite3LocateTable
        QualifiedName q = new QualifiedName(in == null ? null : in.name(), name);
        Table t = all.table(q);
        View v = t == null ? all.view(q) : null;
        io.onelite.catalog.VirtualTable vt = t == null && v == null ? all.virtualTable(q) : null;
        if (t == null && v == null && vt == null) {
            throw new OneLiteException(ResultCode.ERROR, "no such table: " + (in == null ? "" : in.name() + ".") + name);
        }
        // a view or virtual table has nothing to analyze; SQLite still makes sqlite_stat1
        Schema db = all.database(t != null ? t.db() : v != null ? v.db() : vt.db());
        String tableName = t == null ? (v != null ? v.name() : vt.name()) : !t.isSchemaTable() ? t.name()
                : Schema.TEMP.equals(db.name()) ? "sqlite_temp_master" : "sqlite_master";
        StatTable stat = prepare(db, ctx, StatTable.TBL, tableName);
        if (t != null) {
            table(db, t, null, stat, ctx, analysisLimit);
        }
    }

    /** Whether {@code x} of {@code t} is a real index of {@code db} (or a WITHOUT ROWID primary key, found by its name as SQLite does). */
    private static boolean isIndex(Schema db, Table t, AnalysisOrder.IndexTree x) {
        Index ix = db.index(x.name());
        return ix != null ? ix.table().equalsIgnoreCase(t.name()) : t.clustered() != null;
    }

    /**
     * ANALYZE of one table for PRAGMA optimize ({@code ANALYZE "db"."table"}), under
     * {@code analysisLimit}.
     */
    static void table(Schema db, Table t, ExecContext ctx, int analysisLimit) {
        StatTable stat = prepare(db, ctx, StatTable.TBL, t.name());
        table(db, t, null, stat, ctx, analysisLimit);
    }

    /** As {@code analyzeDatabase}: every table of {@code db}, in SQLite's order. */
    private static void database(Schema db, ExecContext ctx, int analysisLimit) {
        Storage st = ctx.storage(db.name());
        st.beginWrite();
        // the order is that of the schema as the statement began: a sqlite_stat1 made now is not in it
        List<String> order = AnalysisOrder.tables(st, db.name());
        StatTable stat = StatTable.open(st, StatTable.TBL, null);
        for (String name : order) {
            Table t = db.table(name);
            if (t != null) {
                table(db, t, null, stat, ctx, analysisLimit);
            }
        }
    }

    /** Takes {@code db}'s write lock and prepares its sqlite_stat1 ({@link StatTable#open}). */
    private static StatTable prepare(Schema db, ExecContext ctx, int column, String name) {
        Storage st = ctx.storage(db.name());
        st.beginWrite();
        return StatTable.open(st, column, name);
    }

    /** As {@code analyzeOneTable}: the rows of {@code t}, or of its index {@code only} when not null. */
    private static void table(Schema db, Table t, AnalysisOrder.IndexTree only, StatTable stat, ExecContext ctx,
                              int analysisLimit) {
        if (t.isSchemaTable() || t.name().regionMatches(true, 0, "sqlite_", 0, 7)) {
            return; // SQLite gathers nothing on its own tables
        }
        Storage st = ctx.storage(db.name());
        boolean countRows = true;
        for (AnalysisOrder.IndexTree x : AnalysisOrder.indexes(t)) {
            if (only != null && !only.equals(x)) {
                continue;
            }
            countRows &= x.partial();
            String text = IndexStat.scan(st.openIndex(x.root(), x.keyInfo()), x.keyColumns(), x.keyInfo(),
                    x.partial(), analysisLimit);
            if (text != null) {
                stat.insert(t.name(), x.statName(), text);
            }
        }
        if (only == null && countRows) {
            long rows = st.openTable(t.root()).count();
            if (rows > 0) {
                stat.insert(t.name(), null, Long.toString(rows));
            }
        }
    }
}
