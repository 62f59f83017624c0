package io.onelite.spring.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import javax.sql.DataSource;

import io.onelite.common.BeginMode;
import io.onelite.spring.OneLiteHibernateJpaDialect;
import io.onelite.spring.OneLiteJpaTransactionManager;
import io.onelite.spring.OneLiteStatistics;
import io.onelite.spring.OneLiteTransactionManager;

import jakarta.persistence.EntityManagerFactory;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sqlite.SQLiteDataSource;

import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.hibernate.autoconfigure.HibernateJpaAutoConfiguration;
import org.springframework.boot.hibernate.autoconfigure.HibernatePropertiesCustomizer;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.transaction.autoconfigure.TransactionAutoConfiguration;
import org.springframework.boot.transaction.autoconfigure.TransactionManagerCustomizationAutoConfiguration;
import org.springframework.orm.jpa.JpaTransactionManager;
import org.springframework.orm.jpa.LocalContainerEntityManagerFactoryBean;
import org.springframework.orm.jpa.vendor.HibernateJpaDialect;
import org.springframework.transaction.TransactionManager;

class OneLiteJpaAutoConfigurationTests {

    @TempDir
    Path dir;

    private ApplicationContextRunner runner() {
        return new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(OneLiteAutoConfiguration.class,
                        OneLiteJpaAutoConfiguration.class, DataSourceAutoConfiguration.class))
                .withPropertyValues("onelite.path=" + dir.resolve("jpa.db"));
    }

    @Test
    void theCommunitySqliteDialectIsChosenWhenNoneIsConfigured() {
        runner().run(context -> {
            Map<String, Object> properties = customize(context.getBean(HibernatePropertiesCustomizer.class), new HashMap<>());
            assertThat(properties).containsEntry("hibernate.dialect", OneLiteJpaAutoConfiguration.SQLITE_DIALECT);
        });
    }

    @Test
    void aConfiguredDialectOrDatabasePlatformIsKept() {
        runner().run(context -> {
            Map<String, Object> given = new HashMap<>(Map.of("hibernate.dialect", "my.Dialect"));
            assertThat(customize(context.getBean(HibernatePropertiesCustomizer.class), given))
                    .containsEntry("hibernate.dialect", "my.Dialect");
        });
        runner().withPropertyValues("spring.jpa.database-platform=my.Dialect").run(context ->
                assertThat(customize(context.getBean(HibernatePropertiesCustomizer.class), new HashMap<>()))
                        .doesNotContainKey("hibernate.dialect"));
    }

    @Test
    void anEntityManagerFactoryOnOneLiteGetsTheBeginModeDialect() {
        runner().withPropertyValues("onelite.concurrent-writes=false", "onelite.default-begin=exclusive").run(context -> {
            LocalContainerEntityManagerFactoryBean factory = new LocalContainerEntityManagerFactoryBean();
            factory.setDataSource(context.getBean(DataSource.class));
            postProcess(context.getBean("oneLiteJpaDialectPostProcessor", BeanPostProcessor.class), factory);
            assertThat(factory.getJpaDialect()).isInstanceOf(OneLiteHibernateJpaDialect.class);
            OneLiteHibernateJpaDialect dialect = (OneLiteHibernateJpaDialect) factory.getJpaDialect();
            assertThat(dialect.getPolicy().concurrentWrites()).isFalse();
            assertThat(dialect.getPolicy().defaultBegin()).isEqualTo(BeginMode.EXCLUSIVE);
        });
    }

    @Test
    void anApplicationsDialectAndOtherDatabasesAreLeftAlone() {
        runner().run(context -> {
            BeanPostProcessor processor = context.getBean("oneLiteJpaDialectPostProcessor", BeanPostProcessor.class);
            LocalContainerEntityManagerFactoryBean own = new LocalContainerEntityManagerFactoryBean();
            own.setDataSource(context.getBean(DataSource.class));
            HibernateJpaDialect mine = new HibernateJpaDialect();
            own.setJpaDialect(mine);
            postProcess(processor, own);
            assertThat(own.getJpaDialect()).isSameAs(mine);

            SQLiteDataSource nativeSqlite = new SQLiteDataSource();
            nativeSqlite.setUrl("jdbc:sqlite:" + dir.resolve("native.db"));
            LocalContainerEntityManagerFactoryBean other = new LocalContainerEntityManagerFactoryBean();
            other.setDataSource(nativeSqlite);
            postProcess(processor, other);
            assertThat(other.getJpaDialect()).isNull();
        });
    }

    @Test
    void theTransactionManagerIsOneLitesJpaManagerWithBootsCustomizersAndTheSharedStatistics() {
        jpaRunner().withPropertyValues("spring.transaction.default-timeout=7s").run(context -> {
            assertThat(context).hasSingleBean(TransactionManager.class);
            assertThat(context.getBean("transactionManager")).isInstanceOf(OneLiteJpaTransactionManager.class);
            OneLiteJpaTransactionManager manager = context.getBean(OneLiteJpaTransactionManager.class);
            assertThat(manager.getEntityManagerFactory()).isSameAs(context.getBean(EntityManagerFactory.class));
            assertThat(manager.getDataSource()).as("JDBC access joins the JPA transaction")
                    .isSameAs(context.getBean(DataSource.class));
            assertThat(manager.getDefaultTimeout()).isEqualTo(7);
            assertThat(manager.getStatistics()).isSameAs(context.getBean(OneLiteStatistics.class));
        });
    }

    @Test
    void anApplicationsTransactionManagerIsKept() {
        jpaRunner().withBean("myManager", JpaTransactionManager.class, JpaTransactionManager::new).run(context -> {
            assertThat(context).hasSingleBean(TransactionManager.class);
            assertThat(context.getBean(TransactionManager.class)).isNotInstanceOf(OneLiteJpaTransactionManager.class);
        });
    }

    @Test
    void withoutAnEntityManagerFactoryTheManagerIsTheJdbcOne() {
        runner().withPropertyValues("onelite.default-begin=exclusive").run(context -> {
            assertThat(context).hasSingleBean(TransactionManager.class);
            assertThat(context.getBean(TransactionManager.class)).isExactlyInstanceOf(OneLiteTransactionManager.class);
            assertThat(context.getBean(OneLiteTransactionManager.class).getDefaultBegin()).isEqualTo(BeginMode.EXCLUSIVE);
        });
    }

    private ApplicationContextRunner jpaRunner() {
        return new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(OneLiteAutoConfiguration.class, OneLiteJpaAutoConfiguration.class,
                        DataSourceAutoConfiguration.class, HibernateJpaAutoConfiguration.class,
                        OneLiteTransactionManagerAutoConfiguration.class, TransactionAutoConfiguration.class,
                        TransactionManagerCustomizationAutoConfiguration.class,
                        ConcurrentTransactionalAutoConfiguration.class))
                .withPropertyValues("onelite.path=" + dir.resolve("jpa-manager.db"), "spring.jpa.hibernate.ddl-auto=none");
    }

    @Test
    void withoutHibernateNothingIsAdded() {
        runner().withClassLoader(new FilteredClassLoader("org.hibernate")).run(context -> {
            assertThat(context).doesNotHaveBean(HibernatePropertiesCustomizer.class);
            assertThat(context).doesNotHaveBean("oneLiteJpaDialectPostProcessor");
        });
    }

    private static Map<String, Object> customize(HibernatePropertiesCustomizer customizer, Map<String, Object> properties) {
        customizer.customize(properties);
        return properties;
    }

    private static void postProcess(BeanPostProcessor processor, LocalContainerEntityManagerFactoryBean factory) {
        processor.postProcessBeforeInitialization(factory, "entityManagerFactory");
    }
}
