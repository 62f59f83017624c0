package io.onelite.plan;

import io.onelite.exec.Eval;
import io.onelite.exec.ExecContext;
import io.onelite.exec.Frame;
import io.onelite.exec.func.JsonSubtype;

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
 * next. JSON text keeps its subtype on every reuse (it is marked by identity among a thread's
 * recent results).
 */
final class OncePerExecution implements Eval {
    private record Value(Object value, boolean json) {
    }

    private final Eval call;

    OncePerExecution(Eval call) {
        this.call = call;
    }

    @Override
    public Object eval(Frame f) {
        if (f.ctx.cached(this) instanceof Value v) {
            if (v.json) {
                JsonSubtype.mark((String) v.value);
            }
            return v.value;
        }
        Object value = call.eval(f);
        f.ctx.cache(this, new Value(value, JsonSubtype.isJson(value)));
        return value;
    }
}
