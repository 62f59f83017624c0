package io.onelite.exec.func;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The rows of {@code PRAGMA function_list} and {@code pragma_function_list} (SQLite's
 * {@code pragmaFunclistLine}): one row per function and argument count, the built-ins first,
 * then the connection's own functions. Only what this engine really runs is listed.
 *
 * <table>
 *   <caption>Columns</caption>
 *   <tr><th>column</th><th>value</th></tr>
 *   <tr><td>name</td><td>lower case, as registered</td></tr>
 *   <tr><td>builtin</td><td>1 built-in, 0 registered by the connection</td></tr>
 *   <tr><td>type</td><td>s scalar, w aggregate usable as a window function (every built-in
 *       aggregate) or window function, a aggregate without OVER</td></tr>
 *   <tr><td>enc</td><td>utf8</td></tr>
 *   <tr><td>narg</td><td>the argument count; -1 any count; -3 at least 1, -4 at least 2 (as
 *       SQLite registers max/min, concat, coalesce, concat_ws, if and iif)</td></tr>
 *   <tr><td>flags</td><td>SQLite's function flags, as it reports them: DETERMINISTIC 0x800,
 *       SUBTYPE 0x100000 and INNOCUOUS 0x200000 (which every built-in has)</td></tr>
 * </table>
 */
public final class FunctionList {
    public static final List<String> COLUMNS = List.of("name", "builtin", "type", "enc", "narg", "flags");

    static final long DETERMINISTIC = 0x800;
    static final long SUBTYPE = 0x100000;
    static final long INNOCUOUS = 0x200000;

    /** The variadic built-ins SQLite registers with a minimum argument count, and that narg. */
    private static final Map<String, Integer> AT_LEAST = Map.of("max", -3, "min", -3, "concat", -3,
            "coalesce", -4, "concat_ws", -4, "if", -4, "iif", -4);

    /** The built-ins SQLite marks SQLITE_SUBTYPE: their arguments' JSON subtype matters. */
    private static final Set<String> READS_SUBTYPE = Set.of("json_array", "json_object", "json_insert",
            "json_replace", "json_set", "json_quote", "json_group_array", "json_group_object", "jsonb_array",
            "jsonb_object", "jsonb_insert", "jsonb_replace", "jsonb_set", "jsonb_group_array", "jsonb_group_object",
            "subtype");

    private FunctionList() {
    }

    /** The rows (name, builtin, type, enc, narg, flags), with {@code app}'s functions after the built-ins. */
    public static List<Object[]> rows(AppFunctions app) {
        List<Object[]> out = new ArrayList<>();
        Functions.Registry r = Functions.REGISTRY;
        builtins(out, r.scalars, "s");
        builtins(out, r.aggregates, "w");
        builtins(out, r.windows, "w");
        // planned by the compiler, not in the registry: OneLite's own, valid only as a whole column value
        out.add(row("commit_seq", 1, "s", 0, INNOCUOUS));
        out.sort(Comparator.comparing((Object[] row) -> (String) row[0]).thenComparing(row -> (String) row[2])
                .thenComparingLong(row -> (Long) row[4]));
        for (AppFunction f : app.all()) {
            String type = f instanceof AppFunction.Aggregate a ? a.window() != null ? "w" : "a" : "s";
            out.add(row(f.name(), 0, type, f.argc(), f.deterministic() ? DETERMINISTIC : 0));
        }
        return out;
    }

    private static <F> void builtins(List<Object[]> out, Map<String, List<Functions.Entry<F>>> family, String type) {
        for (Map.Entry<String, List<Functions.Entry<F>>> e : family.entrySet()) {
            String name = e.getKey();
            for (Functions.Entry<F> entry : e.getValue()) {
                int narg = entry.argc() >= 0 ? entry.argc() : AT_LEAST.getOrDefault(name, -1);
                if (SqliteJdbcExtensions.isExtension(name)) {
                    // application functions to SQLite: builtin 0, no flags, an aggregate without a window form
                    out.add(row(name, 0, type.equals("w") ? "a" : type, narg, 0));
                } else {
                    out.add(row(name, 1, type, narg, flags(name, type)));
                }
            }
        }
    }

    /** SQLite's flags for a built-in: see the class comment. */
    private static long flags(String name, String type) {
        if (Percentiles.isPercentile(name)) {
            return 0; // registered as an extension's window functions: SQLite lists no flags for them
        }
        if (READS_SUBTYPE.contains(name)) {
            return INNOCUOUS | DETERMINISTIC | SUBTYPE;
        }
        boolean deterministic = type.equals("s") && Functions.isConstant(name);
        return INNOCUOUS | (deterministic ? DETERMINISTIC : 0);
    }

    private static Object[] row(String name, int builtin, String type, int narg, long flags) {
        return new Object[] {name, (long) builtin, type, "utf8", (long) narg, flags};
    }
}
