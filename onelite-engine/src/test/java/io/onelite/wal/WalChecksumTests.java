package io.onelite.wal;

import io.onelite.testing.ReplaySeed;
import io.onelite.testing.Sqlite3;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** The four-lane checksum ({@link WalChecksum}) against the serial loop of SQLite and against WAL files sqlite3 wrote. */
class WalChecksumTests {

    @Test
    void theLanesGiveTheSerialLoopsChecksumForAnyLengthOffsetAndStartingState() {
        long seed = ReplaySeed.announce("WalChecksumTests");
        Random rnd = new Random(seed);
        byte[] b = new byte[65536 + 64];
        rnd.nextBytes(b);
        int[] lengths = {0, 8, 24, 40, 504, 512, 520, 1024, 4096, 4096 + 8, 65536};
        for (boolean bigEnd : new boolean[] {false, true}) {
            for (int round = 0; round < 300; round++) {
                int len = round < lengths.length ? lengths[round] : 8 * rnd.nextInt(65536 / 8 + 1);
                int off = rnd.nextInt(b.length - len + 1);
                int[] fast = {rnd.nextInt(), rnd.nextInt()};
                int[] slow = fast.clone();
                WalFormat.checksum(bigEnd, b, off, len, fast);
                serial(bigEnd, b, off, len, slow);
                assertThat(fast).as("seed %d, big-endian %s, offset %d, length %d", seed, bigEnd, off, len).containsExactly(slow);
            }
        }
    }

    @Test
    void powersOfTheStepMatrixMatchRepeatedMultiplication() {
        int a = 1, b = 0, c = 1; // M^0
        for (int n = 0; n <= 3000; n++) {
            var p = WalChecksum.computePower(n);
            assertThat(new int[] {p.a(), p.b(), p.c()}).as("M^%d", n).containsExactly(a, b, c);
            // times M = [[1, 1], [1, 2]]
            int na = a + b;
            int nb = a + 2 * b;
            int nc = b + 2 * c;
            a = na;
            b = nb;
            c = nc;
        }
    }

    @Test
    void everyFrameChecksumOfWalFilesSqlite3WroteIsReproduced(@TempDir Path dir) throws Exception {
        for (int pageSize : new int[] {512, 4096, 65536}) {
            Path db = dir.resolve("s" + pageSize + ".db");
            Path copy = dir.resolve("s" + pageSize + ".wal-copy");
            // the copy is taken while sqlite3 still has the database open (it checkpoints and deletes the WAL at exit)
            String out = Sqlite3.run(db, "pragma page_size=" + pageSize + ";\npragma journal_mode=wal;\n"
                    + "pragma wal_autocheckpoint=0;\n"
                    + "create table t (id integer primary key, v blob);\n"
                    + "with recursive n(i) as (select 1 union all select i + 1 from n where i < 300)\n"
                    + "insert into t select i, randomblob(i % 700) from n;\n"
                    + "update t set v = randomblob(50) where id % 3 = 0;\n"
                    + "delete from t where id % 7 = 0;\n"
                    + ".shell cp '" + db + "-wal' '" + copy + "'\n");
            assertThat(out).contains("wal");
            byte[] wal = Files.readAllBytes(copy);
            assertThat(WalFormat.getInt(wal, 0)).isEqualTo(WalFormat.MAGIC_LE);
            assertThat(WalFormat.getInt(wal, 8)).isEqualTo(pageSize);
            int[] ck = new int[2];
            WalFormat.checksum(false, wal, 0, 24, ck);
            assertThat(new int[] {WalFormat.getInt(wal, 24), WalFormat.getInt(wal, 28)}).containsExactly(ck);
            int frameSize = WalFormat.FRAME_HEADER_SIZE + pageSize;
            int frames = (wal.length - WalFormat.HEADER_SIZE) / frameSize;
            assertThat(frames).as("frames written with page size %d", pageSize).isGreaterThan(3);
            for (int f = 0; f < frames; f++) {
                int off = WalFormat.HEADER_SIZE + f * frameSize;
                WalFormat.checksum(false, wal, off, 8, ck);
                WalFormat.checksum(false, wal, off + WalFormat.FRAME_HEADER_SIZE, pageSize, ck);
                assertThat(new int[] {WalFormat.getInt(wal, off + 16), WalFormat.getInt(wal, off + 20)})
                        .as("frame %d, page size %d", f + 1, pageSize).containsExactly(ck);
            }
        }
    }

    /** SQLite's {@code walChecksumBytes}, word by word. */
    private static void serial(boolean bigEnd, byte[] b, int off, int len, int[] s) {
        for (int i = off; i < off + len; i += 8) {
            s[0] += word(b, i, bigEnd) + s[1];
            s[1] += word(b, i + 4, bigEnd) + s[0];
        }
    }

    private static int word(byte[] b, int i, boolean bigEnd) {
        int x = (b[i] & 0xff) | (b[i + 1] & 0xff) << 8 | (b[i + 2] & 0xff) << 16 | (b[i + 3] & 0xff) << 24;
        return bigEnd ? Integer.reverseBytes(x) : x;
    }
}
