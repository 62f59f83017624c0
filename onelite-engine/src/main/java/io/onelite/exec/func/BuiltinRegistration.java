package io.onelite.exec.func;

import java.util.Set;

/** Registers every built-in function family into the registry. */
final class BuiltinRegistration {
    private BuiltinRegistration() {
    }

    static final Set<String> NON_DETERMINISTIC = Set.of("random", "randomblob", "changes", "total_changes",
            "last_insert_rowid", "date", "time", "datetime", "julianday", "unixepoch", "strftime",
            "current_date", "current_time", "current_timestamp");

    static void registerAll(Functions.Registry r) {
        CoreFunctions.register(r);
        TextFunctions.register(r);
        Aggregates.register(r);
        WindowFunctions.register(r);
        MathFunctions.register(r);
        DateFunctions.register(r);
        JsonFunctions.register(r);
        r.scalarVariadic("printf", 0, Functions.MAX_ARGS, (c, a) -> Printf.sqlPrintf(a));
        r.scalarVariadic("format", 0, Functions.MAX_ARGS, (c, a) -> Printf.sqlPrintf(a));
    }
}
