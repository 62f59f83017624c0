/**
 * The schema: tables, columns, indexes, views and triggers read from {@code sqlite_schema} (parsing their SQL with {@code sql}), rows written there for new ones, the schema cookie, and VACUUM's rebuild of the whole file in SQLite's schema order ({@code Vacuum}). Calls {@code sql}, {@code tx}, {@code btree}, {@code pager}.
 */
package io.onelite.catalog;
