/**
 * The schema: tables, columns, indexes, views and triggers read from {@code sqlite_schema} (parsing their SQL with {@code sql}), rows written there for new ones, and the schema cookie. Calls {@code sql}, {@code tx}, {@code btree}, {@code pager}.
 */
package io.onelite.catalog;
