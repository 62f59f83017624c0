package io.onelite.jdbc;

import io.onelite.sql.Parser;
import io.onelite.sql.ast.ColumnConstraint;
import io.onelite.sql.ast.ColumnDef;
import io.onelite.sql.ast.CreateTableStmt;
import io.onelite.sql.ast.TableConstraint;

import java.util.ArrayList;
import java.util.List;

/**
 * What a table's {@code CREATE TABLE} text says of its keys and no PRAGMA reports: the names
 * ({@code CONSTRAINT name ...}) of its primary key and foreign keys, and which foreign keys are
 * {@code DEFERRABLE INITIALLY DEFERRED}. sqlite-jdbc reads the names from the same text to fill
 * {@code PK_NAME} and {@code FK_NAME}, and tools key on them: Liquibase names the constraints of its
 * snapshots (and of the tables it rebuilds) after them.
 *
 * @param primaryKey  the primary key's constraint name, null when unnamed or when there is no key
 * @param foreignKeys the foreign keys, indexed by the {@code id} of {@code PRAGMA foreign_key_list}
 */
record DeclaredKeys(String primaryKey, List<ForeignKey> foreignKeys) {
    /** A foreign key's constraint name (null when unnamed) and whether it is checked at COMMIT. */
    record ForeignKey(String name, boolean initiallyDeferred) {
    }

    private static final ForeignKey UNKNOWN = new ForeignKey(null, false);

    static final DeclaredKeys NONE = new DeclaredKeys(null, List.of());

    /** The keys of a table's stored {@code CREATE TABLE} text; {@link #NONE} for text that is not one. */
    static DeclaredKeys of(String createTableSql) {
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
        List<ForeignKey> declared = new ArrayList<>();
        for (ColumnDef column : create.columns()) {
            for (ColumnConstraint c : column.constraints()) {
                if (c instanceof ColumnConstraint.PrimaryKey) {
                    primaryKey = c.name();
                } else if (c instanceof ColumnConstraint.References r) {
                    declared.add(new ForeignKey(r.name(), r.foreignKey().deferred()));
                }
            }
        }
        for (TableConstraint c : create.constraints()) {
            if (c instanceof TableConstraint.PrimaryKey) {
                primaryKey = c.name();
            } else if (c instanceof TableConstraint.ForeignKey fk) {
                declared.add(new ForeignKey(fk.name(), fk.references().deferred()));
            }
        }
        // foreign_key_list numbers them newest first, as SQLite prepends each to the table's list
        List<ForeignKey> byId = new ArrayList<>(declared.size());
        for (int i = declared.size() - 1; i >= 0; i--) {
            byId.add(declared.get(i));
        }
        return new DeclaredKeys(primaryKey, java.util.Collections.unmodifiableList(byId));
    }

    /** Foreign key {@code id}; unnamed and not deferred when unknown. */
    ForeignKey foreignKey(long id) {
        return id >= 0 && id < foreignKeys.size() ? foreignKeys.get((int) id) : UNKNOWN;
    }
}
