package io.onelite.api;

import java.nio.charset.StandardCharsets;

/**
 * An application-defined function to register on a {@link Session}: its name, the number of
 * arguments it takes ({@code -1}: any number), whether it is deterministic, and its body.
 * Immutable, so one definition may be registered on many sessions (every connection of a pool).
 *
 * <p>As in SQLite ({@code sqlite3_create_function_v2}): the name is case-insensitive and at most
 * 255 bytes of UTF-8; {@code nArgs} is -1 to 1000. A deterministic function
 * ({@code SQLITE_DETERMINISTIC}) returns the same result for the same arguments within a
 * statement: only such a function may be used in an index expression, a partial index's WHERE
 * or a generated column, and a call with constant arguments may be evaluated once. Without the
 * flag it is evaluated for every row.
 */
public record FunctionDefinition(String name, int nArgs, boolean deterministic, UserFunction function) {
    /** SQLite's limit on function arguments (SQLITE_MAX_FUNCTION_ARG). */
    public static final int MAX_ARGS = 1000;

    public FunctionDefinition {
        if (name == null || name.isEmpty() || name.getBytes(StandardCharsets.UTF_8).length > 255) {
            throw new IllegalArgumentException("a function name must have 1 to 255 bytes: " + name);
        }
        if (nArgs < -1 || nArgs > MAX_ARGS) {
            throw new IllegalArgumentException("nArgs must be -1 (any) or 0 to " + MAX_ARGS + ": " + nArgs);
        }
        if (function == null) {
            throw new IllegalArgumentException("function " + name + " has no body");
        }
    }

    public static FunctionDefinition scalar(String name, int nArgs, boolean deterministic, UserFunction.Scalar f) {
        return new FunctionDefinition(name, nArgs, deterministic, f);
    }

    public static FunctionDefinition aggregate(String name, int nArgs, boolean deterministic, UserFunction.Aggregate f) {
        return new FunctionDefinition(name, nArgs, deterministic, f);
    }

    public static FunctionDefinition window(String name, int nArgs, boolean deterministic, UserFunction.Window f) {
        return new FunctionDefinition(name, nArgs, deterministic, f);
    }
}
