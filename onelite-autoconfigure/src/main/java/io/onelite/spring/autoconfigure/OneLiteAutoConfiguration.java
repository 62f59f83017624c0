package io.onelite.spring.autoconfigure;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import io.onelite.jdbc.OneLiteDataSource;
import io.onelite.spring.OneLiteDataSources;
import io.onelite.spring.OneLiteStatistics;

import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingClass;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Role;
import org.springframework.core.env.Environment;

/**
 * The OneLite {@link DataSource}: HikariCP on {@code jdbc:onelite:<onelite.path>} with the
 * {@code onelite.*} settings (or on {@code spring.datasource.url} when that is a OneLite URL);
 * {@code spring.datasource.hikari.*} still applies. Without HikariCP, an unpooled
 * {@link OneLiteDataSource}. Runs before Boot's data source auto-configuration and backs off when
 * the application defines its own {@code DataSource} or points {@code spring.datasource.url}
 * at another database.
 *
 * <p>Also: the {@link OneLiteStatistics} counters.
 */
@AutoConfiguration(before = DataSourceAutoConfiguration.class)
@ConditionalOnClass(name = OneLiteDataSources.DRIVER_CLASS_NAME)
@EnableConfigurationProperties(OneLiteProperties.class)
public final class OneLiteAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean
    @Role(BeanDefinition.ROLE_INFRASTRUCTURE) // also used by the retry advisor, created before other beans
    static OneLiteStatistics oneLiteStatistics() {
        return new OneLiteStatistics();
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(HikariDataSource.class)
    @ConditionalOnMissingBean(DataSource.class)
    @Conditional(OnOneLiteUrlCondition.class)
    static class Hikari {

        @Bean
        @ConfigurationProperties("spring.datasource.hikari")
        HikariDataSource dataSource(OneLiteProperties properties, Environment environment) {
            String url = OneLiteUrl.of(properties, environment.getProperty("spring.datasource.url"));
            OneLiteUrl.createFolder(url);
            HikariDataSource dataSource = new HikariDataSource();
            dataSource.setJdbcUrl(url);
            dataSource.setDriverClassName(OneLiteDataSources.DRIVER_CLASS_NAME);
            dataSource.setPoolName("onelite");
            return dataSource;
        }
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnMissingClass("com.zaxxer.hikari.HikariDataSource")
    @ConditionalOnMissingBean(DataSource.class)
    @Conditional(OnOneLiteUrlCondition.class)
    static class Unpooled {

        @Bean
        OneLiteDataSource dataSource(OneLiteProperties properties, Environment environment) {
            String url = OneLiteUrl.of(properties, environment.getProperty("spring.datasource.url"));
            OneLiteUrl.createFolder(url);
            OneLiteDataSource dataSource = new OneLiteDataSource();
            dataSource.setUrl(url);
            return dataSource;
        }
    }
}
