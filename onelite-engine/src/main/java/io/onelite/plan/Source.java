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
 * @param hidden       per column, true when USING/NATURAL merged it into an earlier source
 */
record Source(String alias, Table table, List<String> columnNames, char[] affinities, String[] collations,
              boolean hasRowid, boolean[] hidden) {
    int columnIndex(String name) {
        for (int i = 0; i < columnNames.size(); i++) {
            if (columnNames.get(i).equalsIgnoreCase(name)) {
                return i;
            }
        }
        return -1;
    }
}
