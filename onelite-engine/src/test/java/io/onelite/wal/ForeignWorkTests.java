package io.onelite.wal;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Telling another process's writes and checkpoints from this JVM's own by what a reader sees. */
class ForeignWorkTests {
    private static WalIndexHeader header(int salt1, int mxFrame) {
        byte[] salts = new byte[8];
        WalFormat.putInt(salts, 0, salt1);
        WalFormat.putInt(salts, 4, 77);
        return WalIndexHeader.build(1, false, 4096, mxFrame, 2, 0, 0, salts);
    }

    @Test
    void whatThisJvmWroteIsNotForeignNorAreOlderViewsOfIt() {
        ForeignWork f = new ForeignWork();
        assertThat(f.observe(header(1, 10), 0, 0)).as("the first look adopts what is there").isFalse();
        f.writingHeader(header(1, 12));
        assertThat(f.observe(header(1, 12), 0, 1)).isFalse();
        assertThat(f.observe(header(1, 11), 0, 2)).as("a reader that read before the last commit").isFalse();
        f.writingBackfill(12);
        assertThat(f.observe(header(1, 12), 12, 3)).isFalse();
        f.writingHeader(header(2, 0)); // a restart of this JVM
        assertThat(f.observe(header(1, 12), 12, 4)).as("the header from before our restart").isFalse();
        assertThat(f.observe(header(2, 0), 12, 5)).as("the nBackfill from before our restart").isFalse();
        assertThat(f.lately(6)).isFalse();
    }

    @Test
    void anotherProcessesCommitRestartOrCheckpointIsSeenOnceAndForAWhile() {
        ForeignWork f = new ForeignWork();
        f.writingHeader(header(1, 10));
        f.writingBackfill(0);
        assertThat(f.observe(header(1, 11), 0, 100)).as("a commit this JVM did not make").isTrue();
        assertThat(f.lately(101)).isTrue();
        assertThat(f.lately(100 + ForeignWork.QUIET_NANOS)).isFalse();
        assertThat(f.observe(header(1, 11), 0, 200)).as("the same state again").isFalse();
        assertThat(f.observe(header(1, 11), 11, 300)).as("a checkpoint this JVM did not run").isTrue();
        assertThat(f.observe(header(5, 0), 0, 400)).as("a restart with salts this JVM did not make").isTrue();
        assertThat(f.lately(400 + ForeignWork.QUIET_NANOS - 1)).isTrue();
    }
}
