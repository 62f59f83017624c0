package io.onelite.plan;

import io.onelite.catalog.Column;
import io.onelite.catalog.Index;
import io.onelite.catalog.Table;
import io.onelite.exec.DatatypeCheck;
import io.onelite.exec.Eval;
import io.onelite.exec.TableWriter;
import io.onelite.exec.ValueOps;
import io.onelite.sql.ast.ConflictAction;
import io.onelite.sql.ast.Expr;

import java.util.ArrayList;
import java.util.List;

/** Builds the {@link TableWriter} of a table: its indexes, NOT NULL flags and CHECK constraints. */
final class Writers {
    private Writers() {
    }

    /** A scope whose only source (slot 0) is the table's row, named by the table (and alias). */
    static Scope rowScope(Table t, String alias) {
        return rowScope(t, alias, null);
    }

    static Scope rowScope(Table t, String alias, Scope outer) {
        return rowScope(t, alias, outer, !t.withoutRowid());
    }

    /** As {@link #rowScope(Table, String, Scope)}; {@code rowidByName} false: rowid, oid and _rowid_ name nothing. */
    static Scope rowScope(Table t, String alias, Scope outer, boolean rowidByName) {
        Scope s = new Scope(outer);
        int n = t.columns().size();
        char[] aff = new char[n];
        String[] coll = new String[n];
        List<String> names = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            aff[i] = t.columns().get(i).affinity();
            coll[i] = t.columns().get(i).collation();
            names.add(t.columns().get(i).name());
        }
        s.sources.add(new Source(alias != null ? alias : t.name(), t, names, aff, coll, rowidByName, new boolean[n]));
        return s;
    }

    /** Each column's affinity, in column order: what a write applies to the values it stores. */
    static char[] affinities(Table t) {
        char[] aff = new char[t.columns().size()];
        for (int i = 0; i < aff.length; i++) {
            aff[i] = t.columns().get(i).affinity();
        }
        return aff;
    }

    private static boolean[] realColumns(Table t) {
        boolean[] real = new boolean[t.columns().size()];
        for (int i = 0; i < real.length; i++) {
            real[i] = t.columns().get(i).affinity() == 'E';
        }
        return real;
    }

    static TableWriter writer(Planner planner, Table t) {
        return writer(planner, t, true);
    }

    /**
     * The writer of {@code t}; for a DELETE ({@code storesRows} false) its CHECK constraints and
     * generated columns compile without the errors of their code, which SQLite never codes there.
     */
    static TableWriter writer(Planner planner, Table t, boolean storesRows) {
        if (!storesRows) {
            return planner.codeErrors.uncoded(() -> writer(planner, t, null));
        }
        return writer(planner, t, null);
    }

    /**
     * The writer of {@code t} for an UPDATE that changes {@code changed} ({@link #changedBy}; null
     * for an INSERT, which changes all): as SQLite, only the CHECK constraints reading a changed
     * column are coded, so meet the errors of their code.
     */
    static TableWriter writer(Planner planner, Table t, boolean[] changed) {
        Scope scope = rowScope(t, null);
        List<TableWriter.IndexInfo> ixs = new ArrayList<>();
        for (Index ix : t.indexes()) {
            Eval[] exprs = new Eval[ix.columns().length];
            StringBuilder cols = new StringBuilder();
            for (int i = 0; i < exprs.length; i++) {
                if (ix.columns()[i] == -2) {
                    exprs[i] = new ExprCompiler(planner, scope).pure("an index").eval(ix.exprs()[i]);
                }
                if (i > 0) {
                    cols.append(", ");
                }
                cols.append(t.name()).append('.').append(ix.columns()[i] >= 0
                        ? t.columns().get(ix.columns()[i]).name() : ix.columns()[i] == -1 ? "rowid" : "<expr>");
            }
            Eval where = ix.where() == null ? null : new ExprCompiler(planner, scope).pure("an index").eval(ix.where());
            ixs.add(new TableWriter.IndexInfo(ix.name(), ix.root(), ix.keyInfo(), ix.columns(), exprs, ix.unique(),
                    "pk".equals(ix.origin()), cols.toString(), where, explicitAction(ix.onConflict())));
        }
        List<Eval> checks = new ArrayList<>();
        List<String> names = new ArrayList<>();
        int[][] checkColumns = new int[t.checks().size()][];
        for (Table.Check c : t.checks()) {
            int[] read = columnsRead(t, c.expr());
            checkColumns[checks.size()] = read;
            java.util.function.Supplier<Eval> check = () -> new ExprCompiler(planner, scope).pure("a CHECK constraint").eval(c.expr());
            checks.add(changed == null || readsChanged(read, changed) ? check.get() : planner.codeErrors.uncoded(check));
            names.add(c.name() != null ? c.name() : c.text() != null ? c.text() : ExprText.of(c.expr()));
        }
        int n = t.columns().size();
        String[] colNames = new String[n];
        boolean[] notNull = new boolean[n];
        for (int i = 0; i < n; i++) {
            colNames[i] = t.columns().get(i).name();
            notNull[i] = t.columns().get(i).notNull();
        }
        Eval[] replaceDefaults = new Eval[n];
        for (int i = 0; i < n; i++) {
            Column c = t.columns().get(i);
            if (notNull[i] && c.defaultValue() != null) {
                // SQLite codes it only where a NOT NULL conflict may REPLACE (not followed here)
                Eval d = planner.codeErrors.uncoded(() -> new ExprCompiler(planner, new Scope(null)).eval(c.defaultValue()));
                char aff = c.affinity();
                replaceDefaults[i] = f -> ValueOps.applyAffinity(d.eval(f), aff);
            }
        }
        TableWriter.OnConflict[] notNullConflicts = new TableWriter.OnConflict[n];
        for (int i = 0; i < n; i++) {
            notNullConflicts[i] = explicitAction(t.columns().get(i).notNullConflict());
        }
        int keyColumn = t.rowidAlias() >= 0 ? t.rowidAlias() : t.clustered() != null ? t.primaryKey()[0] : -1;
        TableWriter.OnConflict primaryKeyConflict = keyColumn < 0 ? null
                : explicitAction(t.columns().get(keyColumn).primaryKeyConflict());
        return new TableWriter(t.name(), t.root(), t.rowidAlias(), t.clustered(), olderThanPrimaryKey(t), colNames,
                notNull, ixs, checks, names, t.db())
                .withDefaults(AccessPlanner.access(t).defaults())
                .withGenerated(io.onelite.catalog.RecordLayout.of(t), GeneratedColumnPlans.compile(planner, t))
                .withDeclaredConflicts(notNullConflicts, primaryKeyConflict)
                .withReplaceDefaults(replaceDefaults)
                .withDatatypes(DatatypeCheck.of(t))
                .withRealColumns(realColumns(t))
                .withCheckColumns(checkColumns);
    }

    /** Whether {@code read} (columns, -1 the rowid) holds one {@link #changedBy} marks. */
    private static boolean readsChanged(int[] read, boolean[] changed) {
        for (int c : read) {
            if (changed[c < 0 ? changed.length - 1 : c]) {
                return true;
            }
        }
        return false;
    }

    /** The columns of {@code t} an expression over its row reads; -1 for the rowid (by any of its names). */
    static int[] columnsRead(Table t, Expr e) {
        java.util.Set<Integer> out = new java.util.LinkedHashSet<>();
        collectColumns(t, e, out);
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    private static void collectColumns(Table t, Expr e, java.util.Set<Integer> out) {
        if (e instanceof Expr.ColumnRef c) {
            int i = t.columnIndex(c.column());
            if (i >= 0) {
                out.add(i);
            } else if (Scope.isRowidName(c.column())) {
                out.add(-1);
            }
        }
        for (Expr child : ExprWalker.children(e)) {
            collectColumns(t, child, out);
        }
    }

    /**
     * What an UPDATE setting {@code columns} (table columns; -1 the rowid) changes, as SQLite's
     * UPDATE marks it: those columns, the rowid when it or the INTEGER PRIMARY KEY is set, and the
     * generated columns reading a changed column, directly or through another generated one. One
     * slot per column, then one for the rowid.
     */
    static boolean[] changedBy(Table t, java.util.Collection<Integer> columns) {
        int n = t.columns().size();
        boolean[] changed = new boolean[n + 1];
        for (int c : columns) {
            if (c < 0 || c == t.rowidAlias()) {
                changed[n] = true;
            }
            if (c >= 0) {
                changed[c] = true;
            }
        }
        if (t.rowidAlias() >= 0 && changed[n]) {
            changed[t.rowidAlias()] = true;
        }
        for (boolean more = true; more; ) {
            more = false;
            for (int g = 0; g < n; g++) {
                if (!changed[g] && t.columns().get(g).generated() != null) {
                    for (int r : columnsRead(t, t.columns().get(g).generated().expr())) {
                        if (r >= 0 && changed[r]) {
                            changed[g] = true;
                            more = true;
                            break;
                        }
                    }
                }
            }
        }
        return changed;
    }

    /**
     * How many of a WITHOUT ROWID table's indexes were created before its primary key: the
     * automatic ones numbered below it (sqlite_autoindex_T_N counts the primary key too).
     */
    private static int olderThanPrimaryKey(Table t) {
        if (t.clustered() == null) {
            return 0;
        }
        int older = 0;
        int pk = Index.autoindexNumber(t.clustered().indexName());
        for (Index ix : t.indexes()) {
            if (ix.sql() == null && Index.autoindexNumber(ix.name()) < pk) {
                older++;
            }
        }
        return older;
    }

    /** The resolution an {@code OR ...} clause names; null when the statement has none. */
    static TableWriter.OnConflict explicitAction(ConflictAction a) {
        return a == null ? null : action(a);
    }

    static TableWriter.OnConflict action(ConflictAction a) {
        if (a == null) {
            return TableWriter.OnConflict.ABORT;
        }
        return switch (a) {
            case ROLLBACK -> TableWriter.OnConflict.ROLLBACK;
            case ABORT -> TableWriter.OnConflict.ABORT;
            case FAIL -> TableWriter.OnConflict.FAIL;
            case IGNORE -> TableWriter.OnConflict.IGNORE;
            case REPLACE -> TableWriter.OnConflict.REPLACE;
        };
    }

    /** A rough SQL rendering of an expression for CHECK constraint messages. */
    static final class ExprText {
        private ExprText() {
        }

        static String of(Expr e) {
            if (e instanceof Expr.ColumnRef c) {
                return c.table() == null ? c.column() : c.table() + "." + c.column();
            }
            if (e instanceof Expr.Literal l) {
                return l.text();
            }
            if (e instanceof Expr.Binary b) {
                return of(b.left()) + b.op().sql() + of(b.right());
            }
            if (e instanceof Expr.IsNull n) {
                return of(n.expr()) + (n.not() ? " IS NOT NULL" : " IS NULL");
            }
            if (e instanceof Expr.FunctionCall f) {
                StringBuilder sb = new StringBuilder(f.name()).append('(');
                for (int i = 0; i < f.args().size(); i++) {
                    sb.append(i > 0 ? "," : "").append(of(f.args().get(i)));
                }
                return sb.append(')').toString();
            }
            return e.toString();
        }
    }
}
