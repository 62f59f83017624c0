package io.onelite.tools;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static io.onelite.tools.ShellHarness.assertSameAsSqlite3;
import static io.onelite.tools.ShellHarness.both;
import static io.onelite.tools.ShellHarness.shell;
import static org.assertj.core.api.Assertions.assertThat;

/** Command-line options, standard input and exit statuses, against {@code sqlite3} in batch mode. */
class ShellCommandLineTests {
    @TempDir
    Path dir;

    private static final String ERRORS = """
            CREATE TABLE t(a UNIQUE);
            INSERT INTO t VALUES(1);
            SELECT * FROM nosuch;
            INSERT INTO t
              VALUES(1);
            SELECT 'after the errors';
            SELECT abs(-9223372036854775807 - 1);
            SELECT 'last', 'without a semicolon'
            """;

    @Test
    void errorsOnStandardInputNameTheirLineAndSetTheStatus() throws Exception {
        assertSameAsSqlite3(dir, ERRORS, "DB");
        assertSameAsSqlite3(dir, ERRORS, "-bail", "DB");
        assertSameAsSqlite3(dir, "SELECT 1; SELECT 2;\nSELECT\n3\n;\n-- a comment\n/* another */ SELECT 4;\n", "DB");
    }

    @Test
    void aSyntaxErrorNamesItsLineAndPointsAtItsTokenAsSqlite3() throws Exception {
        ShellHarness.Outcome[] o = both(dir, "SELECT 1;\nSELEC 1;\nSELECT 2;\n", "DB");
        assertThat(o[0].out()).isEqualTo(o[1].out()).isEqualTo("1\n2\n");
        assertThat(o[0].err()).isEqualTo(o[1].err())
                .isEqualTo("Parse error near line 2: near \"SELEC\": syntax error\n  SELEC 1;\n  ^--- error here\n");
        assertThat(o[0].status()).isEqualTo(o[1].status()).isEqualTo(1);
    }

    @Test
    void cmdCommandsRunInOrderBeforeStandardInput() throws Exception {
        assertSameAsSqlite3(dir, "SELECT 'from stdin', 2;\n", "-cmd", "SELECT 1", "-cmd", ".mode csv", "-cmd", "SELECT 'a,b'", "DB");
        assertSameAsSqlite3(dir, "SELECT 2;\n", "-cmd", "SELECT * FROM nosuch", "DB");
        assertSameAsSqlite3(dir, "SELECT 2;\n", "-bail", "-cmd", "SELECT * FROM nosuch", "DB");
        assertSameAsSqlite3(dir, "SELECT 2;\n", "-cmd", "SELECT 1", "-csv", "-cmd", "SELECT 'x y'", "DB");
    }

    @Test
    void sqlArgumentsRunInsteadOfStandardInputAndStopAtTheFirstError() throws Exception {
        assertSameAsSqlite3(dir, "SELECT 'stdin is not read';\n", "DB", "CREATE TABLE t(a UNIQUE)", "INSERT INTO t VALUES(1)",
                "SELECT a FROM t", ".mode csv", "SELECT 'x,y'");
        assertSameAsSqlite3(dir, "", "DB", "SELECT * FROM nosuch", "SELECT 1");
        assertSameAsSqlite3(dir, "", "DB", "CREATE TABLE t(a UNIQUE)", "INSERT INTO t VALUES(1)", "INSERT INTO t VALUES(1)", "SELECT 1");
        assertSameAsSqlite3(dir, "", "DB", "-header", "SELECT 1 AS options_may_follow_the_file");
    }

    @Test
    void initFileRunsFirstAndEchoPrintsEachInput() throws Exception {
        Path init = dir.resolve("init.sql");
        Files.writeString(init, "SELECT 'from init';\n.mode csv\n");
        assertSameAsSqlite3(dir, "SELECT 2, 'a b';\n", "-init", init.toString(), "DB");
        assertSameAsSqlite3(dir, "SELECT 2;\n", "-init", dir.resolve("nosuch.sql").toString(), "DB");
        assertSameAsSqlite3(dir, "SELECT 1;\n.print x\nSELECT\n 2;\n", "-echo", "DB");
        assertSameAsSqlite3(dir, "", "-echo", "DB", "SELECT 5", ".print x");
    }

    @Test
    void readonlyRefusesWritesWithSqlite3sErrorAndStatus() throws Exception {
        Path db = dir.resolve("ro.db");
        assertThat(shell("", db.toString(), "CREATE TABLE t(a)", "INSERT INTO t VALUES(1)").status()).isZero();
        ShellHarness.Outcome arg = shell("", "-readonly", db.toString(), "INSERT INTO t VALUES(2)");
        ShellHarness.Outcome theirs = ShellHarness.sqlite3("", "-readonly", db.toString(), "INSERT INTO t VALUES(2)");
        assertThat(arg.err()).isEqualTo(theirs.err()).isEqualTo("Error: stepping, attempt to write a readonly database (8)\n");
        assertThat(arg.status()).isEqualTo(theirs.status()).isEqualTo(8);
        String stdin = "INSERT INTO t VALUES(3);\nSELECT count(*) FROM t;\n";
        ShellHarness.Outcome ours = shell(stdin, "-readonly", db.toString());
        theirs = ShellHarness.sqlite3(stdin, "-readonly", db.toString());
        assertThat(ours.out()).isEqualTo(theirs.out()).isEqualTo("1\n");
        assertThat(ours.err()).isEqualTo(theirs.err());
        assertThat(ours.status()).isEqualTo(theirs.status()).isEqualTo(1);
    }

    @Test
    void badOptionsFailAsInSqlite3() throws Exception {
        for (String[] args : new String[][]{{"-nosuchoption", "DB"}, {"DB", "-separator"}, {"-cmd"}}) {
            ShellHarness.Outcome[] o = both(dir, "", args);
            assertThat(o[0].err()).isEqualTo(o[1].err().replace("sqlite3: ", ""));
            assertThat(o[0].status()).isEqualTo(o[1].status()).isEqualTo(1);
        }
    }

    @Test
    void helpGoesToStandardErrorAndVersionToStandardOutput() throws Exception {
        ShellHarness.Outcome[] help = both(dir, "", "-help");
        assertThat(help[0].err()).startsWith("Usage: ").contains("-cmd COMMAND").contains("-readonly");
        assertThat(help[0].out()).isEqualTo(help[1].out()).isEmpty();
        assertThat(help[0].status()).isEqualTo(help[1].status()).isEqualTo(1);
        ShellHarness.Outcome version = shell("", "-version");
        assertThat(version.out()).matches("\\d+\\.\\d+\\.\\d+ \\(OneLite\\)\n");
        assertThat(version.status()).isZero();
    }

    @Test
    void batchSuppressesTheBannerAndPromptsOfAConsole() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int rc = new Shell(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(new ByteArrayOutputStream()))
                .run(new String[]{"-batch", dir.resolve("b.db").toString()}, true, new StringReader("SELECT 41 + 1;\n"));
        assertThat(rc).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("42\n");
    }
}
