package io.onelite.catalog;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;

/**
 * A virtual table in the schema ({@code CREATE VIRTUAL TABLE ... USING module}), such as an FTS5
 * or R*Tree index a {@code sqlite3} process made. OneLite has no modules: the table is known by
 * name (it is listed, its name is taken, its shadow tables are ordinary tables), and every
 * statement that would read, write, alter or drop it fails as in SQLite built without the module.
 *
 * @param db the database holding it (main or an attached name)
 */
public record VirtualTable(String name, String module, String sql, String db) {
    /** SQLite's error for a statement that needs the table's module: "no such module: fts5". */
    public OneLiteException noModule() {
        return new OneLiteException(ResultCode.ERROR, "no such module: " + module);
    }
}
