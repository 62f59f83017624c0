package io.onelite.exec;

import io.onelite.btree.IndexCursor;
import io.onelite.btree.Record;
import io.onelite.btree.TableCursor;
import io.onelite.btree.TreeAccessListener;
import io.onelite.tx.CommitHook;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code commit_seq()}: the value of the call is not known until commit (docs/concurrency.md,
 * "Commit-ordered sequence"). The expression evaluates to {@link #PENDING}; a row written with it
 * stores NULL (no NOT NULL or UNIQUE conflict) and is remembered; at commit a {@link CommitHook}
 * writes the commit's number into the row and its index entries, on the final write set.
 */
public final class CommitSeq {
    /** The value of {@code commit_seq()} until commit. Only valid as a whole column value. */
    public static final Object PENDING = new Object() {
        @Override
        public String toString() {
            return "commit_seq()";
        }
    };

    private CommitSeq() {
    }

    /** One row column waiting for the number. */
    record Pending(long rowid, int column) {
    }

    /** The rows one writer left pending, turned into a hook. */
    static CommitHook hook(int root, int columnCount, List<TableWriter.IndexInfo> indexes, int rowidAlias,
                           List<Pending> pending) {
        List<Pending> rows = new ArrayList<>(pending);
        return (store, seq) -> {
            TableCursor c = new TableCursor(store, root, TreeAccessListener.NONE);
            for (Pending p : rows) {
                if (!c.seek(p.rowid())) {
                    continue; // deleted (or re-keyed) later in the transaction
                }
                Object[] v = Record.decode(c.payload());
                if (v.length < columnCount) {
                    v = java.util.Arrays.copyOf(v, columnCount);
                }
                Object[] old = v.clone();
                v[p.column()] = seq;
                for (TableWriter.IndexInfo ix : indexes) {
                    boolean uses = false;
                    for (int col : ix.columns()) {
                        uses |= col == p.column();
                    }
                    if (!uses) {
                        continue;
                    }
                    IndexCursor ic = new IndexCursor(store, ix.root(), ix.keyInfo(), TreeAccessListener.NONE);
                    ic.delete(key(ix, old, p.rowid(), rowidAlias));
                    ic.insert(key(ix, v, p.rowid(), rowidAlias));
                }
                c.insert(p.rowid(), Record.encode(v));
                c.seek(p.rowid());
            }
        };
    }

    private static Object[] key(TableWriter.IndexInfo ix, Object[] values, long rowid, int rowidAlias) {
        int n = ix.columns().length;
        Object[] k = new Object[n + 1];
        for (int i = 0; i < n; i++) {
            int col = ix.columns()[i];
            k[i] = col < 0 || col == rowidAlias ? (Object) rowid : values[col];
        }
        k[n] = rowid;
        return k;
    }
}
