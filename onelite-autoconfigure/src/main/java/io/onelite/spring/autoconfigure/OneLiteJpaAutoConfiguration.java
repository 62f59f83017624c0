package io.onelite.spring.autoconfigure;

import java.sql.SQLException;
import javax.sql.DataSource;

import io.onelite.spring.BeginModePolicy;
import io.onelite.spring.OneLiteDataSources;
import io.onelite.spring.OneLiteHibernateJpaDialect;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.beans.BeansException;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.boot.hibernate.autoconfigure.HibernatePropertiesCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.orm.jpa.LocalContainerEntityManagerFactoryBean;
import org.springframework.util.ClassUtils;

/**
 * Spring Data JPA / Hibernate on OneLite. Boot's {@code JpaTransactionManager} stays (JPA needs
 * it), and:
 * <ul>
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
        beforeName = "org.springframework.boot.hibernate.autoconfigure.HibernateJpaAutoConfiguration")
@ConditionalOnClass(name = {OneLiteDataSources.DRIVER_CLASS_NAME,
        "org.springframework.orm.jpa.vendor.HibernateJpaDialect",
        "org.springframework.boot.hibernate.autoconfigure.HibernatePropertiesCustomizer",
        "org.hibernate.engine.spi.SessionImplementor"})
public final class OneLiteJpaAutoConfiguration {

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
