package io.onelite.exec;

import io.onelite.catalog.StrictType;
import io.onelite.catalog.Table;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;

import java.util.List;

/**
 * The datatype check of a row written into a STRICT table, as SQLite's {@code OP_TypeCheck}: each
 * column's value, its affinity already applied, must be NULL or of the column's {@link StrictType},
 * else the write fails with SQLITE_CONSTRAINT_DATATYPE (3091) and {@code cannot store TEXT value in
 * INT column t.c}.
 *
 * <p>Where it runs: at the first of these places the row reaches, as SQLite places the check
 * ({@code sqlite3TableAffinity} in {@code sqlite3Insert}, {@code sqlite3Update} and
 * {@code sqlite3GenerateConstraintChecks}):
 * <ol>
 *   <li>before the BEFORE triggers fire, on the NEW row;</li>
 *   <li>after the NOT NULL checks, before the CHECK constraints (when the table has any);</li>
 *   <li>after a rowid conflict check, before the first index is looked at (a UNIQUE index, the
 *       primary key of a WITHOUT ROWID table, an upsert's index target);</li>
 *   <li>before the row is stored.</li>
 * </ol>
 * So a NULL in a NOT NULL column fails first, a wrongly typed value fails before a CHECK or UNIQUE
 * constraint would, and a rowid conflict under IGNORE (or an upsert on the rowid) takes the row
 * before its types are looked at. No conflict clause applies to the error: OR IGNORE, OR REPLACE,
 * OR FAIL and OR ROLLBACK all fail as ABORT does (the statement is undone, the transaction stays).
 *
 * @param table       the table's name, as messages give it
 * @param columnNames the columns' names, in table order
 * @param types       each column's datatype
 * @param rowidAlias  the INTEGER PRIMARY KEY column, or -1: not checked (it holds the rowid, always an integer)
 */
public record DatatypeCheck(String table, String[] columnNames, StrictType[] types, int rowidAlias) {

    /** The check of the writes into {@code t}, or null when {@code t} is not STRICT. */
    public static DatatypeCheck of(Table t) {
        if (!t.strict()) {
            return null;
        }
        int n = t.columns().size();
        String[] names = new String[n];
        StrictType[] types = new StrictType[n];
        for (int i = 0; i < n; i++) {
            names[i] = t.columns().get(i).name();
            types[i] = StrictType.of(t.columns().get(i).declaredType());
        }
        return new DatatypeCheck(t.name(), names, types, t.rowidAlias());
    }

    /** Fails with SQLITE_CONSTRAINT_DATATYPE unless every value of the row (in table order) fits its column. */
    public void check(Object[] values) {
        check(values, null);
    }

    /**
     * As {@link #check(Object[])}, for a row whose {@code pendingColumns} (or null) hold
     * {@code commit_seq()}: a value written at commit, always an INTEGER.
     */
    public void check(Object[] values, List<Integer> pendingColumns) {
        for (int i = 0; i < values.length && i < types.length; i++) {
            Object v = values[i] == CommitSeq.PENDING || (pendingColumns != null && pendingColumns.contains(i))
                    ? (Object) 0L : values[i];
            if (i != rowidAlias && !types[i].accepts(v)) {
                throw new OneLiteException(ResultCode.CONSTRAINT_DATATYPE, "cannot store " + StrictType.storageClass(v)
                        + " value in " + types[i] + " column " + table + "." + columnNames[i]);
            }
        }
    }
}
