package io.onelite.pager;

import io.onelite.common.CorruptDatabaseException;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.os.FileDbFile;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A whole database built from nothing in memory, page after page, as VACUUM builds its copy:
 * there is no freelist (pages are only ever appended, skipping the lock-byte page), so the
 * result has no free page. It then replaces the database through a write set
 * ({@link WriteSet#replaceWith}) or becomes a file of its own ({@link #writeTo}, VACUUM INTO).
 *
 * <p>Not thread-safe. The page arrays are handed over as they are: once given to a write set
 * or written out, the image must not be used again.
 */
public final class DatabaseImage implements PageStore {
    private final int pageSize;
    private final int usableSize;
    private final List<byte[]> pages = new ArrayList<>();

    /** An image of one page: {@code header} (the 100-byte database header) at the start of page 1. */
    public DatabaseImage(byte[] header, int pageSize, int usableSize) {
        this.pageSize = pageSize;
        this.usableSize = usableSize;
        byte[] p1 = new byte[pageSize];
        System.arraycopy(header, 0, p1, 0, FileHeader.SIZE);
        pages.add(p1);
    }

    @Override
    public int pageSize() {
        return pageSize;
    }

    @Override
    public int usableSize() {
        return usableSize;
    }

    @Override
    public int pageCount() {
        return pages.size();
    }

    @Override
    public byte[] read(int pgno) {
        check(pgno);
        return pages.get(pgno - 1);
    }

    @Override
    public byte[] write(int pgno) {
        check(pgno);
        return pages.get(pgno - 1);
    }

    @Override
    public int allocate() {
        if (pages.size() + 1 == WriteSet.lockBytePage(pageSize)) {
            pages.add(new byte[pageSize]); // never used, as in every SQLite file this large
        }
        if (pages.size() == Integer.MAX_VALUE - 1) {
            throw new OneLiteException(ResultCode.FULL, "database or disk is full");
        }
        pages.add(new byte[pageSize]);
        return pages.size();
    }

    /** Never needed while building: every page allocated is used. */
    @Override
    public void free(int pgno) {
        throw new IllegalStateException("a database image has no freelist (page " + pgno + ")");
    }

    @Override
    public long version(int pgno) {
        return -1;
    }

    @Override
    public boolean writable() {
        return true;
    }

    /** The pages, page 1 first. */
    List<byte[]> pages() {
        return Collections.unmodifiableList(pages);
    }

    /**
     * Makes page 1's header right for a file of its own: page count, change counter copied to
     * the version-valid-for field, this library's version number.
     */
    private void finishHeader() {
        byte[] p1 = pages.get(0);
        FileHeader.putInt(p1, FileHeader.DATABASE_SIZE, pages.size());
        FileHeader.putInt(p1, FileHeader.VERSION_VALID_FOR, FileHeader.getInt(p1, FileHeader.CHANGE_COUNTER));
        FileHeader.putInt(p1, FileHeader.SQLITE_VERSION_NUMBER, FileHeader.WRITER_VERSION);
    }

    /**
     * Writes the image as the database file {@code path} (created when missing, else it must
     * be empty) and syncs it when {@code sync}. As SQLite's VACUUM INTO, the file is a plain
     * rollback-journal database (header bytes 18 and 19 are 1) with no journal beside it.
     *
     * @throws OneLiteException ERROR "output file already exists" when the file is not empty
     */
    public void writeTo(Path path, boolean sync) {
        if (Files.isRegularFile(path) && sizeOf(path) > 0) {
            throw new OneLiteException(ResultCode.ERROR, "output file already exists");
        }
        byte[] p1 = pages.get(0);
        p1[FileHeader.WRITE_VERSION] = 1;
        p1[FileHeader.READ_VERSION] = 1;
        FileHeader.putInt(p1, FileHeader.CHANGE_COUNTER, 1); // a new file's first commit, as SQLite's output has
        finishHeader();
        FileDbFile out;
        try {
            out = FileDbFile.open(path, true);
        } catch (OneLiteException e) {
            throw new OneLiteException(ResultCode.CANTOPEN, "unable to open database: " + path, e);
        }
        try {
            if (out.size() > 0) {
                throw new OneLiteException(ResultCode.ERROR, "output file already exists");
            }
            long pos = 0;
            for (byte[] p : pages) {
                out.write(pos, p, 0, pageSize);
                pos += pageSize;
            }
            if (sync) {
                out.sync(true);
            }
        } finally {
            out.close();
        }
    }

    private static long sizeOf(Path path) {
        try {
            return Files.size(path);
        } catch (java.io.IOException e) {
            throw new OneLiteException(ResultCode.CANTOPEN, "unable to open database file: " + e.getMessage(), e);
        }
    }

    private void check(int pgno) {
        if (pgno < 1 || pgno > pages.size()) {
            throw new CorruptDatabaseException(pgno, "page number out of range 1.." + pages.size());
        }
    }
}
