package io.onelite.jdbc;

import io.onelite.sql.Parser;
import io.onelite.sql.ast.ColumnConstraint;
import io.onelite.sql.ast.ColumnDef;
import io.onelite.sql.ast.CreateTableStmt;
import io.onelite.sql.ast.TableConstraint;

import java.util.ArrayList;
import java.util.List;

/**
 * The names a table's {@code CREATE TABLE} text gives its primary key and foreign keys
 * ({@code CONSTRAINT name ...}), which no PRAGMA reports. sqlite-jdbc reads them from the same
 * text to fill {@code PK_NAME} and {@code FK_NAME}, and tools key on them: Liquibase names the
 * constraints of its snapshots (and of the tables it rebuilds) after them.
 *
 * @param primaryKey  the primary key's constraint name, null when unnamed or when there is no key
 * @param foreignKeys the foreign keys' names (null when unnamed), indexed by the {@code id} of
 *                    {@code PRAGMA foreign_key_list}
 */
record ConstraintNames(String primaryKey, List<String> foreignKeys) {
    static final ConstraintNames NONE = new ConstraintNames(null, List.of());

    /** The names in a table's stored {@code CREATE TABLE} text; {@link #NONE} for text that is not one. */
    static ConstraintNames of(String createTableSql) {
        if (createTableSql == null) {
            return NONE;
        }
        CreateTableStmt create;
        try {
            if (!(Parser.parse(createTableSql, 0).stmt() instanceof CreateTableStmt s)) {
                return NONE;
            }
            create = s;
        } catch (RuntimeException e) {
            return NONE; // the engine loaded this text, so it parses; a virtual table's text is no CREATE TABLE
        }
        String primaryKey = null;
        // declaration order as the catalog builds a table's foreign keys: column REFERENCES first,
        // column by column, then FOREIGN KEY table constraints
        List<String> declared = new ArrayList<>();
        for (ColumnDef column : create.columns()) {
            for (ColumnConstraint c : column.constraints()) {
                if (c instanceof ColumnConstraint.PrimaryKey) {
                    primaryKey = c.name();
                } else if (c instanceof ColumnConstraint.References) {
                    declared.add(c.name());
                }
            }
        }
        for (TableConstraint c : create.constraints()) {
            if (c instanceof TableConstraint.PrimaryKey) {
                primaryKey = c.name();
            } else if (c instanceof TableConstraint.ForeignKey) {
                declared.add(c.name());
            }
        }
        // foreign_key_list numbers them newest first, as SQLite prepends each to the table's list
        List<String> byId = new ArrayList<>(declared.size());
        for (int i = declared.size() - 1; i >= 0; i--) {
            byId.add(declared.get(i));
        }
        return new ConstraintNames(primaryKey, java.util.Collections.unmodifiableList(byId));
    }

    /** The name of foreign key {@code id}, or null when unnamed or unknown. */
    String foreignKey(long id) {
        return id >= 0 && id < foreignKeys.size() ? foreignKeys.get((int) id) : null;
    }
}
