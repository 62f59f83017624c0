package io.onelite.exec.func;

/**
 * SQLite's JSON subtype without a value wrapper: text produced by a JSON function is remembered
 * by identity, so that passing it straight into another JSON function embeds it as JSON instead
 * of quoting it ({@code json_array(json('[1]'))} is {@code [[1]]}). As in SQLite, the mark does
 * not survive storage: a value read back from a table is plain text. The memory is a small
 * per-thread ring of recent results, enough for nested calls within one expression. Operators
 * that hold rows for longer (the sorter, which may spill them to a file) ask {@link #isJson} as
 * a row arrives and {@link #mark} the value again when they hand the row on.
 */
public final class JsonSubtype {
    private JsonSubtype() {
    }

    private static final int SIZE = 256;

    private static final ThreadLocal<Object[]> RECENT = ThreadLocal.withInitial(() -> new Object[SIZE + 1]);

    /** Marks {@code json} as JSON text and returns it. */
    public static String mark(String json) {
        Object[] ring = RECENT.get();
        int next = ring[SIZE] == null ? 0 : (Integer) ring[SIZE];
        ring[next] = json;
        ring[SIZE] = (next + 1) % SIZE;
        return json;
    }

    /**
     * {@code v} without the JSON subtype: equal text under another identity when it carries it.
     * SQLite drops the subtype where a value leaves a FROM subquery, view or CTE.
     */
    public static Object drop(Object v) {
        return isJson(v) ? new String((String) v) : v;
    }

    /** Whether {@code v} is (by identity) the text of one of this thread's recent JSON results. */
    public static boolean isJson(Object v) {
        if (!(v instanceof String)) {
            return false;
        }
        Object[] ring = RECENT.get();
        if (ring[SIZE] == null) {
            return false; // nothing was marked on this thread yet
        }
        for (int i = 0; i < SIZE; i++) {
            if (ring[i] == v) {
                return true;
            }
        }
        return false;
    }
}
