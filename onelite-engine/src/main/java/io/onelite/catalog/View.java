package io.onelite.catalog;

import io.onelite.sql.ast.SelectStmt;

import java.util.List;

/** A view: its SELECT and, when written, its column names. */
public record View(String name, List<String> columnNames, SelectStmt select, String sql) {
}
