package io.onelite.wal;

import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * One copy of the wal-index header (48 bytes, native byte order except the salts, which are the
 * raw bytes of the WAL header): iVersion, unused, iChange, isInit, bigEndCksum, szPage,
 * mxFrame, nPage, aFrameCksum[2], aSalt[2], aCksum[2] over bytes 0..39. Immutable.
 */
public final class WalIndexHeader {
    public static final int SIZE = 48;
    private static final boolean LE = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;

    final byte[] raw;
    /** {@link #raw} as six native-order words, for comparing with the mapped copies word by word. */
    final long[] words = new long[SIZE / 8];

    WalIndexHeader(byte[] raw) {
        this.raw = raw;
        for (int i = 0; i < words.length; i++) {
            words[i] = (long) NE64.get(raw, 8 * i);
        }
    }

    private static final java.lang.invoke.VarHandle NE64 =
            java.lang.invoke.MethodHandles.byteArrayViewVarHandle(long[].class, java.nio.ByteOrder.nativeOrder());

    /** Builds a header image: isInit 1, version 3007000, checksum computed. */
    static WalIndexHeader build(int iChange, boolean bigEndCksum, int pageSize, int mxFrame, int nPage,
                                int cksum0, int cksum1, byte[] salts8) {
        byte[] b = new byte[SIZE];
        putNE(b, 0, WalFormat.VERSION);
        putNE(b, 8, iChange);
        b[12] = 1;
        b[13] = (byte) (bigEndCksum ? 1 : 0);
        int v = (pageSize & 0xff00) | (pageSize >>> 16);
        putNE16(b, 14, v);
        putNE(b, 16, mxFrame);
        putNE(b, 20, nPage);
        putNE(b, 24, cksum0);
        putNE(b, 28, cksum1);
        System.arraycopy(salts8, 0, b, 32, 8);
        int[] s = new int[2];
        nativeChecksum(b, 40, s);
        putNE(b, 40, s[0]);
        putNE(b, 44, s[1]);
        return new WalIndexHeader(b);
    }

    /** The checksum SQLite stores in aCksum: over native-order words, starting from (0, 0). */
    static void nativeChecksum(byte[] b, int len, int[] s) {
        WalFormat.checksum(!LE, b, 0, len, s);
    }

    /** Valid = isInit set and the stored checksum matches. */
    boolean valid() {
        if (raw[12] == 0) {
            return false;
        }
        int[] s = new int[2];
        nativeChecksum(raw, 40, s);
        // frame and page numbers beyond 2^31 cannot come from a real WAL: treat as a bad header
        return s[0] == getNE(raw, 40) && s[1] == getNE(raw, 44) && mxFrame() >= 0 && nPage() >= 0;
    }

    public int version() {
        return getNE(raw, 0);
    }

    public int iChange() {
        return getNE(raw, 8);
    }

    public boolean bigEndCksum() {
        return raw[13] != 0;
    }

    public int pageSize() {
        int v = getNE16(raw, 14);
        return (v & 0xfe00) + ((v & 1) << 16);
    }

    public int mxFrame() {
        return getNE(raw, 16);
    }

    public int nPage() {
        return getNE(raw, 20);
    }

    public int frameCksum0() {
        return getNE(raw, 24);
    }

    public int frameCksum1() {
        return getNE(raw, 28);
    }

    /** The salts as the 8 raw bytes of the WAL header. */
    public byte[] salts() {
        return Arrays.copyOfRange(raw, 32, 40);
    }

    /** The salts as one number (identifies a WAL generation). */
    public long saltKey() {
        return ((long) WalFormat.getInt(raw, 32) << 32) | (WalFormat.getInt(raw, 36) & 0xffffffffL);
    }

    static int getNE(byte[] b, int off) {
        if (LE) {
            return (b[off] & 0xff) | ((b[off + 1] & 0xff) << 8) | ((b[off + 2] & 0xff) << 16) | ((b[off + 3] & 0xff) << 24);
        }
        return WalFormat.getInt(b, off);
    }

    static void putNE(byte[] b, int off, int v) {
        if (LE) {
            b[off] = (byte) v;
            b[off + 1] = (byte) (v >>> 8);
            b[off + 2] = (byte) (v >>> 16);
            b[off + 3] = (byte) (v >>> 24);
        } else {
            WalFormat.putInt(b, off, v);
        }
    }

    private static int getNE16(byte[] b, int off) {
        return LE ? (b[off] & 0xff) | ((b[off + 1] & 0xff) << 8) : ((b[off] & 0xff) << 8) | (b[off + 1] & 0xff);
    }

    private static void putNE16(byte[] b, int off, int v) {
        if (LE) {
            b[off] = (byte) v;
            b[off + 1] = (byte) (v >>> 8);
        } else {
            b[off] = (byte) (v >>> 8);
            b[off + 1] = (byte) v;
        }
    }

    @Override
    public String toString() {
        return "WalIndexHeader[mxFrame=" + mxFrame() + ", nPage=" + nPage() + ", iChange=" + iChange()
                + ", szPage=" + pageSize() + ", salts=" + Long.toHexString(saltKey()) + "]";
    }
}
