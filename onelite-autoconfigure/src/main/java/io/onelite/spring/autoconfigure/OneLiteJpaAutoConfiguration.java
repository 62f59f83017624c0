package io.onelite.spring.autoconfigure;

import java.sql.SQLException;
import javax.sql.DataSource;

import io.onelite.spring.BeginModePolicy;
import io.onelite.spring.OneLiteDataSources;
import io.onelite.spring.OneLiteHibernateJpaDialect;
import io.onelite.spring.OneLiteJpaTransactionManager;
import io.onelite.spring.OneLiteStatistics;
import io.onelite.spring.OneLiteTransactionManager;

import jakarta.persistence.EntityManagerFactory;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.beans.BeansException;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.boot.hibernate.autoconfigure.HibernatePropertiesCustomizer;
import org.springframework.boot.transaction.autoconfigure.TransactionManagerCustomizers;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.orm.jpa.LocalContainerEntityManagerFactoryBean;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionManager;
import org.springframework.util.ClassUtils;

/**
 * Spring Data JPA / Hibernate on OneLite. The transaction manager stays a {@code JpaTransactionManager}
 * (a JDBC one in its place breaks JPA), and:
 * <ul>
 *   <li>it is a {@link OneLiteJpaTransactionManager}, defined before Boot's JPA auto-configuration
 *       (whose own manager then backs off, as for any application-defined one; Boot's
 *       {@code spring.transaction.*} customizers applied): it honours begin-mode labels and counts
 *       commits and conflicts in {@link OneLiteStatistics}. It serves JDBC access
 *       ({@code JdbcTemplate}, Spring Data JDBC) through the same data source too, in the same
 *       transaction on Hibernate's connection. Not defined when the application has a transaction
 *       manager; with no entity manager factory (Boot's JPA auto-configuration excluded) the
 *       manager is the JDBC {@code OneLiteTransactionManager}, as without JPA;</li>
 *   <li>every {@link LocalContainerEntityManagerFactoryBean} on a OneLite data source, with no JPA
 *       dialect of its own, gets a {@link OneLiteHibernateJpaDialect}: the JPA transaction then
 *       opens the same {@code BEGIN} as a JDBC one ({@code @ConcurrentTransactional} ->
 *       {@code BEGIN CONCURRENT [SNAPSHOT]}, {@code @Transactional} -> {@code onelite.default-begin},
 *       read-only -> {@code DEFERRED}), and OneLite's result codes are translated;</li>
 *   <li>{@code hibernate.dialect} is set to the community {@code SQLiteDialect} when the data
 *       source reports the product {@code SQLite} and neither {@code spring.jpa.database-platform}
 *       nor a {@code hibernate.dialect} property is configured.</li>
 * </ul>
 */
@AutoConfiguration(after = OneLiteAutoConfiguration.class,
        beforeName = OneLiteJpaAutoConfiguration.HIBERNATE_JPA_AUTO_CONFIGURATION)
@ConditionalOnClass(name = {OneLiteDataSources.DRIVER_CLASS_NAME,
        "org.springframework.orm.jpa.vendor.HibernateJpaDialect",
        "org.springframework.boot.hibernate.autoconfigure.HibernatePropertiesCustomizer",
        "org.hibernate.engine.spi.SessionImplementor"})
public final class OneLiteJpaAutoConfiguration {

    /** Boot's JPA auto-configuration, which this one runs before. */
    static final String HIBERNATE_JPA_AUTO_CONFIGURATION =
            "org.springframework.boot.hibernate.autoconfigure.HibernateJpaAutoConfiguration";

    /** Hibernate's community dialect for SQLite (in {@code hibernate-community-dialects}). */
    public static final String SQLITE_DIALECT = "org.hibernate.community.dialect.SQLiteDialect";

    private static final Log LOG = LogFactory.getLog(OneLiteJpaAutoConfiguration.class);

    /** Static: a post-processor must not make its configuration class an early bean. */
    @Bean
    static BeanPostProcessor oneLiteJpaDialectPostProcessor(ObjectProvider<OneLiteProperties> properties) {
        return new BeanPostProcessor() {
            @Override
            public Object postProcessBeforeInitialization(Object bean, String beanName) throws BeansException {
                if (bean instanceof LocalContainerEntityManagerFactoryBean factory
                        && factory.getJpaDialect() == null && isOneLite(factory.getDataSource())) {
                    OneLiteProperties p = properties.getIfAvailable(OneLiteProperties::new);
                    factory.setJpaDialect(new OneLiteHibernateJpaDialect(
                            new BeginModePolicy(p.isConcurrentWrites(), p.getDefaultBegin()), factory.getDataSource()));
                }
                return bean;
            }
        };
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnSingleCandidate(DataSource.class)
    static class TransactionManagerConfiguration {

        /**
         * With an entity manager factory (Boot's JPA auto-configuration or the application's), a
         * {@link OneLiteJpaTransactionManager}; without one (Boot's JPA auto-configuration excluded,
         * a test slice), the JDBC {@link OneLiteTransactionManager}, as with no JPA on the class path.
         */
        @Bean
        @ConditionalOnMissingBean(TransactionManager.class)
        PlatformTransactionManager transactionManager(DataSource dataSource, ObjectProvider<EntityManagerFactory> factories,
                ObjectProvider<OneLiteProperties> properties, ObjectProvider<OneLiteStatistics> statistics,
                ObjectProvider<TransactionManagerCustomizers> customizers) {
            OneLiteStatistics counters = statistics.getIfAvailable(OneLiteStatistics::new);
            EntityManagerFactory factory = factories.getIfUnique();
            PlatformTransactionManager manager;
            if (factory != null) {
                manager = new OneLiteJpaTransactionManager(factory, counters);
            } else {
                OneLiteProperties p = properties.getIfAvailable(OneLiteProperties::new);
                manager = new OneLiteTransactionManager(dataSource, p.isConcurrentWrites(), p.getDefaultBegin(), counters);
            }
            customizers.ifAvailable(c -> c.customize(manager));
            return manager;
        }
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnSingleCandidate(DataSource.class)
    static class DialectConfiguration {

        @Bean
        HibernatePropertiesCustomizer oneLiteHibernateDialect(DataSource dataSource, Environment environment) {
            return hibernateProperties -> {
                if (!hibernateProperties.containsKey("hibernate.dialect")
                        && !environment.containsProperty("spring.jpa.database-platform")
                        && ClassUtils.isPresent(SQLITE_DIALECT, OneLiteJpaAutoConfiguration.class.getClassLoader())
                        && isSqlite(dataSource)) {
                    hibernateProperties.put("hibernate.dialect", SQLITE_DIALECT);
                }
            };
        }
    }

    static boolean isOneLite(DataSource dataSource) {
        if (dataSource == null) {
            return false;
        }
        try {
            return OneLiteDataSources.isOneLite(dataSource);
        } catch (SQLException e) {
            LOG.debug("Could not tell whether the JPA data source is OneLite", e);
            return false;
        }
    }

    private static boolean isSqlite(DataSource dataSource) {
        try (var con = dataSource.getConnection()) {
            return "SQLite".equals(con.getMetaData().getDatabaseProductName());
        } catch (SQLException e) {
            LOG.debug("Could not read the database product name", e);
            return false;
        }
    }

    private OneLiteJpaAutoConfiguration() {
    }
}
