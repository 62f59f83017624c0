package io.onelite.tools;

import io.onelite.SharedFolder;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The conformance gate: every file of the shared sqllogictest corpus, run on OneLite through
 * {@link SqlLogicTest} (each file on a fresh {@code :memory:} database), must pass every record
 * it does not skip for another database. One dynamic test per file, so a regression names it.
 */
class SqlLogicCorpusTests {
    static final Path CORPUS = SharedFolder.sqllogictest().resolve("test");

    @TestFactory
    Stream<DynamicTest> everyCorpusFilePassesCompletelyOnOneLite() throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.walk(CORPUS)) {
            files = s.filter(p -> p.toString().endsWith(".test")).sorted().toList();
        }
        assertThat(files).as("corpus files under " + CORPUS).hasSizeGreaterThanOrEqualTo(40);
        return files.stream().map(f -> DynamicTest.dynamicTest(CORPUS.relativize(f).toString(), () -> {
            ByteArrayOutputStream log = new ByteArrayOutputStream();
            SqlLogicTest runner = new SqlLogicTest("jdbc:onelite::memory:", 60, false,
                    new PrintStream(log, true, StandardCharsets.UTF_8));
            SqlLogicTest.Counts counts = runner.runFile(f);
            System.out.println(CORPUS.relativize(f) + ": " + counts.passed() + " passed, "
                    + counts.failed() + " failed, " + counts.skipped() + " skipped");
            assertThat(counts.failed()).as(log.toString(StandardCharsets.UTF_8)).isZero();
            if (Files.size(f) > 0) {
                assertThat(counts.passed()).isPositive();
            }
        }));
    }
}
