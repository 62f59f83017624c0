/**
 * The SQL front end: SQLite's tokenizer, a hand-written recursive-descent parser of SQLite's whole dialect,
 * and the AST ({@link io.onelite.sql.ast}, sealed interfaces and records). Depends on nothing else in the
 * engine but {@code common}. SQLite: {@code tokenize.c}, {@code parse.y}, parts of {@code build.c}.
 *
 * <h2>Pieces</h2>
 * <ul>
 *   <li>{@link io.onelite.sql.Lexer}: tokens with offsets, as {@code sqlite3GetToken}.</li>
 *   <li>{@code TokenCursor}: the shared token stream, parameter numbering, expression heights, deferred errors.</li>
 *   <li>{@code ExprParser}, {@code SelectParser}, {@code DmlParser}, {@code DdlParser}, {@code ControlParser}:
 *       one statement family each.</li>
 *   <li>{@link io.onelite.sql.Parser}: the entry point, {@code parse(sql, offset)}.</li>
 *   <li>{@link io.onelite.sql.SqlPrinter}: AST back to SQL (fully parenthesised, names quoted).</li>
 * </ul>
 *
 * <h2>Matching SQLite's LALR parser with recursive descent</h2>
 * SQLite's messages name the token where its LALR(1) parser stopped, so each decision here is made the way
 * the Lemon tables make it:
 * <ol>
 *   <li>A keyword that has a meaning at a point is that keyword, even if the rest cannot follow
 *       ({@code DROP TABLE IF} is "incomplete input", not a table named "if"); only where it has none does a
 *       keyword of {@code %fallback ID} serve as a name ({@code SELECT key FROM action}).</li>
 *   <li>{@code WINDOW}, {@code OVER} and {@code FILTER} are decided by the lexer from their neighbours, as
 *       {@code tokenize.c} does.</li>
 *   <li>Errors that SQLite raises inside grammar actions (unknown join type, ORDER BY before UNION, too many
 *       terms, bad digit separators...) surface only once the next token fits; otherwise the syntax error at
 *       that token wins, as the later {@code sqlite3ErrorMsg} overwrites the earlier one.</li>
 *   <li>Deep nesting is counted, never recursed into without bound: an expression taller than 1000 fails with
 *       {@code Expression tree is too large (maximum depth 1000)}; a statement nesting more than a few dozen
 *       levels is parsed again on a large stack ({@link io.onelite.common.DeepStack}).</li>
 * </ol>
 * The tests compare messages with native SQLite (sqlite-jdbc) on fixed and randomly mutated statements.
 *
 * <h2>Known deviations</h2>
 * <ul>
 *   <li>{@code BEGIN CONCURRENT [SNAPSHOT]} is accepted (OneLite's extension).</li>
 *   <li>More than 20,000 nested parentheses fail with the depth message; SQLite 3.46+ grows its parser stack
 *       and accepts them.</li>
 *   <li>Unquoted {@code TRUE}/{@code FALSE} are always boolean literals; SQLite prefers a column of that name.</li>
 * </ul>
 */
package io.onelite.sql;
