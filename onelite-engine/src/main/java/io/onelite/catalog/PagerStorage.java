package io.onelite.catalog;

import io.onelite.btree.BTree;
import io.onelite.btree.IndexCursor;
import io.onelite.btree.KeyInfo;
import io.onelite.btree.Record;
import io.onelite.btree.RecordReader;
import io.onelite.btree.TableCursor;
import io.onelite.common.BeginMode;
import io.onelite.pager.FileHeader;
import io.onelite.pager.LastCheckpoint;
import io.onelite.pager.PageStore;
import io.onelite.pager.Pager;
import io.onelite.pager.PagerOptions;
import io.onelite.tx.Transaction;
import io.onelite.tx.TransactionManager;
import io.onelite.tx.TxOptions;
import io.onelite.tx.TxStats;

import java.nio.file.Path;
import java.time.Duration;

/**
 * Transactions over a {@link Pager} through the tx layer ({@link TransactionManager}): DEFERRED,
 * IMMEDIATE, EXCLUSIVE and BEGIN CONCURRENT [SNAPSHOT]. Cursors report to the transaction's
 * trace listener, rowids come from its allocator, and schema or header changes are noted as
 * unmergeable for concurrent commits.
 */
public final class PagerStorage implements StorageProvider {
    private final Pager pager;
    private final TxOptions options;
    private final java.util.concurrent.ConcurrentHashMap<Duration, TransactionManager> managers =
            new java.util.concurrent.ConcurrentHashMap<>();

    private PagerStorage(Pager pager, TxOptions options) {
        this.pager = pager;
        this.options = options;
    }

    public static PagerStorage open(Path path, PagerOptions options, TxOptions txOptions) {
        return open(path, options, txOptions, io.onelite.os.OsHooks.NONE);
    }

    /** As {@link #open(Path, PagerOptions, TxOptions)}, the files' I/O, locks and mappings going through {@code io}. */
    public static PagerStorage open(Path path, PagerOptions options, TxOptions txOptions, io.onelite.os.OsHooks io) {
        return new PagerStorage(Pager.open(path, options, io), txOptions);
    }

    public static PagerStorage openMemory(PagerOptions options, TxOptions txOptions) {
        return new PagerStorage(Pager.openMemory(options), txOptions);
    }

    public Pager pager() {
        return pager;
    }

    /** Managers on one pager share their pipeline and allocator; one per busy timeout in use. */
    private TransactionManager manager(Duration busyTimeout) {
        LastManager last = lastManager;
        if (last != null && last.busyTimeout == busyTimeout) { // the same Duration object: a session's every statement
            return last.manager;
        }
        TransactionManager m = managers.computeIfAbsent(busyTimeout, d -> new TransactionManager(pager, options.withBusyTimeout(d)));
        lastManager = new LastManager(busyTimeout, m);
        return m;
    }

    /** The manager found last, by the identity of its timeout (spares the map's hashing per statement). */
    private record LastManager(Duration busyTimeout, TransactionManager manager) {
    }

    private volatile LastManager lastManager;

    @Override
    public TxStorage begin(BeginMode mode, Duration busyTimeout) {
        return new Tx(manager(busyTimeout).begin(mode), pager);
    }

    @Override
    public long[] checkpoint(String mode) {
        io.onelite.pager.CheckpointResult r = pager.checkpoint(io.onelite.pager.CheckpointMode.valueOf(mode));
        return new long[]{r.busy() ? 1 : 0, r.logFrames(), r.checkpointedFrames()};
    }

    /** Every manager on the pager shares the counters: any one answers. */
    @Override
    public TxStats txStats() {
        return manager(options.busyTimeout()).stats();
    }

    @Override
    public int walFrames() {
        return pager.framesToCheckpoint();
    }

    @Override
    public LastCheckpoint lastCheckpoint() {
        return pager.lastCheckpoint();
    }

    @Override
    public void close() {
        pager.close();
    }

    private static final class Tx implements TxStorage {
        private final Transaction tx;
        private final Pager pager;
        /** The table cursors' last seek: an UPDATE's or DELETE's re-read and write of its row start there. */
        private final TableCursor.Hint tableHint = new TableCursor.Hint();

        Tx(Transaction tx, Pager pager) {
            this.tx = tx;
            this.pager = pager;
        }

        @Override
        public long changeCount() {
            return pager.changeCount();
        }

        @Override
        public Object changeSource() {
            return pager;
        }

        @Override
        public boolean appendedCommit() {
            return tx.appended();
        }

        private PageStore store() {
            return tx.readStore();
        }

        @Override
        public void beginWrite() {
            tx.writeStore();
        }

        @Override
        public boolean isWriting() {
            return tx.isWriting();
        }

        @Override
        public boolean validatesReads() {
            return tx.mode() == io.onelite.common.BeginMode.CONCURRENT;
        }

        @Override
        public boolean tracesWrites() {
            return tx.mode().isConcurrent();
        }

        @Override
        public void commit() {
            tx.commit();
        }

        @Override
        public void rollback() {
            if (!tx.isFinished()) {
                tx.rollback();
            }
        }

        @Override
        public boolean isFinished() {
            return tx.isFinished();
        }

        @Override
        public void setSynchronous(io.onelite.common.Synchronous level) {
            tx.setSynchronous(level);
        }

        @Override
        public void setAutoCheckpoint(int frames) {
            tx.setAutoCheckpoint(frames);
        }

        @Override
        public void setMmapSize(long bytes) {
            tx.setMmapSize(bytes);
        }

        @Override
        public io.onelite.common.BeginMode mode() {
            return tx.mode();
        }

        @Override
        public void onCommit(io.onelite.tx.CommitHook hook) {
            tx.onCommit(hook);
        }

        @Override
        public RowCursor openTable(int root) {
            return new BRowCursor(new TableCursor(store(), root, tx.listener(), tableHint));
        }

        @Override
        public KeyCursor openIndex(int root, KeyInfo keyInfo) {
            return new BKeyCursor(new IndexCursor(store(), root, keyInfo, tx.listener()));
        }

        @Override
        public int createTree(boolean table) {
            tx.noteUnmergeable("schema change");
            return BTree.create(tx.writeStore(), table);
        }

        @Override
        public void dropTree(int root) {
            tx.noteUnmergeable("schema change");
            BTree.drop(tx.writeStore(), root);
        }

        @Override
        public long clearTree(int root) {
            return BTree.clear(tx.writeStore(), root);
        }

        @Override
        public void fillIndex(int root, KeyInfo keyInfo, java.util.List<byte[]> sortedRecords) {
            // written bottom-up, packed, as VACUUM's trees; the transaction is a schema change, so
            // BEGIN CONCURRENT never replays these entries (its trace is unmergeable)
            io.onelite.btree.TreeBuilder.writeIndex(tx.writeStore(), root, sortedRecords);
        }

        @Override
        public long newRowid(RowCursor c, int root) {
            return tx.newRowid(((BRowCursor) c).c, root);
        }

        @Override
        public long newRowid(RowCursor c, int root, long atLeast) {
            return tx.newRowid(((BRowCursor) c).c, root, atLeast);
        }

        @Override
        public int pageCount() {
            return store().pageCount();
        }

        @Override
        public void setMaxPageCount(long pages) {
            tx.setMaxPageCount(pages);
        }

        @Override
        public int headerInt(int offset) {
            return FileHeader.getInt(store().read(1), offset);
        }

        @Override
        public void setHeaderInt(int offset, int value) {
            tx.noteUnmergeable("database header change");
            FileHeader.putInt(tx.writeStore().write(1), offset, value);
        }

        @Override
        public java.util.List<String> integrityCheck(java.util.Map<Integer, KeyInfo> roots, int maxErrors) {
            return io.onelite.btree.IntegrityCheck.check(store(), roots, maxErrors);
        }

        @Override
        public void vacuum(Schema schema) {
            if (!(tx.writeStore() instanceof io.onelite.pager.WriteSet ws) || !ws.isEmpty()) {
                throw new IllegalStateException("VACUUM needs a write transaction that wrote nothing yet");
            }
            tx.noteUnmergeable("VACUUM");
            ws.replaceWith(Vacuum.rebuild(ws, schema));
        }

        @Override
        public void vacuumInto(Schema schema, Path out) {
            io.onelite.pager.DatabaseImage image = Vacuum.rebuild(store(), schema);
            if (out != null) {
                image.writeTo(out, tx.syncsAtCommit());
            }
        }

        @Override
        public int savepoint() {
            return tx.savepoint();
        }

        @Override
        public void rollbackTo(int savepoint) {
            tx.rollbackTo(savepoint);
        }

        @Override
        public void release(int savepoint) {
            tx.release(savepoint);
        }
    }

    /** A table cursor decoding columns lazily from the current payload. */
    private static final class BRowCursor implements RowCursor {
        private final TableCursor c;
        /** The current row's record, loaded on the first column read after a move. */
        private final RecordReader record = new RecordReader();
        private boolean loaded;

        BRowCursor(TableCursor c) {
            this.c = c;
        }

        private boolean moved(boolean ok) {
            loaded = false;
            return ok;
        }

        private RecordReader record() {
            if (!loaded) {
                record.load(c);
                loaded = true;
            }
            return record;
        }

        @Override
        public long count() {
            moved(false);
            return c.count();
        }

        @Override
        public long countEstimate() {
            moved(false);
            return c.countEstimate();
        }

        @Override
        public long sizeEstimate() {
            moved(false);
            return c.sizeEstimate();
        }

        @Override
        public int rowBytesEstimate() {
            moved(false);
            return c.rowBytesEstimate();
        }

        @Override
        public long countBetween(long lo, long hi) {
            moved(false);
            return c.countBetween(lo, hi);
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
            return record().columnCount();
        }

        @Override
        public Object column(int i) {
            return record().column(i);
        }

        @Override
        public int compareInteger(int i, long k) {
            if (!loaded) { // a filter's first read of the row: in the page, no record loaded
                int c = this.c.compareIntegerInPlace(i, k);
                if (c != RecordReader.COMPARE_LOAD) {
                    return c;
                }
            }
            return record().compareInteger(i, k);
        }

        @Override
        public Object[] row() {
            return record().decode();
        }

        @Override
        public void insert(long rowid, Object[] values) {
            loaded = false;
            c.insert(rowid, Record.encode(values));
        }

        @Override
        public byte[] recordBytes() {
            return c.payload();
        }

        @Override
        public byte[] patchedRecord(int[] positions, Object[] values) {
            return record().patched(positions, values);
        }

        @Override
        public boolean deleteScanned(long rowid) {
            loaded = false;
            return c.deleteScanned(rowid);
        }

        @Override
        public boolean patchInPlace(long rowid, int[] positions, Object[] values) {
            if (!c.patchInPlace(rowid, positions, values)) {
                return false;
            }
            loaded = false; // the record as patched, if read again
            return true;
        }

        @Override
        public boolean rewriteCurrent(long rowid, byte[] record) {
            if (!c.rewriteCurrent(rowid, record)) {
                return false;
            }
            loaded = false; // the record as rewritten, if read again
            return true;
        }

        @Override
        public void stayOn(long rowid) {
            loaded = false; // the record as rewritten, if read again
            c.stayOn(rowid);
        }

        @Override
        public void insertRecord(long rowid, byte[] record) {
            loaded = false;
            c.insert(rowid, record);
        }

        @Override
        public boolean delete(long rowid) {
            loaded = false;
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
            columnRead = false;
            return ok;
        }

        @Override
        public long count() {
            moved(false);
            return c.count();
        }

        @Override
        public long countEstimate() {
            moved(false);
            return c.countEstimate();
        }

        @Override
        public long sizeEstimate() {
            moved(false);
            return c.sizeEstimate();
        }

        @Override
        public long countBetween(Object[] lo, boolean loInclusive, Object[] hi, boolean hiInclusive) {
            moved(false);
            return c.countBetween(lo, loInclusive, hi, hiInclusive);
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
        public boolean seekPrefix(Object[] k) {
            return moved(c.seekPrefix(k));
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
            if (key == null && !columnRead) { // a filter reading one column of every entry decodes only that one
                columnRead = true;
                return c.column(i);
            }
            Object[] k = key(); // a second column: the whole entry, once
            return i < k.length ? k[i] : null;
        }

        /** Whether a column of the current entry was read alone ({@link #column}) since the cursor moved. */
        private boolean columnRead;

        @Override
        public Object columnAlone(int i) {
            return key != null ? (i < key.length ? key[i] : null) : c.column(i);
        }

        @Override
        public boolean startsWith(Object[] prefix) {
            return c.startsWith(prefix); // in the page: no key decoded for an entry that may not match
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

        @Override
        public void replaceCurrent(Object[] k) {
            key = null;
            c.replaceCurrent(k);
        }

        @Override
        public boolean deleteScanned(java.util.function.Supplier<Object[]> prefix) {
            key = null;
            return c.deleteScanned(prefix);
        }

        @Override
        public byte[] patchedCurrent(int[] positions, Object[] values) {
            return c.patchedCurrent(positions, values);
        }

        @Override
        public boolean rewriteScanned(byte[] record, int unique) {
            key = null;
            return c.rewriteScanned(record, unique);
        }

        @Override
        public int compareIntegerInPlace(int i, long k) {
            return c.compareIntegerInPlace(i, k);
        }

        @Override
        public boolean patchScannedInPlace(int[] positions, Object[] values) {
            if (!c.patchScannedInPlace(positions, values)) {
                return false;
            }
            key = null; // the entry as patched, if read again
            columnRead = false;
            return true;
        }
    }
}
