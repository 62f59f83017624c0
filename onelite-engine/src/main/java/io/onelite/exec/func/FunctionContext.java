package io.onelite.exec.func;

import java.time.ZoneId;
import java.util.random.RandomGenerator;

/**
 * What a function may read from the connection and statement that calls it. The executor
 * implements it; {@link #nowMillis()} must stay the same for a whole statement, as SQLite fixes
 * {@code 'now'} per statement ({@code sqlite3StmtCurrentTime}).
 */
public interface FunctionContext {
    /** The rowid of the connection's most recent successful INSERT ({@code last_insert_rowid()}). */
    long lastInsertRowid();

    /** Rows changed by the connection's most recent INSERT/UPDATE/DELETE ({@code changes()}). */
    long changes();

    /** Rows changed since the connection opened ({@code total_changes()}). */
    long totalChanges();

    /** Source for {@code random()} and {@code randomblob()}. */
    RandomGenerator random();

    /** The statement's current time, Unix milliseconds, fixed for the statement. */
    long nowMillis();

    /** {@code PRAGMA case_sensitive_like}; false by default, as SQLite. */
    default boolean caseSensitiveLike() {
        return false;
    }

    /** The zone the {@code localtime} and {@code utc} date modifiers convert through. */
    /** What {@code PRAGMA compile_options} lists ({@code sqlite_compileoption_get/used}). */
    default java.util.List<String> compileOptions() {
        return java.util.List.of();
    }

    default ZoneId localZone() {
        return ZoneId.systemDefault();
    }

    /**
     * {@code base} for a date and time function called in a CHECK constraint, a generated column or
     * an index ({@code place}: "a CHECK constraint", ...): reading the current time ({@code 'now'})
     * or the local zone ({@code localtime}, {@code utc}) fails, as SQLite's {@code sqlite3NotPureFunc}.
     */
    static FunctionContext pure(FunctionContext base, String function, String place) {
        return new FunctionContext() {
            @Override public long lastInsertRowid() { return base.lastInsertRowid(); }
            @Override public long changes() { return base.changes(); }
            @Override public long totalChanges() { return base.totalChanges(); }
            @Override public RandomGenerator random() { return base.random(); }
            @Override public boolean caseSensitiveLike() { return base.caseSensitiveLike(); }

            @Override
            public long nowMillis() {
                throw impure();
            }

            @Override
            public ZoneId localZone() {
                throw impure();
            }

            private io.onelite.common.OneLiteException impure() {
                return new io.onelite.common.OneLiteException(io.onelite.common.ResultCode.ERROR,
                        "non-deterministic use of " + function + "() in " + place);
            }
        };
    }

    /** A context for tests and constant folding: no changes, a seeded random, a fixed time. */
    static FunctionContext fixed(long nowMillis, long seed) {
        RandomGenerator random = new java.util.SplittableRandom(seed);
        return new FunctionContext() {
            @Override public long lastInsertRowid() { return 0; }
            @Override public long changes() { return 0; }
            @Override public long totalChanges() { return 0; }
            @Override public RandomGenerator random() { return random; }
            @Override public long nowMillis() { return nowMillis; }
        };
    }
}
