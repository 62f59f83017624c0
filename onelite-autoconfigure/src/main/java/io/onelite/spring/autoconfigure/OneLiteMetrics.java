package io.onelite.spring.autoconfigure;

import java.util.concurrent.TimeUnit;
import java.util.function.ToLongFunction;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.FunctionTimer;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.onelite.spring.OneLiteStatistics;

/**
 * Micrometer meters over {@link OneLiteStatistics}: {@code onelite.commits},
 * {@code onelite.commit.failures} (tag {@code code}: 517 conflict, 773 hold limit),
 * {@code onelite.retries}, {@code onelite.retry.exhausted}, {@code onelite.concurrent.calls},
 * {@code onelite.retry.attempts.per.call} and the timer {@code onelite.commit.time}.
 */
public class OneLiteMetrics implements MeterBinder {

    private final OneLiteStatistics statistics;

    public OneLiteMetrics(OneLiteStatistics statistics) {
        this.statistics = statistics;
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        counter(registry, "onelite.commits", "Successful commits", OneLiteStatistics.Snapshot::commits);
        FunctionCounter.builder("onelite.commit.failures", statistics, s -> s.snapshot().conflicts())
                .tag("code", "517").description("Commits that lost a conflict (SQLITE_BUSY_SNAPSHOT)").register(registry);
        FunctionCounter.builder("onelite.commit.failures", statistics, s -> s.snapshot().holdTimeouts())
                .tag("code", "773").description("Commits past the commit hold limit (SQLITE_BUSY_TIMEOUT)").register(registry);
        counter(registry, "onelite.retries", "Reruns of @ConcurrentTransactional methods", OneLiteStatistics.Snapshot::retries);
        counter(registry, "onelite.retry.exhausted", "@ConcurrentTransactional calls that failed after their last attempt",
                OneLiteStatistics.Snapshot::exhausted);
        counter(registry, "onelite.concurrent.calls", "Outermost @ConcurrentTransactional calls", OneLiteStatistics.Snapshot::calls);
        Gauge.builder("onelite.retry.attempts.per.call", statistics, s -> s.snapshot().attemptsPerCall())
                .description("Attempts per @ConcurrentTransactional call since start-up").register(registry);
        FunctionTimer.builder("onelite.commit.time", statistics,
                        s -> { OneLiteStatistics.Snapshot x = s.snapshot(); return x.commits() + x.conflicts() + x.holdTimeouts(); },
                        s -> s.snapshot().commitNanos(), TimeUnit.NANOSECONDS)
                .description("Time spent in COMMIT (validation, replay and write for BEGIN CONCURRENT)").register(registry);
    }

    private void counter(MeterRegistry registry, String name, String description,
                         ToLongFunction<OneLiteStatistics.Snapshot> value) {
        FunctionCounter.builder(name, statistics, s -> value.applyAsLong(s.snapshot())).description(description)
                .register(registry);
    }
}
