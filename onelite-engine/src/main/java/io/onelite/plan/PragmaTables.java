package io.onelite.plan;

import io.onelite.pager.FileHeader;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What the connection can tell about itself through PRAGMAs: the pragmas it answers
 * ({@code PRAGMA pragma_list}), the table-valued functions it has ({@code PRAGMA module_list}),
 * and which pragmas have a table-valued form {@code pragma_x(...)} (SQLite's {@code pragma}
 * virtual table). Only what this engine really does is listed, so that a tool asking finds out
 * what it may use.
 */
public final class PragmaTables {
    /**
     * The pragmas answered here, in SQLite's order (by name): SQLite 3.51's list without
     * cache_spill, default_cache_size, incremental_vacuum, read_uncommitted, shrink_memory and
     * temp_store_directory, which this engine ignores as unknown pragmas.
     */
    public static final List<String> PRAGMAS = List.of("analysis_limit", "application_id", "auto_vacuum",
            "automatic_index", "busy_timeout", "cache_size", "case_sensitive_like", "cell_size_check",
            "checkpoint_fullfsync", "collation_list", "compile_options", "count_changes", "data_version",
            "database_list", "defer_foreign_keys", "empty_result_callbacks", "encoding", "foreign_key_check",
            "foreign_key_list", "foreign_keys", "freelist_count", "full_column_names", "fullfsync", "function_list",
            "hard_heap_limit", "ignore_check_constraints", "index_info", "index_list", "index_xinfo",
            "integrity_check", "journal_mode", "journal_size_limit", "legacy_alter_table", "locking_mode",
            "max_page_count", "mmap_size", "module_list", "optimize", "page_count", "page_size", "pragma_list",
            "query_only", "quick_check", "recursive_triggers", "reverse_unordered_selects", "schema_version",
            "secure_delete", "short_column_names", "soft_heap_limit", "synchronous", "table_info", "table_list",
            "table_xinfo", "temp_store", "threads", "trusted_schema", "user_version", "wal_autocheckpoint",
            "wal_checkpoint", "writable_schema");

    /** The pragmas besides {@link SchemaPragmas}' that can be read as {@code pragma_x(...)}. */
    private static final List<String> OTHER_TABLES = List.of("application_id", "database_list", "foreign_key_check",
            "freelist_count", "function_list", "module_list", "page_size", "pragma_list", "schema_version",
            "table_list", "user_version");

    /**
     * The pragmas read from the database header as {@code pragma_x()}: one row, one INTEGER column
     * named as the pragma; page_size takes a schema argument (its hidden column {@code schema},
     * which SQLite's virtual table shows as NULL), the others none. Not page_count: a database
     * never written has page 1 here (made up at open) and none in SQLite, whose pragma_page_count()
     * then reads 0 (docs/compat.md).
     */
    public static final List<String> HEADER_VALUES = List.of("application_id", "freelist_count", "page_size",
            "schema_version", "user_version");

    /**
     * The value PRAGMA {@code pragma} (page_count, page_size, freelist_count, user_version,
     * application_id or schema_version) reads from the header of the database {@code st} is, as its
     * transaction sees it: for the PRAGMA and for its {@code pragma_x()} form.
     */
    public static long headerValue(io.onelite.catalog.Storage st, String pragma) {
        return switch (pragma) {
            case "page_count" -> st.headerInt(FileHeader.DATABASE_SIZE);
            case "freelist_count" -> st.headerInt(FileHeader.FREELIST_COUNT);
            case "page_size" -> {
                int raw = (st.headerInt(FileHeader.PAGE_SIZE) >>> 16) & 0xFFFF;
                yield raw == 1 ? 65536 : raw;
            }
            case "user_version" -> st.headerInt(FileHeader.USER_VERSION);
            case "application_id" -> st.headerInt(FileHeader.APPLICATION_ID);
            case "schema_version" -> st.headerInt(FileHeader.SCHEMA_COOKIE);
            default -> throw new IllegalArgumentException("not a header pragma: " + pragma);
        };
    }

    /** The table-valued functions besides the pragma ones. */
    private static final List<String> FUNCTIONS = List.of("json_each", "json_tree");

    private PragmaTables() {
    }

    /** The pragma a table-valued {@code fn} (any case) reads, or null when {@code fn} is not {@code pragma_x} of one. */
    public static String pragmaOf(String fn) {
        String n = fn.toLowerCase(Locale.ROOT);
        if (!n.startsWith("pragma_")) {
            return null;
        }
        String p = n.substring("pragma_".length());
        return SchemaPragmas.handles(p) || OTHER_TABLES.contains(p) ? p : null;
    }

    /**
     * PRAGMA module_list's rows: json_each, json_tree and every {@code pragma_x}, and
     * generate_series where the session has it ({@code series}). SQLite registers these on a
     * connection's first use of each, so its list grows as they are used; here they are all
     * listed from the start.
     */
    public static List<Object[]> modules(boolean series) {
        List<String> names = new ArrayList<>(FUNCTIONS);
        if (series) {
            names.add(Series.NAME);
        }
        for (String p : PRAGMAS) {
            if (pragmaOf("pragma_" + p) != null) {
                names.add("pragma_" + p);
            }
        }
        names.sort(null);
        List<Object[]> out = new ArrayList<>();
        for (String n : names) {
            out.add(new Object[] {n});
        }
        return out;
    }

    /** PRAGMA pragma_list's rows. */
    public static List<Object[]> pragmas() {
        List<Object[]> out = new ArrayList<>();
        for (String p : PRAGMAS) {
            out.add(new Object[] {p});
        }
        return out;
    }
}
