package io.onelite.btree;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The parsed header of one record in {@code buf[off, off+len)}: the serial type and body offset
 * of each column, validated so that every body lies inside the record (else
 * {@code CorruptDatabaseException}, "malformed record"). Values are then read one at a time.
 */
final class RecordHeader {
    private final byte[] buf;
    private long[] types;
    private int[] offsets;
    private int count;

    private RecordHeader(byte[] buf) {
        this.buf = buf;
    }

    /** Parses and checks the header of the record at {@code buf[off, off+len)}. */
    static RecordHeader parse(byte[] buf, int off, int len) {
        RecordHeader h = new RecordHeader(buf);
        h.init(off, len);
        return h;
    }

    private void init(int off, int len) {
        int end = off + len;
        int n = Varint.length(buf, off, end);
        if (n == Varint.BAD) {
            throw Record.malformed("header size varint");
        }
        long headerLen = Varint.get(buf, off);
        if (headerLen < n || headerLen > len) {
            throw Record.malformed("header size " + headerLen + " for a record of " + len + " bytes");
        }
        int p = off + n;
        int headerEnd = off + (int) headerLen;
        long body = headerEnd;
        types = new long[Math.max(4, (int) headerLen)];
        offsets = new int[types.length];
        count = 0;
        while (p < headerEnd) {
            int m = Varint.length(buf, p, headerEnd);
            if (m == Varint.BAD) {
                throw Record.malformed("serial type varint runs past the header");
            }
            long t = Varint.get(buf, p);
            p += m;
            long size = Record.bodySize(t);
            if (size < 0) {
                throw Record.malformed("reserved serial type " + t);
            }
            if (count == types.length) {
                types = Arrays.copyOf(types, count * 2);
                offsets = Arrays.copyOf(offsets, count * 2);
            }
            types[count] = t;
            offsets[count] = (int) body;
            count++;
            body += size;
            if (body > end) {
                throw Record.malformed("column " + (count - 1) + " runs past the end of the record");
            }
        }
    }

    int columnCount() {
        return count;
    }

    /** Offset in the buffer just past the body of column {@code i}. */
    int bodyEnd(int i) {
        return offsets[i] + (int) Record.bodySize(types[i]);
    }

    long serialType(int i) {
        return types[i];
    }

    /** Column {@code i} as a Java value. */
    Object value(int i) {
        long t = types[i];
        int p = offsets[i];
        if (t >= 12) {
            int size = (int) ((t - 12) / 2);
            if ((t & 1) == 0) {
                return Arrays.copyOfRange(buf, p, p + size);
            }
            return new String(buf, p, size, StandardCharsets.UTF_8);
        }
        return switch ((int) t) {
            case 0 -> null;
            case 8 -> 0L;
            case 9 -> 1L;
            case 7 -> {
                double d = Double.longBitsToDouble(Record.getBigEndian(buf, p, 8));
                yield Double.isNaN(d) ? null : d;
            }
            default -> Record.getBigEndian(buf, p, (int) Record.bodySize(t));
        };
    }
}
