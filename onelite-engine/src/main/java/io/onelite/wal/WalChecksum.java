package io.onelite.wal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * SQLite's WAL checksum ({@code walChecksumBytes}) computed four lanes at a time.
 *
 * <p>One step over the words (x, y) is {@code s0 += x + s1; s1 += y + s0}: a serial chain of
 * two dependent adds per 8 bytes, which keeps the CPU waiting. The step is linear (mod 2^32):
 * {@code (s0, s1)' = M (s0, s1) + (x, x + y)} with {@code M = [[1, 1], [1, 2]]}. So n steps from
 * a state S give {@code M^n S + B}, where B is what the same n steps give from (0, 0). The
 * bytes are cut into four runs of n steps. The four B are computed side by side: four
 * independent chains in one loop. Horner's rule joins them: {@code acc = M^n acc + B_k}. The
 * steps left over run one by one from the joined state. The result is the same as the serial
 * loop (tested against it on random data).
 */
final class WalChecksum {
    private static final VarHandle LONG_LE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG_BE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final int LANES = 4;
    /** Below this many steps the lanes' set-up costs more than it saves. */
    private static final int MIN_STEPS = 64;

    /** M^n for one n (entries mod 2^32; M^n is symmetric: [[a, b], [b, c]]), kept for the next call. */
    record Power(int n, int a, int b, int c) {
    }

    /** The last power used: page sizes repeat, so this is almost always the one needed (immutable, racy is fine). */
    private static Power last = new Power(0, 1, 0, 1);

    private WalChecksum() {
    }

    /** As {@link WalFormat#checksum}: continues {@code s} over {@code len} bytes (a multiple of 8) from {@code off}. */
    static void update(boolean bigEndianWords, byte[] b, int off, int len, int[] s) {
        int steps = len >>> 3;
        if (steps < MIN_STEPS) {
            serial(bigEndianWords, b, off, off + (steps << 3), s);
            return;
        }
        // separate methods: the short calls (frame headers) do not shape the JIT's view of the long loop
        int n = steps / LANES;
        lanes(bigEndianWords, b, off, n, s);
        serial(bigEndianWords, b, off + LANES * (n << 3), off + (steps << 3), s);
    }

    /** The first {@code LANES * n} steps from {@code off}, four lanes at a time, joined into {@code s}. */
    private static void lanes(boolean bigEndianWords, byte[] b, int off, int n, int[] s) {
        int runBytes = n << 3;
        int i1 = off + runBytes;
        int i2 = i1 + runBytes;
        int i3 = i2 + runBytes;
        int end = i1;
        int a0 = 0, b0 = 0, a1 = 0, b1 = 0, a2 = 0, b2 = 0, a3 = 0, b3 = 0;
        if (bigEndianWords) {
            for (int k = off; k < end; k += 8, i1 += 8, i2 += 8, i3 += 8) {
                long v0 = (long) LONG_BE.get(b, k);
                long v1 = (long) LONG_BE.get(b, i1);
                long v2 = (long) LONG_BE.get(b, i2);
                long v3 = (long) LONG_BE.get(b, i3);
                a0 += (int) (v0 >>> 32) + b0;
                a1 += (int) (v1 >>> 32) + b1;
                a2 += (int) (v2 >>> 32) + b2;
                a3 += (int) (v3 >>> 32) + b3;
                b0 += (int) v0 + a0;
                b1 += (int) v1 + a1;
                b2 += (int) v2 + a2;
                b3 += (int) v3 + a3;
            }
        } else {
            for (int k = off; k < end; k += 8, i1 += 8, i2 += 8, i3 += 8) {
                long v0 = (long) LONG_LE.get(b, k);
                long v1 = (long) LONG_LE.get(b, i1);
                long v2 = (long) LONG_LE.get(b, i2);
                long v3 = (long) LONG_LE.get(b, i3);
                a0 += (int) v0 + b0;
                a1 += (int) v1 + b1;
                a2 += (int) v2 + b2;
                a3 += (int) v3 + b3;
                b0 += (int) (v0 >>> 32) + a0;
                b1 += (int) (v1 >>> 32) + a1;
                b2 += (int) (v2 >>> 32) + a2;
                b3 += (int) (v3 >>> 32) + a3;
            }
        }
        Power p = power(n);
        int s0 = s[0];
        int s1 = s[1];
        // acc = M^n acc + B_k, lane by lane
        int t = p.a * s0 + p.b * s1 + a0;
        s1 = p.b * s0 + p.c * s1 + b0;
        s0 = t;
        t = p.a * s0 + p.b * s1 + a1;
        s1 = p.b * s0 + p.c * s1 + b1;
        s0 = t;
        t = p.a * s0 + p.b * s1 + a2;
        s1 = p.b * s0 + p.c * s1 + b2;
        s0 = t;
        t = p.a * s0 + p.b * s1 + a3;
        s1 = p.b * s0 + p.c * s1 + b3;
        s[0] = t;
        s[1] = s1;
    }

    /** The steps over [from, end), one by one (SQLite's loop). */
    private static void serial(boolean bigEndianWords, byte[] b, int from, int end, int[] s) {
        int s0 = s[0];
        int s1 = s[1];
        if (bigEndianWords) {
            for (int i = from; i < end; i += 8) {
                long v = (long) LONG_BE.get(b, i);
                s0 += (int) (v >>> 32) + s1;
                s1 += (int) v + s0;
            }
        } else {
            for (int i = from; i < end; i += 8) {
                long v = (long) LONG_LE.get(b, i);
                s0 += (int) v + s1;
                s1 += (int) (v >>> 32) + s0;
            }
        }
        s[0] = s0;
        s[1] = s1;
    }

    private static Power power(int n) {
        Power p = last;
        if (p.n != n) {
            p = computePower(n);
            last = p;
        }
        return p;
    }

    /** M^n by squaring (mod 2^32: int arithmetic wraps). */
    static Power computePower(int n) {
        // result r = [[ra, rb], [rb, rc]], base m = [[ma, mb], [mb, mc]]; powers of M commute and stay symmetric
        int ra = 1, rb = 0, rc = 1;
        int ma = 1, mb = 1, mc = 2;
        for (int e = n; e > 0; e >>>= 1) {
            if ((e & 1) != 0) {
                int na = ra * ma + rb * mb;
                int nb = ra * mb + rb * mc;
                int nc = rb * mb + rc * mc;
                ra = na;
                rb = nb;
                rc = nc;
            }
            int na = ma * ma + mb * mb;
            int nb = ma * mb + mb * mc;
            int nc = mb * mb + mc * mc;
            ma = na;
            mb = nb;
            mc = nc;
        }
        return new Power(n, ra, rb, rc);
    }
}
