package io.onelite.spring;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class JitterBackOffPolicyTests {

    private final RetrySettings settings = new RetrySettings(5, Duration.ofMillis(2), 3.0, Duration.ofMillis(10), 0.5);

    @Test
    void pausesGrowByTheMultiplierUpToTheMaximum() {
        assertThat(JitterBackOffPolicy.pauseNanos(settings, 1, 0.0)).isEqualTo(2_000_000);
        assertThat(JitterBackOffPolicy.pauseNanos(settings, 2, 0.0)).isEqualTo(6_000_000);
        assertThat(JitterBackOffPolicy.pauseNanos(settings, 3, 0.0)).isEqualTo(10_000_000);
        assertThat(JitterBackOffPolicy.pauseNanos(settings, 30, 0.0)).isEqualTo(10_000_000);
    }

    @Test
    void jitterTakesAtMostItsShareOff() {
        assertThat(JitterBackOffPolicy.pauseNanos(settings, 1, 0.999999)).isBetween(1_000_000L, 1_000_010L);
        assertThat(JitterBackOffPolicy.pauseNanos(settings, 1, 0.5)).isEqualTo(1_500_000);
    }

    @Test
    void annotationValuesOverrideTheDefaults() {
        @ConcurrentTransactional(maxAttempts = 3, backoff = @ConcurrentTransactional.Backoff(initial = 7, jitter = 0))
        class Annotated {
        }
        RetrySettings merged = settings.overriddenBy(Annotated.class.getAnnotation(ConcurrentTransactional.class));
        assertThat(merged).isEqualTo(new RetrySettings(3, Duration.ofMillis(7), 3.0, Duration.ofMillis(10), 0.0));
    }

    @Test
    void badSettingsAreRefused() {
        assertThatIllegalArgumentException().isThrownBy(() -> new RetrySettings(0, Duration.ZERO, 1, Duration.ZERO, 0))
                .withMessageContaining("maxAttempts");
        assertThatIllegalArgumentException().isThrownBy(() -> new RetrySettings(1, Duration.ZERO, 0.5, Duration.ZERO, 0))
                .withMessageContaining("multiplier");
        assertThatIllegalArgumentException().isThrownBy(() -> new RetrySettings(1, Duration.ZERO, 1, Duration.ZERO, 1.5))
                .withMessageContaining("jitter");
    }
}
