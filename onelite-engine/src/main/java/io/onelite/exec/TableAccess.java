package io.onelite.exec;

import io.onelite.catalog.ClusteredCursor;
import io.onelite.catalog.ClusteredKey;
import io.onelite.catalog.RecordLayout;
import io.onelite.catalog.RowCursor;
import io.onelite.catalog.Storage;

/**
 * What a level needs to read one table: its root page, how stored records map to columns (see
 * {@link CursorRow}: where each column is stored, {@code layout}, and how the VIRTUAL generated
 * ones are computed, {@code generated}, null when there are none or when the reader never asks
 * for them) and, for a WITHOUT ROWID table, its key layout ({@code clustered}, null for a rowid
 * table) and the database ({@code db}) holding it.
 */
public record TableAccess(String name, int root, int rowidAlias, boolean[] realColumns, Object[] defaults,
                          ClusteredKey clustered, String db, RecordLayout layout, GeneratedColumns generated) {
    /** The current row of {@code c} in a statement run by {@code ctx} (which computes VIRTUAL columns). */
    public CursorRow row(RowCursor c, ExecContext ctx) {
        return new CursorRow(c, rowidAlias, realColumns, defaults, this, ctx);
    }

    /** This access named {@code alias} (EXPLAIN QUERY PLAN names a source by its alias). */
    public TableAccess named(String alias) {
        return new TableAccess(alias, root, rowidAlias, realColumns, defaults, clustered, db, layout, generated);
    }

    /** A cursor over the table's rows: its table b-tree, or its clustered index b-tree. */
    public RowCursor open(Storage s) {
        return clustered == null ? in(s).openTable(root) : openClustered(s);
    }

    public ClusteredCursor openClustered(Storage s) {
        return new ClusteredCursor(in(s).openIndex(root, clustered.keyInfo()), clustered);
    }

    /** The storage of this table's database within the transaction {@code s}. */
    public Storage in(Storage s) {
        return io.onelite.catalog.Table.MAIN.equals(db) ? s : s.database(db);
    }
}
