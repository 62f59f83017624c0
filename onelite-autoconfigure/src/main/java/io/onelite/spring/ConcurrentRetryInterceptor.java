package io.onelite.spring;

import java.lang.reflect.Method;
import java.util.function.Supplier;

import org.aopalliance.intercept.MethodInterceptor;
import org.aopalliance.intercept.MethodInvocation;

import org.springframework.aop.ProxyMethodInvocation;
import org.springframework.aop.support.AopUtils;
import org.springframework.retry.RetryPolicy;
import org.springframework.retry.policy.CompositeRetryPolicy;
import org.springframework.retry.policy.MaxAttemptsRetryPolicy;
import org.springframework.retry.policy.PredicateRetryPolicy;
import org.springframework.retry.support.RetryTemplate;
import org.springframework.transaction.interceptor.TransactionAttribute;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.util.ClassUtils;

/**
 * The retry advice of {@link ConcurrentTransactional}, ordered outside its transaction advice:
 * reruns the whole invocation (so a new transaction each time) through Spring Retry's
 * {@link RetryTemplate} while it fails with a lost conflict ({@link ConcurrencyFailures}) and
 * attempts remain.
 *
 * <p>Contract:
 * <ol>
 *   <li>inside an active transaction it only proceeds: the outermost transaction boundary owns
 *       the retry (rerunning part of a transaction cannot clear its conflict);</li>
 *   <li>a failure that is not a lost conflict propagates unchanged after the first attempt;</li>
 *   <li>after the last attempt a lost conflict becomes a {@link ConcurrentRetryExhaustedException}
 *       naming the method and the number of attempts, with the last failure as cause.</li>
 * </ol>
 */
public final class ConcurrentRetryInterceptor implements MethodInterceptor {

    private final ConcurrentTransactionalAttributeSource attributeSource;
    private final Supplier<RetrySettings> defaults;
    private final OneLiteStatistics statistics;

    /**
     * @param defaults the settings a method's annotation overrides, read at each call (so that
     *                 they can come from a bean created later than this advice)
     */
    public ConcurrentRetryInterceptor(ConcurrentTransactionalAttributeSource attributeSource,
                                      Supplier<RetrySettings> defaults, OneLiteStatistics statistics) {
        this.attributeSource = attributeSource;
        this.defaults = defaults;
        this.statistics = statistics;
    }

    @Override
    public Object invoke(MethodInvocation invocation) throws Throwable {
        if (TransactionSynchronizationManager.isActualTransactionActive()) {
            return invocation.proceed(); // (1) joining: the outer boundary retries
        }
        Method method = invocation.getMethod();
        Class<?> targetClass = invocation.getThis() != null ? AopUtils.getTargetClass(invocation.getThis()) : null;
        TransactionAttribute attribute = attributeSource.getTransactionAttribute(method, targetClass);
        if (!(attribute instanceof ConcurrentTransactionAttribute concurrent)
                || !(invocation instanceof ProxyMethodInvocation proxyInvocation)) {
            return invocation.proceed();
        }
        statistics.call();
        RetrySettings settings = defaults.get().overriddenBy(concurrent.annotation());
        RetryTemplate template = new RetryTemplate();
        template.setRetryPolicy(retryPolicy(settings.maxAttempts()));
        template.setBackOffPolicy(new JitterBackOffPolicy(settings));
        template.setThrowLastExceptionOnExhausted(true);
        int[] attempts = {0};
        try {
            return template.execute(context -> {
                if (attempts[0]++ > 0) {
                    statistics.retry();
                }
                // each attempt proceeds on a clone: an invocation can be proceeded only once
                return proxyInvocation.invocableClone().proceed();
            });
        } catch (Throwable failure) {
            if (ConcurrencyFailures.isRetryable(failure)) {
                statistics.exhausted();
                throw new ConcurrentRetryExhaustedException(
                        ClassUtils.getQualifiedMethodName(method, targetClass), attempts[0], failure); // (3)
            }
            throw failure; // (2)
        }
    }

    /** Retry while attempts remain and the last failure was a lost conflict. */
    private static RetryPolicy retryPolicy(int maxAttempts) {
        CompositeRetryPolicy policy = new CompositeRetryPolicy();
        policy.setPolicies(new RetryPolicy[] {
            new MaxAttemptsRetryPolicy(maxAttempts),
            new PredicateRetryPolicy(ConcurrencyFailures::isRetryable)
        });
        return policy;
    }
}
