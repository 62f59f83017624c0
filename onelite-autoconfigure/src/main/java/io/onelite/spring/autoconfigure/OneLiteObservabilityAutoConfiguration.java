package io.onelite.spring.autoconfigure;

import javax.sql.DataSource;

import io.micrometer.core.instrument.binder.MeterBinder;
import io.onelite.spring.OneLiteDataSources;
import io.onelite.spring.OneLiteStatistics;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;

/**
 * Optional integrations: Micrometer meters over {@link OneLiteStatistics} and the engine's status
 * of the data source's file ({@link OneLiteMetrics}) when Micrometer is on the class path, and a
 * {@code onelite} health indicator (file reachable, WAL, last checkpoint) when Spring Boot's health
 * support is ({@code management.health.onelite.enabled=false} turns it off).
 */
@AutoConfiguration(after = {OneLiteAutoConfiguration.class, ConcurrentTransactionalAutoConfiguration.class})
@ConditionalOnClass(name = OneLiteDataSources.DRIVER_CLASS_NAME)
public final class OneLiteObservabilityAutoConfiguration {

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(MeterBinder.class)
    @ConditionalOnBean(OneLiteStatistics.class)
    static class Metrics {

        @Bean
        @ConditionalOnMissingBean
        OneLiteMetrics oneLiteMetrics(OneLiteStatistics statistics, ObjectProvider<DataSource> dataSource) {
            return new OneLiteMetrics(statistics, OneLiteEngineStatus.of(dataSource.getIfUnique()));
        }
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(HealthIndicator.class)
    @ConditionalOnSingleCandidate(DataSource.class)
    @Conditional(OnOneLiteUrlCondition.class)
    @ConditionalOnEnabledHealthIndicator("onelite")
    static class Health {

        @Bean
        @ConditionalOnMissingBean(name = "oneLiteHealthIndicator")
        OneLiteHealthIndicator oneLiteHealthIndicator(DataSource dataSource) {
            return new OneLiteHealthIndicator(dataSource);
        }
    }
}
