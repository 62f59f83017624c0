package io.onelite.btree;

import io.onelite.common.CorruptDatabaseException;
import io.onelite.pager.FileHeader;
import io.onelite.pager.PageStore;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A test-only {@link PageStore}: a rollback-mode database file held in memory, with a real
 * freelist (trunk and leaf pages, header fields 32 and 36) and {@link #save} writing it back
 * with the header fields 24, 28, 92 and 96 right so that the {@code sqlite3} shell accepts it.
 */
final class MemoryPages implements PageStore {
    private final int pageSize;
    private final int usable;
    private final List<byte[]> pages = new ArrayList<>();
    private boolean writable = true;

    private MemoryPages(int pageSize, int reserved) {
        this.pageSize = pageSize;
        this.usable = pageSize - reserved;
    }

    /** A new database: page 1 with the header and an empty sqlite_schema leaf. */
    static MemoryPages create(int pageSize, int reserved) {
        MemoryPages m = new MemoryPages(pageSize, reserved);
        byte[] p1 = new byte[pageSize];
        System.arraycopy(FileHeader.MAGIC_BYTES, 0, p1, 0, 16);
        FileHeader.putPageSize(p1, pageSize);
        p1[FileHeader.WRITE_VERSION] = 1;
        p1[FileHeader.READ_VERSION] = 1;
        p1[FileHeader.RESERVED_BYTES] = (byte) reserved;
        p1[FileHeader.MAX_PAYLOAD_FRACTION] = 64;
        p1[FileHeader.MIN_PAYLOAD_FRACTION] = 32;
        p1[FileHeader.LEAF_PAYLOAD_FRACTION] = 32;
        FileHeader.putInt(p1, FileHeader.SCHEMA_FORMAT, 4);
        FileHeader.putInt(p1, FileHeader.TEXT_ENCODING, 1);
        BTree.initEmptyTableLeaf(p1, 100, m.usable);
        m.pages.add(p1);
        return m;
    }

    /** Loads a rollback-mode database file. */
    static MemoryPages load(Path file) throws IOException {
        byte[] all = Files.readAllBytes(file);
        int size = FileHeader.pageSize(all);
        MemoryPages m = new MemoryPages(size, all[FileHeader.RESERVED_BYTES] & 0xff);
        for (int off = 0; off + size <= all.length; off += size) {
            m.pages.add(Arrays.copyOfRange(all, off, off + size));
        }
        return m;
    }

    static MemoryPages ofBytes(byte[] all) {
        int size = FileHeader.pageSize(all);
        MemoryPages m = new MemoryPages(size, all[FileHeader.RESERVED_BYTES] & 0xff);
        for (int off = 0; off + size <= all.length; off += size) {
            m.pages.add(Arrays.copyOfRange(all, off, off + size));
        }
        return m;
    }

    MemoryPages readOnly() {
        writable = false;
        return this;
    }

    /** Writes the file, bumping the change counter. */
    void save(Path file) throws IOException {
        Files.write(file, bytes());
    }

    byte[] bytes() {
        byte[] p1 = pages.get(0);
        int counter = FileHeader.getInt(p1, FileHeader.CHANGE_COUNTER) + 1;
        FileHeader.putInt(p1, FileHeader.CHANGE_COUNTER, counter);
        FileHeader.putInt(p1, FileHeader.VERSION_VALID_FOR, counter);
        FileHeader.putInt(p1, FileHeader.SQLITE_VERSION_NUMBER, FileHeader.WRITER_VERSION);
        FileHeader.putInt(p1, FileHeader.DATABASE_SIZE, pages.size());
        byte[] out = new byte[pages.size() * pageSize];
        for (int i = 0; i < pages.size(); i++) {
            System.arraycopy(pages.get(i), 0, out, i * pageSize, pageSize);
        }
        return out;
    }

    @Override
    public int pageSize() {
        return pageSize;
    }

    @Override
    public int usableSize() {
        return usable;
    }

    @Override
    public int pageCount() {
        return pages.size();
    }

    /** Pages read so far (a test resets it to see what one operation reads). */
    int reads;

    @Override
    public byte[] read(int pgno) {
        reads++;
        if (pgno < 1 || pgno > pages.size()) {
            throw new CorruptDatabaseException(pgno, "page out of range");
        }
        return pages.get(pgno - 1);
    }

    /** Counts calls that may change a page, as {@code WriteSet}'s stamp: b-tree paths kept across seeks check it. */
    private long changes;

    @Override
    public long changeStamp() {
        return changes;
    }

    @Override
    public byte[] write(int pgno) {
        if (!writable) {
            throw new IllegalStateException("read-only");
        }
        changes++;
        return read(pgno);
    }

    @Override
    public int allocate() {
        changes++;
        byte[] p1 = pages.get(0);
        int trunk = FileHeader.getInt(p1, FileHeader.FIRST_FREELIST_TRUNK);
        if (trunk != 0) {
            byte[] t = read(trunk);
            int leaves = FileHeader.getInt(t, 4);
            int pgno;
            if (leaves > 0) {
                pgno = FileHeader.getInt(t, 8 + 4 * (leaves - 1));
                FileHeader.putInt(t, 4, leaves - 1);
            } else {
                pgno = trunk;
                FileHeader.putInt(p1, FileHeader.FIRST_FREELIST_TRUNK, FileHeader.getInt(t, 0));
            }
            FileHeader.putInt(p1, FileHeader.FREELIST_COUNT, FileHeader.getInt(p1, FileHeader.FREELIST_COUNT) - 1);
            Arrays.fill(read(pgno), (byte) 0);
            return pgno;
        }
        pages.add(new byte[pageSize]);
        if (pages.size() == 1073741824 / pageSize + 1) {
            pages.add(new byte[pageSize]); // skip the lock-byte page
        }
        return pages.size();
    }

    @Override
    public void free(int pgno) {
        if (pgno < 2 || pgno > pages.size()) {
            throw new IllegalArgumentException("free of page " + pgno);
        }
        changes++;
        byte[] p1 = pages.get(0);
        int trunk = FileHeader.getInt(p1, FileHeader.FIRST_FREELIST_TRUNK);
        FileHeader.putInt(p1, FileHeader.FREELIST_COUNT, FileHeader.getInt(p1, FileHeader.FREELIST_COUNT) + 1);
        if (trunk != 0) {
            byte[] t = read(trunk);
            int leaves = FileHeader.getInt(t, 4);
            if (leaves < usable / 4 - 8) {
                FileHeader.putInt(t, 8 + 4 * leaves, pgno);
                FileHeader.putInt(t, 4, leaves + 1);
                return;
            }
        }
        byte[] t = read(pgno);
        Arrays.fill(t, (byte) 0);
        FileHeader.putInt(t, 0, trunk);
        FileHeader.putInt(p1, FileHeader.FIRST_FREELIST_TRUNK, pgno);
    }

    @Override
    public long version(int pgno) {
        return 0;
    }

    @Override
    public boolean writable() {
        return writable;
    }
}
