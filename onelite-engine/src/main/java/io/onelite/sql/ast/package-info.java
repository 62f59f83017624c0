/**
 * The abstract syntax tree of SQLite's dialect: sealed interfaces and immutable records produced by
 * {@link io.onelite.sql.Parser}. Lists are never null (empty when a clause is absent); optional
 * single values are null when absent. Identifiers are dequoted but keep their case. SQLite:
 * {@code parse.y}, {@code sqliteInt.h} ({@code Expr}, {@code Select}, {@code SrcList}).
 *
 * <p>Later changes to these types are additive only: the executor builds on them.
 */
package io.onelite.sql.ast;
