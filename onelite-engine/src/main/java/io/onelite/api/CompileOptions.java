package io.onelite.api;

import io.onelite.pager.PagerOptions;

import java.util.ArrayList;
import java.util.List;

/**
 * What {@code PRAGMA compile_options} lists: SQLite's option names for the defaults and
 * limits this engine is built with, sorted as SQLite sorts them. The values come from the
 * constants the engine uses, so the list cannot drift from the code.
 */
final class CompileOptions {
    private CompileOptions() {
    }

    /** Built once: the values are constants, and sqlite_compileoption_used() may read it per row. */
    private static final List<String> LIST = build();

    static List<String> list() {
        return LIST;
    }

    private static List<String> build() {
        DatabaseOptions d = DatabaseOptions.DEFAULTS;
        List<String> out = new ArrayList<>(List.of(
                "DEFAULT_CACHE_SIZE=" + d.cacheSize(),
                "DEFAULT_FILE_FORMAT=4",
                "DEFAULT_FOREIGN_KEYS=" + (d.foreignKeys() ? 1 : 0),
                "DEFAULT_MMAP_SIZE=" + PagerOptions.MMAP_SIZE_DEFAULT,
                "DEFAULT_PAGE_SIZE=" + PagerOptions.DEFAULTS.newDatabasePageSize(),
                "DEFAULT_SYNCHRONOUS=" + d.synchronous().ordinal(),
                "DEFAULT_WAL_AUTOCHECKPOINT=" + d.autoCheckpoint(),
                "DEFAULT_WAL_SYNCHRONOUS=" + d.synchronous().ordinal(),
                "ENABLE_BEGIN_CONCURRENT",
                "ENABLE_JSON1",
                "ENABLE_MATH_FUNCTIONS",
                "ENABLE_PERCENTILE",
                "MAX_ATTACHED=" + SessionDatabases.MAX_ATTACHED,
                "MAX_LIKE_PATTERN_LENGTH=" + io.onelite.exec.value.SqlValues.MAX_LIKE_PATTERN_LENGTH,
                "MAX_MMAP_SIZE=" + PagerOptions.MMAP_SIZE_MAX,
                "MAX_SQL_LENGTH=" + io.onelite.sql.Parser.MAX_SQL_LENGTH,
                "OMIT_LOAD_EXTENSION",
                "THREADSAFE=2"));
        java.util.Collections.sort(out);
        return List.copyOf(out);
    }
}
