package io.onelite.pager;

import io.onelite.testing.Sqlite3;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

/** A rollback-mode writer killed mid-transaction leaves a hot journal that we roll back before switching to WAL. */
class HotJournalTests {
    @TempDir
    Path dir;

    @Test
    void aHotJournalIsRolledBackBeforeTheSwitchToWal() throws Exception {
        Path db = dir.resolve("hot.db");
        Sqlite3.checked(db, "pragma journal_mode=delete; create table t(x);"
                + " with recursive c(i) as (select 1 union all select i+1 from c where i<5000) insert into t select i from c;");
        byte[] before = Files.readAllBytes(db);
        Process sq = new ProcessBuilder("sqlite3", db.toString()).redirectErrorStream(true).start();
        sq.getOutputStream().write("pragma cache_size=2;\nbegin;\nupdate t set x = x + 1000000;\nselect 'updated';\n"
                .getBytes(StandardCharsets.UTF_8));
        sq.getOutputStream().flush();
        byte[] buf = new byte[7];
        assertThat(sq.getInputStream().readNBytes(buf, 0, 7)).isEqualTo(7);
        assertThat(new String(buf, StandardCharsets.UTF_8)).isEqualTo("updated");
        sq.destroyForcibly();
        sq.waitFor();
        Path journal = Path.of(db + "-journal");
        assertThat(Files.size(journal)).as("hot journal left behind").isPositive();
        assertThat(Arrays.equals(Files.readAllBytes(db), before)).as("the killed writer spilled pages into the file").isFalse();

        try (Pager p = Pager.open(db, PagerOptions.DEFAULTS)) {
            assertThat(Files.exists(journal)).isFalse();
            Snapshot s = p.beginRead();
            assertThat(s.read(1)[18]).isEqualTo((byte) 2);
            assertThat(TestPages.countRows(s, TestPages.rootOf(s, "t"))).isEqualTo(5000);
            p.endRead(s);
        }
        assertThat(Sqlite3.checked(db, "pragma journal_mode; select count(*), sum(x) from t; pragma integrity_check"))
                .isEqualTo("wal\n5000|12502500\nok");
    }

    @Test
    void aJournalWithAZeroedHeaderIsNotHot() throws Exception {
        Path db = dir.resolve("cold.db");
        Sqlite3.checked(db, "pragma journal_mode=delete; create table t(x); insert into t values(1);");
        Files.write(Path.of(db + "-journal"), new byte[4096]);
        try (Pager p = Pager.open(db, PagerOptions.DEFAULTS)) {
            Snapshot s = p.beginRead();
            assertThat(TestPages.countRows(s, TestPages.rootOf(s, "t"))).isEqualTo(1);
            p.endRead(s);
        }
        assertThat(Files.exists(Path.of(db + "-journal"))).isFalse();
        assertThat(Sqlite3.checked(db, "pragma integrity_check")).isEqualTo("ok");
    }
}
