package io.onelite.spring.autoconfigure;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import io.onelite.common.BeginMode;
import io.onelite.common.Synchronous;
import io.onelite.jdbc.OneLiteDataSource;
import io.onelite.spring.OneLiteStatistics;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import static org.assertj.core.api.Assertions.assertThat;

class OneLiteAutoConfigurationTests {

    @TempDir
    Path dir;

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(OneLiteAutoConfiguration.class));

    @Test
    void theDataSourceIsHikariOnTheOneLitePathWithItsSettings() {
        Path file = dir.resolve("nested/folder/app.db");
        runner.withPropertyValues("onelite.path=" + file, "onelite.synchronous=normal", "onelite.busy-timeout=2s",
                "onelite.commit-hold-limit=750ms").run(context -> {
            assertThat(context).hasSingleBean(DataSource.class).hasSingleBean(OneLiteStatistics.class);
            HikariDataSource ds = context.getBean(HikariDataSource.class);
            assertThat(ds.getJdbcUrl()).isEqualTo("jdbc:onelite:" + file.toAbsolutePath()
                    + "?synchronous=normal&busy_timeout=2000&commit_hold_limit=750");
            assertThat(ds.getDriverClassName()).isEqualTo("io.onelite.jdbc.OneLiteDriver");
            assertThat(Files.isDirectory(file.getParent())).as("folder created").isTrue();
        });
    }

    @Test
    void theDefaultPathIsAFileUnderTheWorkingDirectory() {
        runner.run(context -> assertThat(context.getBean(HikariDataSource.class).getJdbcUrl())
                .startsWith("jdbc:onelite:" + Path.of("data/onelite.db").toAbsolutePath() + "?synchronous=full"));
    }

    @Test
    void hikariPropertiesStillApply() {
        runner.withPropertyValues("onelite.path=" + dir.resolve("a.db"), "spring.datasource.hikari.maximum-pool-size=3",
                "spring.datasource.hikari.pool-name=orders").run(context -> {
            HikariDataSource ds = context.getBean(HikariDataSource.class);
            assertThat(ds.getMaximumPoolSize()).isEqualTo(3);
            assertThat(ds.getPoolName()).isEqualTo("orders");
        });
    }

    @Test
    void aOneLiteSpringDatasourceUrlIsUsedAndItsOwnKeysWin() {
        Path file = dir.resolve("url.db");
        runner.withPropertyValues("spring.datasource.url=jdbc:onelite:" + file + "?synchronous=off",
                "onelite.path=ignored.db").run(context -> assertThat(context.getBean(HikariDataSource.class).getJdbcUrl())
                .isEqualTo("jdbc:onelite:" + file + "?synchronous=off&busy_timeout=10000&commit_hold_limit=5000"));
    }

    @Test
    void itBacksOffWhenSpringDatasourceUrlNamesAnotherDatabase() {
        runner.withPropertyValues("spring.datasource.url=jdbc:postgresql://localhost/shop")
                .run(context -> assertThat(context).doesNotHaveBean(DataSource.class).hasSingleBean(OneLiteProperties.class));
    }

    @Test
    void itBacksOffToTheApplicationsOwnDataSource() {
        runner.withBean("myDataSource", DataSource.class, DriverManagerDataSource::new).run(context -> {
            assertThat(context).hasSingleBean(DataSource.class).doesNotHaveBean(HikariDataSource.class);
            assertThat(context).hasBean("myDataSource");
        });
    }

    @Test
    void withoutHikariTheDataSourceIsAnUnpooledOneLiteDataSource() {
        runner.withClassLoader(new FilteredClassLoader(HikariDataSource.class))
                .withPropertyValues("onelite.path=" + dir.resolve("plain.db"))
                .run(context -> {
                    assertThat(context).hasSingleBean(OneLiteDataSource.class);
                    assertThat(context.getBean(OneLiteDataSource.class).getUrl()).startsWith("jdbc:onelite:" + dir.resolve("plain.db"));
                });
    }

    @Test
    void withoutTheDriverNothingIsConfigured() {
        runner.withClassLoader(new FilteredClassLoader("io.onelite.jdbc"))
                .run(context -> assertThat(context).doesNotHaveBean(DataSource.class).doesNotHaveBean(OneLiteProperties.class));
    }

    @Test
    void propertiesBind() {
        runner.withPropertyValues("onelite.concurrent-writes=false", "onelite.default-begin=deferred",
                "onelite.synchronous=extra", "onelite.retry.max-attempts=3", "onelite.retry.initial-backoff=5ms",
                "onelite.retry.multiplier=1.5", "onelite.retry.max-backoff=1s", "onelite.retry.jitter=0",
                "onelite.write-slice=0").run(context -> {
            OneLiteProperties p = context.getBean(OneLiteProperties.class);
            assertThat(p.isConcurrentWrites()).isFalse();
            assertThat(p.getDefaultBegin()).isEqualTo(BeginMode.DEFERRED);
            assertThat(p.getSynchronous()).isEqualTo(Synchronous.EXTRA);
            assertThat(p.getRetry().getMaxAttempts()).isEqualTo(3);
            assertThat(p.getRetry().getInitialBackoff()).isEqualTo(Duration.ofMillis(5));
            assertThat(p.getRetry().getMultiplier()).isEqualTo(1.5);
            assertThat(p.getRetry().getMaxBackoff()).isEqualTo(Duration.ofSeconds(1));
            assertThat(p.getRetry().getJitter()).isZero();
            assertThat(p.getWriteSlice()).isZero();
        });
    }

    @Test
    void badValuesStopTheStartWithTheRuleTheyBreak() {
        assertStartFails("onelite.retry.max-attempts=0", "retry.maxAttempts", "must be at least 1");
        assertStartFails("onelite.retry.jitter=1.5", "retry.jitter", "between 0.0 and 1.0");
        assertStartFails("onelite.retry.multiplier=0.5", "retry.multiplier", "at least 1.0");
        assertStartFails("onelite.commit-hold-limit=0s", "commitHoldLimit", "positive duration");
        // the URL carries milliseconds: 500us would become 0 (no limit the engine accepts)
        assertStartFails("onelite.commit-hold-limit=500us", "commitHoldLimit", "whole number of milliseconds");
        assertStartFails("onelite.busy-timeout=1500us", "busyTimeout", "whole number of milliseconds");
        assertStartFails("onelite.busy-timeout=-1s", "busyTimeout", "zero or a positive duration");
        assertStartFails("onelite.write-slice=-1ms", "writeSlice", "zero or a positive duration");
        assertStartFails("onelite.path= ", "path", "must name a database file");
        assertStartFails("onelite.retry.max-backoff=1ms", "retry.maxBackoff", "must not be shorter than onelite.retry.initial-backoff",
                "onelite.retry.initial-backoff=10ms");
        assertStartFails("onelite.synchronous=sometimes", "onelite.synchronous", "sometimes");
    }

    private void assertStartFails(String property, String... expected) {
        String[] props = {property};
        if (expected.length == 3) {
            props = new String[] {property, expected[2]};
        }
        runner.withPropertyValues(props).run(context -> {
            assertThat(context).hasFailed();
            Throwable failure = context.getStartupFailure();
            StringBuilder messages = new StringBuilder();
            for (Throwable t = failure; t != null; t = t.getCause()) {
                messages.append(t.getMessage()).append('\n');
            }
            assertThat(messages.toString()).contains(expected[0]).contains(expected[1]);
        });
    }
}
