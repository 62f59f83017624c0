package io.onelite.exec.func;

import java.util.Set;

/** Registers every built-in function family into the registry. */
final class BuiltinRegistration {
    private BuiltinRegistration() {
    }

    static final Set<String> NON_DETERMINISTIC = Set.of("random", "randomblob", "changes", "total_changes",
            "last_insert_rowid", "date", "time", "datetime", "julianday", "unixepoch", "strftime",
            "current_date", "current_time", "current_timestamp");

    /**
     * The built-ins SQLite registers without {@code SQLITE_FUNC_CONSTANT} (func.c's VFUNCTION and
     * DFUNCTION, date.c's current_*): refused in index expressions and partial index WHERE
     * clauses. The date and time functions are left out: SQLite allows them there and fails
     * only a row that asks for {@code 'now'}.
     */
    static final Set<String> NOT_CONSTANT = Set.of("random", "randomblob", "changes", "total_changes",
            "last_insert_rowid", "sqlite_version", "sqlite_source_id", "sqlite_compileoption_used",
            "sqlite_compileoption_get", "current_date", "current_time", "current_timestamp");

    static void registerAll(Functions.Registry r) {
        CoreFunctions.register(r);
        TextFunctions.register(r);
        Aggregates.register(r);
        WindowFunctions.register(r);
        MathFunctions.register(r);
        DateFunctions.register(r);
        JsonFunctions.register(r);
        Percentiles.register(r);
        SqliteJdbcExtensions.register(r);
        r.scalarVariadic("printf", 0, Functions.MAX_ARGS, (c, a) -> Printf.sqlPrintf(a));
        r.scalarVariadic("format", 0, Functions.MAX_ARGS, (c, a) -> Printf.sqlPrintf(a));
    }
}
