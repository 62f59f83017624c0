/**
 * The JDBC driver: {@code jdbc:onelite:<path>[?key=value&...]} ({@link io.onelite.jdbc.OneLiteDriver},
 * {@link io.onelite.jdbc.OneLiteConnection}, {@link io.onelite.jdbc.OneLiteDataSource}). Calls the
 * engine through {@code io.onelite.api} ({@code Database}, {@code Session}, {@code Statement}); maps
 * {@link io.onelite.common.OneLiteException}s to {@link java.sql.SQLException}s. Counterpart of
 * sqlite-jdbc's {@code org.sqlite.jdbc3}/{@code jdbc4} packages; see docs/jdbc.md.
 */
package io.onelite.jdbc;
