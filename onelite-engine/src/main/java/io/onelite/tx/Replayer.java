package io.onelite.tx;

import io.onelite.btree.IndexCursor;
import io.onelite.btree.Record;
import io.onelite.btree.TableCursor;
import io.onelite.btree.TreeAccessListener;
import io.onelite.pager.PageStore;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Step 3 of a concurrent commit (DESIGN.md section 5): redoes the trace's writes, in order, on a
 * fresh write set over the newest state, through the b-tree's own cursors (so page allocation,
 * splits and header fields are redone there).
 *
 * <p>The first write of each key checks that the key still holds the image the transaction saw
 * before writing it (null = absent): otherwise someone committed a change to that row since, a
 * conflict ({@code BUSY_SNAPSHOT}). For an insert of a new key this is "a key that now exists
 * where the trace inserted it"; for updates and deletes it is snapshot isolation's
 * first-committer-wins, and under serializable mode a second line behind read validation.
 *
 * <p>Rows of {@code sqlite_sequence} are merged instead: the largest {@code seq} per table name
 * wins, whatever rowid the row has (AUTOINCREMENT counters never conflict).
 */
final class Replayer implements TreeAccessListener {
    private final PageStore target;
    private final HoldTimer timer;
    private final int sequenceRoot;
    private final Map<Integer, TableCursor> tables = new HashMap<>();
    private final Map<Integer, IndexCursor> indexes = new HashMap<>();
    private final Set<RowKey> seenRows = new HashSet<>();
    private final Set<IndexKey> seenIndexKeys = new HashSet<>();
    /** The before-image the next table write must find, when it is the first write of its key. */
    private boolean checkNext;
    private byte[] expectedBefore;

    private record RowKey(int root, long rowid) {
    }

    private record IndexKey(int root, ByteBuffer key) {
    }

    /** @param sequenceRoot the root of sqlite_sequence in the newest state, or 0 if none */
    Replayer(PageStore target, HoldTimer timer, int sequenceRoot) {
        this.target = target;
        this.timer = timer;
        this.sequenceRoot = sequenceRoot;
    }

    void replay(Iterable<TraceEntry.Write> writes) {
        for (TraceEntry.Write w : writes) {
            timer.tick();
            if (w instanceof TraceEntry.Insert i) {
                insert(i);
            } else if (w instanceof TraceEntry.Delete d) {
                delete(d);
            } else if (w instanceof TraceEntry.IndexInsert i) {
                indexInsert(i);
            } else {
                indexDelete((TraceEntry.IndexDelete) w);
            }
        }
    }

    private void insert(TraceEntry.Insert i) {
        if (i.root() == sequenceRoot) {
            mergeSequence(i.payload());
            return;
        }
        TableCursor c = table(i.root());
        expect(i.root(), i.rowid(), i.before());
        c.insert(i.rowid(), i.payload()); // tableInsert() below checks what it replaced
        checkNext = false;
    }

    private void delete(TraceEntry.Delete d) {
        TableCursor c = table(d.root());
        if (d.root() == sequenceRoot) {
            Object name = Record.column(d.before(), 0);
            long rowid = findSequenceRow(c, name);
            if (rowid != Long.MIN_VALUE) {
                c.delete(rowid);
            }
            return;
        }
        expect(d.root(), d.rowid(), d.before());
        if (!c.delete(d.rowid())) { // tableDelete() below checks what it deleted
            throw Validator.conflict("row " + d.rowid() + " of tree " + d.root() + " was deleted by another commit");
        }
        checkNext = false;
    }

    /**
     * Arms the before-image check for the coming write if it is the first of its key. The check
     * runs in the cursor's report of the write (the replaced or deleted image), which saves a
     * seek per row; a failed check throws and the whole fresh write set is dropped.
     */
    private void expect(int root, long rowid, byte[] before) {
        checkNext = seenRows.add(new RowKey(root, rowid));
        expectedBefore = before;
    }

    @Override
    public void tableInsert(int root, long rowid, byte[] payload, byte[] before) {
        if (checkNext && !Arrays.equals(before, expectedBefore)) {
            throw Validator.conflict(expectedBefore == null
                    ? "rowid " + rowid + " of tree " + root + " was inserted by another commit"
                    : "row " + rowid + " of tree " + root + " was changed by another commit");
        }
    }

    @Override
    public void tableDelete(int root, long rowid, byte[] before) {
        if (checkNext && !Arrays.equals(before, expectedBefore)) {
            throw Validator.conflict("row " + rowid + " of tree " + root + " was changed by another commit");
        }
    }

    private void indexInsert(TraceEntry.IndexInsert i) {
        IndexCursor c = index(i);
        Object[] key = Record.decode(i.key());
        if (seenIndexKeys.add(new IndexKey(i.root(), ByteBuffer.wrap(i.key()))) && exists(c, key, i.key())) {
            throw Validator.conflict("an entry of index tree " + i.root() + " was inserted by another commit");
        }
        c.insert(key);
    }

    private void indexDelete(TraceEntry.IndexDelete d) {
        IndexCursor c = index(d);
        Object[] key = Record.decode(d.key());
        if (seenIndexKeys.add(new IndexKey(d.root(), ByteBuffer.wrap(d.key()))) && !exists(c, key, d.key())) {
            throw Validator.conflict("an entry of index tree " + d.root() + " was deleted by another commit");
        }
        if (!c.delete(key)) {
            throw Validator.conflict("an entry of index tree " + d.root() + " is gone");
        }
    }

    private static boolean exists(IndexCursor c, Object[] key, byte[] record) {
        return c.seekGE(key) && Arrays.equals(c.keyRecord(), record);
    }

    /** sqlite_sequence(name, seq): keep max(seq) for the name, in whichever row holds it now. */
    private void mergeSequence(byte[] payload) {
        TableCursor c = table(sequenceRoot);
        Object name = Record.column(payload, 0);
        Object seq = Record.column(payload, 1);
        long rowid = findSequenceRow(c, name);
        if (rowid == Long.MIN_VALUE) {
            c.insert(c.maxRowid() + 1, payload);
            return;
        }
        c.seek(rowid);
        Object current = Record.column(c.payload(), 1);
        if (current instanceof Long cur && seq instanceof Long s && cur >= s) {
            return;
        }
        c.insert(rowid, Record.encode(name, seq));
    }

    private long findSequenceRow(TableCursor c, Object name) {
        for (boolean ok = c.first(); ok; ok = c.next()) {
            timer.tick();
            if (Objects.equals(Record.column(c.payload(), 0), name)) {
                return c.rowid();
            }
        }
        return Long.MIN_VALUE;
    }

    private TableCursor table(int root) {
        return tables.computeIfAbsent(root, r -> new TableCursor(target, r, r == sequenceRoot ? NONE : this));
    }

    private IndexCursor index(TraceEntry.Write w) {
        return indexes.computeIfAbsent(w.root(), r -> new IndexCursor(target, r,
                w instanceof TraceEntry.IndexInsert i ? i.keyInfo() : ((TraceEntry.IndexDelete) w).keyInfo(),
                TreeAccessListener.NONE));
    }
}
