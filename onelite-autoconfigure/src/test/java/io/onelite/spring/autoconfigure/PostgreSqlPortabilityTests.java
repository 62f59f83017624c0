package io.onelite.spring.autoconfigure;

import org.junit.jupiter.api.BeforeAll;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@link PostgreSqlPortabilityContract} on the PostgreSQL server named by the environment
 * variable {@code ONELITE_PG_URL} (a JDBC URL with its user). {@code .ci/run} installs Debian's
 * postgresql, starts a throwaway cluster and exports it; on a developer machine:
 * {@code source .ci/postgres.sh && start_postgres}, run the tests, {@code stop_postgres}.
 *
 * <p>Under {@code CI=true} a missing variable fails the tests: the portability claim must not go
 * untested silently. Elsewhere they are skipped with that advice.
 */
class PostgreSqlPortabilityTests extends PostgreSqlPortabilityContract {

    static final String URL_VARIABLE = "ONELITE_PG_URL";

    @BeforeAll
    static void requireTheServer() {
        String url = System.getenv(URL_VARIABLE);
        if (url == null || url.isBlank()) {
            String advice = URL_VARIABLE + " is not set; to run the PostgreSQL portability tests: "
                    + "source .ci/postgres.sh && start_postgres (needs Debian's postgresql package)";
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                fail("CI=true, but " + advice);
            }
            assumeTrue(false, advice);
        }
    }

    @Override
    String jdbcUrl() {
        return System.getenv(URL_VARIABLE);
    }

    @Override
    String username() {
        return null;
    }

    @Override
    String password() {
        return null;
    }
}
