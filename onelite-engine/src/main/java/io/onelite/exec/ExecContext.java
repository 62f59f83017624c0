package io.onelite.exec;

import io.onelite.catalog.Storage;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Everything one execution of a statement needs besides its compiled plan: the transaction's
 * storage, the bound parameters, the session's counters, the statement time and caches of
 * uncorrelated subquery results.
 */
public final class ExecContext {
    /** What a statement may read and update of its session. */
    public interface SessionState {
        long lastInsertRowid();

        void setLastInsertRowid(long rowid);

        long changes();

        long totalChanges();

        /** Adds to total_changes (changes() is set by the statement at its end). */
        void addChanges(long n);

        AtomicBoolean interruptFlag();

        /** PRAGMA foreign_keys. */
        default boolean foreignKeys() {
            return false;
        }

        /** PRAGMA defer_foreign_keys: every foreign key waits for COMMIT. */
        default boolean deferForeignKeys() {
            return false;
        }

        /** The deferred foreign key violations of the transaction (SQLite's {@code nDeferredCons}). */
        default long deferredViolations() {
            return 0;
        }

        /** Adds {@code n} (negative: resolved) to {@link #deferredViolations()}. */
        default void addDeferredViolations(long n) {
            throw new UnsupportedOperationException("deferred foreign keys need a session");
        }

        /** PRAGMA recursive_triggers. */
        default boolean recursiveTriggers() {
            return false;
        }

        /** PRAGMA case_sensitive_like: LIKE compares ASCII letters by case. */
        default boolean caseSensitiveLike() {
            return false;
        }

        /** PRAGMA ignore_check_constraints: writes skip the CHECK constraints. */
        default boolean ignoreCheckConstraints() {
            return false;
        }

        /** PRAGMA database_list's rows (seq, name, file), for {@code pragma_database_list}. */
        default List<Object[]> databaseList() {
            return List.<Object[]>of(new Object[] {0L, "main", ""});
        }

        /** What {@code PRAGMA compile_options} lists, for {@code sqlite_compileoption_get/used()}. */
        default List<String> compileOptions() {
            return List.of();
        }

        /** The functions the connection registered; statements it runs (DDL too) compile with them. */
        default io.onelite.exec.func.AppFunctions functions() {
            return io.onelite.exec.func.AppFunctions.NONE;
        }
    }

    public final Storage storage;
    public final Object[] params;
    public final SessionState session;
    public final long nowMillis = System.currentTimeMillis();
    /** Made on the first {@link #cache} call: most runs (a point select) cache nothing. */
    private Map<Object, Object> cache;
    private int ticks;
    /** Immediate foreign key violations of this statement, checked when it ends (SQLite's nFkConstraint). */
    private long statementViolations;

    public long statementViolations() {
        return statementViolations;
    }

    /** Adds {@code n} (negative: resolved) to {@link #statementViolations()}. */
    public void addStatementViolations(long n) {
        statementViolations += n;
    }

    /**
     * The conflict resolution of the running INSERT/UPDATE (its {@code OR ...}, or one it
     * inherited), null when none was written: it overrides the resolution of the statements of
     * the triggers it fires, as SQLite codes a trigger program with the outer statement's orconf.
     */
    private TableWriter.OnConflict conflictOverride;

    public TableWriter.OnConflict conflictOverride() {
        return conflictOverride;
    }

    /** Sets {@link #conflictOverride()}; returns the previous one, for the caller to restore. */
    public TableWriter.OnConflict setConflictOverride(TableWriter.OnConflict c) {
        TableWriter.OnConflict previous = conflictOverride;
        conflictOverride = c;
        return previous;
    }

    public ExecContext(Storage storage, Object[] params, SessionState session) {
        this.storage = storage;
        this.params = params;
        this.session = session;
    }

    /** The storage of the database {@code db} (a table's {@code db()}) in this statement's transaction. */
    public Storage storage(String db) {
        return io.onelite.catalog.Table.MAIN.equals(db) ? storage : storage.database(db);
    }

    private io.onelite.exec.func.FunctionContext functionContext;

    /** The context built-in functions see: the session's counters, the statement time, a random source. */
    public io.onelite.exec.func.FunctionContext functionContext() {
        if (functionContext == null) {
            functionContext = new io.onelite.exec.func.FunctionContext() {
                private final java.util.random.RandomGenerator random = new java.util.SplittableRandom();

                @Override
                public long lastInsertRowid() {
                    return session.lastInsertRowid();
                }

                @Override
                public long changes() {
                    return session.changes();
                }

                @Override
                public long totalChanges() {
                    return session.totalChanges();
                }

                @Override
                public java.util.random.RandomGenerator random() {
                    return random;
                }

                @Override
                public long nowMillis() {
                    return nowMillis;
                }

                @Override
                public boolean caseSensitiveLike() {
                    return session.caseSensitiveLike();
                }

                @Override
                public List<String> compileOptions() {
                    return session.compileOptions();
                }
            };
        }
        return functionContext;
    }

    /** A value cached for this execution (uncorrelated subquery results, sorted lists...). */
    public Object cached(Object key) {
        return cache == null ? null : cache.get(key);
    }

    public void cache(Object key, Object value) {
        if (cache == null) {
            cache = new HashMap<>();
        }
        cache.put(key, value);
    }

    /**
     * Starts an empty cache for one firing of a trigger program, so that its uncorrelated
     * subqueries see the rows as they are at this firing, as in SQLite; returns the caches that
     * {@link #endCacheScope} restores.
     */
    public Map<Object, Object> beginCacheScope() {
        Map<Object, Object> outer = cache;
        cache = null;
        return outer;
    }

    public void endCacheScope(Map<Object, Object> outer) {
        cache = outer;
    }

    /** Called in loops: fails with SQLITE_INTERRUPT once {@code Session.interrupt()} was called. */
    public void checkInterrupt() {
        if ((++ticks & 1023) == 0 && session.interruptFlag().get()) {
            throw new OneLiteException(ResultCode.INTERRUPT, "interrupted");
        }
    }

    private java.util.List<AutoCloseable> resources;

    /** Registers something (a sort's spill file) to release when the statement's run ends. */
    public void onClose(AutoCloseable resource) {
        if (resources == null) {
            resources = new java.util.ArrayList<>();
        }
        resources.add(resource);
    }

    /** Releases what {@link #onClose} registered: the run ended, failed or was reset. */
    public void close() {
        java.util.List<AutoCloseable> rs = resources;
        resources = null;
        if (rs == null) {
            return;
        }
        for (AutoCloseable r : rs) {
            try {
                r.close();
            } catch (Exception ignored) {
                // releasing temp space must not hide the statement's own outcome
            }
        }
    }
}
