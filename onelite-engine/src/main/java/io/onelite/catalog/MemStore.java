package io.onelite.catalog;

import io.onelite.btree.KeyInfo;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A database kept in Java collections, no pages: table trees are {@code TreeMap}s, index trees
 * sorted lists. A stand-in used while the b-tree layer is not available, and a reference model
 * for tests. One writer at a time (a lock); readers see the state committed when they began.
 */
public final class MemStore implements StorageProvider {
    /** Committed trees by root number; replaced wholesale at commit (readers keep the old map). */
    private volatile Map<Integer, Object> trees = new HashMap<>();
    private volatile int[] header = new int[25];
    private int nextRoot = 2;
    private final ReentrantLock writeLock = new ReentrantLock(true);

    public MemStore() {
        trees.put(1, new TreeMap<Long, Object[]>());
    }

    /** A new transaction's view of the current committed state. */
    public Storage begin(Duration busyTimeout) {
        return new Tx(busyTimeout);
    }

    @Override
    public TxStorage begin(io.onelite.common.BeginMode mode, Duration busyTimeout) {
        Tx t = new Tx(busyTimeout);
        if (mode == io.onelite.common.BeginMode.IMMEDIATE || mode == io.onelite.common.BeginMode.EXCLUSIVE) {
            t.beginWrite();
        }
        return t;
    }

    @Override
    public void close() {
    }

    /** A transaction: reads the state of its start, writes copy-on-write per tree. */
    public final class Tx implements TxStorage {
        private Map<Integer, Object> view;
        private int[] hdr;
        private boolean writing;
        private final java.util.Set<Integer> copied = new java.util.HashSet<>();
        private final List<Object[]> savepoints = new ArrayList<>();
        private final Duration busyTimeout;

        Tx(Duration busyTimeout) {
            this.view = trees;
            this.hdr = header;
            this.busyTimeout = busyTimeout;
        }

        @Override
        public void beginWrite() {
            if (writing) {
                return;
            }
            try {
                if (!writeLock.tryLock(busyTimeout.toMillis(), TimeUnit.MILLISECONDS)) {
                    throw new OneLiteException(ResultCode.BUSY, "database is locked");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new OneLiteException(ResultCode.INTERRUPT, "interrupted");
            }
            if (view != trees) {
                writeLock.unlock();
                throw new OneLiteException(ResultCode.BUSY_SNAPSHOT, "database is locked");
            }
            writing = true;
            view = new HashMap<>(view);
            hdr = hdr.clone();
        }

        @Override
        public boolean isWriting() {
            return writing;
        }

        /** Publishes the writes and releases the lock. */
        @Override
        public void commit() {
            if (writing) {
                trees = view;
                header = hdr;
                writing = false;
                writeLock.unlock();
            }
        }

        @Override
        public void rollback() {
            if (writing) {
                writing = false;
                writeLock.unlock();
            }
            view = trees;
            hdr = header;
        }

        @SuppressWarnings("unchecked")
        private TreeMap<Long, Object[]> table(int root, boolean forWrite) {
            Object t = view.get(root);
            if (t == null) {
                throw new OneLiteException(ResultCode.CORRUPT, "no tree at root " + root);
            }
            if (forWrite && copied.add(root)) {
                t = new TreeMap<>((TreeMap<Long, Object[]>) t);
                view.put(root, t);
            }
            return (TreeMap<Long, Object[]>) t;
        }

        @SuppressWarnings("unchecked")
        private ArrayList<Object[]> index(int root, boolean forWrite) {
            Object t = view.get(root);
            if (t == null) {
                throw new OneLiteException(ResultCode.CORRUPT, "no tree at root " + root);
            }
            if (forWrite && copied.add(root)) {
                t = new ArrayList<>((ArrayList<Object[]>) t);
                view.put(root, t);
            }
            return (ArrayList<Object[]>) t;
        }

        @Override
        public RowCursor openTable(int root) {
            return new MemRowCursor(root);
        }

        @Override
        public KeyCursor openIndex(int root, KeyInfo keyInfo) {
            return new MemKeyCursor(root, KeyOrder.comparator(keyInfo));
        }

        @Override
        public int createTree(boolean table) {
            requireWriting();
            int root;
            synchronized (MemStore.this) {
                root = nextRoot++;
            }
            view.put(root, table ? new TreeMap<Long, Object[]>() : new ArrayList<Object[]>());
            copied.add(root);
            return root;
        }

        @Override
        public void dropTree(int root) {
            requireWriting();
            view.remove(root);
        }

        @Override
        public void clearTree(int root) {
            requireWriting();
            Object t = view.get(root);
            view.put(root, t instanceof TreeMap ? new TreeMap<Long, Object[]>() : new ArrayList<Object[]>());
            copied.add(root);
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
            return hdr[offset / 4];
        }

        @Override
        public void setHeaderInt(int offset, int value) {
            requireWriting();
            hdr[offset / 4] = value;
        }

        @Override
        public int savepoint() {
            requireWriting();
            Map<Integer, Object> copy = new HashMap<>();
            for (Map.Entry<Integer, Object> e : view.entrySet()) {
                Object t = e.getValue();
                copy.put(e.getKey(), t instanceof TreeMap<?, ?> m ? new TreeMap<>(m) : new ArrayList<>((ArrayList<?>) t));
            }
            savepoints.add(new Object[]{copy, hdr.clone()});
            return savepoints.size() - 1;
        }

        @Override
        @SuppressWarnings("unchecked")
        public void rollbackTo(int savepoint) {
            Object[] s = savepoints.get(savepoint);
            Map<Integer, Object> copy = (Map<Integer, Object>) s[0];
            view = new HashMap<>();
            for (Map.Entry<Integer, Object> e : copy.entrySet()) {
                Object t = e.getValue();
                view.put(e.getKey(), t instanceof TreeMap<?, ?> m ? new TreeMap<>(m) : new ArrayList<>((ArrayList<?>) t));
            }
            copied.addAll(view.keySet());
            hdr = ((int[]) s[1]).clone();
            while (savepoints.size() > savepoint + 1) {
                savepoints.remove(savepoints.size() - 1);
            }
        }

        @Override
        public void release(int savepoint) {
            while (savepoints.size() > savepoint) {
                savepoints.remove(savepoints.size() - 1);
            }
        }

        private void requireWriting() {
            if (!writing) {
                throw new IllegalStateException("not a write transaction");
            }
        }

        /** A cursor remembering its rowid; each move looks the map up again, so writes never invalidate it. */
        private final class MemRowCursor implements RowCursor {
            private final int root;
            private Long key;
            private Object[] row;

            MemRowCursor(int root) {
                this.root = root;
            }

            private boolean at(Map.Entry<Long, Object[]> e) {
                if (e == null) {
                    key = null;
                    row = null;
                    return false;
                }
                key = e.getKey();
                row = e.getValue();
                return true;
            }

            @Override
            public boolean first() {
                return at(table(root, false).firstEntry());
            }

            @Override
            public boolean last() {
                return at(table(root, false).lastEntry());
            }

            @Override
            public boolean next() {
                return key != null && at(table(root, false).higherEntry(key));
            }

            @Override
            public boolean prev() {
                return key != null && at(table(root, false).lowerEntry(key));
            }

            @Override
            public boolean seek(long rowid) {
                Object[] r = table(root, false).get(rowid);
                if (r != null) {
                    key = rowid;
                    row = r;
                    return true;
                }
                if (!at(table(root, false).ceilingEntry(rowid))) {
                    at(table(root, false).floorEntry(rowid));
                }
                return false;
            }

            @Override
            public boolean seekGE(long rowid) {
                return at(table(root, false).ceilingEntry(rowid));
            }

            @Override
            public boolean seekLE(long rowid) {
                return at(table(root, false).floorEntry(rowid));
            }

            @Override
            public boolean valid() {
                return key != null;
            }

            @Override
            public long rowid() {
                return key;
            }

            @Override
            public int columnCount() {
                return row.length;
            }

            @Override
            public Object column(int i) {
                return i < row.length ? row[i] : null;
            }

            @Override
            public Object[] row() {
                return row.clone();
            }

            @Override
            public void insert(long rowid, Object[] values) {
                requireWriting();
                table(root, true).put(rowid, values.clone());
            }

            @Override
            public boolean delete(long rowid) {
                requireWriting();
                return table(root, true).remove(rowid) != null;
            }

            @Override
            public long maxRowid() {
                TreeMap<Long, Object[]> t = table(root, false);
                return t.isEmpty() ? 0 : t.lastKey();
            }
        }

        /** A cursor over a sorted list; it remembers its key and finds it again on each move. */
        private final class MemKeyCursor implements KeyCursor {
            private final int root;
            private final Comparator<Object[]> cmp;
            private Object[] key;

            MemKeyCursor(int root, Comparator<Object[]> cmp) {
                this.root = root;
                this.cmp = cmp;
            }

            private List<Object[]> list() {
                return index(root, false);
            }

            /** First position whose key compares >= k (strict: > k). */
            private int lowerBound(Object[] k, boolean strict) {
                List<Object[]> l = list();
                int lo = 0;
                int hi = l.size();
                while (lo < hi) {
                    int mid = (lo + hi) >>> 1;
                    int c = compareFull(l.get(mid), k);
                    if (c < 0 || (strict && c == 0)) {
                        lo = mid + 1;
                    } else {
                        hi = mid;
                    }
                }
                return lo;
            }

            private int compareFull(Object[] a, Object[] b) {
                int c = cmp.compare(a, b);
                return c;
            }

            private boolean at(int i) {
                List<Object[]> l = list();
                if (i < 0 || i >= l.size()) {
                    key = null;
                    return false;
                }
                key = l.get(i);
                return true;
            }

            @Override
            public boolean first() {
                return at(0);
            }

            @Override
            public boolean last() {
                return at(list().size() - 1);
            }

            @Override
            public boolean next() {
                return key != null && at(lowerBound(key, true));
            }

            @Override
            public boolean prev() {
                return key != null && at(lowerBound(key, false) - 1);
            }

            @Override
            public boolean valid() {
                return key != null;
            }

            @Override
            public boolean seekGE(Object[] k) {
                return at(lowerBound(k, false));
            }

            @Override
            public boolean seekGT(Object[] k) {
                return at(lowerBound(k, true));
            }

            @Override
            public boolean seekLE(Object[] k) {
                return at(lowerBound(k, true) - 1);
            }

            @Override
            public boolean seekLT(Object[] k) {
                return at(lowerBound(k, false) - 1);
            }

            @Override
            public Object[] key() {
                return key.clone();
            }

            @Override
            public Object column(int i) {
                return i < key.length ? key[i] : null;
            }

            @Override
            public void insert(Object[] k) {
                requireWriting();
                List<Object[]> l = index(root, true);
                int i = lowerBound(k, false);
                if (i < l.size() && compareFull(l.get(i), k) == 0 && l.get(i).length == k.length) {
                    l.set(i, k.clone());
                } else {
                    l.add(i, k.clone());
                }
            }

            @Override
            public boolean delete(Object[] k) {
                requireWriting();
                List<Object[]> l = index(root, true);
                int i = lowerBound(k, false);
                if (i < l.size() && compareFull(l.get(i), k) == 0) {
                    l.remove(i);
                    return true;
                }
                return false;
            }
        }
    }

    @Override
    public String toString() {
        return "MemStore" + Arrays.toString(trees.keySet().toArray());
    }
}
