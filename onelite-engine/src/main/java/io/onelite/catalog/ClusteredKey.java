package io.onelite.catalog;

import io.onelite.btree.Collation;
import io.onelite.btree.KeyInfo;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * How a WITHOUT ROWID table keeps its rows: SQLite's "clustered index". The table is one index
 * b-tree whose keys are whole rows laid out as
 * <pre>
 *   PRIMARY KEY columns (in key order, with their collations and ASC/DESC) | every other column (table order, BINARY ASC)
 * </pre>
 * so a row is found by a prefix seek on its primary key and the tree walks in primary-key order.
 * A secondary index of such a table stores its own columns followed by the primary-key columns
 * it does not already hold (same column and collation), with the primary key's collations and
 * sort orders, instead of a rowid (as {@code sqlite3CreateIndex} does for {@code pPk}).
 *
 * <p>Rows stored before an {@code ALTER TABLE ADD COLUMN} have shorter keys; the added columns
 * are the last ones both in table order and in key order, so a key of length L holds exactly the
 * first L - r table columns, r being how many primary-key columns repeat an earlier one (under
 * another collation).
 *
 * @param keyColumns  the table column at each key position (a VIRTUAL generated column has none: it is not stored)
 * @param positionOf  the key position of each table column, -1 for a VIRTUAL one
 * @param pkLength    how many leading key positions are the primary key
 * @param keyInfo     how the tree's keys compare
 * @param indexName   the name SQLite gives the primary key as an index ({@code sqlite_autoindex_T_N}, PRAGMA index_list)
 * @param columnsHeld by the number of distinct table columns a key stores, how many leading table columns it holds
 *                    (VIRTUAL ones right after them included: nothing is stored for them)
 */
public record ClusteredKey(int[] keyColumns, int[] positionOf, int pkLength, KeyInfo keyInfo, String indexName,
                           int[] columnsHeld) {

    /**
     * The layout for a table whose columns are VIRTUAL where {@code virtual} says and whose primary
     * key is {@code pk} (a column may come twice, under two collations: it is then stored twice).
     */
    static ClusteredKey of(boolean[] virtual, int[] pk, Collation[] collations, boolean[] descending) {
        int columnCount = virtual.length;
        boolean[] inPk = new boolean[columnCount];
        int distinct = 0;
        for (int c : pk) {
            distinct += inPk[c] ? 0 : 1;
            inPk[c] = true;
        }
        int others = 0;
        for (int c = 0; c < columnCount; c++) {
            others += inPk[c] || virtual[c] ? 0 : 1;
        }
        int[] keyColumns = new int[pk.length + others];
        int[] positionOf = new int[columnCount];
        java.util.Arrays.fill(positionOf, -1);
        int p = 0;
        for (int c : pk) {
            keyColumns[p++] = c;
        }
        for (int c = 0; c < columnCount; c++) {
            if (!inPk[c] && !virtual[c]) {
                keyColumns[p++] = c;
            }
        }
        for (int i = 0; i < keyColumns.length; i++) {
            if (positionOf[keyColumns[i]] < 0) {
                positionOf[keyColumns[i]] = i;
            }
        }
        // columnsHeld[s]: the first m table columns hold s stored ones, and the VIRTUAL ones right
        // after them come free (nothing is stored for them)
        int[] columnsHeld = new int[distinct + others + 1];
        int m = 0;
        for (int stored = 0; stored < columnsHeld.length; stored++) {
            while (m < columnCount && virtual[m]) {
                m++;
            }
            columnsHeld[stored] = m;
            m++; // the next stored column
        }
        return new ClusteredKey(keyColumns, positionOf, pk.length, new KeyInfo(collations.clone(), descending.clone()),
                null, columnsHeld);
    }

    ClusteredKey named(String name) {
        return new ClusteredKey(keyColumns, positionOf, pkLength, keyInfo, name, columnsHeld);
    }

    /** The stored key of a row given in table order (missing trailing values are NULL). */
    public Object[] key(Object[] values) {
        Object[] k = new Object[keyColumns.length];
        for (int i = 0; i < k.length; i++) {
            int c = keyColumns[i];
            k[i] = c < values.length ? values[c] : null;
        }
        return k;
    }

    /** The primary-key values of a row given in table order. */
    public Object[] primaryKey(Object[] values) {
        Object[] k = new Object[pkLength];
        for (int i = 0; i < pkLength; i++) {
            k[i] = values[keyColumns[i]];
        }
        return k;
    }

    /** How many table columns a stored key holds (rows older than ADD COLUMN hold fewer). */
    public int columnCount(Object[] key) {
        int repeats = keyColumns.length - (columnsHeld.length - 1); // primary-key columns stored twice
        return columnsHeld[Math.max(0, Math.min(key.length, keyColumns.length) - repeats)];
    }

    /** A row in table order from a stored key (as many columns as the key holds). */
    public Object[] row(Object[] key) {
        int n = columnCount(key);
        Object[] out = new Object[n];
        for (int c = 0; c < n; c++) {
            out[c] = positionOf[c] < 0 ? null : key[positionOf[c]];
        }
        return out;
    }

    /** The primary-key table columns. */
    public int[] primaryKeyColumns() {
        return Arrays.copyOf(keyColumns, pkLength);
    }

    /**
     * The primary-key columns a secondary index on {@code indexColumns} (with {@code collations})
     * appends to its key: those it does not hold already under the same collation.
     */
    public int[] indexSuffix(int[] indexColumns, Collation[] collations) {
        List<Integer> out = new ArrayList<>();
        for (int j = 0; j < pkLength; j++) {
            int c = keyColumns[j];
            boolean dup = false;
            for (int i = 0; i < indexColumns.length; i++) {
                if (indexColumns[i] == c && collations[i] == keyInfo.collation(j)) {
                    dup = true;
                }
            }
            if (!dup) {
                out.add(j);
            }
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * Where each primary-key column sits in the key of a secondary index on {@code indexColumns}
     * (see {@link #indexSuffix}): among the index's own columns, or in the appended suffix.
     */
    public int[] primaryKeyPositions(int[] indexColumns, Collation[] collations) {
        int[] suffix = indexSuffix(indexColumns, collations);
        int[] out = new int[pkLength];
        for (int j = 0; j < pkLength; j++) {
            out[j] = -1;
            for (int i = 0; i < indexColumns.length && out[j] < 0; i++) {
                if (indexColumns[i] == keyColumns[j] && collations[i] == keyInfo.collation(j)) {
                    out[j] = i;
                }
            }
            for (int i = 0; i < suffix.length && out[j] < 0; i++) {
                if (suffix[i] == j) {
                    out[j] = indexColumns.length + i;
                }
            }
        }
        return out;
    }

    /** The primary key seen as an index of the table (named as EXPLAIN QUERY PLAN says it). */
    public Index asIndex(String table, int root) {
        Collation[] colls = new Collation[pkLength];
        boolean[] desc = new boolean[pkLength];
        for (int j = 0; j < pkLength; j++) {
            colls[j] = keyInfo.collation(j);
            desc[j] = keyInfo.descending(j);
        }
        return new Index("PRIMARY KEY", table, root, true, primaryKeyColumns(), new io.onelite.sql.ast.Expr[pkLength],
                colls, desc, null, "pk", null);
    }
}
