package io.onelite.data.jdbconly;

import io.onelite.data.jdbc.TallyRepository;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.data.jpa.autoconfigure.DataJpaRepositoriesAutoConfiguration;
import org.springframework.boot.hibernate.autoconfigure.HibernateJpaAutoConfiguration;
import org.springframework.data.jdbc.repository.config.EnableJdbcRepositories;

/**
 * A Spring Data JDBC application (JPA on the class path but switched off, as an application that
 * uses only Spring Data JDBC would): the starter's JDBC {@code OneLiteTransactionManager} serves it.
 */
@SpringBootApplication(exclude = {HibernateJpaAutoConfiguration.class, DataJpaRepositoriesAutoConfiguration.class})
@EnableJdbcRepositories(basePackageClasses = TallyRepository.class)
public class JdbcOnlyApplication {
}
