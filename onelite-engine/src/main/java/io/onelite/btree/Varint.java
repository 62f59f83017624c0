package io.onelite.btree;

/**
 * SQLite's variable-length integer (as {@code sqlite3PutVarint} / {@code sqlite3GetVarint} in
 * {@code util.c}): 1 to 9 bytes, big-endian 7-bit groups with the high bit meaning "more"; a ninth
 * byte contributes all 8 bits. Values are 64-bit two's complement.
 *
 * <p>Readers take a {@code limit} (exclusive end of the readable region) and throw
 * {@link IndexOutOfBoundsException}-free: a varint running past the limit is reported through
 * {@link #BAD} so that the caller can throw {@code CorruptDatabaseException} naming its page.
 */
final class Varint {
    /** The length returned by {@link #length(byte[], int, int)} when the varint runs past the limit. */
    static final int BAD = -1;

    private Varint() {
    }

    /** The number of bytes {@code v} takes (1..9). */
    static int size(long v) {
        if ((v & 0xff00000000000000L) != 0) {
            return 9;
        }
        int n = 1;
        while ((v >>>= 7) != 0) {
            n++;
        }
        return n;
    }

    /** Writes {@code v} at {@code off}; returns the number of bytes written. */
    static int put(byte[] buf, int off, long v) {
        if ((v & 0xff00000000000000L) != 0) {
            buf[off + 8] = (byte) v;
            v >>>= 8;
            for (int i = 7; i >= 0; i--) {
                buf[off + i] = (byte) ((v & 0x7f) | 0x80);
                v >>>= 7;
            }
            return 9;
        }
        int n = size(v);
        for (int i = n - 1; i >= 0; i--) {
            buf[off + i] = (byte) ((v & 0x7f) | (i == n - 1 ? 0 : 0x80));
            v >>>= 7;
        }
        return n;
    }

    /** Reads the varint at {@code off}; the caller has checked it lies before its limit with {@link #length}. */
    static long get(byte[] buf, int off) {
        long v = 0;
        for (int i = 0; i < 8; i++) {
            int b = buf[off + i] & 0xff;
            v = (v << 7) | (b & 0x7f);
            if (b < 0x80) {
                return v;
            }
        }
        return (v << 8) | (buf[off + 8] & 0xff);
    }

    /** The byte length of the varint at {@code off}, or {@link #BAD} if it does not end before {@code limit}. */
    static int length(byte[] buf, int off, int limit) {
        int end = Math.min(limit, buf.length);
        if (off >= 0 && off <= end - 9) { // all nine bytes a varint may take are there: no bound to check
            for (int i = 0; i < 8; i++) {
                if (buf[off + i] >= 0) {
                    return i + 1;
                }
            }
            return 9;
        }
        for (int i = 0; i < 9; i++) {
            if (off + i >= end || off + i < 0) {
                return BAD;
            }
            if (i == 8 || (buf[off + i] & 0x80) == 0) {
                return i + 1;
            }
        }
        return BAD;
    }
}
