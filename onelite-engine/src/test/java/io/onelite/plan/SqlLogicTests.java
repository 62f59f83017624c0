package io.onelite.plan;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Runs the sqllogictest corpus under shared/sqllogictest (select1-3, evidence/*, and the
 * small index/* files) and requires every record to pass. Prints per-file counts.
 */
class SqlLogicTests {
    static final Path ROOT = io.onelite.SharedFolder.sqllogictest().resolve("test");

    private static void runAll(List<Path> files) throws IOException {
        List<String> failures = new ArrayList<>();
        for (Path f : files) {
            SltRunner.Result r = SltRunner.run(f, 5);
            System.out.println(ROOT.relativize(f) + ": passed " + r.passed() + ", failed " + r.failed());
            failures.addAll(r.failures());
        }
        assertThat(failures).isEmpty();
    }

    @Test
    void selectFilesPassCompletely() throws IOException {
        runAll(List.of(ROOT.resolve("select1.test"), ROOT.resolve("select2.test"), ROOT.resolve("select3.test")));
    }

    @Test
    void evidenceFilesPassCompletely() throws IOException {
        try (Stream<Path> s = Files.list(ROOT.resolve("evidence"))) {
            runAll(s.filter(p -> p.toString().endsWith(".test")).sorted().toList());
        }
    }

    @Test
    void smallIndexFilesPassCompletely() throws IOException {
        runAll(List.of(ROOT.resolve("index/between/1/slt_good_0.test"), ROOT.resolve("index/delete/1/slt_good_0.test"),
                ROOT.resolve("index/commute/10/slt_good_10.test"), ROOT.resolve("index/view/10/slt_good_3.test")));
    }
}
