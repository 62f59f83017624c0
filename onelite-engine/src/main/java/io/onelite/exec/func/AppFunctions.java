package io.onelite.exec.func;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The functions one connection registered, looked up before the built-ins as SQLite's
 * {@code sqlite3FindFunction} searches {@code db->aFunc} first: an entry with the exact
 * argument count wins, then one registered for any count (-1); any such entry hides every
 * built-in of that name and count (scalar, aggregate or window alike, one name space).
 * Names are case-insensitive. {@link #generation()} moves on every change, so plans compiled
 * against older definitions can tell they are stale.
 *
 * <p>Not thread-safe: a connection is used by one thread at a time. {@link #NONE} is the
 * empty, unmodifiable registry of code that runs without a connection.
 */
public final class AppFunctions {
    /** No functions; defining or removing one fails. */
    public static final AppFunctions NONE = new AppFunctions(true);

    private final boolean frozen;
    /** By lower-case name: at most one entry per argument count. */
    private final Map<String, List<AppFunction>> byName = new HashMap<>();
    private long generation;
    private boolean series;

    public AppFunctions() {
        this(false);
    }

    private AppFunctions(boolean frozen) {
        this.frozen = frozen;
    }

    /** Lower case, as names are stored and looked up. */
    public static String key(String name) {
        return name.toLowerCase(Locale.ROOT);
    }

    /** Whether the connection has the table-valued function generate_series ({@link #addSeries}). */
    public boolean hasSeries() {
        return series;
    }

    /**
     * Gives the connection generate_series, as the sqlite3 shell loads SQLite's series extension
     * on its connections (the library itself, and so sqlite-jdbc, has none).
     */
    public void addSeries() {
        checkModifiable();
        series = true;
        generation++;
    }

    /** Adds {@code f}, replacing the entry with the same name and argument count. */
    public void define(AppFunction f) {
        checkModifiable();
        List<AppFunction> list = byName.computeIfAbsent(key(f.name()), k -> new ArrayList<>());
        list.removeIf(e -> e.argc() == f.argc());
        list.add(f);
        generation++;
    }

    /** Removes the entry with this name and exact argument count; false (and no change) if none. */
    public boolean remove(String name, int argc) {
        checkModifiable();
        List<AppFunction> list = byName.get(key(name));
        if (list == null || !list.removeIf(e -> e.argc() == argc)) {
            return false;
        }
        if (list.isEmpty()) {
            byName.remove(key(name));
        }
        generation++;
        return true;
    }

    /** The entry registered with exactly this name and argument count, or null. */
    public AppFunction exact(String name, int argc) {
        for (AppFunction f : byName.getOrDefault(key(name), List.of())) {
            if (f.argc() == argc) {
                return f;
            }
        }
        return null;
    }

    /** The function a call of {@code name} with {@code argc} arguments resolves to: exact count first, then -1; or null. */
    public AppFunction find(String name, int argc) {
        AppFunction f = exact(name, argc);
        return f != null ? f : exact(name, -1);
    }

    /** Every registered function, by name and then argument count (PRAGMA function_list). */
    public List<AppFunction> all() {
        List<AppFunction> out = new ArrayList<>();
        byName.values().forEach(out::addAll);
        out.sort(java.util.Comparator.comparing(AppFunction::name).thenComparingInt(AppFunction::argc));
        return out;
    }

    /** Whether any entry has this name (a call with another count is then "wrong number of arguments"). */
    public boolean hasName(String name) {
        return byName.containsKey(key(name));
    }

    /** Whether no function is registered (the planner then looks only at the built-ins). */
    public boolean isEmpty() {
        return byName.isEmpty();
    }

    /** Moves on every {@link #define} and successful {@link #remove}. */
    public long generation() {
        return generation;
    }

    private void checkModifiable() {
        if (frozen) {
            throw new UnsupportedOperationException("no functions can be registered here");
        }
    }
}
