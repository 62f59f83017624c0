package io.onelite.catalog;

import io.onelite.btree.Collation;
import io.onelite.btree.KeyInfo;
import io.onelite.sql.ast.ConflictAction;
import io.onelite.sql.ast.Expr;

/**
 * An index of a table: its key is the indexed columns (or expressions) followed by the rowid, or
 * for a WITHOUT ROWID table by the primary-key columns it lacks ({@link ClusteredKey}); then
 * {@code collations} and {@code descending} go on past {@code columns} with those columns' own.
 *
 * @param columns     table column per key column; -1 = rowid, -2 = the expression in {@code exprs}
 * @param exprs       per key column, the indexed expression when {@code columns[i] == -2}
 * @param collations  per key column, never null
 * @param descending  per key column
 * @param where       the partial-index condition, or null
 * @param origin      "c" (CREATE INDEX), "u" (UNIQUE constraint), "pk" (PRIMARY KEY)
 * @param sql         null for an automatic index
 * @param onConflict  the UNIQUE / PRIMARY KEY constraint's {@code ON CONFLICT} algorithm, null when not written
 */
public record Index(String name, String table, int root, boolean unique, int[] columns, Expr[] exprs,
                    Collation[] collations, boolean[] descending, Expr where, String origin, String sql,
                    ConflictAction onConflict) {

    /** An index without a declared conflict algorithm (CREATE INDEX has none). */
    public Index(String name, String table, int root, boolean unique, int[] columns, Expr[] exprs,
                 Collation[] collations, boolean[] descending, Expr where, String origin, String sql) {
        this(name, table, root, unique, columns, exprs, collations, descending, where, origin, sql, null);
    }

    /** How this index's keys compare (a trailing rowid is BINARY ascending). */
    public KeyInfo keyInfo() {
        return new KeyInfo(collations, descending);
    }

    public Index withRoot(int newRoot) {
        return new Index(name, table, newRoot, unique, columns, exprs, collations, descending, where, origin, sql, onConflict);
    }

    /** N of an automatic index's name {@code sqlite_autoindex_T_N} (SQLite's creation order), or -1. */
    public static int autoindexNumber(String name) {
        try {
            return Integer.parseInt(name.substring(name.lastIndexOf('_') + 1));
        } catch (NumberFormatException | IndexOutOfBoundsException e) {
            return -1;
        }
    }
}
