package io.onelite.pager;

/**
 * The 100-byte database header at the start of page 1 (all integers big-endian).
 *
 * <pre>
 * OFFSET SIZE DESCRIPTION
 *   0     16  "SQLite format 3\0"
 *  16      2  page size; 1 means 65536
 *  18      1  file format write version: 1 legacy (rollback), 2 WAL
 *  19      1  file format read version: 1 legacy (rollback), 2 WAL
 *  20      1  bytes of unused "reserved" space at the end of each page
 *  21      1  maximum embedded payload fraction, must be 64
 *  22      1  minimum embedded payload fraction, must be 32
 *  23      1  leaf payload fraction, must be 32
 *  24      4  file change counter
 *  28      4  size of the database in pages ("in-header database size")
 *  32      4  page number of the first freelist trunk page
 *  36      4  total number of freelist pages
 *  40      4  schema cookie
 *  44      4  schema format number (1..4)
 *  48      4  default page cache size
 *  52      4  largest root b-tree page when in auto-vacuum mode, else 0
 *  56      4  text encoding: 1 UTF-8, 2 UTF-16le, 3 UTF-16be
 *  60      4  user_version
 *  64      4  incremental-vacuum mode, non-zero for true
 *  68      4  application_id
 *  72     20  reserved for expansion, must be zero
 *  92      4  version-valid-for number (= change counter when 96 was written)
 *  96      4  SQLITE_VERSION_NUMBER of the library that last wrote the file
 * </pre>
 * Every other class reads and writes the header through these constants and helpers.
 */
public final class FileHeader {
    public static final int SIZE = 100;
    public static final int MAGIC = 0;
    public static final int PAGE_SIZE = 16;
    public static final int WRITE_VERSION = 18;
    public static final int READ_VERSION = 19;
    public static final int RESERVED_BYTES = 20;
    public static final int MAX_PAYLOAD_FRACTION = 21;
    public static final int MIN_PAYLOAD_FRACTION = 22;
    public static final int LEAF_PAYLOAD_FRACTION = 23;
    public static final int CHANGE_COUNTER = 24;
    public static final int DATABASE_SIZE = 28;
    public static final int FIRST_FREELIST_TRUNK = 32;
    public static final int FREELIST_COUNT = 36;
    public static final int SCHEMA_COOKIE = 40;
    public static final int SCHEMA_FORMAT = 44;
    public static final int DEFAULT_CACHE_SIZE = 48;
    public static final int LARGEST_ROOT_PAGE = 52;
    public static final int TEXT_ENCODING = 56;
    public static final int USER_VERSION = 60;
    public static final int INCREMENTAL_VACUUM = 64;
    public static final int APPLICATION_ID = 68;
    public static final int VERSION_VALID_FOR = 92;
    public static final int SQLITE_VERSION_NUMBER = 96;

    /** The version number we write at offset 96: we speak the format of SQLite 3.49. */
    public static final int WRITER_VERSION = 3049002;

    public static final byte[] MAGIC_BYTES = "SQLite format 3\0".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    private FileHeader() {
    }

    /** Reads the big-endian u32 at {@code offset}. */
    public static int getInt(byte[] page1, int offset) {
        return ((page1[offset] & 0xff) << 24) | ((page1[offset + 1] & 0xff) << 16)
                | ((page1[offset + 2] & 0xff) << 8) | (page1[offset + 3] & 0xff);
    }

    /** Writes the big-endian u32 at {@code offset}. */
    public static void putInt(byte[] page1, int offset, int value) {
        page1[offset] = (byte) (value >>> 24);
        page1[offset + 1] = (byte) (value >>> 16);
        page1[offset + 2] = (byte) (value >>> 8);
        page1[offset + 3] = (byte) value;
    }

    /** Decodes the page size field (1 means 65536); returns -1 if it is not a power of two in 512..65536. */
    public static int pageSize(byte[] header) {
        int v = ((header[PAGE_SIZE] & 0xff) << 8) | (header[PAGE_SIZE + 1] & 0xff);
        int size = v == 1 ? 65536 : v;
        if (size < 512 || size > 65536 || Integer.bitCount(size) != 1) {
            return -1;
        }
        return size;
    }

    /** Encodes the page size field. */
    public static void putPageSize(byte[] header, int pageSize) {
        int v = pageSize == 65536 ? 1 : pageSize;
        header[PAGE_SIZE] = (byte) (v >>> 8);
        header[PAGE_SIZE + 1] = (byte) v;
    }
}
