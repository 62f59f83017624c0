/**
 * Spring Data JDBC on OneLite: {@link io.onelite.spring.data.OneLiteJdbcDialect}, the SQL dialect
 * Spring Data JDBC has none of for SQLite, found by Spring Data's {@code DialectResolver} through
 * {@link io.onelite.spring.data.OneLiteJdbcDialectProvider} (registered in
 * {@code META-INF/spring.factories}), so a repository needs no dialect bean.
 *
 * <p>Uses the engine only through its JDBC driver; loaded only when {@code spring-data-jdbc} is on
 * the class path.
 */
package io.onelite.spring.data;
