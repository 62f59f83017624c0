package io.onelite.pager;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The page memo of read views ({@link Snapshot}): views of one published state share the pages
 * they read, and a view of a newer state (our commit, another process's commit, a WAL restart by
 * another process) never sees a page of an older one, while an open view keeps its own state.
 */
class PageMemoTests {
    @TempDir
    Path dir;

    @Test
    void viewsOfOneStateShareTheirPagesAndEveryNewStateIsReadAfresh() {
        Path db = dir.resolve("memo.db");
        try (Pager p = Pager.open(db, PagerOptions.DEFAULTS.withAutoCheckpointFrames(0))) {
            FilePagerTests.commit(p, ws -> TestPages.createTable(ws, "t", 10));
            Snapshot first = p.beginRead();
            Snapshot same = p.beginRead();
            assertThat(TestPages.countRows(first, 2)).isEqualTo(10);
            assertThat(same.read(2)).isSameAs(first.read(2));
            p.endRead(same);

            FilePagerTests.commit(p, ws -> TestPages.rewriteTable(ws, 2, 20, 1));
            Snapshot ours = p.beginRead();
            assertThat(ours.read(2)).isNotSameAs(first.read(2));
            assertThat(TestPages.countRows(ours, 2)).isEqualTo(20);
            assertThat(TestPages.countRows(first, 2)).isEqualTo(10);
            p.endRead(ours);

            Sqlite3.run(db, "insert into t select x + 1000 from t;");
            Snapshot theirs = p.beginRead();
            assertThat(TestPages.countRows(theirs, 2)).isEqualTo(40);
            p.endRead(theirs);
            p.endRead(first);

            // another process copies the WAL back, restarts it and commits again: frame numbers
            // start over under new salts, and nothing read before may come back
            assertThat(Sqlite3.run(db, "pragma wal_checkpoint(truncate)")).isEqualTo("0|0|0");
            Sqlite3.run(db, "delete from t where x > 1000; insert into t values (777);");
            Snapshot restarted = p.beginRead();
            assertThat(TestPages.countRows(restarted, 2)).isEqualTo(21);
            assertThat(TestPages.firstColumn(restarted, 2)).contains(777L);
            p.endRead(restarted);
        }
    }
}
