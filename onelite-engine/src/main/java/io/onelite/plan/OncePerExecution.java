package io.onelite.plan;

import io.onelite.exec.Eval;
import io.onelite.exec.ExecContext;
import io.onelite.exec.Frame;

/**
 * A call of a function that gives the same value for the same arguments, whose arguments are
 * constants (literals, bound parameters), evaluated once per execution of the statement and the
 * value reused for every row, as SQLite factors such a call out of the loop
 * ({@code sqlite3ExprCodeRunJustOnce}): {@code WHERE ts > datetime('now', '-1 day')} computes
 * the date once, not once per row. The date functions read 'now' once per execution
 * ({@link ExecContext#nowMillis}), so their value cannot change within it either.
 *
 * <p>The value is kept in the execution's cache ({@link ExecContext#cached}), as an uncorrelated
 * subquery's result is; a call that fails is not kept, and fails again where it is evaluated
 * next. JSON text keeps its subtype on every reuse ({@link KeptResult}).
 */
final class OncePerExecution implements Eval {
    private final Eval call;

    OncePerExecution(Eval call) {
        this.call = call;
    }

    @Override
    public Object eval(Frame f) {
        if (f.ctx.cached(this) instanceof KeptResult kept) {
            return kept.reuse();
        }
        Object value = call.eval(f);
        f.ctx.cache(this, KeptResult.of(value));
        return value;
    }
}
