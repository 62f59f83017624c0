package io.onelite.plan;

import io.onelite.catalog.Schema;
import io.onelite.exec.ExecContext;
import io.onelite.sql.ast.Expr;

/**
 * The value of an expression that stands outside any query, such as the file name of
 * {@code VACUUM INTO expr}: compiled with no table in scope (a column name fails as "no such
 * column"), parameters taken from {@code ctx}.
 */
public final class ConstantExpr {
    private ConstantExpr() {
    }

    /** Compiles {@code e} against {@code schema} (for subqueries) and evaluates it once. */
    public static Object evaluate(Expr e, Schema schema, ExecContext ctx) {
        io.onelite.exec.Eval eval = new ExprCompiler(new Planner(schema, ctx.session.functions()), new Scope(null)).eval(e);
        return ExprCompiler.constantValue(eval, ctx);
    }
}
