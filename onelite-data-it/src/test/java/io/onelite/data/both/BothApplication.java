package io.onelite.data.both;

import io.onelite.data.jdbc.TallyRepository;
import io.onelite.data.jpa.Account;
import io.onelite.data.jpa.AccountRepository;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.persistence.autoconfigure.EntityScan;
import org.springframework.data.jdbc.repository.config.EnableJdbcRepositories;
import org.springframework.data.jpa.repository.config.EnableJpaRepositories;

/**
 * Spring Data JPA, Spring Data JDBC and Flyway in one context on the starter: JPA repositories
 * for the {@code jpa} package, JDBC repositories for the {@code jdbc} package (each stack its
 * own, so Spring Data's strict mode has nothing to guess), one data source, one transaction
 * manager (the starter's {@code OneLiteJpaTransactionManager}).
 */
@SpringBootApplication
@EntityScan(basePackageClasses = Account.class)
@EnableJpaRepositories(basePackageClasses = AccountRepository.class)
@EnableJdbcRepositories(basePackageClasses = TallyRepository.class)
public class BothApplication {
}
