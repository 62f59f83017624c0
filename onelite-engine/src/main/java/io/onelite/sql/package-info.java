/**
 * The SQL front end: lexer, recursive-descent parser and the AST (sealed interfaces and records). Depends on nothing else in the engine. SQLite: {@code tokenize.c}, {@code parse.y}.
 */
package io.onelite.sql;
