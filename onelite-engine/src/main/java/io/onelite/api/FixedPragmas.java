package io.onelite.api;

import java.util.Map;

/**
 * PRAGMAs whose setting this engine does not change: their query form reports what is in effect
 * here (SQLite's default, or what OneLite always does), and their set form leaves it as it is.
 * Answering them, rather than ignoring them as unknown pragmas, tells a tool or a test what it
 * asked (a {@code PRAGMA secure_delete = 1} that reads back 0 says it had no effect). The set forms
 * that return a row in SQLite (locking_mode, secure_delete, threads, the heap limits)
 * return the value in effect here.
 */
final class FixedPragmas {
    private FixedPragmas() {
    }

    /** Name -> value in effect. */
    private static final Map<String, Object> VALUES = Map.ofEntries(
            Map.entry("locking_mode", "normal"),        // WAL with shared memory, never EXCLUSIVE
            Map.entry("secure_delete", 0L),
            Map.entry("cell_size_check", 0L),
            Map.entry("legacy_alter_table", 0L),
            Map.entry("reverse_unordered_selects", 0L),
            Map.entry("trusted_schema", 1L),
            Map.entry("writable_schema", 0L),
            Map.entry("full_column_names", 0L),
            Map.entry("short_column_names", 1L),
            Map.entry("count_changes", 0L),
            Map.entry("empty_result_callbacks", 0L),
            Map.entry("fullfsync", 0L),
            Map.entry("checkpoint_fullfsync", 0L),
            Map.entry("threads", 0L),
            Map.entry("soft_heap_limit", 0L),
            Map.entry("hard_heap_limit", 0L),
            Map.entry("journal_size_limit", -1L));

    /** Those whose set form returns the value as a row in SQLite. */
    private static final java.util.Set<String> SET_RETURNS_ROW = java.util.Set.of("locking_mode", "secure_delete",
            "threads", "soft_heap_limit", "hard_heap_limit", "journal_size_limit");

    /** Whether {@code name} (lower case) is one of these. */
    static boolean handles(String name) {
        return VALUES.containsKey(name);
    }

    /** The value in effect. */
    static Object value(String name) {
        return VALUES.get(name);
    }

    /** Whether {@code PRAGMA name = value} returns a row (else no rows and no columns). */
    static boolean setReturnsRow(String name) {
        return SET_RETURNS_ROW.contains(name);
    }
}
