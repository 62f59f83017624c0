package io.onelite.spring.autoconfigure;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicInteger;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import io.onelite.spring.ConcurrentRetryExhaustedException;
import io.onelite.spring.ConcurrentTransactional;
import io.onelite.spring.OneLiteTransactionManager;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.dao.PessimisticLockingFailureException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceUtils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The same annotation on a database that is not OneLite (native SQLite through sqlite-jdbc, the
 * one other driver in the build): Boot's data source, SERIALIZABLE isolation, retries on SQLState
 * 40001/40P01.
 */
class PortabilityTests {

    @TempDir
    Path dir;

    private ApplicationContextRunner runner() {
        return new ApplicationContextRunner()
                .withConfiguration(JdbcStack.autoConfigurations())
                .withPropertyValues("spring.datasource.url=jdbc:sqlite:" + dir.resolve("native.db"))
                .withUserConfiguration(Services.class);
    }

    @Test
    void onAnotherDatabaseTheAnnotationRunsSerializableAndRetriesOnSqlState40001() {
        runner().run(context -> {
            HikariDataSource ds = context.getBean(HikariDataSource.class);
            assertThat(ds.getJdbcUrl()).startsWith("jdbc:sqlite:");
            assertThat(context.getBean(DataSource.class)).isSameAs(ds);
            assertThat(context.getBean(OneLiteTransactionManager.class)).isNotNull();
            Portable service = context.getBean(Portable.class);
            service.failures().set(2);
            assertThat(service.write("40001")).isEqualTo(Connection.TRANSACTION_SERIALIZABLE);
            assertThat(service.calls()).hasValue(3);
            assertThat(context.getBean(JdbcTemplate.class).queryForObject("select count(*) from t", Long.class)).isEqualTo(1);
        });
    }

    @Test
    void aServerDeadlockIsRetriedTooAndTheLastAttemptIsReported() {
        runner().run(context -> {
            Portable service = context.getBean(Portable.class);
            service.failures().set(100);
            assertThatExceptionOfType(ConcurrentRetryExhaustedException.class).isThrownBy(() -> service.write("40P01"))
                    .satisfies(e -> assertThat(e.attempts()).isEqualTo(3));
            assertThat(service.calls()).hasValue(3);
        });
    }

    @Configuration(proxyBeanMethods = false)
    static class Services {
        @Bean
        Portable portable(DataSource dataSource, JdbcTemplate jdbc) {
            return new Portable(dataSource, jdbc);
        }
    }

    public static class Portable {
        private final AtomicInteger calls = new AtomicInteger();
        private final AtomicInteger failures = new AtomicInteger();
        private final DataSource dataSource;
        private final JdbcTemplate jdbc;

        Portable(DataSource dataSource, JdbcTemplate jdbc) {
            this.dataSource = dataSource;
            this.jdbc = jdbc;
        }

        public AtomicInteger calls() {
            return calls;
        }

        public AtomicInteger failures() {
            return failures;
        }

        /** Writes a row, fails with {@code sqlState} while failures remain; returns the isolation it ran with. */
        @ConcurrentTransactional(maxAttempts = 3, backoff = @ConcurrentTransactional.Backoff(initial = 0, max = 0))
        public int write(String sqlState) throws SQLException {
            calls.incrementAndGet();
            jdbc.execute("create table if not exists t (a)");
            jdbc.update("delete from t");
            jdbc.update("insert into t values (1)");
            if (failures.getAndDecrement() > 0) {
                throw new PessimisticLockingFailureException("serialization failure",
                        new SQLException("could not serialize access", sqlState));
            }
            return DataSourceUtils.getConnection(dataSource).getTransactionIsolation();
        }
    }
}
