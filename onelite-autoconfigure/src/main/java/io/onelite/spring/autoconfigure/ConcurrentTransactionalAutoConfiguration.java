package io.onelite.spring.autoconfigure;

import java.time.Duration;

import io.onelite.spring.ConcurrentRetryInterceptor;
import io.onelite.spring.ConcurrentTransactionInterceptor;
import io.onelite.spring.ConcurrentTransactional;
import io.onelite.spring.ConcurrentTransactionalAttributeSource;
import io.onelite.spring.OneLiteStatistics;
import io.onelite.spring.RetrySettings;

import org.springframework.aop.support.DefaultPointcutAdvisor;
import org.springframework.aop.support.StaticMethodMatcherPointcut;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Role;
import org.springframework.core.Ordered;
import org.springframework.retry.support.RetryTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.interceptor.TransactionInterceptor;
import org.springframework.util.function.SingletonSupplier;

/**
 * The advice behind {@link ConcurrentTransactional}: a transaction advisor (Spring's
 * {@link TransactionInterceptor} reading the annotation) and, when Spring Retry is on the class
 * path, a retry advisor ordered outside it, so every attempt is a new transaction. The
 * application needs no {@code @EnableRetry}; any auto-proxy creator (Boot's AOP or transaction
 * auto-configuration) applies them.
 */
@AutoConfiguration(after = OneLiteTransactionManagerAutoConfiguration.class)
@ConditionalOnClass(PlatformTransactionManager.class)
public final class ConcurrentTransactionalAutoConfiguration {

    /** Order of the retry advisor: outside the transaction advisor. */
    public static final int RETRY_ORDER = Ordered.LOWEST_PRECEDENCE - 200;

    /** Order of the transaction advisor: outside Spring's own {@code @Transactional} advisor. */
    public static final int TRANSACTION_ORDER = Ordered.LOWEST_PRECEDENCE - 100;

    /** The counters the retry advice adds to (also defined by {@code OneLiteAutoConfiguration}). */
    @Bean
    @ConditionalOnMissingBean
    @Role(BeanDefinition.ROLE_INFRASTRUCTURE) // also used by the retry advisor, created before other beans
    static OneLiteStatistics oneLiteStatistics() {
        return new OneLiteStatistics();
    }

    @Bean
    @ConditionalOnMissingBean
    @Role(BeanDefinition.ROLE_INFRASTRUCTURE)
    static ConcurrentTransactionalAttributeSource concurrentTransactionalAttributeSource() {
        return new ConcurrentTransactionalAttributeSource();
    }

    @Bean
    @Role(BeanDefinition.ROLE_INFRASTRUCTURE)
    static DefaultPointcutAdvisor concurrentTransactionalTransactionAdvisor(
            ConcurrentTransactionalAttributeSource attributeSource, BeanFactory beanFactory) {
        TransactionInterceptor interceptor = new ConcurrentTransactionInterceptor();
        interceptor.setTransactionAttributeSource(attributeSource);
        interceptor.setBeanFactory(beanFactory);
        DefaultPointcutAdvisor advisor = new DefaultPointcutAdvisor(pointcut(attributeSource), interceptor);
        advisor.setOrder(TRANSACTION_ORDER);
        return advisor;
    }

    /** Matches the methods {@code source} finds a {@code @ConcurrentTransactional} for. */
    static StaticMethodMatcherPointcut pointcut(ConcurrentTransactionalAttributeSource source) {
        StaticMethodMatcherPointcut pointcut = new StaticMethodMatcherPointcut() {
            @Override
            public boolean matches(java.lang.reflect.Method method, Class<?> targetClass) {
                return source.getTransactionAttribute(method, targetClass) != null;
            }
        };
        pointcut.setClassFilter(source::isCandidateClass);
        return pointcut;
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(RetryTemplate.class)
    static class Retry {

        @Bean
        @Role(BeanDefinition.ROLE_INFRASTRUCTURE)
        static DefaultPointcutAdvisor concurrentTransactionalRetryAdvisor(
                ConcurrentTransactionalAttributeSource attributeSource,
                ObjectProvider<OneLiteProperties> properties, ObjectProvider<OneLiteStatistics> statistics) {
            ConcurrentRetryInterceptor interceptor = new ConcurrentRetryInterceptor(attributeSource,
                    SingletonSupplier.of(() -> retrySettings(properties.getIfAvailable())),
                    statistics.getIfAvailable(OneLiteStatistics::new));
            DefaultPointcutAdvisor advisor = new DefaultPointcutAdvisor(pointcut(attributeSource), interceptor);
            advisor.setOrder(RETRY_ORDER);
            return advisor;
        }

        static RetrySettings retrySettings(OneLiteProperties properties) {
            if (properties == null) {
                return RetrySettings.DEFAULTS;
            }
            OneLiteProperties.Retry r = properties.getRetry();
            return new RetrySettings(r.getMaxAttempts(), nonNull(r.getInitialBackoff()), r.getMultiplier(),
                    nonNull(r.getMaxBackoff()), r.getJitter());
        }

        private static Duration nonNull(Duration d) {
            return d == null ? Duration.ZERO : d;
        }
    }
}
