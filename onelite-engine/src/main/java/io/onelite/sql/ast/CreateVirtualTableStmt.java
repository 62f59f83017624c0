package io.onelite.sql.ast;

/**
 * {@code CREATE VIRTUAL TABLE [IF NOT EXISTS] [schema.]name USING module [(args)]}. OneLite has no
 * virtual-table modules, so executing one fails with "no such module"; the statement is kept so
 * that a file whose schema holds one (an FTS5 or R*Tree index made by {@code sqlite3}) still
 * loads, as SQLite loads it without the module, and only statements that use that table fail.
 *
 * @param module the module name as written
 * @param sql    the text SQLite stores: {@code "CREATE VIRTUAL TABLE "} + source text from the name to the end
 */
public record CreateVirtualTableStmt(boolean ifNotExists, QualifiedName name, String module, String sql)
        implements Stmt {
}
