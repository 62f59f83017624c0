package io.onelite.tx;

import io.onelite.btree.KeyInfo;

import java.util.Arrays;

/**
 * One entry of a concurrent transaction's trace, as the b-tree layer reported it through the
 * {@code TreeAccessListener} (DESIGN.md section 5).
 *
 * <ul>
 *   <li>{@link Read}s are key intervals a cursor covered, endpoints inclusive, kept only in
 *       serializable mode; commit checks that the committed entries in each interval are the same
 *       at the snapshot and now.</li>
 *   <li>{@link Write}s are the inserts and deletes, in order, each with the image the entry had
 *       before it in the transaction's view (null = absent); replay redoes them on the newest
 *       state and, for the first write of each key, checks that the key still has that image
 *       (snapshot isolation's first-committer-wins, and "a key that now exists where the trace
 *       inserted it" under both modes).</li>
 * </ul>
 * Payloads and keys are the arrays the b-tree handed over; nobody modifies them afterwards.
 */
sealed interface TraceEntry {

    /** The b-tree root page the entry is about. */
    int root();

    /** An interval read. */
    sealed interface Read extends TraceEntry {
    }

    /** An insert or a delete. */
    sealed interface Write extends TraceEntry {
    }

    /** Every rowid in {@code [lo, hi]} of a table tree was covered. */
    record TableRead(int root, long lo, long hi) implements Read {
    }

    /**
     * Every key in {@code [lo, hi]} of an index tree was covered ({@code null} = open end; a prefix
     * stands for every key starting with it).
     */
    record IndexRead(int root, KeyInfo keyInfo, Object[] lo, Object[] hi) implements Read {
        @Override
        public boolean equals(Object o) {
            return o instanceof IndexRead r && r.root == root && r.keyInfo.equals(keyInfo)
                    && Arrays.deepEquals(r.lo, lo) && Arrays.deepEquals(r.hi, hi);
        }

        @Override
        public int hashCode() {
            return (root * 31 + Arrays.deepHashCode(lo)) * 31 + Arrays.deepHashCode(hi);
        }

        @Override
        public String toString() {
            return "IndexRead[" + root + ", " + Arrays.deepToString(lo) + ".." + Arrays.deepToString(hi) + "]";
        }
    }

    /** A row inserted or replaced in a table tree; {@code before} is null for a new rowid. */
    record Insert(int root, long rowid, byte[] payload, byte[] before) implements Write {
        @Override
        public String toString() {
            return "Insert[" + root + ", " + rowid + (before == null ? "" : ", replace") + "]";
        }
    }

    /** A row deleted from a table tree; {@code before} is its payload. */
    record Delete(int root, long rowid, byte[] before) implements Write {
        @Override
        public String toString() {
            return "Delete[" + root + ", " + rowid + "]";
        }
    }

    /** An index entry (an encoded record) inserted; it was absent before. */
    record IndexInsert(int root, KeyInfo keyInfo, byte[] key) implements Write {
        @Override
        public String toString() {
            return "IndexInsert[" + root + ", " + key.length + " bytes]";
        }
    }

    /** An index entry (an encoded record) deleted; it was present before. */
    record IndexDelete(int root, KeyInfo keyInfo, byte[] key) implements Write {
        @Override
        public String toString() {
            return "IndexDelete[" + root + ", " + key.length + " bytes]";
        }
    }
}
