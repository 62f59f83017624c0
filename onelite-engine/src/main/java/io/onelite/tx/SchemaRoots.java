package io.onelite.tx;

import io.onelite.btree.Record;
import io.onelite.btree.TableCursor;
import io.onelite.btree.TreeAccessListener;
import io.onelite.pager.FileHeader;
import io.onelite.pager.PageStore;

/**
 * The root pages of the two tables the commit path treats specially: {@code sqlite_sequence}
 * (merged as max()) and {@code onelite_commit_seq} (the commit sequence). Found by scanning
 * {@code sqlite_schema} (root 1) and cached per schema cookie, which every schema change bumps
 * (SQLite's own rule; {@link CommitSequence} bumps it too when it creates its table). Only
 * committed states (read-only stores) are cached: a write set's cookie may never be committed.
 * Thread-safe.
 */
final class SchemaRoots {
    static final String SQLITE_SEQUENCE = "sqlite_sequence";

    private int cookie = -1;
    private int sequenceRoot;
    private int commitSeqRoot;

    /** The root of sqlite_sequence as {@code s} sees it, 0 if there is none. */
    synchronized int sequenceRoot(PageStore s) {
        refresh(s, cookie(s));
        return sequenceRoot;
    }

    /** As {@link #sequenceRoot(PageStore)} when the caller has read the cookie of {@code s} already. */
    synchronized int sequenceRoot(PageStore s, int cookieOfS) {
        refresh(s, cookieOfS);
        return sequenceRoot;
    }

    /** The root of onelite_commit_seq as {@code s} sees it, 0 if there is none. */
    synchronized int commitSeqRoot(PageStore s) {
        refresh(s, cookie(s));
        return commitSeqRoot;
    }

    /** The schema cookie (header offset 40) of {@code s}. */
    static int cookie(PageStore s) {
        return FileHeader.getInt(s.read(1), FileHeader.SCHEMA_COOKIE);
    }

    private void refresh(PageStore s, int c) {
        if (c == cookie && c != 0) {
            return;
        }
        int seq = rootOf(s, SQLITE_SEQUENCE);
        int commitSeq = rootOf(s, CommitSequence.TABLE);
        if (s.writable()) {
            // an uncommitted state: its cookie may never be committed; answer without caching
            sequenceRoot = seq;
            commitSeqRoot = commitSeq;
            cookie = -1;
            return;
        }
        sequenceRoot = seq;
        commitSeqRoot = commitSeq;
        cookie = c;
    }

    /** Scans sqlite_schema for the table {@code name}; 0 if absent. */
    static int rootOf(PageStore s, String name) {
        TableCursor c = new TableCursor(s, 1, TreeAccessListener.NONE);
        for (boolean ok = c.first(); ok; ok = c.next()) {
            byte[] row = c.payload();
            if ("table".equals(Record.column(row, 0)) && Record.column(row, 1) instanceof String n
                    && n.equalsIgnoreCase(name) && Record.column(row, 3) instanceof Long root) {
                return root.intValue();
            }
        }
        return 0;
    }
}
