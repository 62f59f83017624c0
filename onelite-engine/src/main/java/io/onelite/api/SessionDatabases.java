package io.onelite.api;

import io.onelite.catalog.PagerStorage;
import io.onelite.catalog.Schema;
import io.onelite.catalog.StorageProvider;
import io.onelite.catalog.Table;
import io.onelite.catalog.TxStorage;
import io.onelite.common.BeginMode;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.pager.FileHeader;
import io.onelite.pager.PagerOptions;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * The databases one session sees, in SQLite's order ({@code db->aDb}): main (0), temp (1) and
 * the attached files (2...). The temp database is private to the session, kept in memory, made
 * on first use and dropped when the session closes; an attached file is opened through
 * {@link Database#open} (sharing the file's pager with the JVM's other handles of it) and
 * closed by DETACH or when the session closes.
 *
 * <p>The planner resolves names through one {@link Schema#searchPath} of these databases'
 * schemas; it is rebuilt (with a new generation, so plans compile again) when any of them
 * changes.
 */
final class SessionDatabases {
    /** SQLite's SQLITE_MAX_ATTACHED default. */
    static final int MAX_ATTACHED = 10;

    /** One database of the session besides main. */
    private static final class Attached {
        final String name;
        /** The file as PRAGMA database_list shows it ("" for temp and :memory:). */
        final String file;
        final StorageProvider storage;
        /** The handle to close (null for temp, whose storage is closed directly). */
        final Database handle;
        /** This database's schema as last read, with its own name in its tables. */
        Schema schema;

        Attached(String name, String file, StorageProvider storage, Database handle) {
            this.name = name;
            this.file = file;
            this.storage = storage;
            this.handle = handle;
        }
    }

    private final SessionImpl session;
    private Attached temp;
    private final List<Attached> attached = new ArrayList<>();
    /** The search path last built, and the schemas it was built from. */
    private Schema path;
    private List<Schema> pathParts = List.of();
    private long generation;

    /** Per file (its {@link io.onelite.catalog.Storage#changeSource()}), how many commits this connection appended to it. */
    private final java.util.Map<Object, long[]> ownCommits = new java.util.IdentityHashMap<>();

    /** Counts {@code tx}'s commit, if it appended one, as this connection's own (PRAGMA data_version). */
    void countCommit(TxStorage tx) {
        if (tx.appendedCommit() && tx.changeSource() != null) {
            ownCommits.computeIfAbsent(tx.changeSource(), k -> new long[1])[0]++;
        }
    }

    /**
     * PRAGMA data_version of a database, whose storage is {@code st}: it changes when another
     * connection (of this JVM or another process) commits to the file, never for this one's own.
     */
    long dataVersion(io.onelite.catalog.Storage st) {
        long[] own = st.changeSource() == null ? null : ownCommits.get(st.changeSource());
        return 1 + st.changeCount() - (own == null ? 0 : own[0]);
    }

    /** SQLite's default max_page_count (SQLITE_MAX_PAGE_COUNT, 0xfffffffe). */
    static final long DEFAULT_MAX_PAGE_COUNT = 0xfffffffeL;

    /** PRAGMA max_page_count per database (lower-case name) where it was set; one pager each in SQLite. */
    private final java.util.Map<String, Long> maxPageCounts = new java.util.HashMap<>();

    /** The connection's max_page_count for database {@code db}. */
    long maxPageCount(String db) {
        return maxPageCounts.getOrDefault(db.toLowerCase(Locale.ROOT), DEFAULT_MAX_PAGE_COUNT);
    }

    /** Records the connection's max_page_count for database {@code db} (its next transactions keep it). */
    void setMaxPageCount(String db, long pages) {
        maxPageCounts.put(db.toLowerCase(Locale.ROOT), pages);
    }

    /** Gives transaction {@code tx} of database {@code db} the connection's max_page_count, if one was set. */
    void applyMaxPageCount(String db, io.onelite.catalog.Storage tx) {
        Long pages = maxPageCounts.get(db.toLowerCase(Locale.ROOT));
        if (pages != null) {
            tx.setMaxPageCount(pages);
        }
    }

    SessionDatabases(SessionImpl session) {
        this.session = session;
    }

    /** Whether the session uses only main (no temp object yet, nothing attached): no search path needed. */
    boolean mainOnly() {
        return temp == null && attached.isEmpty();
    }

    /** Begins a transaction on database {@code name} (temp or attached), for {@link SessionTx}. */
    TxStorage begin(String name, BeginMode mode) {
        Attached a = find(name);
        if (a == null && Schema.TEMP.equals(name)) {
            a = temp();
        }
        if (a == null) {
            throw new OneLiteException(ResultCode.ERROR, "no such database: " + name);
        }
        TxStorage tx = a.storage.begin(mode, Duration.ofMillis(session.busyTimeoutMillis()));
        applyMaxPageCount(a.name, tx);
        return tx;
    }

    private Attached temp() {
        if (temp == null) {
            DatabaseOptions o = session.options();
            temp = new Attached(Schema.TEMP, "", PagerStorage.openMemory(PagerOptions.DEFAULTS,
                    new io.onelite.tx.TxOptions(o.busyTimeout(), o.commitHoldLimit())), null);
        }
        return temp;
    }

    /** The attached databases' names, in attach order. */
    List<String> attachedNames() {
        List<String> names = new ArrayList<>(attached.size());
        for (Attached a : attached) {
            names.add(a.name);
        }
        return names;
    }

    /** Whether {@code name} is an attached database (not main or temp). */
    boolean isAttached(String name) {
        return find(name) != null;
    }

    private Attached find(String name) {
        if (temp != null && temp.name.equalsIgnoreCase(name)) {
            return temp;
        }
        for (Attached a : attached) {
            if (a.name.equalsIgnoreCase(name)) {
                return a;
            }
        }
        return null;
    }

    /**
     * The schema statements compile against: main's alone while the session uses no other
     * database, else the search path over main, temp and the attached ones.
     */
    Schema schema(SessionTx st, Schema main) {
        if (mainOnly()) {
            return main;
        }
        List<Schema> parts = new ArrayList<>();
        parts.add(main);
        if (temp != null) {
            parts.add(load(temp, st));
        }
        for (Attached a : attached) {
            parts.add(load(a, st));
        }
        if (path == null || !sameSchemas(parts)) {
            path = Schema.searchPath(parts, ++generation);
            pathParts = parts;
        }
        return path;
    }

    private boolean sameSchemas(List<Schema> parts) {
        if (parts.size() != pathParts.size()) {
            return false;
        }
        for (int i = 0; i < parts.size(); i++) {
            if (parts.get(i) != pathParts.get(i)) {
                return false;
            }
        }
        return true;
    }

    /**
     * A database's schema as the transaction sees it; read again when its cookie moved or it is
     * being written. An attached file the transaction has not touched is read in a read
     * transaction the statement adopts if it uses the file ({@link SessionTx#schemaSnapshot}),
     * so that the session's transaction joins it only when a statement uses it (DETACH is
     * refused only then, as in SQLite) and reads it in the snapshot its schema came from.
     */
    private Schema load(Attached a, SessionTx st) {
        if (a == temp || st.uses(a.name)) {
            return load(a, st.database(a.name));
        }
        return load(a, st.schemaSnapshot(a.name,
                () -> a.storage.begin(BeginMode.DEFERRED, Duration.ofMillis(session.busyTimeoutMillis()))));
    }

    private static Schema load(Attached a, io.onelite.catalog.Storage s) {
        int cookie = s.headerInt(FileHeader.SCHEMA_COOKIE);
        Schema cached = a.schema;
        if (cached != null && cached.cookie() == cookie) {
            return cached;
        }
        Schema fresh = Schema.load(s, a.name);
        if (!s.isWriting()) {
            a.schema = fresh;
        }
        return fresh;
    }

    /**
     * ATTACH: opens {@code file} as database {@code name}. SQLite's errors: "database X is
     * already in use" (also for main and temp), "too many attached databases - max 10".
     */
    void attach(String file, String name) {
        if (name.equalsIgnoreCase(Table.MAIN) || name.equalsIgnoreCase(Schema.TEMP) || find(name) != null) {
            throw new OneLiteException(ResultCode.ERROR, "database " + name + " is already in use");
        }
        if (attached.size() >= MAX_ATTACHED) {
            throw new OneLiteException(ResultCode.ERROR, "too many attached databases - max " + MAX_ATTACHED);
        }
        DatabaseOptions o = session.options();
        Database handle = open(file, () -> Database.open(file, o));
        Database.Shared shared = handle.shared();
        Attached a = new Attached(name, shared.path == null ? "" : shared.path.toString(), shared.storage, handle);
        try {
            TxStorage probe = shared.storage.begin(BeginMode.DEFERRED, Duration.ofMillis(session.busyTimeoutMillis()));
            try {
                a.schema = Schema.load(probe, name); // a file that is not a database fails here, as in SQLite
            } finally {
                probe.rollback();
            }
        } catch (RuntimeException e) {
            handle.close();
            throw e;
        }
        attached.add(a);
    }

    private static Database open(String file, Supplier<Database> opener) {
        try {
            return opener.get();
        } catch (OneLiteException e) {
            if (e.resultCode() == ResultCode.CANTOPEN) {
                throw new OneLiteException(ResultCode.CANTOPEN, "unable to open database: " + file, e);
            }
            throw e;
        }
    }

    /**
     * DETACH: "no such database: X", "cannot detach database main|temp", and "database X is
     * locked" while the session's transaction uses it.
     */
    void detach(String name, SessionTx tx) {
        if (name.equalsIgnoreCase(Table.MAIN) || (temp != null && name.equalsIgnoreCase(Schema.TEMP))) {
            throw new OneLiteException(ResultCode.ERROR, "cannot detach database " + name.toLowerCase(Locale.ROOT));
        }
        Attached a = null;
        for (Attached x : attached) {
            if (x.name.equalsIgnoreCase(name)) {
                a = x;
            }
        }
        if (a == null) {
            throw new OneLiteException(ResultCode.ERROR, "no such database: " + name);
        }
        if (tx != null && tx.uses(a.name)) {
            throw new OneLiteException(ResultCode.ERROR, "database " + name + " is locked");
        }
        if (tx != null) {
            tx.releasePending(a.name.toLowerCase(Locale.ROOT));
        }
        attached.remove(a);
        maxPageCounts.remove(a.name.toLowerCase(Locale.ROOT)); // a new pager when attached again
        a.handle.close();
    }

    /** PRAGMA database_list: seq, name, file; temp shows once it exists, attached ones keep seq 2 and up. */
    List<Object[]> list(String mainFile) {
        List<Object[]> out = new ArrayList<>();
        out.add(new Object[]{0L, Table.MAIN, mainFile});
        if (temp != null) {
            out.add(new Object[]{1L, Schema.TEMP, ""});
        }
        long seq = 2;
        for (Attached a : attached) {
            out.add(new Object[]{seq++, a.name, a.file});
        }
        return out;
    }

    /** Creates the temp database (for CREATE TEMP ... and statements that name temp). */
    void useTemp() {
        temp();
    }

    /** Closes temp (its objects are gone) and every attached file. */
    void close() {
        for (Attached a : attached) {
            try {
                a.handle.close();
            } catch (RuntimeException ignored) {
                // closing the rest anyway
            }
        }
        attached.clear();
        if (temp != null) {
            temp.storage.close();
            temp = null;
        }
    }
}
