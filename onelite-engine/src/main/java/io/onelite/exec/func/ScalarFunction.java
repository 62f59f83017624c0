package io.onelite.exec.func;

/**
 * A scalar SQL function, such as {@code abs(x)} or {@code substr(x, y, z)}. Arguments and
 * result are plain storage-class values: null, Long, Double, String or byte[]. The argument
 * array belongs to the caller and may be reused after the call returns.
 * Failures throw {@link io.onelite.common.OneLiteException} with SQLite's message text.
 */
@FunctionalInterface
public interface ScalarFunction {
    Object call(FunctionContext ctx, Object[] args);
}
