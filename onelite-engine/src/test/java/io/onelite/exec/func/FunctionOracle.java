package io.onelite.exec.func;

import io.onelite.common.OneLiteException;
import io.onelite.exec.value.NativeOracle;

import java.util.ArrayList;
import java.util.List;

/** Compares calls of our functions with the same calls in native SQLite. Test scope only. */
final class FunctionOracle implements AutoCloseable {
    final NativeOracle nativeDb = new NativeOracle();
    final FunctionContext ctx = FunctionContext.fixed(1_700_000_000_123L, 42);
    final List<String> failures = new ArrayList<>();
    int checked;

    /** Calls {@code name(args...)} in both and records a mismatch. */
    void check(String name, Object... args) {
        if (name.startsWith("->")) {
            checkExpr("? " + name + " ?", name, args);
            return;
        }
        StringBuilder sql = new StringBuilder(name).append('(');
        for (int i = 0; i < args.length; i++) {
            sql.append(i == 0 ? "?" : ", ?");
        }
        sql.append(')');
        checkExpr(sql.toString(), name, args);
    }

    /** Evaluates an arbitrary expression natively against our scalar function {@code name}. */
    void checkExpr(String sqlExpr, String name, Object... args) {
        NativeOracle.Result expected = nativeDb.eval(sqlExpr, args);
        Object actual;
        String error = null;
        try {
            ScalarFunction f = Functions.scalar(name, args.length);
            if (f == null) {
                throw Functions.unknownFunction(name, args.length);
            }
            actual = f.call(ctx, args.clone());
        } catch (OneLiteException e) {
            actual = null;
            error = e.getMessage();
        }
        record(sqlExpr, args, expected, actual, error);
    }

    void record(String what, Object[] args, NativeOracle.Result expected, Object actual, String error) {
        checked++;
        boolean ok = expected.error() != null ? expected.error().equals(error)
                : error == null && NativeOracle.same(expected.value(), actual);
        if (!ok && failures.size() < 40) {
            StringBuilder a = new StringBuilder();
            for (Object o : args) {
                a.append(NativeOracle.describe(o)).append(", ");
            }
            failures.add(what + " [" + a + "]: native " + expected + " vs ours "
                    + (error != null ? "error: " + error : NativeOracle.describe(actual)));
        }
    }

    static long seed() {
        long seed = io.onelite.exec.value.TestSeeds.seed();
        System.out.println("seed " + seed);
        return seed;
    }

    @Override
    public void close() {
        nativeDb.close();
    }
}
