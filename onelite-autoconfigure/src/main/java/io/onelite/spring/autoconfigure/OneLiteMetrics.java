package io.onelite.spring.autoconfigure;

import java.util.concurrent.TimeUnit;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.FunctionTimer;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.onelite.api.DatabaseStatus;
import io.onelite.spring.OneLiteStatistics;
import io.onelite.tx.TxStats;

/**
 * Micrometer meters.
 *
 * <p>From {@link OneLiteStatistics} (what the starter's transaction manager and retry advice saw,
 * on any database): {@code onelite.commits}, {@code onelite.commit.failures} (tag {@code code}:
 * 517 conflict, 773 hold limit), {@code onelite.retries}, {@code onelite.retry.exhausted},
 * {@code onelite.concurrent.calls}, {@code onelite.retry.attempts.per.call} and the timer
 * {@code onelite.commit.time} (as Spring measures it, around the JDBC commit).
 *
 * <p>From the engine ({@link DatabaseStatus} of the OneLite file, every client of the file in
 * this JVM counted, read at each scrape without a connection): {@code onelite.engine.commits},
 * {@code onelite.engine.conflicts}, {@code onelite.engine.hold.limit.failures},
 * {@code onelite.engine.commit.batches}, {@code onelite.engine.adaptive.holds},
 * {@code onelite.engine.adaptive.revocations}, the timers {@code onelite.engine.commit.time} (COMMIT of
 * write transactions inside the engine) and {@code onelite.engine.replay.time} (validation and
 * replay of concurrent commits that had newer commits to merge with), and the gauge
 * {@code onelite.engine.wal.frames}. Absent for another database or an in-memory one; zero while no
 * connection has the file open.
 */
public class OneLiteMetrics implements MeterBinder {

    private static final TxStats NO_TRANSACTIONS = new TxStats(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

    private final OneLiteStatistics statistics;
    private final OneLiteEngineStatus engine;

    /** Only the starter's own meters. */
    public OneLiteMetrics(OneLiteStatistics statistics) {
        this(statistics, OneLiteEngineStatus.ofFile(null));
    }

    public OneLiteMetrics(OneLiteStatistics statistics, OneLiteEngineStatus engine) {
        this.statistics = statistics;
        this.engine = engine;
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
        if (engine.file() != null) {
            bindEngine(registry);
        }
    }

    private void bindEngine(MeterRegistry registry) {
        String file = engine.file().toString();
        engineCounter(registry, "onelite.engine.commits", "Write transactions the engine committed to the file", file,
                TxStats::commits);
        engineCounter(registry, "onelite.engine.conflicts", "Concurrent commits the engine refused with SQLITE_BUSY_SNAPSHOT (517)",
                file, TxStats::conflicts);
        engineCounter(registry, "onelite.engine.hold.limit.failures",
                "Concurrent commits stopped by the commit hold limit, SQLITE_BUSY_TIMEOUT (773)", file, TxStats::holdTimeouts);
        engineCounter(registry, "onelite.engine.commit.batches", "Group-commit batches written (one sync each under FULL)",
                file, TxStats::batches);
        engineCounter(registry, "onelite.engine.adaptive.holds",
                "BEGIN CONCURRENT transactions that took the write lock at their first access (short ones, adaptive)",
                file, TxStats::adaptiveHolds);
        engineCounter(registry, "onelite.engine.adaptive.revocations",
                "Adaptive holds given up before the transaction ended (it went on optimistically)", file,
                TxStats::revocations);
        FunctionTimer.builder("onelite.engine.commit.time", engine, e -> transactions(e).timedCommits(),
                        e -> transactions(e).commitNanos(), TimeUnit.NANOSECONDS)
                .tag("file", file)
                .description("COMMIT of write transactions in the engine (for BEGIN CONCURRENT: queue, validation, replay, write, sync)")
                .register(registry);
        FunctionTimer.builder("onelite.engine.replay.time", engine, e -> transactions(e).merges(),
                        e -> transactions(e).mergeNanos(), TimeUnit.NANOSECONDS)
                .tag("file", file)
                .description("Validation and replay of BEGIN CONCURRENT commits over newer commits (bounded by onelite.commit-hold-limit)")
                .register(registry);
        Gauge.builder("onelite.engine.wal.frames", engine, walFrames())
                .tag("file", file).description("WAL frames not yet checkpointed into the database file").register(registry);
    }

    private void engineCounter(MeterRegistry registry, String name, String description, String file,
                               ToLongFunction<TxStats> value) {
        FunctionCounter.builder(name, engine, e -> value.applyAsLong(transactions(e))).tag("file", file)
                .description(description).register(registry);
    }

    private static ToDoubleFunction<OneLiteEngineStatus> walFrames() {
        return e -> e.read().map(DatabaseStatus::walFrames).orElse(0);
    }

    private static TxStats transactions(OneLiteEngineStatus e) {
        return e.read().map(DatabaseStatus::transactions).orElse(NO_TRANSACTIONS);
    }

    private void counter(MeterRegistry registry, String name, String description,
                         ToLongFunction<OneLiteStatistics.Snapshot> value) {
        FunctionCounter.builder(name, statistics, s -> value.applyAsLong(s.snapshot())).description(description)
                .register(registry);
    }
}
