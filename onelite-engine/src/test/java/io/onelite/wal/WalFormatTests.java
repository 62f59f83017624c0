package io.onelite.wal;

import org.junit.jupiter.api.Test;

import java.nio.ByteOrder;

import static org.assertj.core.api.Assertions.assertThat;

class WalFormatTests {

    @Test
    void framesMapToWalIndexBlocksAsSqliteDoes() {
        assertThat(WalIndex.blockOf(1)).isZero();
        assertThat(WalIndex.blockOf(4062)).isZero();
        assertThat(WalIndex.blockOf(4063)).isEqualTo(1);
        assertThat(WalIndex.iZero(1)).isEqualTo(4062);
        assertThat(WalIndex.blockOf(4062 + 4096)).isEqualTo(1);
        assertThat(WalIndex.blockOf(4062 + 4096 + 1)).isEqualTo(2);
        assertThat(WalIndex.iZero(2)).isEqualTo(4062 + 4096);
        assertThat(WalFormat.frameOffset(1, 4096)).isEqualTo(32);
        assertThat(WalFormat.frameOffset(3, 1024)).isEqualTo(32 + 2 * 1048);
    }

    @Test
    void theChecksumFollowsSqlitesWordOrderRule() {
        byte[] b = new byte[16];
        for (int i = 0; i < 16; i++) {
            b[i] = (byte) (i + 1);
        }
        int[] le = new int[2];
        WalFormat.checksum(false, b, 0, 16, le);
        // by hand, little-endian words
        int x0 = 0x04030201, x1 = 0x08070605, x2 = 0x0c0b0a09, x3 = 0x100f0e0d;
        int s0 = x0;
        int s1 = x1 + s0;
        s0 += x2 + s1;
        s1 += x3 + s0;
        assertThat(le).containsExactly(s0, s1);
        int[] be = new int[2];
        WalFormat.checksum(true, b, 0, 16, be);
        assertThat(be).isNotEqualTo(le);
    }

    @Test
    void theChecksumEqualsAWordByWordReferenceAtAnyOffset() {
        java.util.Random rnd = new java.util.Random(42);
        byte[] b = new byte[4096 + 24 + 3];
        rnd.nextBytes(b);
        for (boolean bigEnd : new boolean[] {false, true}) {
            for (int off : new int[] {0, 3, 24}) {
                int[] fast = {rnd.nextInt(), rnd.nextInt()};
                int[] slow = fast.clone();
                WalFormat.checksum(bigEnd, b, off, 4096, fast);
                for (int i = off; i < off + 4096; i += 8) {
                    slow[0] += word(b, i, bigEnd) + slow[1];
                    slow[1] += word(b, i + 4, bigEnd) + slow[0];
                }
                assertThat(fast).as("big-endian %s, offset %d", bigEnd, off).containsExactly(slow);
            }
        }
    }

    private static int word(byte[] b, int i, boolean bigEnd) {
        int x = (b[i] & 0xff) | (b[i + 1] & 0xff) << 8 | (b[i + 2] & 0xff) << 16 | (b[i + 3] & 0xff) << 24;
        return bigEnd ? Integer.reverseBytes(x) : x;
    }

    @Test
    void walIndexHeadersRoundTripAndDetectDamage() {
        byte[] salts = {1, 2, 3, 4, 5, 6, 7, 8};
        WalIndexHeader h = WalIndexHeader.build(7, false, 65536, 42, 10, 11, 12, salts);
        assertThat(h.valid()).isTrue();
        assertThat(h.pageSize()).isEqualTo(65536);
        assertThat(h.mxFrame()).isEqualTo(42);
        assertThat(h.nPage()).isEqualTo(10);
        assertThat(h.iChange()).isEqualTo(7);
        assertThat(h.salts()).containsExactly(salts);
        assertThat(h.saltKey()).isEqualTo(0x0102030405060708L);
        assertThat(WalIndexHeader.build(1, false, 4096, 0, 0, 0, 0, salts).pageSize()).isEqualTo(4096);
        byte[] raw = h.raw.clone();
        raw[16] ^= 1;
        assertThat(new WalIndexHeader(raw).valid()).isFalse();
        // native order as SQLite on this host: mxFrame at offset 16
        int mx = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN ? (h.raw[16] & 0xff) : (h.raw[19] & 0xff);
        assertThat(mx).isEqualTo(42);
    }
}
