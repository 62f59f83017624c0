package io.onelite.jdbc;

/**
 * What a result set knows about one column.
 *
 * @param label    the name SQLite gives the result column ({@code AS} alias, else the expression text)
 * @param declType the declared type of the table column it comes from, or null
 * @param table    the table it comes from, or null
 */
record ColumnInfo(String label, String declType, String table) {
}
