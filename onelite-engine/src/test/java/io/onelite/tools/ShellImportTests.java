package io.onelite.tools;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static io.onelite.tools.ShellHarness.assertSameAsSqlite3;
import static io.onelite.tools.ShellHarness.both;
import static org.assertj.core.api.Assertions.assertThat;

/** {@code .import}: the same tables, rows, warnings and errors as {@code sqlite3}'s. */
class ShellImportTests {
    @TempDir
    Path dir;

    @BeforeEach
    void files() throws Exception {
        write("people.csv", "name,age,\"note, long\"\nann,30,\"said \"\"hi\"\"\"\nbob,,\"multi\nline\"\n\"\",7,x\n");
        write("pipes.psv", "a|b\n1|2\n\"q|uoted\"|3\n");
        write("ragged.csv", "x,y\n1,2,3\n4\n");
        write("dup.csv", "a,a,\n1,2,3\n");
        write("crlf.csv", "a,b\r\n1,2\r\n\r\n3,\"x\r\ny\"\r\n");
        write("empty.csv", "");
        write("semi.csv", "a;b\n1;2\n");
        write("noeol.csv", "a,b\n1,2");
        write("bom.csv", "\uFEFFa,b\n1,2\n");
        write("refused.csv", "a,b\n1,2\n1,3\n,4\n5,6\n");
        write("refusedlast.csv", "a,b\n1,2\n,4\n");
        write("malformed.csv", "a,b,c\n1,ab\"c,2\n\"x\"y\"z\",2\n1,\"a\" ,2\n3,4\n");
        write("unterminated.csv", "a,b,c\n1,\"bad\"x,2\n3,4\n");
    }

    private void write(String name, String text) throws Exception {
        Files.writeString(dir.resolve(name), text);
    }

    @Test
    void csvImportCreatesTheTableFromTheHeaderOrAppendsEveryRow() throws Exception {
        assertSameAsSqlite3(dir, """
                .import --csv %1$s/people.csv people
                .schema people
                SELECT *, typeof(age) FROM people;
                .mode csv
                .import %1$s/people.csv people
                SELECT count(*) FROM people;
                .import --skip 1 %1$s/people.csv people
                SELECT count(*) FROM people;
                .import --csv %1$s/noeol.csv noeol
                SELECT * FROM noeol;
                .import --csv %1$s/bom.csv bom
                .schema bom
                ATTACH ':memory:' AS aux;
                .import --csv --schema aux %1$s/people.csv people
                .import --csv --schema aux %1$s/people.csv people
                SELECT count(*) FROM aux.people;
                CREATE TABLE typed(a INTEGER, b REAL, c);
                .import --csv --skip 1 %1$s/people.csv typed
                .mode list
                SELECT a, typeof(a), b, typeof(b), c FROM typed;
                """.formatted(dir), "DB");
    }

    @Test
    void theOutputModeChoosesTheInputFormatAndSeparators() throws Exception {
        assertSameAsSqlite3(dir, """
                .import %1$s/pipes.psv pipes
                SELECT * FROM pipes;
                .separator ;
                .import %1$s/semi.csv semi
                SELECT * FROM semi;
                .mode ascii
                .import %1$s/people.csv asc
                .mode list
                SELECT count(*) FROM asc;
                .mode csv
                .separator ;
                .import %1$s/semi.csv semi2
                SELECT * FROM semi2;
                .separator ;;
                .import %1$s/semi.csv semi3
                """.formatted(dir), "DB");
    }

    @Test
    void raggedRowsDuplicateNamesLineBreaksStrayQuotesAndEmptyFilesAsSqlite3() throws Exception {
        assertSameAsSqlite3(dir, """
                .import --csv %1$s/ragged.csv ragged
                SELECT * FROM ragged;
                .import --csv %1$s/dup.csv dup
                .schema dup
                .import --csv %1$s/crlf.csv crlf
                SELECT a, hex(b) FROM crlf;
                .import --csv %1$s/empty.csv em
                .import nosuch.csv x
                .import --csv %1$s/malformed.csv malformed
                .import --csv %1$s/unterminated.csv unterminated
                .mode quote
                SELECT * FROM malformed;
                SELECT * FROM unterminated;
                """.formatted(dir), "DB");
    }

    @Test
    void usageErrorsPrintTheUsageAndFail() throws Exception {
        for (String args : new String[]{"", "--csv " + dir + "/ragged.csv", "--csv --bogus " + dir + "/ragged.csv t"}) {
            ShellHarness.Outcome[] o = both(dir, ".import " + args + "\n", "DB");
            assertThat(o[0].out().lines().findFirst()).isEqualTo(o[1].out().lines().findFirst());
            assertThat(o[0].status()).isEqualTo(o[1].status()).isEqualTo(1);
        }
    }

    @Test
    void rowsTheTableRefusesAreReportedAndFailTheImportWhenLast() throws Exception {
        String create = "CREATE TABLE c(a INTEGER PRIMARY KEY, b NOT NULL);\n";
        assertSameAsSqlite3(dir, create + ".import --csv --skip 1 %s/refused.csv c\nSELECT * FROM c;\n".formatted(dir), "DB");
        assertSameAsSqlite3(dir, create + ".import --csv --skip 1 %s/refusedlast.csv c\nSELECT * FROM c;\n".formatted(dir), "DB");
    }
}
