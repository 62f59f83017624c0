package io.onelite.plan;

import io.onelite.catalog.Table;

import java.util.List;

/**
 * A FROM-clause source as name resolution sees it.
 *
 * @param alias        the name that qualifies its columns (alias, or the table name)
 * @param table        the base table, or null for a subquery/view/CTE
 * @param columnNames  its columns in order
 * @param affinities   per column, SQLite's affinity letter
 * @param collations   per column, the collation name or null
 * @param hasRowid     whether rowid/oid/_rowid_ name a column
 * @param hidden       per column, true when USING/NATURAL merged it into an earlier source (no
 *                     longer named by a bare name)
 * @param unlisted     per column, true for a table-valued function's hidden columns (its
 *                     arguments, as a virtual table's HIDDEN columns): left out of {@code *} and
 *                     of NATURAL and USING, but named like any other column
 * @param starOrder    the order {@code *} lists the columns in (a view read straight from its
 *                     table whose columns the view reorders, {@link Flattening}); null: as they are
 */
record Source(String alias, Table table, List<String> columnNames, char[] affinities, String[] collations,
              boolean hasRowid, boolean[] hidden, boolean[] unlisted, int[] starOrder) {
    Source(String alias, Table table, List<String> columnNames, char[] affinities, String[] collations,
           boolean hasRowid, boolean[] hidden) {
        this(alias, table, columnNames, affinities, collations, hasRowid, hidden, new boolean[columnNames.size()]);
    }

    Source(String alias, Table table, List<String> columnNames, char[] affinities, String[] collations,
           boolean hasRowid, boolean[] hidden, boolean[] unlisted) {
        this(alias, table, columnNames, affinities, collations, hasRowid, hidden, unlisted, null);
    }

    /** The column {@code *} lists {@code k}-th ({@link #starOrder}). */
    int starColumn(int k) {
        return starOrder == null ? k : starOrder[k];
    }

    /** Whether column {@code c} is listed by {@code *} and may join by NATURAL or USING. */
    boolean shown(int c) {
        return !hidden[c] && !unlisted[c];
    }

    int columnIndex(String name) {
        for (int i = 0; i < columnNames.size(); i++) {
            if (columnNames.get(i).equalsIgnoreCase(name)) {
                return i;
            }
        }
        return -1;
    }
}
