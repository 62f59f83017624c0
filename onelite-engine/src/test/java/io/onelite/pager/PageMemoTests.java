package io.onelite.pager;

import io.onelite.testing.Sqlite3;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The page memo of read views ({@link Snapshot}, shared by the views of one published state):
 * a view of a newer state (our commit, another process's commit, a WAL restart by another
 * process) never sees a page of an older one, while an open view keeps its own state. The trees
 * grow past one page so that interior pages, the ones memoized, are read.
 */
class PageMemoTests {
    @TempDir
    Path dir;

    @Test
    void everyNewStateIsReadAfreshWhileOpenViewsKeepTheirs() {
        Path db = dir.resolve("memo.db");
        try (Pager p = Pager.open(db, PagerOptions.DEFAULTS.withAutoCheckpointFrames(0))) {
            FilePagerTests.commit(p, ws -> TestPages.createTable(ws, "t", 10));
            Snapshot first = p.beginRead();
            Snapshot same = p.beginRead();
            assertThat(TestPages.countRows(first, 2)).isEqualTo(10);
            assertThat(same.read(1)).isEqualTo(first.read(1));
            p.endRead(same);

            FilePagerTests.commit(p, ws -> TestPages.rewriteTable(ws, 2, 20, 1));
            Snapshot ours = p.beginRead();
            assertThat(ours.read(2)).isNotSameAs(first.read(2));
            assertThat(TestPages.countRows(ours, 2)).isEqualTo(20);
            assertThat(TestPages.countRows(first, 2)).isEqualTo(10);
            p.endRead(ours);

            Sqlite3.checked(db, "with recursive c(i) as (select 1 union all select i + 1 from c where i < 2000) "
                    + "insert into t select i + 1000 from c;");
            Snapshot theirs = p.beginRead();
            assertThat(theirs.read(2)[0]).as("root page type: interior").isEqualTo((byte) 5);
            assertThat(TestPages.countRows(theirs, 2)).isEqualTo(2020);
            Snapshot again = p.beginRead();
            assertThat(TestPages.countRows(again, 2)).isEqualTo(2020);
            p.endRead(again);

            Sqlite3.checked(db, "delete from t where x > 1500;");
            Snapshot shrunk = p.beginRead();
            assertThat(TestPages.countRows(shrunk, 2)).isEqualTo(520);
            assertThat(TestPages.countRows(theirs, 2)).isEqualTo(2020);
            assertThat(TestPages.countRows(first, 2)).isEqualTo(10);
            p.endRead(shrunk);
            p.endRead(theirs);
            p.endRead(first);

            // another process copies the WAL back, restarts it and commits again: frame numbers
            // start over under new salts, and nothing read before may come back
            assertThat(Sqlite3.checked(db, "pragma wal_checkpoint(truncate)")).isEqualTo("0|0|0");
            Sqlite3.checked(db, "delete from t where x > 1000 and x < 1400; insert into t values (777);");
            Snapshot restarted = p.beginRead();
            assertThat(TestPages.countRows(restarted, 2)).isEqualTo(20 + 101 + 1);
            p.endRead(restarted);
        }
    }
}
