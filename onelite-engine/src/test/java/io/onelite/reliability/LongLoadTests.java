package io.onelite.reliability;

import io.onelite.tools.LongLoad;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/** A short {@link LongLoad} in the build: concurrent writers and readers, no lost update. */
class LongLoadTests {
    @TempDir
    Path dir;

    @Test
    void concurrentWritersAndReadersLoseNoUpdateAndKeepTheBankTotal() {
        long seed = SqlFuzzTests.seed();
        LongLoad.Result r = assertTimeoutPreemptively(Duration.ofSeconds(60),
                () -> LongLoad.run(dir.resolve("load.db"), 8, 3000, seed), () -> "hang: seed " + seed);
        System.out.println("long load seed " + seed + ": " + r);
        assertThat(r.commits()).isPositive();
        assertThat(r.reads()).isPositive();
        assertThat(r.integrity()).isEqualTo("ok");
    }
}
