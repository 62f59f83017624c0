package io.onelite.sample;

import org.junit.jupiter.api.Test;

import org.springframework.boot.DefaultApplicationArguments;

import static org.assertj.core.api.Assertions.assertThat;

class SampleApplicationTests {

    @Test
    void theDemoRunsByDefaultOrWhenAskedAndServeAloneOnlyServes() {
        assertThat(SampleApplication.runsDemo(new DefaultApplicationArguments())).isTrue();
        assertThat(SampleApplication.runsDemo(new DefaultApplicationArguments("demo"))).isTrue();
        assertThat(SampleApplication.runsDemo(new DefaultApplicationArguments("--serve"))).isFalse();
        assertThat(SampleApplication.runsDemo(new DefaultApplicationArguments("--serve", "demo"))).isTrue();
    }
}
