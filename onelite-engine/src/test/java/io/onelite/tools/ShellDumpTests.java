package io.onelite.tools;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static io.onelite.tools.ShellHarness.assertSameAsSqlite3;
import static io.onelite.tools.ShellHarness.shell;
import static io.onelite.tools.ShellHarness.sqlite3;
import static org.assertj.core.api.Assertions.assertThat;

/** {@code .dump}: the same script as {@code sqlite3}'s, and one that {@code sqlite3} loads back into an equal database. */
class ShellDumpTests {
    @TempDir
    Path dir;

    /** Tables, indexes, views, triggers, every value type, AUTOINCREMENT, WITHOUT ROWID and generated columns. */
    private static final String SCHEMA = """
            CREATE TABLE t1(id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, price REAL, data BLOB);
            INSERT INTO t1(name, price, data) VALUES('a''b', 1.5, x'00ff'), ('line
            two', NULL, NULL), ('x', 0.1, x''), ('cr' || char(13) || 'lf' || char(10), -1e20, 1e999),
              ('日本語', -9223372036854775808.0, 'text in a blob column');
            CREATE TABLE "my table"("col one" int, [select] text);
            INSERT INTO "my table" VALUES(1, 'q'), (9223372036854775807, -9223372036854775808), (2.0, 'x\\n' || char(10));
            CREATE TABLE w(k TEXT PRIMARY KEY, v) WITHOUT ROWID;
            INSERT INTO w VALUES('k1', 9223372036854775807), ('k2', -1e20);
            CREATE INDEX t1_name ON t1(name);
            CREATE VIEW v1 AS SELECT name FROM t1;
            CREATE TRIGGER tr1 AFTER INSERT ON t1 BEGIN UPDATE t1 SET price = 0 WHERE id = new.id AND price IS NULL; END;
            CREATE TABLE empty(a);
            CREATE TABLE gen(a, b AS (a * 2));
            INSERT INTO gen(a) VALUES(3);
            CREATE TABLE nr(a, b);
            INSERT INTO nr VALUES(1, 2), (3, 4);
            DELETE FROM nr WHERE a = 1;
            CREATE TABLE child(id INTEGER PRIMARY KEY, t1 REFERENCES t1(id));
            INSERT INTO child VALUES(7, 1);
            """;

    @Test
    void theDumpIsTheScriptSqlite3Writes() throws Exception {
        assertSameAsSqlite3(dir, SCHEMA + ".dump\n", "DB");
    }

    @Test
    void dumpOptionsAndPatternsAsSqlite3() throws Exception {
        assertSameAsSqlite3(dir, SCHEMA + """
                .dump t1
                .dump 'my%' w
                .dump t1_name
                .dump --data-only nr
                .dump --preserve-rowids nr
                .dump --preserve-rowids
                .dump --newlines t%
                .dump --nosys
                .dump nosuch
                .dump --bogus
                """, "DB");
    }

    @Test
    void sqlite3LoadsTheDumpIntoAnEqualDatabase() throws Exception {
        Path original = dir.resolve("original.db");
        Path script = dir.resolve("dump.sql");
        Path loaded = dir.resolve("loaded.db");
        assertThat(shell(SCHEMA, original.toString()).status()).isZero();
        ShellHarness.Outcome dump = shell(".output " + script + "\n.dump\n", original.toString());
        assertThat(dump.err()).isEmpty();
        ShellHarness.Outcome load = sqlite3(Files.readString(script), loaded.toString());
        assertThat(load.err()).isEmpty();
        assertThat(load.status()).isZero();
        // sqlite3 itself describes both files: same schema, same rows, same sqlite_sequence
        String theirsOfOriginal = sqlite3(".dump\n", original.toString()).out();
        String theirsOfLoaded = sqlite3(".dump\n", loaded.toString()).out();
        assertThat(theirsOfLoaded).isEqualTo(theirsOfOriginal).contains("INSERT INTO sqlite_sequence VALUES('t1',5);");
        assertThat(sqlite3("", loaded.toString(), "PRAGMA integrity_check").out()).isEqualTo("ok\n");
    }

    @Test
    void ourDumpOfAFileSqlite3MadeEqualsSqlite3sOwn() throws Exception {
        Path made = dir.resolve("made-by-sqlite3.db");
        assertThat(sqlite3(SCHEMA, made.toString()).status()).isZero();
        assertThat(shell("", made.toString(), ".dump").out()).isEqualTo(sqlite3("", made.toString(), ".dump").out());
    }
}
