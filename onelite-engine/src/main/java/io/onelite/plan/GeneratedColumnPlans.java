package io.onelite.plan;

import io.onelite.catalog.Column;
import io.onelite.catalog.Table;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.exec.Eval;
import io.onelite.exec.GeneratedColumns;
import io.onelite.exec.func.JsonSubtype;
import io.onelite.sql.ast.Expr;

import java.util.ArrayList;
import java.util.List;

/**
 * Compiles and checks a table's generated columns ({@code AS (expr) [STORED|VIRTUAL]}, SQLite
 * 3.31+, gencol.html): the expression may read the table's other columns (generated ones too,
 * without a loop) through a scope holding the row alone, and may not hold a subquery, an
 * aggregate, a non-deterministic function or the rowid.
 */
final class GeneratedColumnPlans {
    private GeneratedColumnPlans() {
    }

    /** The compiled generated columns of {@code t}, or null when it has none. */
    static GeneratedColumns compile(Planner planner, Table t) {
        int n = t.columns().size();
        Eval[] exprs = new Eval[n];
        char[] affinity = new char[n];
        boolean any = false;
        Scope scope = Writers.rowScope(t, null);
        for (int i = 0; i < n; i++) {
            Column c = t.columns().get(i);
            // a flattened view's column gives its expression's value as it is
            affinity[i] = Flattening.isComputed(c) ? '@' : c.affinity();
            if (c.generated() != null) {
                ExprCompiler compiler = new ExprCompiler(planner, scope);
                // a flattened view's column is no schema expression: date('now') may run there
                Eval e = (Flattening.isComputed(c) ? compiler : compiler.pure("a generated column"))
                        .eval(c.generated().expr());
                // a flattened view's column drops the JSON subtype, as a subquery's (not a table's)
                exprs[i] = Flattening.isComputed(c) ? f -> JsonSubtype.drop(e.eval(f)) : e;
                any = true;
            }
        }
        return any ? new GeneratedColumns(exprs, affinity, order(t), t.rowidAlias()) : null;
    }

    /**
     * The generated columns in an order that computes each after those it reads; fails with
     * SQLite's "generated column loop on "x"" where one depends on itself (x is the column whose
     * expression reads a column still being computed, walking from the first in table order).
     */
    static int[] order(Table t) {
        int n = t.columns().size();
        int[] state = new int[n]; // 0 not seen, 1 being computed, 2 done
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (t.columns().get(i).generated() != null && state[i] == 0) {
                visit(t, i, state, out);
            }
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    private static void visit(Table t, int column, int[] state, List<Integer> out) {
        state[column] = 1;
        for (int r : Writers.columnsRead(t, t.columns().get(column).generated().expr())) {
            if (r < 0 || t.columns().get(r).generated() == null) {
                continue; // the rowid, or a stored column: nothing to compute first
            }
            if (state[r] == 1) {
                throw new OneLiteException(ResultCode.ERROR,
                        "generated column loop on \"" + t.columns().get(column).name() + "\"");
            }
            if (state[r] == 0) {
                visit(t, r, state, out);
            }
        }
        state[column] = 2;
        out.add(column);
    }


    /**
     * CREATE TABLE's and ADD COLUMN's checks of the generated columns, with SQLite's messages:
     * no subquery, no non-deterministic function, the names resolve among the table's columns
     * (not the rowid), no aggregate, no loop.
     */
    static void check(Planner planner, Table t) {
        Scope scope = Writers.rowScope(t, null, null, false); // the rowid is no column to read here
        for (Column c : t.columns()) {
            if (c.generated() != null) {
                Expr e = c.generated().expr();
                DefinitionRules.checkShape(planner.functions, e, DefinitionRules.Place.GENERATED);
                if (c.generated().stored()) { // SQLite codes a STORED one only as a write computes it
                    planner.codeErrors.uncoded(() -> new ExprCompiler(planner, scope).eval(e));
                } else {
                    new ExprCompiler(planner, scope).eval(e);
                }
            }
        }
        order(t); // SQLite 3.49+ finds a loop here (older versions only when a statement computes it)
    }
}
