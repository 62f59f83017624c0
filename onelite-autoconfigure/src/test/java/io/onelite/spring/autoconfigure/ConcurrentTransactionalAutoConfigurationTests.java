package io.onelite.spring.autoconfigure;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.atomic.AtomicInteger;

import io.onelite.spring.CommitConflictException;
import io.onelite.spring.ConcurrentIsolation;
import io.onelite.spring.ConcurrentRetryExhaustedException;
import io.onelite.spring.ConcurrentTransactional;
import io.onelite.spring.OneLiteStatistics;
import org.junit.jupiter.api.Test;

import org.springframework.aop.support.AopUtils;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.transaction.autoconfigure.TransactionAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Primary;
import org.springframework.retry.support.RetryTemplate;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.interceptor.TransactionAttribute;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The advice behind {@code @ConcurrentTransactional} with a transaction manager that has no
 * database: retry outside the transaction, one transaction per attempt, no retry when joining.
 */
class ConcurrentTransactionalAutoConfigurationTests {

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(ConcurrentTransactionalAutoConfiguration.class,
                    TransactionAutoConfiguration.class))
            .withUserConfiguration(Services.class);

    static CommitConflictException conflict() {
        return new CommitConflictException("database is locked (snapshot is stale)", 517, null);
    }

    @Test
    void advisorsArePresentAndServicesProxied() {
        runner.run(context -> {
            assertThat(context).hasBean("concurrentTransactionalRetryAdvisor")
                    .hasBean("concurrentTransactionalTransactionAdvisor");
            assertThat(AopUtils.isAopProxy(context.getBean(Orders.class))).isTrue();
        });
    }

    @Test
    void aLostConflictRerunsTheMethodInANewConcurrentTransactionEachTime() {
        runner.run(context -> {
            RecordingTransactionManager tm = context.getBean(RecordingTransactionManager.class);
            tm.commitFailures.add(conflict());
            tm.commitFailures.add(conflict());
            Orders orders = context.getBean(Orders.class);
            assertThat(orders.place()).isEqualTo("placed");
            assertThat(orders.calls()).hasValue(3);
            assertThat(tm.begun).hasSize(3).allSatisfy(d -> {
                assertThat(((TransactionAttribute) d).getLabels()).containsExactly("onelite:begin=concurrent");
                assertThat(d.getIsolationLevel()).isEqualTo(TransactionDefinition.ISOLATION_SERIALIZABLE);
                assertThat(d.getPropagationBehavior()).isEqualTo(TransactionDefinition.PROPAGATION_REQUIRED);
            });
            assertThat(tm.commits).isEqualTo(3);
            assertThat(context.getBean(OneLiteStatistics.class).snapshot().retries()).isEqualTo(2);
        });
    }

    @Test
    void afterTheLastAttemptTheCallerIsToldHowManyWereMade() {
        runner.run(context -> {
            RecordingTransactionManager tm = context.getBean(RecordingTransactionManager.class);
            for (int i = 0; i < 10; i++) {
                tm.commitFailures.add(conflict());
            }
            Orders orders = context.getBean(Orders.class);
            assertThatExceptionOfType(ConcurrentRetryExhaustedException.class).isThrownBy(orders::place)
                    .satisfies(e -> assertThat(e.attempts()).isEqualTo(4))
                    .withMessageContaining("Orders.place").withMessageContaining("4 attempts")
                    .withCauseInstanceOf(CommitConflictException.class);
            assertThat(orders.calls()).hasValue(4);
            assertThat(context.getBean(OneLiteStatistics.class).snapshot().exhausted()).isEqualTo(1);
        });
    }

    @Test
    void otherFailuresAreNotRetried() {
        runner.run(context -> {
            Orders orders = context.getBean(Orders.class);
            orders.failures().add(new IllegalStateException("out of stock"));
            assertThatExceptionOfType(IllegalStateException.class).isThrownBy(orders::place).withMessage("out of stock");
            assertThat(orders.calls()).hasValue(1);
            assertThat(context.getBean(RecordingTransactionManager.class).rollbacks).isEqualTo(1);
        });
    }

    @Test
    void aMethodJoiningAnOuterTransactionDoesNotRetryByItself() {
        runner.run(context -> {
            Orders orders = context.getBean(Orders.class);
            orders.failures().add(conflict());
            orders.failures().add(conflict());
            Outer outer = context.getBean(Outer.class);
            assertThatExceptionOfType(CommitConflictException.class).isThrownBy(() -> outer.plain(orders));
            assertThat(orders.calls()).hasValue(1);
            assertThat(context.getBean(RecordingTransactionManager.class).begun).hasSize(1);
        });
    }

    @Test
    void theOutermostConcurrentTransactionalRetriesTheWholeUnit() {
        runner.run(context -> {
            Orders orders = context.getBean(Orders.class);
            orders.failures().add(conflict());
            Outer outer = context.getBean(Outer.class);
            assertThat(outer.concurrent(orders)).isEqualTo("placed");
            assertThat(outer.calls()).hasValue(2);
            assertThat(orders.calls()).hasValue(2);
            assertThat(context.getBean(RecordingTransactionManager.class).begun).hasSize(2);
        });
    }

    @Test
    void snapshotIsolationAsksForBeginConcurrentSnapshotAndRepeatableReadElsewhere() {
        runner.run(context -> {
            context.getBean(Orders.class).snapshot();
            TransactionDefinition d = context.getBean(RecordingTransactionManager.class).begun.get(0);
            assertThat(((TransactionAttribute) d).getLabels()).containsExactly("onelite:begin=concurrent_snapshot");
            assertThat(d.getIsolationLevel()).isEqualTo(TransactionDefinition.ISOLATION_REPEATABLE_READ);
            assertThat(d.getTimeout()).isEqualTo(7);
        });
    }

    @Test
    void theTransactionManagerAttributeChoosesTheManagerOfEveryAttempt() {
        runner.run(context -> {
            RecordingTransactionManager primary = context.getBean("transactionManager", RecordingTransactionManager.class);
            RecordingTransactionManager audit = context.getBean("audit", RecordingTransactionManager.class);
            audit.commitFailures.add(conflict());
            Orders orders = context.getBean(Orders.class);
            orders.audited();
            assertThat(orders.calls()).hasValue(2);
            assertThat(audit.begun).hasSize(2);
            assertThat(audit.commits).isEqualTo(2);
            assertThat(primary.begun).isEmpty();
            orders.place();
            assertThat(primary.begun).hasSize(1);
        });
    }

    @Test
    void onATypeTheAnnotationAppliesToEveryMethodAndAMethodsOwnWins() {
        runner.run(context -> {
            RecordingTransactionManager tm = context.getBean(RecordingTransactionManager.class);
            Inventory inventory = context.getBean(Inventory.class);
            tm.commitFailures.add(conflict());
            tm.commitFailures.add(conflict());
            assertThatExceptionOfType(ConcurrentRetryExhaustedException.class).isThrownBy(inventory::restock)
                    .satisfies(e -> assertThat(e.attempts()).as("maxAttempts of the type").isEqualTo(2));
            assertThat(tm.begun).hasSize(2).allSatisfy(d -> assertThat(((TransactionAttribute) d).getLabels())
                    .containsExactly("onelite:begin=concurrent_snapshot"));
            tm.begun.clear();
            inventory.count();
            assertThat(((TransactionAttribute) tm.begun.get(0)).getLabels()).containsExactly("onelite:begin=concurrent");
            assertThat(inventory.calls()).hasValue(3);
        });
    }

    @Test
    void rollbackRulesComeFromTheAnnotation() {
        runner.run(context -> {
            Orders orders = context.getBean(Orders.class);
            RecordingTransactionManager tm = context.getBean(RecordingTransactionManager.class);
            assertThatExceptionOfType(IOException.class).isThrownBy(() -> orders.checked(true));
            assertThat(tm.rollbacks).isEqualTo(1);
            assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> orders.checked(false));
            assertThat(tm.commits).isEqualTo(1);
        });
    }

    @Test
    void withoutSpringRetryTheTransactionStillApplies() {
        runner.withClassLoader(new FilteredClassLoader(RetryTemplate.class)).run(context -> {
            assertThat(context).doesNotHaveBean("concurrentTransactionalRetryAdvisor")
                    .hasBean("concurrentTransactionalTransactionAdvisor");
            RecordingTransactionManager tm = context.getBean(RecordingTransactionManager.class);
            tm.commitFailures.add(conflict());
            Orders orders = context.getBean(Orders.class);
            assertThatExceptionOfType(CommitConflictException.class).isThrownBy(orders::place);
            assertThat(tm.begun).hasSize(1);
        });
    }

    @Configuration(proxyBeanMethods = false)
    static class Services {

        @Bean
        @Primary
        RecordingTransactionManager transactionManager() {
            return new RecordingTransactionManager();
        }

        @Bean
        RecordingTransactionManager audit() {
            return new RecordingTransactionManager();
        }

        @Bean
        Orders orders() {
            return new Orders();
        }

        @Bean
        Outer outer() {
            return new Outer();
        }

        @Bean
        Inventory inventory() {
            return new Inventory();
        }
    }

    /** Annotated on the type: every public method is advised; a method's own annotation wins. */
    @ConcurrentTransactional(isolation = ConcurrentIsolation.SNAPSHOT, maxAttempts = 2,
            backoff = @ConcurrentTransactional.Backoff(initial = 0, max = 0))
    public static class Inventory {

        private final AtomicInteger calls = new AtomicInteger();

        public AtomicInteger calls() {
            return calls;
        }

        public void restock() {
            calls.incrementAndGet();
        }

        @ConcurrentTransactional(backoff = @ConcurrentTransactional.Backoff(initial = 0, max = 0))
        public void count() {
            calls.incrementAndGet();
        }
    }

    public static class Orders {

        private final AtomicInteger calls = new AtomicInteger();
        private final Deque<RuntimeException> failures = new ArrayDeque<>();

        public AtomicInteger calls() {
            return calls;
        }

        public Deque<RuntimeException> failures() {
            return failures;
        }

        @ConcurrentTransactional(maxAttempts = 4, backoff = @ConcurrentTransactional.Backoff(initial = 0, max = 0))
        public String place() {
            calls.incrementAndGet();
            RuntimeException failure = failures.poll();
            if (failure != null) {
                throw failure;
            }
            return "placed";
        }

        @ConcurrentTransactional(isolation = ConcurrentIsolation.SNAPSHOT, timeout = 7)
        public void snapshot() {
        }

        @ConcurrentTransactional(transactionManager = "audit", backoff = @ConcurrentTransactional.Backoff(initial = 0, max = 0))
        public void audited() {
            calls.incrementAndGet();
        }

        @ConcurrentTransactional(rollbackFor = IOException.class, noRollbackFor = IllegalArgumentException.class)
        public void checked(boolean io) throws IOException {
            if (io) {
                throw new IOException("disk");
            }
            throw new IllegalArgumentException("kept");
        }
    }

    public static class Outer {

        private final AtomicInteger calls = new AtomicInteger();

        public AtomicInteger calls() {
            return calls;
        }

        @Transactional
        public String plain(Orders orders) {
            return orders.place();
        }

        @ConcurrentTransactional(backoff = @ConcurrentTransactional.Backoff(initial = 0, max = 0))
        public String concurrent(Orders orders) {
            calls.incrementAndGet();
            return orders.place();
        }
    }
}
