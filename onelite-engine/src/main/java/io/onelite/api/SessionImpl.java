package io.onelite.api;

import io.onelite.catalog.Schema;
import io.onelite.catalog.TxStorage;
import io.onelite.common.BeginMode;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.exec.ExecContext;
import io.onelite.pager.FileHeader;
import io.onelite.sql.ParseCache;
import io.onelite.sql.Parser;
import io.onelite.sql.ParseResult;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A connection: its transaction state (auto-commit, or an explicit transaction with its
 * savepoints), the counters of {@code last_insert_rowid()}/{@code changes()}, and the schema it
 * compiles against (re-read when the schema cookie moves).
 */
final class SessionImpl implements Session, ExecContext.SessionState {
    final Database.Shared shared;
    private final DatabaseOptions options;
    private long busyTimeoutMillis;
    /** {@link #busyTimeoutMillis} as the Duration every transaction begins with (made once, not per statement). */
    private Duration busyTimeout;
    private final AtomicBoolean interrupted = new AtomicBoolean();
    private long lastInsertRowid;
    private long changes;
    private long totalChanges;
    /** The explicit transaction, or null in auto-commit mode. */
    TxStorage tx;
    BeginMode mode;
    /** Open savepoints: name, storage savepoint number, deferred FK violations when it was taken. */
    final List<Object[]> savepoints = new ArrayList<>();
    /** A SAVEPOINT outside BEGIN opened the transaction (RELEASE of the outermost commits). */
    boolean txFromSavepoint;
    private boolean closed;
    /**
     * Statements prepared and not yet closed (reset when the session closes). Concurrent: an
     * abort closes the session from another thread while its own thread, failing, closes them.
     * StatementImpl keeps identity equality, so this is an identity set.
     */
    final java.util.Set<StatementImpl> open = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /** PRAGMA foreign_keys. */
    boolean foreignKeys;
    /** PRAGMA defer_foreign_keys: switched off again when the transaction ends, as in SQLite. */
    boolean deferForeignKeys;
    /**
     * PRAGMA cache_size as set on this connection (pages, negative = KiB). The page cache is
     * shared by the file's sessions and sized when the file opens, so this is only reported.
     */
    int cacheSize;
    /**
     * PRAGMA mmap_size as set on this connection (bytes, at most {@code PagerOptions.MMAP_SIZE_MAX}):
     * how much of a database file this connection's page reads take from the file's mapping.
     */
    long mmapSize = io.onelite.pager.PagerOptions.MMAP_SIZE_DEFAULT;
    /** See {@link #autoCheckpoint()}. */
    private int autoCheckpoint;
    /** PRAGMA synchronous as SQLite reports it (0 OFF, 1 NORMAL, 2 FULL, 3 EXTRA; up to 6). */
    private int synchronousLevel;
    /** {@code Synchronous.values()} once: the call copies the array, and every statement's transaction asks. */
    private static final io.onelite.common.Synchronous[] SYNCHRONOUS_LEVELS = io.onelite.common.Synchronous.values();
    /** PRAGMA recursive_triggers. */
    boolean recursiveTriggers;
    /** PRAGMA case_sensitive_like. */
    boolean caseSensitiveLike;
    /** PRAGMA ignore_check_constraints. */
    boolean ignoreCheckConstraints;
    /** PRAGMA query_only: every write fails with READONLY, as on a read-only database. */
    boolean queryOnly;
    /** PRAGMA temp_store, as set (a hint: temp data spills to files past its budget either way). */
    int tempStore;
    /** PRAGMA automatic_index (plans read it when compiled: changing it drops the cached plans). */
    boolean automaticIndex = true;
    /** PRAGMA analysis_limit: how many entries of each index ANALYZE reads (0: all). */
    int analysisLimit;
    /** main, temp and the attached databases; names resolve through them. */
    final SessionDatabases databases = new SessionDatabases(this);
    /** The application-defined functions (statements compiled before a change compile again). */
    final io.onelite.exec.func.AppFunctions functions = new io.onelite.exec.func.AppFunctions();

    SessionImpl(Database.Shared shared, DatabaseOptions options) {
        this.shared = shared;
        this.options = options;
        this.busyTimeoutMillis = options.busyTimeout().toMillis();
        this.busyTimeout = Duration.ofMillis(busyTimeoutMillis);
        this.foreignKeys = options.foreignKeys();
        this.cacheSize = options.cacheSize();
        this.synchronousLevel = options.synchronous().ordinal();
        this.autoCheckpoint = Math.max(0, options.autoCheckpoint());
    }

    int synchronousLevel() {
        return synchronousLevel;
    }

    /** PRAGMA wal_autocheckpoint: the WAL's frames at which this session's commits checkpoint (0: never). */
    int autoCheckpoint() {
        return autoCheckpoint;
    }

    /** PRAGMA wal_autocheckpoint = frames (0 or less: off): for the open transaction's commit too, as in SQLite. */
    void setAutoCheckpoint(int frames) {
        autoCheckpoint = Math.max(0, frames);
        if (tx != null) {
            tx.setAutoCheckpoint(autoCheckpoint);
        }
    }

    /** PRAGMA mmap_size = bytes (already within 0..max): for this statement's transaction too, when one is open. */
    void setMmapSize(long bytes) {
        mmapSize = bytes;
        if (tx != null) {
            tx.setMmapSize(bytes);
        }
    }

    /** The level PRAGMA synchronous reports; commits of this session sync as {@link #synchronous()} says. */
    void setSynchronousLevel(int level) {
        synchronousLevel = level;
    }

    /** The durability this session's commits ask for (levels above EXTRA act as EXTRA). */
    io.onelite.common.Synchronous synchronous() {
        return SYNCHRONOUS_LEVELS[Math.min(synchronousLevel, 3)];
    }

    /**
     * Compiled statements returned by closed {@link StatementImpl}s, by SQL text, for reuse by a
     * later prepare of the same text. A plan is used by one statement at a time (its levels hold
     * cursors), so prepare takes it out and close puts it back.
     */
    private final java.util.LinkedHashMap<String, java.util.ArrayDeque<StatementImpl.Compiled>> cache =
            new java.util.LinkedHashMap<>(16, 0.75f, true);
    private int cached;
    private static final int CACHE_LIMIT = 128;

    StatementImpl.Compiled takeCached(String sql) {
        var q = cache.get(sql);
        if (q == null || q.isEmpty()) {
            return null;
        }
        cached--;
        return q.poll();
    }

    /** Forgets the cached plans (a setting that plans depend on changed). */
    void dropCachedPlans() {
        cache.clear();
        cached = 0;
    }

    void putCached(String sql, StatementImpl.Compiled c) {
        if (closed) {
            return;
        }
        cache.computeIfAbsent(sql, k -> new java.util.ArrayDeque<>()).add(c);
        cached++;
        while (cached > CACHE_LIMIT) {
            var it = cache.entrySet().iterator();
            var e = it.next();
            cached -= e.getValue().size();
            it.remove();
        }
    }

    @Override
    public Statement prepare(String sql) {
        checkOpen();
        StatementImpl.Compiled c = takeCached(sql);
        if (c != null) {
            return new StatementImpl(this, sql, c);
        }
        StatementImpl st = new StatementImpl(this, sql, ParseCache.parse(sql));
        st.cacheable = true;
        return st;
    }

    @Override
    public void execute(String sql) {
        checkOpen();
        int offset = 0;
        while (offset < sql.length()) {
            ParseResult r = Parser.parse(sql, offset);
            if (r.stmt() == null) {
                break;
            }
            try (StatementImpl s = new StatementImpl(this, sql, r)) {
                while (s.step()) {
                    // discard rows
                }
            }
            offset = r.end();
        }
    }

    /** Begins a transaction for one statement or BEGIN: main's, which the other databases join on first use. */
    TxStorage begin(BeginMode m) {
        TxStorage st = shared.storage.begin(m, busyTimeout);
        SessionTx tx = new SessionTx(databases, st, m);
        tx.setSynchronous(synchronous());
        tx.setAutoCheckpoint(autoCheckpoint);
        if (mmapSize != io.onelite.pager.PagerOptions.MMAP_SIZE_DEFAULT) {
            tx.setMmapSize(mmapSize);
        }
        databases.applyMaxPageCount(io.onelite.catalog.Table.MAIN, tx);
        return tx;
    }

    /**
     * Begins the transaction of BEGIN or SAVEPOINT: under IMMEDIATE/EXCLUSIVE every attached file
     * takes its write lock too, as SQLite's BEGIN does; if one is busy, nothing stays locked.
     */
    TxStorage beginTransaction(BeginMode m) {
        SessionTx tx = (SessionTx) begin(m);
        if (m == BeginMode.IMMEDIATE || m == BeginMode.EXCLUSIVE) {
            try {
                tx.lockAttached(databases.attachedNames());
            } catch (RuntimeException e) {
                tx.rollback();
                throw e;
            }
        }
        return tx;
    }

    /**
     * The schema statements compile against in this transaction: main's (loaded again when its
     * cookie moved), joined with temp's and the attached databases' when the session has them.
     */
    Schema schema(TxStorage st) {
        return databases.schema((SessionTx) st, mainSchema(st));
    }

    private Schema mainSchema(TxStorage st) {
        int cookie = st.headerInt(FileHeader.SCHEMA_COOKIE);
        Schema s = shared.schema;
        if (s == null || s.cookie() != cookie || st.isWriting()) {
            if (s != null && s.cookie() == cookie) {
                return s;
            }
            s = Schema.load(st);
            if (!st.isWriting()) {
                shared.schema = s;
            }
        }
        return s;
    }

    @Override
    public boolean isAutoCommit() {
        return tx == null;
    }

    @Override
    public BeginMode transactionMode() {
        return tx == null ? null : mode;
    }

    @Override
    public long lastInsertRowid() {
        return lastInsertRowid;
    }

    @Override
    public void setLastInsertRowid(long rowid) {
        lastInsertRowid = rowid;
    }

    @Override
    public long changes() {
        return changes;
    }

    /**
     * A failed statement counts no change: changes() is 0 and total_changes() gives back the
     * statement's own {@code counted} rows. Its triggers' rows stay counted, as in SQLite, where
     * each trigger program adds its count when it ends (OP_Halt of a frame).
     */
    void undoChanges(long counted) {
        changes = 0;
        totalChanges -= counted;
    }

    @Override
    public long totalChanges() {
        return totalChanges;
    }

    @Override
    public void addChanges(long n) {
        totalChanges += n;
        changes = n;
    }

    @Override
    public boolean foreignKeys() {
        return foreignKeys;
    }

    @Override
    public boolean deferForeignKeys() {
        return deferForeignKeys;
    }

    /** Deferred foreign key violations of the current transaction (SQLite's nDeferredCons). */
    long deferredViolations;

    @Override
    public long deferredViolations() {
        return deferredViolations;
    }

    @Override
    public void addDeferredViolations(long n) {
        deferredViolations += n;
    }

    /** Fails, as SQLite's COMMIT, while deferred foreign key violations are outstanding. */
    void checkDeferredForeignKeys() {
        if (deferredViolations > 0) {
            throw foreignKeyFailed();
        }
    }

    /** SQLite's error for outstanding foreign key violations at the end of a statement or transaction. */
    static OneLiteException foreignKeyFailed() {
        return new OneLiteException(ResultCode.CONSTRAINT_FOREIGNKEY, "FOREIGN KEY constraint failed");
    }

    /** A transaction ended: its deferred violations go, and defer_foreign_keys switches off, as in SQLite. */
    void transactionEnded() {
        deferredViolations = 0;
        deferForeignKeys = false;
    }

    @Override
    public boolean recursiveTriggers() {
        return recursiveTriggers;
    }

    @Override
    public boolean caseSensitiveLike() {
        return caseSensitiveLike;
    }

    @Override
    public List<String> compileOptions() {
        return CompileOptions.list();
    }

    @Override
    public boolean ignoreCheckConstraints() {
        return ignoreCheckConstraints;
    }

    @Override
    public List<Object[]> databaseList() {
        return databases.list(shared.path == null ? "" : shared.path.toString());
    }

    @Override
    public AtomicBoolean interruptFlag() {
        return interrupted;
    }

    @Override
    public void setBusyTimeoutMillis(long millis) {
        busyTimeoutMillis = Math.max(0, millis);
        busyTimeout = Duration.ofMillis(busyTimeoutMillis);
    }

    @Override
    public long busyTimeoutMillis() {
        return busyTimeoutMillis;
    }

    @Override
    public void interrupt() {
        interrupted.set(true);
    }

    void clearInterrupt() {
        interrupted.set(false);
    }

    @Override
    public DatabaseOptions options() {
        return options;
    }

    @Override
    public io.onelite.exec.func.AppFunctions functions() {
        return functions;
    }

    @Override
    public void createFunction(FunctionDefinition definition) {
        checkOpen();
        if (functions.exact(definition.name(), definition.nArgs()) != null) {
            refuseWhileRunning();
        }
        functions.define(UserFunctionAdapter.adapt(definition));
        dropCachedPlans();
    }

    @Override
    public void addGenerateSeries() {
        checkOpen();
        if (!functions.hasSeries()) {
            functions.addSeries();
            dropCachedPlans(); // statements prepared before compile again
        }
    }

    @Override
    public boolean removeFunction(String name, int nArgs) {
        checkOpen();
        if (name == null || functions.exact(name, nArgs) == null) {
            return false; // as SQLite: removing a function that does not exist is a no-op
        }
        refuseWhileRunning();
        functions.remove(name, nArgs);
        dropCachedPlans();
        return true;
    }

    /** sqlite3CreateFunc's refusal to change a function a running statement may be calling. */
    private void refuseWhileRunning() {
        for (StatementImpl st : open) {
            if (st.isRunning()) {
                throw new OneLiteException(ResultCode.BUSY,
                        "unable to delete/modify user-function due to active statements");
            }
        }
    }

    /** Whether this session was opened {@code read_only}. */
    boolean readOnly() {
        return options.readOnly();
    }

    /** Fails with SQLITE_READONLY when this session was opened {@code read_only}: every write path calls it first. */
    void requireWritable() {
        if (options.readOnly() || queryOnly) {
            throw new io.onelite.common.OneLiteException(io.onelite.common.ResultCode.READONLY,
                    "attempt to write a readonly database");
        }
    }

    private void checkOpen() {
        if (closed) {
            throw new OneLiteException(ResultCode.MISUSE, "session is closed");
        }
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (StatementImpl st : open) { // weakly consistent: no copy needed
            try {
                st.reset(); // releases an auto-commit read snapshot still held by a running query
            } catch (RuntimeException ignored) {
                // closing anyway
            }
        }
        open.clear();
        try {
            if (tx != null) {
                tx.rollback();
                tx = null;
            }
        } finally {
            databases.close(); // temp objects are gone, attached files are released
        }
    }
}
