package io.onelite.btree;

import io.onelite.common.CorruptDatabaseException;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * SQLite's record format (as {@code sqlite3VdbeSerialType}, {@code sqlite3VdbeSerialPut} and
 * {@code sqlite3VdbeRecordUnpack} in {@code vdbeaux.c}): the payload of a table-leaf cell and the
 * key of an index cell.
 *
 * <pre>
 * varint H            header length in bytes, this varint included
 * varint serialType*  one per column
 * body*               one per column, in the same order
 *
 * SERIAL TYPE   BODY BYTES   VALUE
 *   0            0           NULL
 *   1..4         1,2,3,4     big-endian two's-complement integer
 *   5            6           48-bit integer
 *   6            8           64-bit integer
 *   7            8           IEEE-754 double (NaN reads as NULL)
 *   8, 9         0           the integers 0 and 1 (schema format 4)
 *   10, 11       -           reserved: a corrupt record
 *   N >= 12 even (N-12)/2    BLOB
 *   N >= 13 odd  (N-13)/2    TEXT, UTF-8
 * </pre>
 * Values are the plain Java objects of the storage classes: {@code null}, {@link Long},
 * {@link Double}, {@link String}, {@code byte[]}. {@link #encode} also accepts other
 * {@link Number}s (integral ones as INTEGER, {@code Float} as REAL) and writes the canonical
 * (smallest) serial type, so its bytes equal native SQLite's for the same values.
 */
public final class Record {
    private Record() {
    }

    /** Encodes {@code values} as a record. */
    public static byte[] encode(Object... values) {
        int n = values.length;
        long[] types = new long[n];
        int typesLen = 0;
        long bodyLen = 0;
        for (int i = 0; i < n; i++) {
            types[i] = serialType(values[i]);
            typesLen += Varint.size(types[i]);
            bodyLen += bodySize(types[i]);
        }
        byte[] out = withHeader(types, typesLen, bodyLen);
        int p = out.length - (int) bodyLen;
        for (int i = 0; i < n; i++) {
            p = putBody(out, p, types[i], values[i]);
        }
        assert p == out.length : "record length " + p + " != " + out.length;
        return out;
    }

    /**
     * A record's array with its header written ({@code types}, taking {@code typesLen} bytes as
     * varints) and room after it for bodies of {@code bodyLen} bytes.
     */
    static byte[] withHeader(long[] types, int typesLen, long bodyLen) {
        int headerLen = headerLength(typesLen);
        long total = headerLen + bodyLen;
        if (total > Integer.MAX_VALUE - 16) {
            throw new IllegalArgumentException("record too big: " + total + " bytes");
        }
        byte[] out = new byte[(int) total];
        int p = Varint.put(out, 0, headerLen);
        for (long t : types) {
            p += Varint.put(out, p, t);
        }
        return out;
    }

    /** Decodes every column of a record. */
    public static Object[] decode(byte[] payload) {
        return decode(payload, 0, payload.length);
    }

    /** Decodes every column of the record in {@code buf[off, off+len)}. */
    static Object[] decode(byte[] buf, int off, int len) {
        RecordHeader h = RecordHeader.parse(buf, off, len);
        Object[] out = new Object[h.columnCount()];
        for (int i = 0; i < out.length; i++) {
            out[i] = h.value(i);
        }
        return out;
    }

    /** The number of columns in the record. */
    public static int columnCount(byte[] payload) {
        return RecordHeader.parse(payload, 0, payload.length).columnCount();
    }

    /** Column {@code i} of the record, or null (SQL NULL) if the record has fewer columns. */
    public static Object column(byte[] payload, int i) {
        RecordHeader h = RecordHeader.parse(payload, 0, payload.length);
        return i < h.columnCount() ? h.value(i) : null;
    }

    /** The canonical serial type of a value (as {@code sqlite3VdbeSerialType}, file format 4). */
    static long serialType(Object v) {
        if (v == null) {
            return 0;
        }
        if (v instanceof Double || v instanceof Float) {
            double d = ((Number) v).doubleValue();
            return Double.isNaN(d) ? 0 : 7;
        }
        if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
            long i = ((Number) v).longValue();
            if (i == 0) {
                return 8;
            }
            if (i == 1) {
                return 9;
            }
            long u = i < 0 ? ~i : i;
            if (u <= 127) {
                return 1;
            }
            if (u <= 32767) {
                return 2;
            }
            if (u <= 8388607) {
                return 3;
            }
            if (u <= 2147483647L) {
                return 4;
            }
            if (u <= 0x7fffffffffffL) {
                return 5;
            }
            return 6;
        }
        if (v instanceof String s) {
            return utf8Length(s) * 2L + 13;
        }
        if (v instanceof byte[] b) {
            return b.length * 2L + 12;
        }
        throw new IllegalArgumentException("not a SQL value: " + v.getClass().getName());
    }

    /** Body bytes of a serial type; -1 for the reserved types 10 and 11. */
    static long bodySize(long serialType) {
        if (serialType >= 12) {
            return (serialType - 12) / 2;
        }
        return switch ((int) serialType) {
            case 0, 8, 9 -> 0;
            case 1 -> 1;
            case 2 -> 2;
            case 3 -> 3;
            case 4 -> 4;
            case 5 -> 6;
            case 6, 7 -> 8;
            default -> -1;
        };
    }

    /** The header length H for serial types totalling {@code typesLen} bytes (H counts its own varint). */
    static int headerLength(int typesLen) {
        int h = typesLen + 1;
        if (h <= 127) {
            return h;
        }
        h = typesLen + Varint.size(typesLen);
        if (Varint.size(h) > Varint.size(typesLen)) {
            h++;
        }
        return h;
    }

    static int putBody(byte[] out, int p, long type, Object v) {
        if (type == 0 || type == 8 || type == 9) {
            return p;
        }
        if (type == 7) {
            long bits = Double.doubleToLongBits(((Number) v).doubleValue());
            return putBigEndian(out, p, bits, 8);
        }
        if (type < 7) {
            long i = ((Number) v).longValue();
            return putBigEndian(out, p, i, (int) bodySize(type));
        }
        byte[] bytes = v instanceof String s ? s.getBytes(StandardCharsets.UTF_8) : (byte[]) v;
        System.arraycopy(bytes, 0, out, p, bytes.length);
        return p + bytes.length;
    }

    /**
     * Whether {@code buf} holds at {@code p} the body {@link #putBody} would write for {@code v}
     * of serial type {@code type} (the caller knows the stored type is the same, so the lengths are).
     */
    static boolean bodyEquals(byte[] buf, int p, long type, Object v) {
        if (type == 0 || type == 8 || type == 9) {
            return true;
        }
        if (type <= 7) {
            long bits = type == 7 ? Double.doubleToLongBits(((Number) v).doubleValue()) : ((Number) v).longValue();
            int n = (int) bodySize(type);
            for (int i = n - 1; i >= 0; i--) {
                if (buf[p + i] != (byte) bits) {
                    return false;
                }
                bits >>= 8;
            }
            return true;
        }
        if (v instanceof String s) {
            for (int i = 0; i < s.length(); i++) { // ASCII compares in place; other text as its UTF-8
                char c = s.charAt(i);
                if (c >= 0x80) {
                    return bytesEqual(buf, p, s.getBytes(StandardCharsets.UTF_8));
                }
                if (buf[p + i] != (byte) c) {
                    return false;
                }
            }
            return true;
        }
        return bytesEqual(buf, p, (byte[]) v);
    }

    private static boolean bytesEqual(byte[] buf, int p, byte[] bytes) {
        return Arrays.equals(buf, p, p + bytes.length, bytes, 0, bytes.length);
    }

    private static int putBigEndian(byte[] out, int p, long v, int n) {
        for (int i = n - 1; i >= 0; i--) {
            out[p + i] = (byte) v;
            v >>= 8;
        }
        return p + n;
    }

    static int utf8Length(String s) {
        int n = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                n++;
            } else if (c < 0x800) {
                n += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                n += 4;
                i++;
            } else {
                n += 3; // a lone surrogate becomes '?' (1 byte) in getBytes; see below
                if (Character.isSurrogate(c)) {
                    n -= 2;
                }
            }
        }
        return n;
    }

    /** Reads a big-endian signed integer of {@code n} bytes. */
    static long getBigEndian(byte[] buf, int p, int n) {
        // the sizes of serial types 1-7 read whole (a load or two each, not a loop of byte loads)
        switch (n) {
            case 8:
                return (long) LONG_BE.get(buf, p);
            case 4:
                return (int) INT_BE.get(buf, p);
            case 2:
                return (short) SHORT_BE.get(buf, p);
            case 1:
                return buf[p];
            case 3:
                return (buf[p] << 16) | ((buf[p + 1] & 0xff) << 8) | (buf[p + 2] & 0xff); // buf[p] sign-extends
            case 6:
                return ((long) (short) SHORT_BE.get(buf, p) << 32) | ((int) INT_BE.get(buf, p + 2) & 0xffffffffL);
            default:
                long v = buf[p]; // sign-extends the first byte
                for (int i = 1; i < n; i++) {
                    v = (v << 8) | (buf[p + i] & 0xff);
                }
                return v;
        }
    }

    private static final java.lang.invoke.VarHandle LONG_BE =
            java.lang.invoke.MethodHandles.byteArrayViewVarHandle(long[].class, java.nio.ByteOrder.BIG_ENDIAN);
    private static final java.lang.invoke.VarHandle INT_BE =
            java.lang.invoke.MethodHandles.byteArrayViewVarHandle(int[].class, java.nio.ByteOrder.BIG_ENDIAN);
    private static final java.lang.invoke.VarHandle SHORT_BE =
            java.lang.invoke.MethodHandles.byteArrayViewVarHandle(short[].class, java.nio.ByteOrder.BIG_ENDIAN);

    static CorruptDatabaseException malformed(String why) {
        return new CorruptDatabaseException("malformed record: " + why);
    }
}
