package io.onelite.spring.autoconfigure;

import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;
import org.testcontainers.postgresql.PostgreSQLContainer;

/**
 * {@link PostgreSqlPortabilityContract} on a PostgreSQL container started by Testcontainers;
 * disabled where no Docker daemon answers (then {@link PostgreSqlPortabilityTests} covers the
 * same body on a local server).
 */
@Testcontainers(disabledWithoutDocker = true)
class PostgreSqlContainerPortabilityTests extends PostgreSqlPortabilityContract {

    @Container
    static final PostgreSQLContainer POSTGRES = new PostgreSQLContainer("postgres:16-alpine");

    @Override
    String jdbcUrl() {
        return POSTGRES.getJdbcUrl();
    }

    @Override
    String username() {
        return POSTGRES.getUsername();
    }

    @Override
    String password() {
        return POSTGRES.getPassword();
    }
}
