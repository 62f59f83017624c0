package io.onelite.pager;

/**
 * Page 1 of a new, empty database: the 100-byte header (WAL mode 2/2, fractions 64/32/32,
 * schema format 4, UTF-8) followed by the root of {@code sqlite_schema}, an empty table-leaf
 * page whose 8-byte b-tree header starts at offset 100.
 */
final class NewDatabase {
    private NewDatabase() {
    }

    static byte[] page1(int pageSize) {
        byte[] p = new byte[pageSize];
        System.arraycopy(FileHeader.MAGIC_BYTES, 0, p, 0, 16);
        FileHeader.putPageSize(p, pageSize);
        p[FileHeader.WRITE_VERSION] = 2;
        p[FileHeader.READ_VERSION] = 2;
        p[FileHeader.RESERVED_BYTES] = 0;
        p[FileHeader.MAX_PAYLOAD_FRACTION] = 64;
        p[FileHeader.MIN_PAYLOAD_FRACTION] = 32;
        p[FileHeader.LEAF_PAYLOAD_FRACTION] = 32;
        FileHeader.putInt(p, FileHeader.CHANGE_COUNTER, 1);
        FileHeader.putInt(p, FileHeader.DATABASE_SIZE, 1);
        FileHeader.putInt(p, FileHeader.SCHEMA_FORMAT, 4);
        FileHeader.putInt(p, FileHeader.TEXT_ENCODING, 1);
        FileHeader.putInt(p, FileHeader.VERSION_VALID_FOR, 1);
        FileHeader.putInt(p, FileHeader.SQLITE_VERSION_NUMBER, FileHeader.WRITER_VERSION);
        initEmptyTableLeaf(p, FileHeader.SIZE, pageSize);
        return p;
    }

    /** Writes an empty table-leaf b-tree page header at {@code off}: type 0x0D, no cells, content start = U. */
    static void initEmptyTableLeaf(byte[] page, int off, int usableSize) {
        page[off] = 0x0D;
        page[off + 1] = 0;
        page[off + 2] = 0;
        page[off + 3] = 0;
        page[off + 4] = 0;
        int start = usableSize == 65536 ? 0 : usableSize;
        page[off + 5] = (byte) (start >>> 8);
        page[off + 6] = (byte) start;
        page[off + 7] = 0;
    }
}
