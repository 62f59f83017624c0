package io.onelite.plan;

import io.onelite.exec.func.AppFunctions;
import io.onelite.sql.ast.Expr;

/**
 * Which expressions SQLite's parser counts as constant (sqlite3ExprIsConstant as the parser
 * calls it, before any name is resolved): no column (TRUE and FALSE aside), no subquery and no
 * RAISE; a parameter is constant; a function call is when SQLite marks the function constant or
 * slow-changing, it is no aggregate or window call, and its arguments are constant.
 */
final class ParsedConstants {
    private ParsedConstants() {
    }

    static boolean isConstant(AppFunctions functions, Expr e) {
        if (e instanceof Expr.ColumnRef c) {
            return namesTrueOrFalse(c);
        }
        if (ExprWalker.isSubquery(e) || e instanceof Expr.Raise) {
            return false;
        }
        if (e instanceof Expr.FunctionCall f && (f.over() != null || f.filter() != null || f.star()
                || Determinism.variesPerCall(functions, f)
                || FunctionCompiler.isAggregateCall(functions, f.name(), f.args().size()))) {
            return false;
        }
        for (Expr child : ExprWalker.children(e)) {
            if (!isConstant(functions, child)) {
                return false;
            }
        }
        return true;
    }

    /** A bare TRUE / FALSE parses as a name and stands for the constant. */
    static boolean namesTrueOrFalse(Expr.ColumnRef c) {
        return c.table() == null && !c.quoted() && (c.column().equalsIgnoreCase("true")
                || c.column().equalsIgnoreCase("false"));
    }
}
