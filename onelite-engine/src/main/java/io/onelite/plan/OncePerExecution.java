package io.onelite.plan;

import io.onelite.exec.Eval;
import io.onelite.exec.ExecContext;
import io.onelite.exec.Frame;
import io.onelite.exec.func.JsonSubtype;

import java.lang.ref.WeakReference;

/**
 * A call of a function that gives the same value for the same arguments, whose arguments are
 * constants (literals, bound parameters), evaluated once per execution of the statement and the
 * value reused for every row, as SQLite factors such a call out of the loop
 * ({@code sqlite3ExprCodeRunJustOnce}): {@code WHERE ts > datetime('now', '-1 day')} computes
 * the date once, not once per row. The date functions read 'now' once per execution
 * ({@link ExecContext#nowMillis}), so their value cannot change within it either.
 *
 * <p>The value is kept with the execution it belongs to (weakly: a finished execution is not
 * kept alive by the plan); a call that fails is not kept, and fails again where it is evaluated
 * next. JSON text keeps its subtype on every reuse (it is marked by identity among a thread's
 * recent results). Safe to share between threads: each reads an immutable record.
 */
final class OncePerExecution implements Eval {
    private record Value(WeakReference<ExecContext> execution, Object value, boolean json) {
    }

    private final Eval call;
    private Value last; // racy on purpose: a stale or missing record only costs another evaluation

    OncePerExecution(Eval call) {
        this.call = call;
    }

    @Override
    public Object eval(Frame f) {
        Value v = last;
        if (v != null && v.execution.get() == f.ctx) {
            if (v.json) {
                JsonSubtype.mark((String) v.value);
            }
            return v.value;
        }
        Object value = call.eval(f);
        last = new Value(new WeakReference<>(f.ctx), value, JsonSubtype.isJson(value));
        return value;
    }
}
