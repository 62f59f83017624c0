/**
 * OneLite for Spring: {@link io.onelite.spring.ConcurrentTransactional} (a method that runs as
 * {@code BEGIN CONCURRENT} and reruns when its commit loses a conflict), the
 * {@link io.onelite.spring.OneLiteTransactionManager} that picks the {@code BEGIN} statement of
 * each transaction (and, for JPA, {@link io.onelite.spring.OneLiteJpaTransactionManager} with
 * {@link io.onelite.spring.OneLiteHibernateJpaDialect}), the retry advice, the classification of lost conflicts
 * ({@link io.onelite.spring.ConcurrencyFailures}) and the exception translation.
 *
 * <p>Uses the engine only through its JDBC driver ({@code io.onelite.jdbc}) and the shared
 * {@code io.onelite.common} types. The wiring lives in {@code io.onelite.spring.autoconfigure}.
 */
package io.onelite.spring;
