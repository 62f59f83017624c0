/**
 * Spring Boot auto-configuration of OneLite: {@code onelite.*} properties, the HikariCP data
 * source, the transaction manager, the {@code @ConcurrentTransactional} advisors, optional meters
 * and health, and the failure analyzer. Listed in
 * {@code META-INF/spring/org.springframework.boot.autoconfigure.AutoConfiguration.imports}.
 */
package io.onelite.spring.autoconfigure;
