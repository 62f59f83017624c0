package io.onelite.tools;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static io.onelite.tools.ShellHarness.assertSameAsSqlite3;
import static io.onelite.tools.ShellHarness.shell;
import static io.onelite.tools.ShellHarness.sqlite3;
import static org.assertj.core.api.Assertions.assertThat;

/** The dot-commands besides output modes, .dump and .import, against {@code sqlite3}. */
class ShellDotCommandTests {
    @TempDir
    Path dir;

    @Test
    void schemaTablesIndexesAndDatabasesAsSqlite3() throws Exception {
        assertSameAsSqlite3(dir, """
                CREATE TABLE b(x);
                CREATE TABLE a(y);
                CREATE TABLE "my table"(z);
                CREATE INDEX bx ON b(x);
                CREATE TABLE u(k UNIQUE);
                CREATE VIEW v2 AS SELECT 1 AS [a b], 2 AS c, 3 AS [select];
                CREATE TABLE "é"(e);
                CREATE TABLE sqlitex(s);
                CREATE TABLE "日本語テーブル"(j);
                CREATE TEMP TABLE tt(q);
                CREATE INDEX temp.ti ON tt(q);
                CREATE TEMP VIEW tv AS SELECT 1;
                .tables
                .tables m%
                .schema
                .schema b
                .indexes
                .indexes b
                .indexes nosuch
                .indexes a b
                .schema a b
                .schema --nosys
                .schema --nosys b
                .schema --bogus
                .databases
                """, "DB");
    }

    @Test
    void settingsCommandsShowPrintAndReportErrorsAsSqlite3() throws Exception {
        assertSameAsSqlite3(dir, """
                .show
                .mode csv
                .separator ; \\n
                .nullvalue \\tN
                .width 3 -4
                .headers on
                .show
                .print hello "a\\tb" 'c\\td'
                .print
                .headers maybe
                .headers
                .echo
                .separator
                .nullvalue
                .show extra
                .frob
                .h on
                .o
                .on
                .op
                .da
                .in
                .ex
                .mo box
                SELECT 1 AS one;
                """, "DB");
    }

    @Test
    void echoChangesAndBailAsSqlite3() throws Exception {
        String script = """
                CREATE TABLE t(a UNIQUE);
                INSERT INTO t VALUES(1);
                .echo on
                SELECT 1;
                INSERT INTO t VALUES(1);
                SELECT
                  2;
                .changes on
                INSERT INTO t VALUES(5), (6);
                SELECT 3; SELECT 4;
                INSERT INTO t VALUES(7); INSERT INTO nosuch VALUES(1); SELECT 'not reached';
                .echo off
                .changes off
                .bail on
                SELECT 'stops before this: an error came earlier';
                """;
        assertSameAsSqlite3(dir, script, "DB");
        assertSameAsSqlite3(dir, script.replace(".bail on\n", ""), "DB");
        assertSameAsSqlite3(dir, ".bail on\nSELECT * FROM nosuch;\nSELECT 'not reached';\n", "DB");
    }

    @Test
    void outputAndOnceSendResultsToAFile() throws Exception {
        String script = """
                CREATE TABLE t(a);
                INSERT INTO t VALUES(1), (2);
                .output FILE1
                SELECT * FROM t;
                .print printed
                .mode csv
                SELECT 'x,y';
                .output
                SELECT 'back';
                .once FILE2
                SELECT 'once';
                SELECT 'after once';
                .output stdout
                .show
                """;
        ShellHarness.Outcome ours = shell(files(script, "ours"), dir.resolve("ours.db").toString());
        ShellHarness.Outcome theirs = sqlite3(files(script, "theirs"), dir.resolve("theirs.db").toString());
        assertThat(ours.out().replace("ours", "X")).isEqualTo(theirs.out().replace("theirs", "X"));
        assertThat(Files.readString(dir.resolve("ours-1.txt"))).isEqualTo(Files.readString(dir.resolve("theirs-1.txt")))
                .isEqualTo("1\n2\nprinted\n\"x,y\"\r\n");
        assertThat(Files.readString(dir.resolve("ours-2.txt"))).isEqualTo(Files.readString(dir.resolve("theirs-2.txt")))
                .isEqualTo("once\r\n");
    }

    private String files(String script, String who) {
        return script.replace("FILE1", dir.resolve(who + "-1.txt").toString()).replace("FILE2", dir.resolve(who + "-2.txt").toString());
    }

    @Test
    void backupSaveAndOpenAsSqlite3() throws Exception {
        String script = """
                CREATE TABLE t(a);
                INSERT INTO t VALUES(1), (2);
                .backup WHO-copy.db
                .save WHO-saved.db
                .backup main WHO-copy.db
                .backup nosuchdb WHO-x.db
                .backup
                .open WHO-copy.db
                SELECT * FROM t;
                .open
                SELECT count(*) FROM sqlite_schema;
                .open --readonly WHO-saved.db
                INSERT INTO t VALUES(3);
                SELECT * FROM t;
                .open --new WHO-copy.db
                SELECT count(*) FROM sqlite_schema;
                .open a b
                """;
        String ours = dir.resolve("ours").toString();
        String theirs = dir.resolve("theirs").toString();
        ShellHarness.Outcome o = shell(script.replace("WHO", ours), ":memory:");
        ShellHarness.Outcome t = sqlite3(script.replace("WHO", theirs), ":memory:");
        assertThat(o.out().replace(ours, "WHO")).isEqualTo(t.out().replace(theirs, "WHO"));
        assertThat(o.err().replace(ours, "WHO")).isEqualTo(t.err().replace(theirs, "WHO"));
        assertThat(o.status()).isEqualTo(t.status());
        ShellHarness.Outcome check = sqlite3("", ours + "-saved.db", "PRAGMA integrity_check", "SELECT * FROM t");
        assertThat(check.out()).isEqualTo("ok\n1\n2\n");
    }

    @Test
    void timerPrintsRunTimeLinesShapedAsSqlite3s() {
        ShellHarness.Outcome o = shell(".timer on\nSELECT 1;\n.timer off\nSELECT 2;\n", dir.resolve("timer.db").toString());
        assertThat(o.out()).matches("1\nRun Time: real \\d+\\.\\d{3} user \\d+\\.\\d{6} sys \\d+\\.\\d{6}\n2\n");
    }

    @Test
    void exitStopsWithItsCodeAndQuitWithZero() throws Exception {
        assertSameAsSqlite3(dir, "SELECT 1;\n.exit 3\nSELECT 2;\n", "DB");
        assertSameAsSqlite3(dir, "SELECT 1;\n.quit\nSELECT 2;\n", "DB");
        assertSameAsSqlite3(dir, "", "DB", "SELECT 1", ".exit 4", "SELECT 2");
    }

    @Test
    void helpListsEveryCommandTheShellRuns() {
        ShellHarness.Outcome o = shell(".help\n", dir.resolve("help.db").toString());
        for (String cmd : new String[]{".backup", ".bail", ".changes", ".databases", ".dump", ".echo", ".eqp", ".exit",
                ".headers", ".import", ".indexes", ".mode", ".nullvalue", ".once", ".open", ".output", ".parameter", ".print", ".prompt",
                ".quit", ".read", ".save", ".schema", ".separator", ".show", ".tables", ".timeout", ".timer", ".width"}) {
            assertThat(o.out().lines()).anyMatch(l -> l.startsWith(cmd + " "));
            assertThat(shell(cmd.equals(".quit") || cmd.equals(".exit") ? "" : cmd + "\n", dir.resolve("h.db").toString()).err())
                    .as(cmd).doesNotContain("unknown command");
        }
    }

    @Test
    void eqpPrintsEachStatementsPlanFirstAndTimeoutSetsTheBusyTimeout() throws Exception {
        assertSameAsSqlite3(dir, """
                CREATE TABLE t(a, b);
                CREATE INDEX ta ON t(a);
                .eqp on
                .show
                SELECT * FROM t WHERE a = 1;
                INSERT INTO t VALUES(1, 2);
                SELECT a FROM t;
                EXPLAIN QUERY PLAN SELECT * FROM t;
                .eqp off
                SELECT * FROM t;
                .eq
                .timeout 750
                PRAGMA busy_timeout;
                .timeo
                PRAGMA busy_timeout;
                """, "DB");
    }

    @Test
    void promptReplacesBothPrompts() {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        int rc = new Shell(new java.io.PrintStream(out, true, java.nio.charset.StandardCharsets.UTF_8),
                new java.io.PrintStream(new java.io.ByteArrayOutputStream()))
                .run(new String[]{dir.resolve("prompt.db").toString()}, true,
                        new java.io.StringReader(".prompt 'A> ' 'B> '\nSELECT\n1;\n.prom X\n"));
        assertThat(rc).isZero();
        assertThat(out.toString(java.nio.charset.StandardCharsets.UTF_8)).endsWith("sqlite> A> B> 1\nA> X\n");
    }

    @Test
    void parametersBindNamedParametersAsSqlite3() throws Exception {
        assertSameAsSqlite3(dir, """
                .parameter set :a 1.5
                .parameter set :bb x'00ff'
                .parameter set :c NULL
                .parameter set :d 'x' 'y'
                .parameter set :e 1+2
                .parameter set f 3
                .parameter set $z hello
                .parameter set @y 'abc'
                .parameter list
                SELECT :a, hex(:bb), :c, :e, ?1, @y, $z, :nope;
                .parameter unset :a
                .parameter list
                SELECT :a;
                .parameter clear
                .parameter list
                .parameter
                .parameter bogus
                .par init
                .pa init
                """, "DB");
    }
}
