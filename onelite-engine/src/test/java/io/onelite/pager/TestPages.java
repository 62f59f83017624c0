package io.onelite.pager;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Minimal b-tree page writing and reading for storage tests, independent of the btree package:
 * single-leaf tables (small rows only) and a row counter that walks table trees.
 */
final class TestPages {
    private TestPages() {
    }

    record Row(long rowid, Object... values) {
    }

    static byte[] record(Object... values) {
        ByteArrayOutputStream types = new ByteArrayOutputStream();
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        for (Object v : values) {
            if (v == null) {
                types.write(0);
            } else if (v instanceof Long l) {
                types.write(6);
                for (int i = 7; i >= 0; i--) {
                    body.write((int) (l >>> (8 * i)));
                }
            } else {
                byte[] t = ((String) v).getBytes(StandardCharsets.UTF_8);
                putVarint(types, 13 + 2L * t.length);
                body.writeBytes(t);
            }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int hlen = types.size() + 1;
        if (hlen > 127) {
            hlen++;
        }
        putVarint(out, hlen);
        out.writeBytes(types.toByteArray());
        out.writeBytes(body.toByteArray());
        return out.toByteArray();
    }

    static void putVarint(ByteArrayOutputStream out, long v) {
        if (v < 0x80) {
            out.write((int) v);
            return;
        }
        byte[] tmp = new byte[9];
        int n = 0;
        while (v != 0) {
            tmp[n++] = (byte) ((v & 0x7f) | 0x80);
            v >>>= 7;
        }
        tmp[0] &= 0x7f;
        for (int i = n - 1; i >= 0; i--) {
            out.write(tmp[i]);
        }
    }

    /** Writes a table-leaf page holding {@code rows} (ascending rowids), cells packed at the end. */
    static void tableLeaf(byte[] page, int hdr, int usable, List<Row> rows) {
        int content = usable;
        int ptr = hdr + 8;
        for (Row r : rows) {
            byte[] payload = record(r.values());
            ByteArrayOutputStream cell = new ByteArrayOutputStream();
            putVarint(cell, payload.length);
            putVarint(cell, r.rowid());
            cell.writeBytes(payload);
            byte[] c = cell.toByteArray();
            int size = Math.max(4, c.length);
            content -= size;
            System.arraycopy(c, 0, page, content, c.length);
            page[ptr] = (byte) (content >>> 8);
            page[ptr + 1] = (byte) content;
            ptr += 2;
        }
        if (content < ptr) {
            throw new IllegalArgumentException("rows do not fit on one page");
        }
        page[hdr] = 0x0D;
        page[hdr + 1] = 0;
        page[hdr + 2] = 0;
        page[hdr + 3] = (byte) (rows.size() >>> 8);
        page[hdr + 4] = (byte) rows.size();
        int cs = content == 65536 ? 0 : content;
        page[hdr + 5] = (byte) (cs >>> 8);
        page[hdr + 6] = (byte) cs;
        page[hdr + 7] = 0;
    }

    /** Creates table {@code name}(x) with a one-page root holding {@code rows} rows (x = rowid * 10). */
    static void createTable(WriteSet ws, String name, int rows) {
        int root = ws.allocate();
        java.util.ArrayList<Row> r = new java.util.ArrayList<>();
        for (long i = 1; i <= rows; i++) {
            r.add(new Row(i, i * 10));
        }
        tableLeaf(ws.write(root), 0, ws.usableSize(), r);
        byte[] p1 = ws.write(1);
        // schema rows: keep existing ones, add ours
        java.util.List<Row> schema = new java.util.ArrayList<>(schemaRows(ws));
        schema.add(new Row(schema.size() + 1, "table", name, name, (long) root, "CREATE TABLE " + name + "(x)"));
        tableLeaf(p1, 100, ws.usableSize(), schema);
        FileHeader.putInt(p1, FileHeader.SCHEMA_COOKIE, FileHeader.getInt(p1, FileHeader.SCHEMA_COOKIE) + 1);
    }

    /** Replaces the rows of a one-page table root. */
    static void rewriteTable(WriteSet ws, int root, int rows, long factor) {
        java.util.ArrayList<Row> r = new java.util.ArrayList<>();
        for (long i = 1; i <= rows; i++) {
            r.add(new Row(i, i * factor));
        }
        byte[] p = ws.write(root);
        java.util.Arrays.fill(p, (byte) 0);
        tableLeaf(p, 0, ws.usableSize(), r);
    }

    /** The schema rows on page 1 (our own simple format: type, name, tbl_name, rootpage, sql). */
    static java.util.List<Row> schemaRows(PageStore s) {
        java.util.List<Row> out = new java.util.ArrayList<>();
        byte[] p = s.read(1);
        int n = ((p[103] & 0xff) << 8) | (p[104] & 0xff);
        for (int i = 0; i < n; i++) {
            int off = ((p[108 + 2 * i] & 0xff) << 8) | (p[109 + 2 * i] & 0xff);
            long[] pos = {off};
            long plen = varint(p, pos);
            long rowid = varint(p, pos);
            out.add(new Row(rowid, decode(p, (int) pos[0], (int) plen)));
        }
        return out;
    }

    /** Root page of table {@code name} from sqlite_schema, assuming the schema fits on page 1. */
    static int rootOf(PageStore s, String name) {
        for (Row r : schemaRows(s)) {
            if (name.equals(r.values()[1])) {
                return (int) (long) (Long) r.values()[3];
            }
        }
        throw new AssertionError("no table " + name);
    }

    static Object[] decode(byte[] p, int off, int len) {
        long[] pos = {off};
        long hlen = varint(p, pos);
        int bodyOff = off + (int) hlen;
        java.util.List<Object> vals = new java.util.ArrayList<>();
        while (pos[0] < off + hlen) {
            long t = varint(p, pos);
            if (t == 0) {
                vals.add(null);
            } else if (t == 8 || t == 9) {
                vals.add(t - 8);
            } else if (t >= 1 && t <= 6) {
                int n = new int[] {0, 1, 2, 3, 4, 6, 8}[(int) t];
                long v = p[bodyOff];
                for (int i = 1; i < n; i++) {
                    v = (v << 8) | (p[bodyOff + i] & 0xff);
                }
                vals.add(v);
                bodyOff += n;
            } else if (t >= 13 && t % 2 == 1) {
                int n = (int) ((t - 13) / 2);
                vals.add(new String(p, bodyOff, n, StandardCharsets.UTF_8));
                bodyOff += n;
            } else {
                int n = (int) ((t - 12) / 2);
                vals.add(java.util.Arrays.copyOfRange(p, bodyOff, bodyOff + n));
                bodyOff += n;
            }
        }
        return vals.toArray();
    }

    static long varint(byte[] p, long[] pos) {
        long v = 0;
        for (int i = 0; i < 9; i++) {
            int b = p[(int) pos[0]++] & 0xff;
            if (i == 8) {
                return (v << 8) | b;
            }
            v = (v << 7) | (b & 0x7f);
            if ((b & 0x80) == 0) {
                return v;
            }
        }
        return v;
    }

    /** The first column of every row of a one-page (leaf) table. */
    static java.util.List<Object> firstColumn(PageStore s, int root) {
        byte[] p = s.read(root);
        if (p[0] != 0x0D) {
            throw new AssertionError("page " + root + " is not a table leaf");
        }
        int n = ((p[3] & 0xff) << 8) | (p[4] & 0xff);
        java.util.List<Object> out = new java.util.ArrayList<>();
        for (int i = 0; i < n; i++) {
            int off = ((p[8 + 2 * i] & 0xff) << 8) | (p[9 + 2 * i] & 0xff);
            long[] pos = {off};
            long plen = varint(p, pos);
            varint(p, pos);
            out.add(decode(p, (int) pos[0], (int) plen)[0]);
        }
        return out;
    }

    /** Counts the rows of the table tree rooted at {@code root}. */
    static long countRows(PageStore s, int root) {
        byte[] p = s.read(root);
        int hdr = root == 1 ? 100 : 0;
        int type = p[hdr] & 0xff;
        int n = ((p[hdr + 3] & 0xff) << 8) | (p[hdr + 4] & 0xff);
        if (type == 0x0D) {
            return n;
        }
        if (type != 0x05) {
            throw new AssertionError("page " + root + " is not a table page: " + type);
        }
        long total = 0;
        for (int i = 0; i < n; i++) {
            int off = ((p[hdr + 12 + 2 * i] & 0xff) << 8) | (p[hdr + 13 + 2 * i] & 0xff);
            total += countRows(s, FileHeader.getInt(p, off));
        }
        return total + countRows(s, FileHeader.getInt(p, hdr + 8));
    }
}
