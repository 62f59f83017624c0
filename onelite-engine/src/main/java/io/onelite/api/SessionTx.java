package io.onelite.api;

import io.onelite.catalog.ForwardingStorage;
import io.onelite.catalog.Storage;
import io.onelite.catalog.Table;
import io.onelite.catalog.TxStorage;
import io.onelite.common.BeginMode;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.common.Synchronous;
import io.onelite.tx.CommitHook;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A session's transaction over all its databases, as SQLite's one transaction spans main, temp
 * and the attached files. It is main's transaction, plus one transaction per other database
 * begun on first use ({@link #database}), DEFERRED (a file takes its write lock when first
 * written), except that BEGIN IMMEDIATE/EXCLUSIVE lock every file attached at BEGIN
 * ({@link #lockAttached}); under BEGIN CONCURRENT an attached file may be read but not written (SQLITE_ERROR),
 * temp (private to the session) may be both.
 *
 * <p>Savepoints span every database: a database joined later gets the savepoints open at that
 * moment, so ROLLBACK TO undoes its changes too. COMMIT commits main first (a failed concurrent
 * commit then rolls the rest back), then the others; as in SQLite in WAL mode, the files are not
 * committed atomically together.
 */
final class SessionTx extends ForwardingStorage implements TxStorage {
    private final SessionDatabases databases;
    private final TxStorage main;
    private final BeginMode mode;
    /** The other databases' transactions by lower-case name, in the order they joined. */
    private final Map<String, Joined> joined = new LinkedHashMap<>();
    /**
     * Read transactions of attached files not joined yet, in which the current statement read
     * their schemas ({@link #schemaSnapshot}): the statement adopts one if it uses that file, so
     * it reads the file in the snapshot its schema came from (SQLite's OP_Transaction at the
     * statement's start); the next statement's schema read replaces them, the end of the
     * transaction or DETACH ends them.
     */
    private final Map<String, TxStorage> pending = new HashMap<>();
    /** Open savepoints: per database name, that database's own savepoint number. */
    private final List<Map<String, Integer>> savepoints = new ArrayList<>();
    private Synchronous synchronous;
    /** The connection's mmap_size, given to every database that joins; -1 until set. */
    private long mmapSize = -1;
    /** The connection's wal_autocheckpoint, given to every database that joins; null until set. */
    private Integer autoCheckpoint;

    SessionTx(SessionDatabases databases, TxStorage main, BeginMode mode) {
        super(main);
        this.databases = databases;
        this.main = main;
        this.mode = mode;
    }

    /** Whether database {@code db} (lower case) has joined this transaction (DETACH refuses then). */
    boolean uses(String db) {
        return joined.containsKey(db.toLowerCase(Locale.ROOT));
    }

    @Override
    public Storage database(String db) {
        if (Table.MAIN.equalsIgnoreCase(db)) {
            return this;
        }
        // DEFERRED: a file first used by a statement takes its write lock when a statement
        // writes it, as in SQLite (even one ATTACHed inside BEGIN IMMEDIATE); temp is private anyway
        return join(db, BeginMode.DEFERRED);
    }

    /**
     * BEGIN IMMEDIATE/EXCLUSIVE: every attached file takes its write lock now, in attach order,
     * as SQLite's BEGIN codes a write OP_Transaction on each database. A file busy past the
     * busy timeout fails with SQLITE_BUSY (the caller then rolls the whole transaction back);
     * a file attached twice is busy for its second name, as in SQLite.
     */
    void lockAttached(List<String> names) {
        for (String name : names) {
            join(name, mode);
        }
    }

    private Joined join(String db, BeginMode joinMode) {
        String key = db.toLowerCase(Locale.ROOT);
        Joined j = joined.get(key);
        if (j == null) {
            TxStorage read = pending.remove(key);
            if (read != null && joinMode != BeginMode.DEFERRED) {
                read.rollback();
                read = null;
            }
            TxStorage tx = read != null ? read : databases.begin(key, joinMode);
            if (synchronous != null) {
                tx.setSynchronous(synchronous);
            }
            if (mmapSize >= 0) {
                tx.setMmapSize(mmapSize);
            }
            if (autoCheckpoint != null) {
                tx.setAutoCheckpoint(autoCheckpoint);
            }
            j = new Joined(key, tx);
            for (Map<String, Integer> level : savepoints) {
                level.put(key, tx.savepoint());
            }
            joined.put(key, j);
        }
        return j;
    }

    /**
     * The own transaction of attached database {@code db}, joining it in {@code joinMode} if it
     * has not joined yet (VACUUM of an attached file takes that file's write lock alone).
     */
    TxStorage joinedTx(String db, BeginMode joinMode) {
        return join(db, joinMode).tx;
    }

    /**
     * A fresh read transaction of attached database {@code db} (not joined) to read its schema
     * in, kept for the statement to adopt ({@link #pending}); any older one of it ends.
     */
    TxStorage schemaSnapshot(String db, java.util.function.Supplier<TxStorage> begin) {
        String key = db.toLowerCase(Locale.ROOT);
        releasePending(key);
        TxStorage read = begin.get();
        pending.put(key, read);
        return read;
    }

    /** Ends the schema read transaction of {@code db} (lower case) left unused, if any (DETACH, end of the transaction). */
    void releasePending(String db) {
        TxStorage old = pending.remove(db);
        if (old != null) {
            old.rollback();
        }
    }

    private void releaseAllPending() {
        for (TxStorage read : pending.values()) {
            try {
                read.rollback();
            } catch (RuntimeException ignored) {
                // the others still end
            }
        }
        pending.clear();
    }

    /** Main's transaction (the schema of main is read through it). */
    TxStorage main() {
        return main;
    }

    @Override
    public void commit() {
        releaseAllPending();
        try {
            main.commit();
            databases.countCommit(main);
        } catch (RuntimeException e) {
            if (main.isFinished()) {
                rollbackJoined();
            }
            throw e;
        }
        RuntimeException failure = null;
        for (Joined j : joined.values()) {
            try {
                if (failure == null) {
                    j.tx.commit();
                    databases.countCommit(j.tx);
                } else {
                    j.tx.rollback();
                }
            } catch (RuntimeException e) {
                failure = failure == null ? e : failure;
            }
        }
        joined.clear();
        if (failure != null) {
            throw failure;
        }
    }

    @Override
    public void rollback() {
        releaseAllPending();
        try {
            main.rollback();
        } finally {
            rollbackJoined();
        }
    }

    private void rollbackJoined() {
        for (Joined j : joined.values()) {
            try {
                j.tx.rollback();
            } catch (RuntimeException ignored) {
                // the others still roll back
            }
        }
        joined.clear();
    }

    @Override
    public boolean isFinished() {
        return main.isFinished();
    }

    @Override
    public void setSynchronous(Synchronous level) {
        synchronous = level;
        everyDatabase(tx -> tx.setSynchronous(level));
    }

    @Override
    public void setAutoCheckpoint(int frames) {
        autoCheckpoint = frames;
        everyDatabase(tx -> tx.setAutoCheckpoint(frames));
    }

    @Override
    public void setMmapSize(long bytes) {
        mmapSize = bytes;
        everyDatabase(tx -> tx.setMmapSize(bytes));
    }

    /** A connection setting applied to main's transaction and every joined database's. */
    private void everyDatabase(java.util.function.Consumer<TxStorage> setting) {
        setting.accept(main);
        for (Joined j : joined.values()) {
            setting.accept(j.tx);
        }
    }

    @Override
    public BeginMode mode() {
        return main.mode();
    }

    @Override
    public int savepoint() {
        Map<String, Integer> level = new HashMap<>();
        level.put(Table.MAIN, main.savepoint());
        for (Joined j : joined.values()) {
            level.put(j.name, j.tx.savepoint());
        }
        savepoints.add(level);
        return savepoints.size() - 1;
    }

    @Override
    public void rollbackTo(int savepoint) {
        Map<String, Integer> level = savepoints.get(savepoint);
        main.rollbackTo(level.get(Table.MAIN));
        for (Joined j : joined.values()) {
            j.tx.rollbackTo(level.get(j.name));
        }
    }

    @Override
    public void release(int savepoint) {
        Map<String, Integer> level = savepoints.get(savepoint);
        main.release(level.get(Table.MAIN));
        for (Joined j : joined.values()) {
            j.tx.release(level.get(j.name));
        }
        while (savepoints.size() > savepoint) {
            savepoints.remove(savepoints.size() - 1);
        }
    }

    // Main's storage: the rest (trees, rowids, header, commit hooks) is main's transaction's (ForwardingStorage).

    @Override
    public void vacuum(io.onelite.catalog.Schema schema) {
        main.vacuum(schema);
    }

    @Override
    public void vacuumInto(io.onelite.catalog.Schema schema, java.nio.file.Path out) {
        main.vacuumInto(schema, out);
    }

    /**
     * Another database's transaction as the executor sees it: its own trees, and the session's
     * other databases by name ({@link #database}), so code handed this storage still finds a
     * table of any database.
     */
    private final class Joined extends ForwardingStorage {
        final String name;
        final TxStorage tx;
        /** An attached file under BEGIN CONCURRENT: readable, never writable (temp is the session's own). */
        final boolean readOnly;

        Joined(String name, TxStorage tx) {
            super(tx);
            this.name = name;
            this.tx = tx;
            readOnly = mode == BeginMode.CONCURRENT && !io.onelite.catalog.Schema.TEMP.equals(name);
        }

        @Override
        public Storage database(String db) {
            return db.equalsIgnoreCase(name) ? this : SessionTx.this.database(db);
        }

        @Override
        public void beginWrite() {
            if (readOnly) {
                throw new OneLiteException(ResultCode.ERROR,
                        "cannot write attached database " + name + " inside BEGIN CONCURRENT");
            }
            tx.beginWrite();
        }
    }
}
