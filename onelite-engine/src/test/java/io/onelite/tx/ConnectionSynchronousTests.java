package io.onelite.tx;

import io.onelite.common.BeginMode;
import io.onelite.common.Synchronous;
import io.onelite.os.FaultyDbFile;
import io.onelite.pager.Pager;
import io.onelite.pager.PagerOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * PRAGMA synchronous per connection: a transaction's commit syncs the WAL as its connection's
 * level says (FULL, EXTRA), whatever the file was opened with; OFF and NORMAL commits do not.
 */
class ConnectionSynchronousTests {

    /** WAL syncs of one commit of each mode at the given connection level, on a file opened at {@code fileLevel}. */
    private static int[] walSyncs(Path db, Synchronous fileLevel, Synchronous connection) {
        FaultyDbFile.Faults wal = new FaultyDbFile.Faults();
        try (Pager pager = Pager.open(db, PagerOptions.DEFAULTS.withSynchronous(fileLevel).withAutoCheckpointFrames(0),
                f -> new FaultyDbFile(f, f.path().toString().endsWith("-wal") ? wal : new FaultyDbFile.Faults()))) {
            TxFixture f = new TxFixture(pager, TxOptions.DEFAULTS);
            int root = f.createTable();
            int[] out = new int[2];
            BeginMode[] modes = {BeginMode.IMMEDIATE, BeginMode.CONCURRENT};
            for (int i = 0; i < modes.length; i++) {
                wal.syncs.set(0);
                Transaction t = f.begin(modes[i]);
                t.setSynchronous(connection);
                TxFixture.put(t, root, i + 1, "row");
                t.commit();
                out[i] = wal.syncs.get();
            }
            return out;
        }
    }

    @Test
    void aFullConnectionSyncsItsCommitsOnAFileOpenedWithSynchronousOff(@TempDir Path dir) {
        assertThat(walSyncs(dir.resolve("a.db"), Synchronous.OFF, Synchronous.FULL)).containsExactly(1, 1);
        assertThat(walSyncs(dir.resolve("b.db"), Synchronous.OFF, Synchronous.EXTRA)).containsExactly(1, 1);
    }

    @Test
    void anOffOrNormalConnectionDoesNotSyncItsCommitsOnAFullFile(@TempDir Path dir) {
        assertThat(walSyncs(dir.resolve("c.db"), Synchronous.FULL, Synchronous.OFF)).containsExactly(0, 0);
        assertThat(walSyncs(dir.resolve("d.db"), Synchronous.FULL, Synchronous.NORMAL)).containsExactly(0, 0);
    }

    @Test
    void withoutAConnectionLevelTheFileLevelDecides(@TempDir Path dir) {
        assertThat(walSyncs(dir.resolve("e.db"), Synchronous.FULL, null)).containsExactly(1, 1);
        assertThat(walSyncs(dir.resolve("f.db"), Synchronous.NORMAL, null)).containsExactly(0, 0);
    }
}
