package io.onelite.wal;

/**
 * The WAL file format (see {@code docs/wal.md}): a 32-byte header of eight big-endian u32
 * (magic, version 3007000, page size, checkpoint sequence, salt-1, salt-2, checksum-1,
 * checksum-2) and frames of a 24-byte header (pgno, db size after commit or 0, salt-1, salt-2,
 * checksum-1, checksum-2) plus one page image. Checksums are cumulative over the header's first
 * 24 bytes, then each frame's first 8 header bytes and its page, read as 32-bit words in the
 * byte order the magic names (0x377F0682: little-endian words, as SQLite writes on x86/ARM).
 */
public final class WalFormat {
    public static final int MAGIC_LE = 0x377F0682;
    public static final int MAGIC_BE = 0x377F0683;
    public static final int VERSION = 3007000;
    public static final int HEADER_SIZE = 32;
    public static final int FRAME_HEADER_SIZE = 24;

    private WalFormat() {
    }

    /** File offset of frame {@code frame} (1-based). */
    public static long frameOffset(int frame, int pageSize) {
        return HEADER_SIZE + (long) (frame - 1) * (pageSize + FRAME_HEADER_SIZE);
    }

    public static int getInt(byte[] b, int off) {
        return ((b[off] & 0xff) << 24) | ((b[off + 1] & 0xff) << 16) | ((b[off + 2] & 0xff) << 8) | (b[off + 3] & 0xff);
    }

    public static void putInt(byte[] b, int off, int v) {
        b[off] = (byte) (v >>> 24);
        b[off + 1] = (byte) (v >>> 16);
        b[off + 2] = (byte) (v >>> 8);
        b[off + 3] = (byte) v;
    }

    /**
     * SQLite's {@code walChecksumBytes}: continues the checksum {@code s} (2 ints, updated in
     * place) over {@code len} bytes (a multiple of 8) of {@code b} from {@code off}
     * ({@link WalChecksum}: four lanes at a time, the same result).
     */
    public static void checksum(boolean bigEndianWords, byte[] b, int off, int len, int[] s) {
        WalChecksum.update(bigEndianWords, b, off, len, s);
    }

    /** Whether {@code pageSize} is a valid page size (power of two in 512..65536). */
    public static boolean validPageSize(int pageSize) {
        return pageSize >= 512 && pageSize <= 65536 && Integer.bitCount(pageSize) == 1;
    }
}
