package io.onelite.exec.func;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;

import java.util.HashMap;
import java.util.Map;

/**
 * The built-in function registry: scalar, aggregate and window functions by lower-case name and
 * argument count (SQLite's {@code sqlite3FindFunction}). A name may have several entries, one
 * per argument count, and a variadic one ({@code argc} -1 with a minimum). Immutable after class
 * initialisation, so safe to share between threads.
 */
public final class Functions {
    private Functions() {
    }

    /** One registered overload. {@code argc} -1 = any count from {@code minArgs} to {@code maxArgs}. */
    record Entry<F>(int argc, int minArgs, int maxArgs, F function) {
        boolean accepts(int n) {
            return argc >= 0 ? n == argc : n >= minArgs && n <= maxArgs;
        }
    }

    /** Collects the built-ins; package-private so each function family registers itself. */
    static final class Registry {
        final Map<String, java.util.List<Entry<ScalarFunction>>> scalars = new HashMap<>();
        final Map<String, java.util.List<Entry<AggregateFunction>>> aggregates = new HashMap<>();
        final Map<String, java.util.List<Entry<WindowFunctionFactory>>> windows = new HashMap<>();

        void scalar(String name, int argc, ScalarFunction f) {
            scalars.computeIfAbsent(name, k -> new java.util.ArrayList<>()).add(new Entry<>(argc, argc, argc, f));
        }

        void scalarVariadic(String name, int minArgs, int maxArgs, ScalarFunction f) {
            scalars.computeIfAbsent(name, k -> new java.util.ArrayList<>()).add(new Entry<>(-1, minArgs, maxArgs, f));
        }

        void aggregate(String name, int argc, AggregateFunction f) {
            aggregates.computeIfAbsent(name, k -> new java.util.ArrayList<>()).add(new Entry<>(argc, argc, argc, f));
        }

        void aggregateVariadic(String name, int minArgs, int maxArgs, AggregateFunction f) {
            aggregates.computeIfAbsent(name, k -> new java.util.ArrayList<>()).add(new Entry<>(-1, minArgs, maxArgs, f));
        }

        void window(String name, int argc, WindowFunctionFactory f) {
            windows.computeIfAbsent(name, k -> new java.util.ArrayList<>()).add(new Entry<>(argc, argc, argc, f));
        }
    }

    /** Creates a window-only function instance (stateless ones may return a shared instance). */
    @FunctionalInterface
    interface WindowFunctionFactory {
        WindowFunction create();
    }

    /** SQLite's limit on function arguments (SQLITE_MAX_FUNCTION_ARG). */
    static final int MAX_ARGS = 1000;

    /** Read by {@link FunctionList} too. */
    static final Registry REGISTRY = new Registry();

    static {
        BuiltinRegistration.registerAll(REGISTRY);
    }

    private static <F> F find(Map<String, java.util.List<Entry<F>>> map, String name, int argc) {
        java.util.List<Entry<F>> list = map.get(name);
        if (list == null) {
            return null;
        }
        for (Entry<F> e : list) {
            if (e.argc() == argc) {
                return e.function();
            }
        }
        for (Entry<F> e : list) {
            if (e.accepts(argc)) {
                return e.function();
            }
        }
        return null;
    }

    /** The scalar function {@code lowerName} taking {@code argc} arguments, or null if none. */
    public static ScalarFunction scalar(String lowerName, int argc) {
        return find(REGISTRY.scalars, lowerName, argc);
    }

    /** The aggregate {@code lowerName} taking {@code argc} arguments ({@code count(*)} is argc 0), or null. */
    public static AggregateFunction aggregate(String lowerName, int argc) {
        return find(REGISTRY.aggregates, lowerName, argc);
    }

    /**
     * The scalar function with a collating sequence for its text comparisons: the multi-argument
     * {@code min()}/{@code max()} and {@code nullif()} compare with the collation of their
     * arguments (as SQLite's); other functions ignore it.
     */
    public static ScalarFunction scalar(String lowerName, int argc, io.onelite.btree.Collation collation) {
        if (collation != null && collation != io.onelite.btree.Collation.BINARY) {
            if ((lowerName.equals("min") || lowerName.equals("max")) && argc >= 2) {
                int sign = lowerName.equals("max") ? 1 : -1;
                return (c, a) -> CoreFunctions.minMax(a, sign, collation);
            }
            if (lowerName.equals("nullif") && argc == 2) {
                return (c, a) -> io.onelite.exec.value.SqlValues.compare(a[0], a[1], collation) == 0 ? null : a[0];
            }
        }
        return scalar(lowerName, argc);
    }

    /** Every built-in function name (for PRAGMA function_list and diagnostics). */
    public static java.util.Set<String> names() {
        java.util.Set<String> all = new java.util.TreeSet<>(REGISTRY.scalars.keySet());
        all.addAll(REGISTRY.aggregates.keySet());
        all.addAll(REGISTRY.windows.keySet());
        return all;
    }

    /**
     * The aggregate with a collating sequence for its text comparisons: {@code min(x)} and
     * {@code max(x)} use the collation of their argument expression; others ignore it.
     */
    public static AggregateFunction aggregate(String lowerName, int argc, io.onelite.btree.Collation collation) {
        if (argc == 1 && collation != null && (lowerName.equals("min") || lowerName.equals("max"))) {
            return Aggregates.minMax(collation, lowerName.equals("max"));
        }
        return aggregate(lowerName, argc);
    }

    /**
     * A new instance of the window-only function {@code lowerName} with {@code argc} arguments
     * (row_number, rank, ..., nth_value), or null. Aggregates used as window functions go
     * through {@link #windowOf(AggregateFunction)} instead.
     */
    public static WindowFunction window(String lowerName, int argc) {
        WindowFunctionFactory f = find(REGISTRY.windows, lowerName, argc);
        return f == null ? null : f.create();
    }

    /** True if {@code lowerName} is a window-only function (one that needs OVER). */
    public static boolean isWindowOnly(String lowerName) {
        return REGISTRY.windows.containsKey(lowerName);
    }

    /**
     * An aggregate evaluated over each row's frame, using {@code inverse} to slide the frame
     * when the accumulator supports it and recomputing otherwise.
     */
    public static WindowFunction windowOf(AggregateFunction aggregate) {
        return new AggregateWindow(aggregate);
    }

    /** True if any function (scalar, aggregate or window) has this name, with any argument count. */
    public static boolean exists(String lowerName) {
        return REGISTRY.scalars.containsKey(lowerName) || REGISTRY.aggregates.containsKey(lowerName)
                || REGISTRY.windows.containsKey(lowerName);
    }

    /**
     * The error SQLite reports for a call that matches no function: "wrong number of arguments
     * to function x()" if the name exists, else "no such function: x".
     */
    public static OneLiteException unknownFunction(String name, int argc) {
        String lower = name.toLowerCase(java.util.Locale.ROOT);
        if (exists(lower)) {
            return new OneLiteException(ResultCode.ERROR, "wrong number of arguments to function " + name + "()");
        }
        return new OneLiteException(ResultCode.ERROR, "no such function: " + name);
    }

    /** Whether the scalar function gives the same result for the same arguments (not random(), changes(), ...). */
    public static boolean isDeterministic(String lowerName) {
        return !BuiltinRegistration.NON_DETERMINISTIC.contains(lowerName);
    }

    /**
     * Whether SQLite marks the built-in {@code SQLITE_FUNC_CONSTANT}: the ones it allows in an
     * index expression or a partial index's WHERE (date and time functions included). sqlite-jdbc's
     * extension functions are application functions there, registered as not deterministic.
     */
    public static boolean isConstant(String lowerName) {
        return !BuiltinRegistration.NOT_CONSTANT.contains(lowerName) && !SqliteJdbcExtensions.isExtension(lowerName);
    }

    /**
     * Whether the aggregate has no window form (sqlite-jdbc's extension aggregates, registered
     * without xValue and xInverse): with OVER it is "f() may not be used as a window function".
     */
    public static boolean isAggregateOnly(String lowerName) {
        return SqliteJdbcExtensions.AGGREGATES.contains(lowerName);
    }
}
