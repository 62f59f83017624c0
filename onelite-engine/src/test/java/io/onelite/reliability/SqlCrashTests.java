package io.onelite.reliability;

import io.onelite.tools.CrashSweep;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * A few rounds of {@link CrashSweep} in the build: concurrent and immediate JDBC writers in
 * child JVMs killed with SIGKILL; sqlite3's integrity_check is ok and no acknowledged commit is
 * lost. The sweep kills its children in a finally block. Longer runs: {@code CrashSweep} itself.
 */
class SqlCrashTests {
    @TempDir
    Path dir;

    @Test
    void killedJdbcWritersNeverLoseAnAcknowledgedCommit() {
        long seed = SqlFuzzTests.seed();
        Random rnd = new Random(seed);
        Path db = dir.resolve("crash.db");
        CrashSweep.create(db);
        int[] acked = {0};
        assertTimeoutPreemptively(Duration.ofSeconds(90), () -> {
            for (int round = 0; round < 4; round++) {
                acked[0] += CrashSweep.round(db, rnd, 3, round).acked();
            }
        }, () -> "hang: seed " + seed);
        System.out.println("crash seed " + seed + ": 4 rounds, " + acked[0] + " acknowledged commits, losses: 0");
        assertThat(CrashSweep.sqlite3(db, "pragma integrity_check")).isEqualTo("ok");
    }
}
