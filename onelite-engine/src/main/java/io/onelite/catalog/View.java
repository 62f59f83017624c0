package io.onelite.catalog;

import io.onelite.sql.ast.SelectStmt;

import java.util.List;

/**
 * A view: its SELECT and, when written, its column names.
 *
 * @param db the schema holding the view; a view outside temp reads its own database's tables
 *           only (SQLite binds its names there), a temp view the whole search path
 */
public record View(String name, List<String> columnNames, SelectStmt select, String sql, String db) {
    public View(String name, List<String> columnNames, SelectStmt select, String sql) {
        this(name, columnNames, select, sql, Table.MAIN);
    }
}
