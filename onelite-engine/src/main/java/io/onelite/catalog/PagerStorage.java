package io.onelite.catalog;

import io.onelite.btree.BTree;
import io.onelite.btree.IndexCursor;
import io.onelite.btree.KeyInfo;
import io.onelite.btree.Record;
import io.onelite.btree.TableCursor;
import io.onelite.btree.TreeAccessListener;
import io.onelite.common.BeginMode;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.pager.FileHeader;
import io.onelite.pager.PageStore;
import io.onelite.pager.Pager;
import io.onelite.pager.PagerOptions;
import io.onelite.pager.Snapshot;
import io.onelite.pager.WriteSet;

import java.nio.file.Path;
import java.time.Duration;

/**
 * Transactions over a {@link Pager} and the b-tree layer: a read snapshot, and at the first
 * write the write lock and a copy-on-write write set; commit appends it to the WAL and publishes.
 * A minimal stand-in for {@code io.onelite.tx.TransactionManager} (no BEGIN CONCURRENT).
 */
public final class PagerStorage implements StorageProvider {
    private final Pager pager;

    private PagerStorage(Pager pager) {
        this.pager = pager;
    }

    public static PagerStorage open(Path path, PagerOptions options) {
        return new PagerStorage(Pager.open(path, options));
    }

    public static PagerStorage openMemory(PagerOptions options) {
        return new PagerStorage(Pager.openMemory(options));
    }

    public Pager pager() {
        return pager;
    }

    @Override
    public TxStorage begin(BeginMode mode, Duration busyTimeout) {
        Tx t = new Tx(busyTimeout);
        if (mode == BeginMode.IMMEDIATE || mode == BeginMode.EXCLUSIVE) {
            t.beginWrite();
        }
        return t;
    }

    @Override
    public void close() {
        pager.close();
    }

    private final class Tx implements TxStorage {
        private final Duration busyTimeout;
        private Snapshot snapshot;
        private WriteSet ws;
        private boolean done;

        Tx(Duration busyTimeout) {
            this.busyTimeout = busyTimeout;
            this.snapshot = pager.beginRead();
        }

        private PageStore store() {
            return ws != null ? ws : snapshot;
        }

        @Override
        public void beginWrite() {
            if (ws != null) {
                return;
            }
            pager.lockWrite(busyTimeout);
            if (!pager.latest().sameState(snapshot)) {
                pager.unlockWrite();
                throw new OneLiteException(ResultCode.BUSY_SNAPSHOT, "database is locked");
            }
            ws = pager.newWriteSet(snapshot);
        }

        @Override
        public boolean isWriting() {
            return ws != null;
        }

        @Override
        public void commit() {
            if (done) {
                return;
            }
            done = true;
            try {
                if (ws != null) {
                    try {
                        pager.appendCommit(ws);
                        pager.publish();
                    } finally {
                        pager.unlockWrite();
                    }
                }
            } finally {
                pager.endRead(snapshot);
            }
            if (ws != null) {
                pager.maybeAutoCheckpoint();
            }
        }

        @Override
        public void rollback() {
            if (done) {
                return;
            }
            done = true;
            try {
                if (ws != null) {
                    pager.unlockWrite();
                }
            } finally {
                pager.endRead(snapshot);
            }
        }

        @Override
        public RowCursor openTable(int root) {
            return new BRowCursor(new TableCursor(store(), root, TreeAccessListener.NONE));
        }

        @Override
        public KeyCursor openIndex(int root, KeyInfo keyInfo) {
            return new BKeyCursor(new IndexCursor(store(), root, keyInfo, TreeAccessListener.NONE));
        }

        @Override
        public int createTree(boolean table) {
            return BTree.create(ws, table);
        }

        @Override
        public void dropTree(int root) {
            BTree.drop(ws, root);
        }

        @Override
        public void clearTree(int root) {
            BTree.clear(ws, root);
        }

        @Override
        public long newRowid(RowCursor c, int root) {
            long max = c.maxRowid();
            if (max == Long.MAX_VALUE) {
                throw new OneLiteException(ResultCode.FULL, "database or disk is full");
            }
            return max + 1;
        }

        @Override
        public int headerInt(int offset) {
            return FileHeader.getInt(store().read(1), offset);
        }

        @Override
        public void setHeaderInt(int offset, int value) {
            FileHeader.putInt(ws.write(1), offset, value);
        }

        @Override
        public int savepoint() {
            beginWrite();
            return ws.savepoint();
        }

        @Override
        public void rollbackTo(int savepoint) {
            ws.rollbackTo(savepoint);
        }

        @Override
        public void release(int savepoint) {
            ws.release(savepoint);
        }
    }

    /** A table cursor decoding columns lazily from the current payload. */
    private static final class BRowCursor implements RowCursor {
        private final TableCursor c;
        private byte[] payload;

        BRowCursor(TableCursor c) {
            this.c = c;
        }

        private boolean moved(boolean ok) {
            payload = null;
            return ok;
        }

        private byte[] payload() {
            if (payload == null) {
                payload = c.payload();
            }
            return payload;
        }

        @Override
        public boolean first() {
            return moved(c.first());
        }

        @Override
        public boolean last() {
            return moved(c.last());
        }

        @Override
        public boolean next() {
            return moved(c.next());
        }

        @Override
        public boolean prev() {
            return moved(c.prev());
        }

        @Override
        public boolean seek(long rowid) {
            return moved(c.seek(rowid));
        }

        @Override
        public boolean seekGE(long rowid) {
            return moved(c.seekGE(rowid));
        }

        @Override
        public boolean seekLE(long rowid) {
            return moved(c.seekLE(rowid));
        }

        @Override
        public boolean valid() {
            return c.valid();
        }

        @Override
        public long rowid() {
            return c.rowid();
        }

        @Override
        public int columnCount() {
            return Record.columnCount(payload());
        }

        @Override
        public Object column(int i) {
            byte[] p = payload();
            return i < Record.columnCount(p) ? Record.column(p, i) : null;
        }

        @Override
        public Object[] row() {
            return Record.decode(payload());
        }

        @Override
        public void insert(long rowid, Object[] values) {
            payload = null;
            c.insert(rowid, Record.encode(values));
        }

        @Override
        public boolean delete(long rowid) {
            payload = null;
            return c.delete(rowid);
        }

        @Override
        public long maxRowid() {
            return c.maxRowid();
        }
    }

    private static final class BKeyCursor implements KeyCursor {
        private final IndexCursor c;
        private Object[] key;

        BKeyCursor(IndexCursor c) {
            this.c = c;
        }

        private boolean moved(boolean ok) {
            key = null;
            return ok;
        }

        @Override
        public boolean first() {
            return moved(c.first());
        }

        @Override
        public boolean last() {
            return moved(c.last());
        }

        @Override
        public boolean next() {
            return moved(c.next());
        }

        @Override
        public boolean prev() {
            return moved(c.prev());
        }

        @Override
        public boolean valid() {
            return c.valid();
        }

        @Override
        public boolean seekGE(Object[] k) {
            return moved(c.seekGE(k));
        }

        @Override
        public boolean seekGT(Object[] k) {
            return moved(c.seekGT(k));
        }

        @Override
        public boolean seekLE(Object[] k) {
            return moved(c.seekLE(k));
        }

        @Override
        public boolean seekLT(Object[] k) {
            return moved(c.seekLT(k));
        }

        @Override
        public Object[] key() {
            if (key == null) {
                key = c.key();
            }
            return key;
        }

        @Override
        public Object column(int i) {
            Object[] k = key();
            return i < k.length ? k[i] : null;
        }

        @Override
        public void insert(Object[] k) {
            key = null;
            c.insert(k);
        }

        @Override
        public boolean delete(Object[] k) {
            key = null;
            return c.delete(k);
        }
    }
}
