/**
 * The JDBC driver ({@code jdbc:onelite:<path>}) and {@code OneLiteDataSource}. Calls only {@code api} (and {@code error}).
 */
package io.onelite.jdbc;
