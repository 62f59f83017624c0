package io.onelite.spring.autoconfigure;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.transaction.autoconfigure.TransactionAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.JdbcTemplateAutoConfiguration;

/** The auto-configurations of an application using OneLite's starter with plain JDBC (no JPA). */
final class JdbcStack {
    private JdbcStack() {
    }

    static AutoConfigurations autoConfigurations() {
        return AutoConfigurations.of(OneLiteAutoConfiguration.class,
                OneLiteTransactionManagerAutoConfiguration.class, ConcurrentTransactionalAutoConfiguration.class,
                DataSourceAutoConfiguration.class, DataSourceTransactionManagerAutoConfiguration.class,
                JdbcTemplateAutoConfiguration.class, TransactionAutoConfiguration.class);
    }
}
