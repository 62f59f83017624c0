package io.onelite.sample;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/** The demo with small numbers: what it prints, and the facts behind it. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.NONE, properties = "sample.demo.enabled=false")
class DemoTests {

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        String path = TestDatabases.freshPath("demo");
        registry.add("onelite.path", () -> path);
    }

    @Autowired
    Demo demo;

    @Test
    void theDemoShowsTheNaivePollerMissingAAndTheCommitOrderedPollerSeeingIt() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Demo.Result result;
        try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            result = demo.run(new Demo.Settings(3, 20, List.of(0, 200)), out);
        }
        String printed = bytes.toString(StandardCharsets.UTF_8);
        System.out.println(printed);

        // 1. one timing line per amount of work, both rates positive
        assertThat(result.timings()).hasSize(2).allSatisfy(t -> {
            assertThat(t.immediatePerSecond()).isPositive();
            assertThat(t.concurrentPerSecond()).isPositive();
        });
        assertThat(printed).contains("work   0 µs: IMMEDIATE").contains("work 200 µs: IMMEDIATE").contains("CONCURRENT")
                .contains("ratio").contains("retries").contains("60/60 commits");

        // 2. A took the smaller id, B committed first; the id poller saw B and never A
        assertThat(result.aId()).isLessThan(result.bId());
        assertThat(printed).contains("A inserted id " + result.aId() + ", not committed yet")
                .contains("B inserted id " + result.bId() + " and committed").contains("A committed");
        assertThat(result.naivePolls().get(0)).containsExactly(result.bId());
        assertThat(result.naivePolls().get(1)).isEmpty();
        assertThat(result.naivePolls()).noneMatch(ids -> ids.contains(result.aId()));

        // 3. polling by commit_seq() sees B, then A
        assertThat(result.seqPolls().get(0)).containsExactly(result.bId());
        assertThat(result.seqPolls().get(1)).containsExactly(result.aId());

        // 4. the file: ok, WAL, the last run's rows plus A and B
        assertThat(result.check().ok()).as(printed).isTrue();
        assertThat(result.check().journalMode()).isEqualTo("wal");
        assertThat(result.check().count()).isEqualTo(3 * 20 + 2);
        assertThat(result.check().rows()).containsExactly(result.aId() + "|A", result.bId() + "|B");
    }
}
