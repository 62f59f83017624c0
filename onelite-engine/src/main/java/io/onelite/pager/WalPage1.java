package io.onelite.pager;

import io.onelite.os.DbFile;
import io.onelite.os.OsHooks;
import io.onelite.wal.ReadView;
import io.onelite.wal.Wal;

import java.nio.file.Path;
import java.util.Arrays;

/**
 * Page 1 taken from the WAL when the database file's own header cannot be read (a file cut
 * inside its first 100 bytes, or a damaged header), as SQLite's pager does: it opens the WAL
 * whenever the file has a page ({@code pagerOpenWalIfPresent}) and then reads page 1, like any
 * page, from the newest committed frame that holds it; the file's copy is stale and never looked
 * at. The database opens when all of these hold:
 * <ol>
 *   <li>the database file has at least 2 bytes (SQLite's unix VFS reports a 1-byte file as empty
 *       and deletes the WAL with its commits; here the file is refused and the WAL kept);</li>
 *   <li>the {@code -wal} has a valid header ({@link Wal#headerPageSize});</li>
 *   <li>its committed frames hold page 1 (after the usual recovery of the wal-index);</li>
 *   <li>that page's header is valid and names the WAL's page size.</li>
 * </ol>
 * Nothing is written to open it. A checkpoint may later copy the WAL into the file, as SQLite's
 * does, unless the file is too short for it ({@code WalCheckpointer.checkDatabaseSize}).
 */
record WalPage1(Wal wal, byte[] header) {
    /**
     * The opened WAL and page 1's header, or null (nothing kept open) when a condition fails.
     * {@code db} is held SHARED.
     */
    static WalPage1 find(Path path, DbFile db, PagerOptions options, long deadline, OsHooks io) {
        if (db.size() < 2) { // (1)
            return null;
        }
        int pageSize = Wal.headerPageSize(path); // (2)
        if (pageSize == 0) {
            return null;
        }
        Wal wal = Wal.open(path, db, pageSize, options.synchronous(), deadline, io);
        try {
            byte[] header = page1Header(wal); // (3)
            if (header != null && DatabaseOpener.isValidHeader(header)
                    && FileHeader.pageSize(header) == pageSize) { // (4)
                return new WalPage1(wal, header);
            }
        } catch (RuntimeException e) {
            wal.close(false);
            throw e;
        }
        wal.close(false); // not the last: no checkpoint, the files stay as they are
        return null;
    }

    /** The first 100 bytes of page 1's newest committed frame, null when no frame holds page 1. */
    private static byte[] page1Header(Wal wal) {
        ReadView v = wal.beginRead();
        try {
            int frame = wal.findFrame(v, 1);
            if (frame == 0) {
                return null;
            }
            byte[] page = new byte[wal.pageSize()];
            wal.readFrame(frame, page);
            return Arrays.copyOf(page, FileHeader.SIZE);
        } finally {
            wal.endRead(v);
        }
    }
}
