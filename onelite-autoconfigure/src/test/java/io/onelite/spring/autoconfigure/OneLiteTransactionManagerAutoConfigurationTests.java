package io.onelite.spring.autoconfigure;

import java.nio.file.Path;

import io.onelite.common.BeginMode;
import io.onelite.spring.OneLiteAwareExceptionTranslator;
import io.onelite.spring.OneLiteStatistics;
import io.onelite.spring.OneLiteTransactionManager;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.JdbcTemplateAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.transaction.autoconfigure.TransactionManagerCustomizationAutoConfiguration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.support.SQLExceptionTranslator;
import org.springframework.jdbc.support.SQLStateSQLExceptionTranslator;
import org.springframework.transaction.TransactionManager;

import static org.assertj.core.api.Assertions.assertThat;

class OneLiteTransactionManagerAutoConfigurationTests {

    @TempDir
    Path dir;

    /** With Boot's own JDBC auto-configurations, as in an application. */
    private ApplicationContextRunner runner() {
        return new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(OneLiteAutoConfiguration.class,
                        OneLiteTransactionManagerAutoConfiguration.class, DataSourceAutoConfiguration.class,
                        DataSourceTransactionManagerAutoConfiguration.class, JdbcTemplateAutoConfiguration.class,
                        TransactionManagerCustomizationAutoConfiguration.class))
                .withPropertyValues("onelite.path=" + dir.resolve("tm.db"));
    }

    @Test
    void theTransactionManagerIsOneLitesAndBootsBacksOff() {
        runner().run(context -> {
            assertThat(context).hasSingleBean(TransactionManager.class).hasSingleBean(OneLiteTransactionManager.class)
                    .hasSingleBean(JdbcTemplate.class);
            OneLiteTransactionManager tm = context.getBean(OneLiteTransactionManager.class);
            assertThat(tm.isConcurrentWrites()).isTrue();
            assertThat(tm.getDefaultBegin()).isEqualTo(BeginMode.IMMEDIATE);
            assertThat(tm.getStatistics()).isSameAs(context.getBean(OneLiteStatistics.class));
        });
    }

    @Test
    void theKillSwitchAndDefaultBeginReachTheManager() {
        runner().withPropertyValues("onelite.concurrent-writes=false", "onelite.default-begin=deferred").run(context -> {
            OneLiteTransactionManager tm = context.getBean(OneLiteTransactionManager.class);
            assertThat(tm.isConcurrentWrites()).isFalse();
            assertThat(tm.getDefaultBegin()).isEqualTo(BeginMode.DEFERRED);
        });
    }

    @Test
    void bootsTransactionCustomizersApply() {
        runner().withPropertyValues("spring.transaction.default-timeout=30s", "spring.transaction.rollback-on-commit-failure=true")
                .run(context -> {
                    OneLiteTransactionManager tm = context.getBean(OneLiteTransactionManager.class);
                    assertThat(tm.getDefaultTimeout()).isEqualTo(30);
                    assertThat(tm.isRollbackOnCommitFailure()).isTrue();
                });
    }

    @Test
    void jdbcTemplateGetsAOneLiteAwareTranslatorUnlessTheApplicationHasOne() {
        runner().run(context -> assertThat(context).hasSingleBean(OneLiteAwareExceptionTranslator.class));
        runner().withBean(SQLExceptionTranslator.class, SQLStateSQLExceptionTranslator::new)
                .run(context -> assertThat(context).hasSingleBean(SQLExceptionTranslator.class)
                        .doesNotHaveBean(OneLiteAwareExceptionTranslator.class));
    }

    @Test
    void itBacksOffToTheApplicationsOwnTransactionManager() {
        runner().withBean("myTm", DataSourceTransactionManager.class,
                        () -> new DataSourceTransactionManager(new org.springframework.jdbc.datasource.DriverManagerDataSource()))
                .run(context -> assertThat(context).hasSingleBean(TransactionManager.class)
                        .doesNotHaveBean(OneLiteTransactionManager.class).hasBean("myTm"));
    }
}
