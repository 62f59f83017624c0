/**
 * Built-in SQL functions: scalar ({@link io.onelite.exec.func.ScalarFunction}), aggregate
 * ({@link io.onelite.exec.func.AggregateFunction} with step/inverse/value) and window
 * ({@link io.onelite.exec.func.WindowFunction} over a {@link io.onelite.exec.func.WindowPartition}),
 * looked up by name and argument count in {@link io.onelite.exec.func.Functions}; a connection's
 * application-defined functions ({@link io.onelite.exec.func.AppFunctions}) are looked up before
 * them (SQLite's {@code sqlite3FindFunction}, callback.c). Functions read
 * connection state (last_insert_rowid, changes, 'now', random) only through
 * {@link io.onelite.exec.func.FunctionContext}, which the executor implements.
 *
 * <p>Families, one file each: core (func.c), text, printf, math, aggregates, window functions
 * (window.c), date and time (date.c), JSON (json.c: text in JsonText, JSONB in Jsonb and
 * JsonbCheck, both over the JsonNode tree). Uses {@code io.onelite.exec.value} for SQLite's value
 * rules. Native SQLite (sqlite-jdbc) is the test oracle; known, deliberate deviations are listed
 * in docs/functions.md and in the classes' javadoc (invalid UTF-8 inside BLOBs read as text,
 * JSONB blobs malformed inside, lag() looking ahead with a negative offset).
 */
package io.onelite.exec.func;
