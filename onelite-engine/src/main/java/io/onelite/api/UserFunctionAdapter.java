package io.onelite.api;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.exec.func.AggregateFunction;
import io.onelite.exec.func.AppFunction;
import io.onelite.exec.func.AppFunctions;

/**
 * Turns a {@link FunctionDefinition} into the {@link AppFunction} the planner calls: each call
 * gets its own copy of the arguments, results are converted to storage-class values, and an
 * exception from the body becomes SQLITE_ERROR with its message (SQLite's
 * {@code sqlite3_result_error}).
 */
final class UserFunctionAdapter {
    private UserFunctionAdapter() {
    }

    static AppFunction adapt(FunctionDefinition d) {
        String name = AppFunctions.key(d.name());
        UserFunction body = d.function();
        if (body instanceof UserFunction.Scalar s) {
            return new AppFunction.Scalar(name, d.nArgs(), d.deterministic(),
                    (ctx, args) -> result(call(() -> s.apply(copy(args)))));
        }
        if (body instanceof UserFunction.Aggregate a) {
            return new AppFunction.Aggregate(name, d.nArgs(), d.deterministic(), () -> new Final(start(a::start)), null);
        }
        UserFunction.Window w = (UserFunction.Window) body;
        return new AppFunction.Aggregate(name, d.nArgs(), d.deterministic(), () -> new Final(start(w::start)),
                () -> new Sliding(start(w::start)));
    }

    /** Used without OVER: the body's result is asked once, when the group ends ({@code xFinal}). */
    private static final class Final implements AggregateFunction.Accumulator {
        private final UserFunction.Accumulator acc;
        private boolean finished;
        private Object result;

        Final(UserFunction.Accumulator acc) {
            this.acc = acc;
        }

        @Override
        public void step(Object[] args) {
            run(() -> acc.step(copy(args)));
        }

        @Override
        public Object value() {
            if (!finished) { // the executor may read a group's value more than once; xFinal runs once
                result = result(call(acc::finish));
                finished = true;
            }
            return result;
        }
    }

    /** Used with OVER: rows enter and leave the frame, and each row reads the current value ({@code xValue}). */
    private static final class Sliding implements AggregateFunction.Accumulator {
        private final UserFunction.WindowAccumulator acc;

        Sliding(UserFunction.WindowAccumulator acc) {
            this.acc = acc;
        }

        @Override
        public void step(Object[] args) {
            run(() -> acc.step(copy(args)));
        }

        @Override
        public void inverse(Object[] args) {
            run(() -> acc.inverse(copy(args)));
        }

        @Override
        public boolean supportsInverse() {
            return true;
        }

        @Override
        public Object value() {
            return result(call(acc::value));
        }
    }

    /** A call into the application's code, which may throw anything. */
    private interface Body<T> {
        T call() throws Exception;
    }

    private interface Step {
        void run() throws Exception;
    }

    /** Runs {@code b}; what it throws fails the statement ({@link #failure}). */
    private static <T> T call(Body<T> b) {
        try {
            return b.call();
        } catch (Exception e) {
            throw failure(e);
        }
    }

    private static void run(Step s) {
        call(() -> {
            s.run();
            return null;
        });
    }

    private static <A> A start(Body<A> s) {
        A acc = call(s);
        if (acc == null) {
            throw new OneLiteException(ResultCode.ERROR, "an aggregate function's start() returned null");
        }
        return acc;
    }

    /** The body's own array and blobs: it may keep or change them without touching the engine's values. */
    private static Object[] copy(Object[] args) {
        Object[] out = args.clone();
        for (int i = 0; i < out.length; i++) {
            if (out[i] instanceof byte[] b) {
                out[i] = b.clone();
            }
        }
        return out;
    }

    /** A storage-class value: numbers and booleans as {@link Statement#bind} takes them, a copied blob, NaN as NULL. */
    private static Object result(Object v) {
        if (v instanceof byte[] b) {
            return b.clone();
        }
        Object out = StatementImpl.normalize(v);
        return out instanceof Double d && d.isNaN() ? null : out;
    }

    private static OneLiteException failure(Exception e) {
        if (e instanceof OneLiteException o) {
            return o;
        }
        String message = e.getMessage();
        return new OneLiteException(ResultCode.ERROR, message != null ? message : e.toString(), e);
    }
}
