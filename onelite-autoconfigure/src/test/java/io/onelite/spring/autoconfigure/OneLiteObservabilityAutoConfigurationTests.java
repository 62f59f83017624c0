package io.onelite.spring.autoconfigure;

import java.nio.file.Path;

import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

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
    void theHealthIndicatorReportsTheFile() {
        runner().run(context -> {
            Health health = context.getBean(OneLiteHealthIndicator.class).health();
            assertThat(health.getStatus()).as(health.toString()).isEqualTo(Status.UP);
            assertThat(health.getDetails()).containsEntry("file", dir.resolve("health.db").toAbsolutePath().toString())
                    .containsKeys("fileBytes", "walBytes", "url");
        });
    }

    @Test
    void theHealthIndicatorCanBeSwitchedOffOrBeAbsent() {
        runner().withPropertyValues("management.health.onelite.enabled=false")
                .run(context -> assertThat(context).doesNotHaveBean(OneLiteHealthIndicator.class));
        runner().withClassLoader(new FilteredClassLoader(HealthIndicator.class))
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(OneLiteHealthIndicator.class));
    }
}
