package io.onelite.plan;

import io.onelite.exec.func.AppFunction;
import io.onelite.exec.func.AppFunctions;
import io.onelite.exec.func.Functions;
import io.onelite.sql.ast.Expr;

import java.util.Locale;
import java.util.Set;

/**
 * Which function calls SQLite counts as non-deterministic, and its refusal of them in schema
 * expressions (resolve.c's "non-deterministic functions prohibited in %s"): an
 * application-defined function without {@code SQLITE_DETERMINISTIC}, or a built-in SQLite does
 * not mark {@code SQLITE_FUNC_CONSTANT} ({@link Functions#isConstant}). CHECK constraints accept
 * them, as SQLite's do.
 */
final class Determinism {
    private Determinism() {
    }

    /**
     * The built-ins SQLite neither marks constant nor slow-changing (func.c's VFUNCTION): a call
     * gives a new value each time, so it is never hoisted out of a loop.
     */
    private static final Set<String> VARIES = Set.of("random", "randomblob", "changes", "total_changes",
            "last_insert_rowid");

    /**
     * Whether {@code e} calls, outside a subquery, a function SQLite evaluates anew for every
     * row (no {@code EP_ConstFunc}): those of {@link #VARIES}, or an application-defined
     * function that is not deterministic. A WHERE term calling one is no run-once guard.
     */
    static boolean variesPerRow(AppFunctions functions, Expr e) {
        if (e instanceof Expr.FunctionCall f && variesPerCall(functions, f)) {
            return true;
        }
        for (Expr child : ExprWalker.children(e)) {
            if (variesPerRow(functions, child)) {
                return true;
            }
        }
        return false;
    }

    /** Whether each call may give a new value within one statement (see {@link #variesPerRow}). */
    static boolean variesPerCall(AppFunctions functions, Expr.FunctionCall f) {
        AppFunction app = appFunction(functions, f);
        return app != null ? !app.deterministic() : VARIES.contains(f.name().toLowerCase(Locale.ROOT));
    }

    /** Whether the call may give another value for the same arguments. */
    static boolean isNonDeterministic(AppFunctions functions, Expr.FunctionCall f) {
        AppFunction app = appFunction(functions, f);
        return app != null ? !app.deterministic() : !Functions.isConstant(f.name().toLowerCase(Locale.ROOT));
    }

    /**
     * Whether a generated column refuses the call: as {@link #isNonDeterministic}. The date and
     * time functions pass, as in SQLite: one that reads the current time or the local zone fails
     * when it runs ({@link io.onelite.exec.func.FunctionContext#pure}).
     */
    static boolean refusedInGeneratedColumn(AppFunctions functions, Expr.FunctionCall f) {
        return isNonDeterministic(functions, f);
    }

    /** The application-defined function the call resolves to, or null for a built-in. */
    private static AppFunction appFunction(AppFunctions functions, Expr.FunctionCall f) {
        return functions.find(f.name().toLowerCase(Locale.ROOT), f.star() ? 0 : f.args().size());
    }
}
