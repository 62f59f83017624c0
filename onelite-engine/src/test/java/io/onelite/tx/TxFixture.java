package io.onelite.tx;

import io.onelite.btree.BTree;
import io.onelite.btree.IndexCursor;
import io.onelite.btree.KeyInfo;
import io.onelite.btree.Record;
import io.onelite.btree.TableCursor;
import io.onelite.common.BeginMode;
import io.onelite.common.OneLiteException;
import io.onelite.pager.FileHeader;
import io.onelite.pager.Pager;
import io.onelite.pager.PagerOptions;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/** A memory database with a transaction manager, and b-tree shortcuts for tx tests (no SQL). */
final class TxFixture implements AutoCloseable {
    final Pager pager;
    final TransactionManager tm;

    TxFixture() {
        this(TxOptions.DEFAULTS);
    }

    TxFixture(TxOptions options) {
        this(Pager.openMemory(PagerOptions.DEFAULTS), options);
    }

    TxFixture(Pager pager, TxOptions options) {
        this.pager = pager;
        this.tm = new TransactionManager(pager, options);
    }

    Transaction begin(BeginMode mode) {
        return tm.begin(mode);
    }

    /** A new table tree (no schema row: the tx layer works on roots). */
    int createTable() {
        Transaction t = begin(BeginMode.IMMEDIATE);
        int root = BTree.create(t.writeStore(), true);
        t.commit();
        return root;
    }

    int createIndex() {
        Transaction t = begin(BeginMode.IMMEDIATE);
        int root = BTree.create(t.writeStore(), false);
        t.commit();
        return root;
    }

    /** A table registered in sqlite_schema, as CREATE TABLE would leave it (schema cookie bumped). */
    int createSchemaTable(String name, String sql) {
        Transaction t = begin(BeginMode.IMMEDIATE);
        var ws = t.writeStore();
        int root = BTree.create(ws, true);
        TableCursor schema = new TableCursor(ws, 1, t.listener());
        schema.insert(schema.maxRowid() + 1, Record.encode("table", name, name, (long) root, sql));
        byte[] p1 = ws.write(1);
        FileHeader.putInt(p1, FileHeader.SCHEMA_COOKIE, FileHeader.getInt(p1, FileHeader.SCHEMA_COOKIE) + 1);
        t.commit();
        return root;
    }

    static void put(Transaction t, int root, long rowid, Object... values) {
        new TableCursor(t.writeStore(), root, t.listener()).insert(rowid, Record.encode(values));
    }

    static boolean delete(Transaction t, int root, long rowid) {
        return new TableCursor(t.writeStore(), root, t.listener()).delete(rowid);
    }

    static Object[] get(Transaction t, int root, long rowid) {
        TableCursor c = new TableCursor(t.readStore(), root, t.listener());
        return c.seek(rowid) ? Record.decode(c.payload()) : null;
    }

    static long getLong(Transaction t, int root, long rowid, int column) {
        return (Long) get(t, root, rowid)[column];
    }

    /** Inserts a row with a fresh rowid; returns it. */
    static long insert(Transaction t, int root, Object... values) {
        TableCursor c = new TableCursor(t.writeStore(), root, t.listener());
        long rowid = t.newRowid(c, root);
        c.insert(rowid, Record.encode(values));
        return rowid;
    }

    static void indexInsert(Transaction t, int root, Object... key) {
        new IndexCursor(t.writeStore(), root, KeyInfo.BINARY, t.listener()).insert(key);
    }

    /** Whether some entry starts with {@code prefix} (a probe, as a UNIQUE check does). */
    static boolean indexHas(Transaction t, int root, Object... prefix) {
        IndexCursor c = new IndexCursor(t.readStore(), root, KeyInfo.BINARY, t.listener());
        return c.seekGE(prefix) && KeyBounds.comparePrefix(c.key(), prefix, KeyInfo.BINARY) == 0;
    }

    /** A point probe for a key prefix, as a primary-key or UNIQUE check does ({@code IndexCursor.seekPrefix}). */
    static boolean indexProbe(Transaction t, int root, Object... prefix) {
        return new IndexCursor(t.readStore(), root, KeyInfo.BINARY, t.listener()).seekPrefix(prefix);
    }

    /** The committed keys of an index tree, in order. */
    List<List<Object>> keys(int root) {
        Transaction t = begin(BeginMode.DEFERRED);
        try {
            List<List<Object>> out = new ArrayList<>();
            IndexCursor c = new IndexCursor(t.readStore(), root, KeyInfo.BINARY, t.listener());
            for (boolean ok = c.first(); ok; ok = c.next()) {
                out.add(List.of(c.key()));
            }
            return out;
        } finally {
            t.rollback();
        }
    }

    /** The committed rows of a table: rowid -> values. */
    TreeMap<Long, List<Object>> rows(int root) {
        Transaction t = begin(BeginMode.DEFERRED);
        try {
            TreeMap<Long, List<Object>> out = new TreeMap<>();
            TableCursor c = new TableCursor(t.readStore(), root, t.listener());
            for (boolean ok = c.first(); ok; ok = c.next()) {
                out.put(c.rowid(), new ArrayList<>(List.of(Record.decode(c.payload()))));
            }
            return out;
        } finally {
            t.rollback();
        }
    }

    /** Runs {@code body} as a transaction in {@code mode}, retrying on 517 and 773. */
    int runWithRetry(BeginMode mode, java.util.function.Consumer<Transaction> body) {
        for (int attempt = 1; ; attempt++) {
            Transaction t = begin(mode);
            try {
                body.accept(t);
                t.commit();
                return attempt;
            } catch (OneLiteException e) {
                t.rollback();
                if (e.code() != 517 && e.code() != 773) {
                    throw e;
                }
            }
        }
    }

    @Override
    public void close() {
        pager.close();
    }
}
