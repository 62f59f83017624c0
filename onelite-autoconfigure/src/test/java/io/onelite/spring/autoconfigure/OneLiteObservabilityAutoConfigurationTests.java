package io.onelite.spring.autoconfigure;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import io.micrometer.core.instrument.FunctionTimer;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.onelite.api.Database;
import io.onelite.api.DatabaseOptions;
import io.onelite.api.Session;
import io.onelite.common.BeginMode;
import io.onelite.common.OneLiteException;
import io.onelite.jdbc.OneLiteConnection;
import io.onelite.spring.OneLiteStatistics;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class OneLiteObservabilityAutoConfigurationTests {

    @TempDir
    Path dir;

    private ApplicationContextRunner runner() {
        return new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(OneLiteAutoConfiguration.class,
                        OneLiteObservabilityAutoConfiguration.class))
                .withPropertyValues("onelite.path=" + dir.resolve("health.db"));
    }

    @Test
    void metersAreBoundWhenMicrometerIsPresent() {
        runner().run(context -> {
            assertThat(context).hasSingleBean(OneLiteMetrics.class);
            SimpleMeterRegistry registry = new SimpleMeterRegistry();
            context.getBean(OneLiteMetrics.class).bindTo(registry);
            assertThat(registry.get("onelite.commits").functionCounter().count()).isZero();
            assertThat(registry.get("onelite.commit.failures").tag("code", "517").functionCounter()).isNotNull();
            assertThat(registry.get("onelite.commit.failures").tag("code", "773").functionCounter()).isNotNull();
            assertThat(registry.get("onelite.retries").functionCounter()).isNotNull();
            assertThat(registry.get("onelite.commit.time").functionTimer().count()).isZero();
        });
    }

    @Test
    void withoutMicrometerThereAreNoMeters() {
        runner().withClassLoader(new FilteredClassLoader(MeterBinder.class))
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(OneLiteMetrics.class));
    }

    @Test
    void engineMetersReadTheFileOfTheDataSource() {
        runner().run(context -> {
            SimpleMeterRegistry registry = new SimpleMeterRegistry();
            context.getBean(OneLiteMetrics.class).bindTo(registry);
            String file = dir.resolve("health.db").toAbsolutePath().toString();
            try (Connection a = context.getBean(DataSource.class).getConnection();
                 Connection b = context.getBean(DataSource.class).getConnection()) {
                exec(a, "create table t(id integer primary key, v)", "insert into t values (1, 'x'), (2, 'y')");
                double commits = engineCount(registry, "onelite.engine.commits");
                FunctionTimer commitTime = registry.get("onelite.engine.commit.time").tag("file", file).functionTimer();
                FunctionTimer replayTime = registry.get("onelite.engine.replay.time").tag("file", file).functionTimer();
                double timedCommits = commitTime.count();
                assertThat(replayTime.count()).isZero();
                for (Connection c : new Connection[] {a, b}) {
                    c.unwrap(OneLiteConnection.class).setBeginMode(BeginMode.CONCURRENT);
                    c.setAutoCommit(false);
                }
                exec(a, "select v from t where id = 1", "update t set v = 'a' where id = 1");
                exec(b, "update t set v = 'b' where id = 2");
                b.commit(); // fast path
                a.commit(); // b committed since a's snapshot: validated and replayed

                assertThat(engineCount(registry, "onelite.engine.commits") - commits).isEqualTo(2);
                assertThat(commitTime.count() - timedCommits).isEqualTo(2);
                assertThat(replayTime.count()).isEqualTo(1);
                assertThat(replayTime.totalTime(TimeUnit.NANOSECONDS)).isPositive();
                assertThat(commitTime.totalTime(TimeUnit.NANOSECONDS)).isGreaterThanOrEqualTo(replayTime.totalTime(TimeUnit.NANOSECONDS));
                assertThat(engineCount(registry, "onelite.engine.conflicts")).isZero();
                assertThat(engineCount(registry, "onelite.engine.hold.limit.failures")).isZero();
                assertThat(engineCount(registry, "onelite.engine.commit.batches")).isPositive();
                assertThat(registry.get("onelite.engine.wal.frames").tag("file", file).gauge().value()).isPositive();
            }
        });
    }

    @Test
    void theAdaptiveMetersCountTheShortConcurrentTransactionsThatHeldTheLock() throws Exception {
        Path file = dir.resolve("adaptive.db");
        try (Database db = Database.open(file.toString(), DatabaseOptions.DEFAULTS); Session s = db.openSession()) {
            SimpleMeterRegistry registry = new SimpleMeterRegistry();
            // Micrometer holds a function meter's object weakly: keep it reachable, as the bean is
            OneLiteMetrics metrics = new OneLiteMetrics(new OneLiteStatistics(), OneLiteEngineStatus.ofFile(file));
            metrics.bindTo(registry);
            s.execute("pragma synchronous=normal"); // a commit that syncs stays optimistic (group commit)
            s.execute("create table t(id integer primary key, v)");
            // a thread's first concurrent transaction is optimistic, the next ones hold once short
            // (the first few may be slow while the code is interpreted, and on a loaded machine
            // many more: up to 20 s of them)
            long until = System.nanoTime() + 20_000_000_000L;
            Thread writer = new Thread(() -> {
                for (int i = 0; System.nanoTime() < until && status(file).adaptiveHolds() < 3; i++) {
                    s.execute("begin concurrent");
                    s.execute("insert into t(v) values (" + i + ")");
                    s.execute("commit");
                }
            });
            writer.start();
            writer.join(60_000);
            io.onelite.tx.TxStats stats = status(file);
            assertThat(stats.adaptiveHolds()).as("short concurrent transactions held the lock").isGreaterThanOrEqualTo(3);
            assertThat(engineCount(registry, "onelite.engine.adaptive.holds")).isEqualTo(stats.adaptiveHolds());
            assertThat(engineCount(registry, "onelite.engine.adaptive.revocations")).isEqualTo(stats.revocations());
            java.lang.ref.Reference.reachabilityFence(metrics);
        }
    }

    private static io.onelite.tx.TxStats status(Path file) {
        return Database.statusOf(file).orElseThrow().transactions();
    }

    @Test
    void theHoldLimitMeterCountsTheCommitsTheEngineStoppedWith773() {
        Path file = dir.resolve("hold.db");
        // the first opener's options hold for the file: 1 ns, so any validation and replay is too long
        try (Database db = Database.open(file.toString(), DatabaseOptions.DEFAULTS.withCommitHoldLimit(Duration.ofNanos(1)));
             Session a = db.openSession(); Session b = db.openSession()) {
            SimpleMeterRegistry registry = new SimpleMeterRegistry();
            // Micrometer holds a function meter's object weakly: keep it reachable, as the bean is
            OneLiteMetrics metrics = new OneLiteMetrics(new OneLiteStatistics(), OneLiteEngineStatus.ofFile(file));
            metrics.bindTo(registry);
            a.execute("create table t(id integer primary key, v)");
            a.execute("begin concurrent");
            a.execute("insert into t values (1, 'a')");
            b.execute("begin concurrent");
            b.execute("insert into t values (2, 'b')");
            b.execute("commit");
            assertThatExceptionOfType(OneLiteException.class).isThrownBy(() -> a.execute("commit"))
                    .satisfies(e -> assertThat(e.code()).isEqualTo(773));
            assertThat(engineCount(registry, "onelite.engine.hold.limit.failures")).isEqualTo(1);
            assertThat(registry.get("onelite.engine.replay.time").functionTimer().count()).isEqualTo(1);
            assertThat(engineCount(registry, "onelite.engine.commits")).isEqualTo(2);
            java.lang.ref.Reference.reachabilityFence(metrics);
        }
    }

    @Test
    void thereAreNoEngineMetersForAnInMemoryDatabase() {
        runner().withPropertyValues("onelite.path=:memory:").run(context -> {
            SimpleMeterRegistry registry = new SimpleMeterRegistry();
            context.getBean(OneLiteMetrics.class).bindTo(registry);
            assertThat(registry.find("onelite.commits").functionCounter()).isNotNull();
            assertThat(registry.find("onelite.engine.commits").functionCounter()).isNull();
        });
    }

    @Test
    void theHealthIndicatorReportsTheFileTheWalAndTheLastCheckpoint() {
        runner().run(context -> {
            OneLiteHealthIndicator indicator = context.getBean(OneLiteHealthIndicator.class);
            try (Connection c = context.getBean(DataSource.class).getConnection()) {
                exec(c, "create table t(a)", "insert into t values (1)");
            }
            Health health = indicator.health();
            assertThat(health.getStatus()).as(health.toString()).isEqualTo(Status.UP);
            assertThat(health.getDetails()).containsEntry("file", dir.resolve("health.db").toAbsolutePath().toString())
                    .containsEntry("reachable", true).containsEntry("lastCheckpoint", "none")
                    .containsKeys("fileBytes", "url");
            assertThat((Long) health.getDetails().get("walBytes")).isPositive();
            assertThat((Integer) health.getDetails().get("walFrames")).isPositive();

            try (Connection c = context.getBean(DataSource.class).getConnection()) {
                exec(c, "pragma wal_checkpoint(truncate)");
            }
            health = indicator.health();
            assertThat(health.getStatus()).isEqualTo(Status.UP);
            assertThat(health.getDetails()).containsEntry("walFrames", 0).containsEntry("walBytes", 0L);
            assertThat(health.getDetails().get("lastCheckpoint")).asInstanceOf(InstanceOfAssertFactories.MAP)
                    .containsEntry("mode", "TRUNCATE").containsEntry("busy", false)
                    .containsKeys("at", "frames", "checkpointedFrames");
            Map<?, ?> last = (Map<?, ?>) health.getDetails().get("lastCheckpoint");
            assertThat(last.get("checkpointedFrames")).isEqualTo(last.get("frames"));
        });
    }

    @Test
    void aDatabaseFileDeletedUnderTheRunningApplicationIsDown() {
        runner().run(context -> {
            try (Connection c = context.getBean(DataSource.class).getConnection()) {
                exec(c, "create table t(a)");
            }
            Files.delete(dir.resolve("health.db"));
            Health health = context.getBean(OneLiteHealthIndicator.class).health();
            assertThat(health.getStatus()).isEqualTo(Status.DOWN);
            assertThat(health.getDetails()).containsEntry("reachable", false)
                    .containsEntry("reason", "the database file is missing: " + dir.resolve("health.db").toAbsolutePath());
        });
    }

    @Test
    void anInMemoryDatabaseIsUpWithoutFileDetails() {
        runner().withPropertyValues("onelite.path=:memory:").run(context -> {
            Health health = context.getBean(OneLiteHealthIndicator.class).health();
            assertThat(health.getStatus()).isEqualTo(Status.UP);
            assertThat(health.getDetails()).containsEntry("file", ":memory:").doesNotContainKey("walBytes");
        });
    }

    @Test
    void theHealthIndicatorCanBeSwitchedOffOrBeAbsent() {
        runner().withPropertyValues("management.health.onelite.enabled=false")
                .run(context -> assertThat(context).doesNotHaveBean(OneLiteHealthIndicator.class));
        runner().withClassLoader(new FilteredClassLoader(HealthIndicator.class))
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(OneLiteHealthIndicator.class));
    }

    private static double engineCount(SimpleMeterRegistry registry, String name) {
        return registry.get(name).functionCounter().count();
    }

    private static void exec(Connection c, String... sql) throws SQLException {
        try (Statement st = c.createStatement()) {
            for (String s : sql) {
                st.execute(s);
            }
        }
    }
}
