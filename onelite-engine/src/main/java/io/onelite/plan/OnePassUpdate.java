package io.onelite.plan;

import io.onelite.exec.Eval;
import io.onelite.exec.ExecContext;
import io.onelite.exec.Frame;
import io.onelite.exec.JoinLoop;
import io.onelite.exec.RowSource;
import io.onelite.exec.TableWriter;
import io.onelite.exec.ValueOps;

import java.util.List;

/**
 * SQLite's one-pass UPDATE (ONEPASS_MULTI): each row the WHERE loop finds is written there and
 * then, the loop's scan staying on it, instead of the rowids (or WITHOUT ROWID primary keys)
 * being collected first and each row sought and read back. A WITHOUT ROWID row, whose primary
 * key the UPDATE keeps, is rewritten through the scan's own cursor
 * ({@link TableWriter#updateScanned}). Only where the two give the same result
 * ({@link UpdateOrder#twoPass} false: no trigger, no change of the rowid, no REPLACE, no subquery
 * in WHERE, no index the loop walks changed; and no foreign key): the WHERE then reads only the
 * row it is on, which nothing has written yet, and the rows are written in the same order.
 *
 * <p>When the SET columns are {@link TableWriter#patchable}, a row's record is patched (the
 * other columns' bytes copied, not decoded and encoded); other rows take the whole write.
 */
final class OnePassUpdate {
    private final TableWriter writer;
    /** The column each SET value goes to. */
    private final int[] columns;
    private final List<Eval> values;
    private final char[] affinities;
    private final int alias;
    private final boolean[] changed;
    private final boolean patch;

    OnePassUpdate(TableWriter writer, int[] columns, List<Eval> values, char[] affinities, int alias,
                  boolean[] changed, boolean returning) {
        this.writer = writer;
        this.columns = columns;
        this.values = values;
        this.affinities = affinities;
        this.alias = alias;
        this.changed = changed;
        this.patch = !returning && writer.patchable(changed);
    }

    void run(DmlStatement d, ExecContext ctx, Frame f, JoinLoop loop, List<Object[]> returned,
             DmlStatement.RowCount count) {
        while (loop.next(f)) {
            if (write(d, ctx, f, returned)) {
                count.n++;
            }
        }
    }

    /**
     * Writes the row the loop is on; false when IGNORE left it as it was. A method of its own, not
     * the loop's body: it is compiled as soon as it is hot, where a loop run a few times over
     * many rows waits for on-stack replacement.
     */
    private boolean write(DmlStatement d, ExecContext ctx, Frame f, List<Object[]> returned) {
        RowSource r = f.src[0];
        long rowid = r.rowid();
        Object[] set = new Object[columns.length];
        for (int i = 0; i < set.length; i++) {
            set[i] = values.get(i).eval(f); // all read the row as it was before any is assigned
        }
        for (int i = 0; i < set.length; i++) {
            set[i] = ValueOps.applyAffinity(set[i], affinities[columns[i]]);
        }
        if (patch && writer.patch(ctx, r, rowid, columns, set)) {
            return true;
        }
        Long boxed = rowid;
        Object[] old = writer.scannedRow(r);
        if (old == null) {
            old = writer.read(ctx, writer.ref(r, changed.length - 1)); // the loop walks an index: the row is sought
        }
        Object[] row = old.clone();
        for (int i = 0; i < set.length; i++) {
            row[columns[i]] = set[i];
        }
        if (alias >= 0) {
            row[alias] = rowid; // stored as NULL: the rowid stands in
        }
        Long id = writer.updateScanned(ctx, boxed, old, row, DmlStatement.action(ctx), changed, r);
        writer.stayOn(r, rowid);
        if (id == null) {
            return false;
        }
        d.addReturning(ctx, row, id, alias, returned);
        return true;
    }
}
