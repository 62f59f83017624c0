package io.onelite.spring.autoconfigure;

import javax.sql.DataSource;

import io.onelite.spring.OneLiteAwareExceptionTranslator;
import io.onelite.spring.OneLiteDataSources;
import io.onelite.spring.OneLiteStatistics;
import io.onelite.spring.OneLiteTransactionManager;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.JdbcTemplateAutoConfiguration;
import org.springframework.boot.transaction.autoconfigure.TransactionAutoConfiguration;
import org.springframework.boot.transaction.autoconfigure.TransactionManagerCustomizers;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.support.JdbcTransactionManager;
import org.springframework.jdbc.support.SQLExceptionTranslator;
import org.springframework.transaction.TransactionManager;

/**
 * The {@link OneLiteTransactionManager} for the application's single {@code DataSource}, unless
 * the application defines its own transaction manager. Runs before Boot's
 * {@code DataSourceTransactionManagerAutoConfiguration} (which then backs off) and applies Boot's
 * {@link TransactionManagerCustomizers} ({@code spring.transaction.*}). Runs after Boot's JPA
 * auto-configuration, so that a JPA application keeps its {@code JpaTransactionManager}.
 *
 * <p>Also an {@link SQLExceptionTranslator} for Boot's {@code JdbcTemplate} that knows OneLite's
 * result codes (unique violation -> {@code DuplicateKeyException}, 517/773 -> a
 * {@code ConcurrencyFailureException}, 5 -> {@code CannotAcquireLockException}).
 *
 * <p>On a data source that is not OneLite it behaves as Boot's own {@code JdbcTransactionManager},
 * so that {@code @ConcurrentTransactional} stays portable.
 */
@AutoConfiguration(after = {OneLiteAutoConfiguration.class, DataSourceAutoConfiguration.class},
        // JPA keeps its own JpaTransactionManager: a JDBC one in its place breaks JPA
        afterName = "org.springframework.boot.hibernate.autoconfigure.HibernateJpaAutoConfiguration",
        before = {DataSourceTransactionManagerAutoConfiguration.class, TransactionAutoConfiguration.class,
                JdbcTemplateAutoConfiguration.class})
@ConditionalOnClass(name = OneLiteDataSources.DRIVER_CLASS_NAME, value = JdbcTransactionManager.class)
public final class OneLiteTransactionManagerAutoConfiguration {

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnSingleCandidate(DataSource.class)
    static class TransactionManagerConfiguration {

        @Bean
        @ConditionalOnMissingBean(TransactionManager.class)
        OneLiteTransactionManager transactionManager(DataSource dataSource, OneLiteProperties properties,
                ObjectProvider<OneLiteStatistics> statistics,
                ObjectProvider<TransactionManagerCustomizers> customizers) {
            OneLiteTransactionManager manager = new OneLiteTransactionManager(dataSource,
                    properties.isConcurrentWrites(), properties.getDefaultBegin(),
                    statistics.getIfAvailable(OneLiteStatistics::new));
            customizers.ifAvailable(c -> c.customize(manager));
            return manager;
        }

        /** Used by Boot's {@code JdbcTemplate}: OneLite's codes on OneLite, the database's own otherwise. */
        @Bean
        @ConditionalOnMissingBean(SQLExceptionTranslator.class)
        OneLiteAwareExceptionTranslator oneLiteExceptionTranslator(DataSource dataSource) {
            return new OneLiteAwareExceptionTranslator(dataSource);
        }
    }
}
