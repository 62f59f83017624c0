package io.onelite.tools;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static io.onelite.tools.ShellHarness.shell;
import static io.onelite.tools.ShellHarness.sqlite3;
import static org.assertj.core.api.Assertions.assertThat;

/** The shell against the {@code sqlite3} shell: same input, same output. */
class ShellTests {
    @TempDir
    Path dir;

    private static final String SCRIPT = """
            CREATE TABLE t(a INTEGER, b TEXT, c REAL);
            INSERT INTO t VALUES(1, 'one', 1.0), (2, NULL, 2.5);
            INSERT INTO t VALUES(3, 'a;b', -1e20);
            SELECT * FROM t ORDER BY a;
            SELECT count(*), 'x' AS y
              FROM t;
            """;

    @Test
    void scriptsFromStandardInputPrintAsSqlite3() throws Exception {
        ShellHarness.Outcome ours = shell(SCRIPT, dir.resolve("a.db").toString());
        ShellHarness.Outcome theirs = sqlite3(SCRIPT, dir.resolve("b.db").toString());
        assertThat(ours.out()).isEqualTo(theirs.out());
        assertThat(ours.status()).isEqualTo(theirs.status()).isZero();
    }

    @Test
    void headersAndColumnModeAsSqlite3() throws Exception {
        for (String[] opts : new String[][]{{"-header"}, {"-column"}, {"-column", "-header"}, {"-separator", ","}}) {
            List<String> a = new ArrayList<>(List.of(opts));
            a.add(dir.resolve("h" + opts.length + opts[0] + "a.db").toString());
            List<String> b = new ArrayList<>(List.of(opts));
            b.add(dir.resolve("h" + opts.length + opts[0] + "b.db").toString());
            assertThat(shell(SCRIPT, a.toArray(String[]::new)).out())
                    .as(String.join(" ", opts)).isEqualTo(sqlite3(SCRIPT, b.toArray(String[]::new)).out());
        }
    }

    @Test
    void sqlArgumentsRunInTurnAndStopAtTheFirstError() throws Exception {
        String db = dir.resolve("args.db").toString();
        ShellHarness.Outcome ok = shell("", db, "CREATE TABLE t(a UNIQUE)", "INSERT INTO t VALUES(1),(2)", "SELECT a FROM t");
        assertThat(ok.out()).isEqualTo("1\n2\n");
        assertThat(ok.status()).isZero();
        ShellHarness.Outcome prepare = shell("", db, "SELECT * FROM nosuch", "SELECT 1");
        assertThat(prepare.err()).isEqualTo("Error: in prepare, no such table: nosuch\n");
        assertThat(prepare.status()).isEqualTo(1);
        assertThat(prepare.out()).isEmpty();
        ShellHarness.Outcome step = shell("", db, "INSERT INTO t VALUES(1)");
        assertThat(step.err()).isEqualTo("Error: stepping, UNIQUE constraint failed: t.a (19)\n");
        assertThat(step.status()).isEqualTo(19);
    }

    @Test
    void errorsOnStandardInputNameTheLineAndReadingGoesOn() throws Exception {
        String script = "SELECT 1;\nSELECT * FROM nosuch;\nSELECT 2;\n";
        ShellHarness.Outcome ours = shell(script, dir.resolve("e.db").toString());
        ShellHarness.Outcome theirs = sqlite3(script, dir.resolve("e2.db").toString());
        assertThat(ours.out()).isEqualTo(theirs.out()).isEqualTo("1\n2\n");
        assertThat(ours.err()).isEqualTo(theirs.err());
        assertThat(ours.status()).isEqualTo(theirs.status()).isEqualTo(1);
        ShellHarness.Outcome bail = shell(script, "-bail", dir.resolve("e3.db").toString());
        assertThat(bail.out()).isEqualTo("1\n");
    }

    @Test
    void dotCommands() throws Exception {
        Path read = dir.resolve("more.sql");
        Files.writeString(read, "INSERT INTO b VALUES(7);\nSELECT x FROM b;\n");
        String script = "CREATE TABLE b(x);\nCREATE TABLE a(y);\n.tables\n.schema b\n.read " + read + "\n"
                + ".headers on\nSELECT 5 AS five;\n.quit\nSELECT 6;\n";
        ShellHarness.Outcome ours = shell(script, dir.resolve("d.db").toString());
        ShellHarness.Outcome theirs = sqlite3(script, dir.resolve("d2.db").toString());
        assertThat(ours.out()).isEqualTo(theirs.out());
        assertThat(ours.out()).isEqualTo("a  b\nCREATE TABLE b(x);\n7\nfive\n5\n");
    }

    @Test
    void anInteractiveSessionPromptsAndContinuesStatements() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int rc = new Shell(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(new ByteArrayOutputStream()))
                .run(new String[]{dir.resolve("i.db").toString()}, true, new StringReader("SELECT\n 41 + 1;\n.quit\n"));
        String text = out.toString(StandardCharsets.UTF_8);
        assertThat(rc).isZero();
        assertThat(text).contains("Enter \".help\" for usage hints.").contains("sqlite> ").contains("   ...> ").contains("42\n");
    }

    @Test
    void unknownDotCommandsAndOptionsAreErrors() {
        ShellHarness.Outcome dot = shell(".frobnicate\n", dir.resolve("u.db").toString());
        assertThat(dot.err()).startsWith("Error: unknown command or invalid arguments:  \"frobnicate\"");
        assertThat(dot.status()).isEqualTo(1);
        assertThat(shell("", "-nosuchoption").status()).isEqualTo(1);
    }

    @Test
    void theFileWrittenIsReadBySqlite3() throws Exception {
        Path db = dir.resolve("shared.db");
        assertThat(shell("", db.toString(), "CREATE TABLE t(a)", "INSERT INTO t VALUES('from onelite')").status()).isZero();
        ShellHarness.Outcome theirs = sqlite3("", db.toString(), "SELECT a FROM t", "PRAGMA integrity_check");
        assertThat(theirs.out()).isEqualTo("from onelite\nok\n");
    }

    @Test
    void hashLinesAreCommentsAndOnlyDotsInColumnOneAreCommands() throws Exception {
        String script = "# a comment\nSELECT 1;\n  .print indented\nSELECT 2;\n";
        ShellHarness.Outcome ours = shell(script, dir.resolve("c.db").toString());
        ShellHarness.Outcome theirs = sqlite3(script, dir.resolve("c2.db").toString());
        assertThat(ours.out()).isEqualTo(theirs.out()).isEqualTo("1\n");
        assertThat(ours.err()).isEqualTo(theirs.err()); // the error, then the statement and a marker under its place
        assertThat(ours.status()).isEqualTo(theirs.status()).isEqualTo(1);
    }

    /**
     * A syntax error or an unknown column shows the statement and a marker under its token, as
     * sqlite3 3.40: the marker before the text near the start of the statement, after it further
     * in, the text from 50 characters before a place far in, line breaks as spaces, several
     * statements on one line; an unknown table names no place.
     */
    @Test
    void errorsPointAtTheirToken() throws Exception {
        String script = "CREATE TABLE t(a);\nselec 1;\nSELECT 1; selec 2;\n   selec 3;\nSELECT a FROM t WHERE a = ;\n"
                + "SELECT *\n  FROM t WHERE\n  a = = 1;\n"
                + "SELECT '" + "a".repeat(90) + "', 1 FROM t WHERE (;\n";
        ShellHarness.assertSameAsSqlite3(dir, script);
        ShellHarness.assertSameAsSqlite3(dir, "", "SELECT 1 FROM t WHERE a = = 2");
        ShellHarness.assertSameAsSqlite3(dir, "CREATE TABLE t(a, b);\nSELECT nosuch FROM t;\nSELECT a, t.zz FROM t;\n"
                + "SELECT * FROM t WHERE a IN (SELECT q FROM t);\nUPDATE t SET a = nope;\nSELECT 1 FROM nosuchtable;\n"
                + "SELECT '" + "x".repeat(60) + "', main.t.nope FROM t;\n");
    }

    @Test
    void errorsTypedAtThePromptNameNoLineAsSqlite3() throws Exception {
        String typed = "SELECT * FROM nosuch;\nSELECT 1;\nINSERT INTO t VALUES(1);\n";
        ShellHarness.Outcome ours = shell(typed, "-interactive", dir.resolve("p.db").toString());
        ShellHarness.Outcome theirs = sqlite3(typed, "-interactive", dir.resolve("p2.db").toString());
        assertThat(ours.err()).isEqualTo(theirs.err())
                .isEqualTo("Parse error: no such table: nosuch\nParse error: no such table: t\n");
        assertThat(ours.out()).endsWith("sqlite> 1\nsqlite> sqlite> \n");
        assertThat(ours.status()).isEqualTo(theirs.status()).isEqualTo(1);
    }
}
