package io.onelite.catalog;

import io.onelite.sql.ast.Expr;
import io.onelite.sql.ast.ForeignKeyClause;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A table of the schema. Immutable except for {@link #indexes}, which the schema fills as it
 * loads the table's indexes.
 *
 * @param rowidAlias    the INTEGER PRIMARY KEY column, or -1
 * @param primaryKey    the primary key's columns in key order (empty when none)
 * @param checks        CHECK expressions with their constraint names (null name when unnamed)
 * @param clustered     how a WITHOUT ROWID table's rows are keyed in its index b-tree; null for a rowid table
 * @param db            the schema holding the table and its indexes: {@code main}, {@code temp} or an attached
 *                      name; the executor opens its trees in that database's transaction
 * @param strict        a STRICT table ({@link StrictType}): every column has one of the six datatypes and a
 *                      write must store a value of its column's type
 */
public record Table(String name, List<Column> columns, int rowidAlias, int[] primaryKey, boolean withoutRowid,
                    boolean autoincrement, int root, String sql, List<Check> checks, List<ForeignKey> foreignKeys,
                    List<Index> indexes, ClusteredKey clustered, String db, boolean strict) {

    /** The schema name of the main database; tables built outside a schema belong to it. */
    public static final String MAIN = "main";

    /** A rowid or WITHOUT ROWID table of the main database. */
    public Table(String name, List<Column> columns, int rowidAlias, int[] primaryKey, boolean withoutRowid,
                 boolean autoincrement, int root, String sql, List<Check> checks, List<ForeignKey> foreignKeys,
                 List<Index> indexes, ClusteredKey clustered) {
        this(name, columns, rowidAlias, primaryKey, withoutRowid, autoincrement, root, sql, checks, foreignKeys,
                indexes, clustered, MAIN, false);
    }

    /** A CHECK constraint; {@code text} is its expression as written (SQLite's error message names it). */
    public record Check(String name, Expr expr, String text) {
    }

    /** A foreign key: child columns referencing the parent's columns (empty = its primary key). */
    public record ForeignKey(List<String> columns, ForeignKeyClause clause) {
    }

    /** The column's position (case-insensitive), or -1. */
    public int columnIndex(String columnName) {
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).name().equalsIgnoreCase(columnName)) {
                return i;
            }
        }
        return -1;
    }

    public boolean isSchemaTable() {
        return root == 1;
    }

    public Table withIndexes(List<Index> newIndexes) {
        return new Table(name, columns, rowidAlias, primaryKey, withoutRowid, autoincrement, root, sql, checks,
                foreignKeys, new ArrayList<>(newIndexes), clustered, db, strict);
    }

    public Table withRoot(int newRoot) {
        return new Table(name, columns, rowidAlias, primaryKey, withoutRowid, autoincrement, newRoot, sql, checks,
                foreignKeys, indexes, clustered, db, strict);
    }

    /** This table as held by schema {@code database} (sharing its index list). */
    public Table inDatabase(String database) {
        return database.equals(db) ? this : new Table(name, columns, rowidAlias, primaryKey, withoutRowid,
                autoincrement, root, sql, checks, foreignKeys, indexes, clustered, database, strict);
    }

    /** This table with the STRICT option set as given. */
    public Table withStrict(boolean isStrict) {
        return isStrict == strict ? this : new Table(name, columns, rowidAlias, primaryKey, withoutRowid,
                autoincrement, root, sql, checks, foreignKeys, indexes, clustered, db, isStrict);
    }

    public String key() {
        return name.toLowerCase(Locale.ROOT);
    }

    /** sqlite_schema (page 1): type, name, tbl_name, rootpage, sql. */
    public static Table schemaTable(String name) {
        return schemaTable(name, MAIN);
    }

    /** The schema table of database {@code db} (sqlite_temp_master for temp). */
    public static Table schemaTable(String name, String db) {
        List<Column> cols = List.of(
                new Column("type", "text", 'B', false, null, null, null, 0),
                new Column("name", "text", 'B', false, null, null, null, 0),
                new Column("tbl_name", "text", 'B', false, null, null, null, 0),
                new Column("rootpage", "int", 'D', false, null, null, null, 0),
                new Column("sql", "text", 'B', false, null, null, null, 0));
        return new Table(name, cols, -1, new int[0], false, false, 1,
                "CREATE TABLE " + name + "(type text,name text,tbl_name text,rootpage int,sql text)",
                List.of(), List.of(), new ArrayList<>(), null, db, false);
    }
}
