package io.onelite.tools;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The runner itself, validated on native SQLite (sqlite-jdbc): every record of the corpus files
 * must pass there, and deliberately wrong expectations must fail.
 */
class SqlLogicTestTests {
    static final Path CORPUS = io.onelite.SharedFolder.sqllogictest().resolve("test");
    static final String NATIVE = "jdbc:sqlite::memory:";

    @TempDir
    Path dir;

    private final ByteArrayOutputStream log = new ByteArrayOutputStream();

    private SqlLogicTest runner(String url) {
        return new SqlLogicTest(url, 60, false, new PrintStream(log, true, StandardCharsets.UTF_8));
    }

    private SqlLogicTest.Counts runText(String url, String text) throws IOException {
        Path f = dir.resolve("t" + System.nanoTime() + ".test");
        Files.writeString(f, text);
        return runner(url).runFile(f);
    }

    @Test
    void nativeSqlitePassesEveryRecordOfSelect1AndTheEvidenceFiles() throws IOException {
        List<Path> files = new ArrayList<>();
        files.add(CORPUS.resolve("select1.test"));
        try (Stream<Path> s = Files.list(CORPUS.resolve("evidence"))) {
            s.sorted().forEach(files::add);
        }
        SqlLogicTest r = runner(NATIVE);
        SqlLogicTest.Counts total = new SqlLogicTest.Counts(0, 0, 0);
        for (Path f : files) {
            total = total.plus(r.runFile(f));
        }
        assertThat(total.failed()).as(log.toString(StandardCharsets.UTF_8)).isZero();
        assertThat(total.passed()).isGreaterThan(1500);
        assertThat(total.skipped()).isPositive();
        assertThat(log.toString(StandardCharsets.UTF_8)).contains("select1.test: 1031 passed, 0 failed, 0 skipped");
    }

    /** The engine's conformance on the same files: a regression guard for every layer below. */
    @Test
    void oneLitePassesEveryRecordOfSelect1AndTheEvidenceFiles() throws IOException {
        List<Path> files = new ArrayList<>();
        files.add(CORPUS.resolve("select1.test"));
        try (Stream<Path> s = Files.list(CORPUS.resolve("evidence"))) {
            s.sorted().forEach(files::add);
        }
        SqlLogicTest r = runner("jdbc:onelite::memory:");
        SqlLogicTest.Counts total = new SqlLogicTest.Counts(0, 0, 0);
        for (Path f : files) {
            total = total.plus(r.runFile(f));
        }
        assertThat(total.failed()).as(log.toString(StandardCharsets.UTF_8)).isZero();
        assertThat(total.passed()).isGreaterThan(1500);
    }

    @Test
    void wrongResultsAndWrongOutcomesFail() throws IOException {
        SqlLogicTest.Counts c = runText(NATIVE, """
                statement ok
                CREATE TABLE t(a INTEGER, b TEXT)

                statement ok
                INSERT INTO t VALUES(1, 'x'), (2, '')

                statement error
                INSERT INTO nosuch VALUES(1)

                statement error
                SELECT 1

                query IT rowsort
                SELECT a, b FROM t
                ----
                1
                x
                2
                (empty)

                query I nosort
                SELECT a FROM t ORDER BY a
                ----
                1
                3

                query I nosort
                SELECT nosuch FROM t
                ----
                """);
        assertThat(c).isEqualTo(new SqlLogicTest.Counts(4, 3, 0));
        assertThat(log.toString(StandardCharsets.UTF_8)).contains(":10: statement succeeded").contains(":21: query result differs");
    }

    @Test
    void conditionsHaltHashesAndLabels() throws IOException {
        SqlLogicTest.Counts c = runText(NATIVE, String.join("\r\n",
                "hash-threshold 2",
                "",
                "# a comment",
                "skipif sqlite # not here",
                "statement ok",
                "SELECT nonsense FROM nowhere",
                "",
                "onlyif mysql",
                "query I nosort",
                "SELECT 1",
                "----",
                "2",
                "",
                "query I valuesort label-a",
                "VALUES(3),(1),(2)",
                "----",
                "3 values hashing to " + SqlLogicTest.md5(List.of("1", "2", "3")),
                "",
                "onlyif sqlite",
                "query I nosort label-a",
                "VALUES(1),(2),(3)",
                "----",
                "3 values hashing to " + SqlLogicTest.md5(List.of("1", "2", "3")),
                "",
                "query R nosort",
                "SELECT -9223372036854775808.0",
                "----",
                "-9223372036854776000.000",
                "",
                "onlyif oracle",
                "halt",
                "",
                "onlyif sqlite",
                "halt",
                "",
                "statement ok",
                "SELECT never_reached",
                ""));
        assertThat(c).as(log.toString(StandardCharsets.UTF_8)).isEqualTo(new SqlLogicTest.Counts(3, 0, 2));
    }

    @Test
    void aLabelWhoseResultsDifferFails() throws IOException {
        SqlLogicTest.Counts c = runText(NATIVE, """
                query I nosort label-x
                SELECT 1
                ----
                1

                query I nosort label-x
                SELECT 2
                ----
                2
                """);
        assertThat(c).isEqualTo(new SqlLogicTest.Counts(1, 1, 0));
    }

    @Test
    void valuesPrintByTheColumnLetter() {
        assertThat(SqlLogicTest.ValuePrinter.formatReal(-9223372036854775808.0)).isEqualTo("-9223372036854776000.000");
        assertThat(SqlLogicTest.ValuePrinter.formatReal(1.0 / 3)).isEqualTo("0.333");
        assertThat(SqlLogicTest.ValuePrinter.formatReal(2.0005)).isEqualTo("2.001");
        assertThat(SqlLogicTest.ValuePrinter.formatReal(-0.0001)).isEqualTo("0.000");
        assertThat(SqlLogicTest.ValuePrinter.formatReal(1e20)).isEqualTo("100000000000000000000.000");
        assertThat(SqlLogicTest.ValuePrinter.text(new byte[0])).isEqualTo("(empty)");
        assertThat(SqlLogicTest.ValuePrinter.text("a\tb".getBytes(StandardCharsets.UTF_8))).isEqualTo("a@b");
        assertThat(SqlLogicTest.ValuePrinter.text("é".getBytes(StandardCharsets.UTF_8))).isEqualTo("@@");
    }

    @Test
    void sortModesCompareAsBytes() {
        List<String> rows = new ArrayList<>(List.of("9", "b", "10", "a"));
        SqlLogicTest.sort(rows, "rowsort", 2);
        assertThat(rows).containsExactly("10", "a", "9", "b");
        List<String> values = new ArrayList<>(List.of("9", "10", "NULL", "-1"));
        SqlLogicTest.sort(values, "valuesort", 1);
        assertThat(values).containsExactly("-1", "10", "9", "NULL");
        List<String> same = new ArrayList<>(List.of("2", "1"));
        SqlLogicTest.sort(same, "nosort", 1);
        assertThat(same).containsExactly("2", "1");
    }

    @Test
    void oneLitePassesABasicFile() throws IOException {
        SqlLogicTest.Counts c = runText("jdbc:onelite::memory:", """
                statement ok
                CREATE TABLE t1(a INTEGER, b TEXT, c REAL)

                statement ok
                INSERT INTO t1 VALUES(1, 'one', 1.5), (2, 'two', NULL), (3, '', -2.25)

                query ITR rowsort
                SELECT a, b, c FROM t1
                ----
                1
                one
                1.500
                2
                two
                NULL
                3
                (empty)
                -2.250

                statement error
                INSERT INTO nosuch VALUES(1)
                """);
        assertThat(c).as(log.toString(StandardCharsets.UTF_8)).isEqualTo(new SqlLogicTest.Counts(4, 0, 0));
    }
}
