package io.onelite.sql.ast;

/**
 * {@code PRAGMA [schema.]name}, {@code PRAGMA name = value} or {@code PRAGMA name(value)}.
 *
 * @param value the value as text, or null when none: a string literal dequoted, an identifier or keyword
 *              ({@code ON}, {@code WAL}, {@code FULL}) as written, a number with its sign ({@code "-2000"})
 * @param call  true for the {@code name(value)} form
 */
public record PragmaStmt(QualifiedName name, String value, boolean call) implements Stmt {
}
