package io.onelite.pager;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.common.Synchronous;
import io.onelite.os.DbFile;
import io.onelite.os.FileDbFile;
import io.onelite.wal.DbLock;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.locks.LockSupport;

/**
 * Makes a database file ready for WAL mode before the WAL is opened, holding SHARED and briefly
 * EXCLUSIVE on the database file: creates page 1 of an empty file (directly in the database
 * file, as SQLite does, so that no process mistakes it for an empty database and deletes the
 * WAL), rolls back a hot rollback journal, and switches a rollback-mode file to WAL (bytes
 * 18/19 := 2, change counter bumped so rollback-mode readers drop their caches).
 */
final class DatabaseOpener {
    private DatabaseOpener() {
    }

    /** Returns the validated 100-byte header. */
    static byte[] prepare(Path path, DbFile db, DbLock lock, PagerOptions options, long deadline) {
        if (db.size() == 0) {
            if (options.readOnly()) {
                throw new OneLiteException(ResultCode.CANTOPEN, "unable to open database file: empty database opened read-only");
            }
            exclusive(lock, deadline);
            try {
                if (db.size() == 0) {
                    deleteIfExists(Path.of(path + "-wal"));
                    byte[] p1 = NewDatabase.page1(options.newDatabasePageSize());
                    db.write(0, p1, 0, p1.length);
                    if (options.synchronous() != Synchronous.OFF) {
                        db.sync(true);
                    }
                    if (options.synchronous() == Synchronous.EXTRA) {
                        FileDbFile.syncDirectory(path.toAbsolutePath().getParent());
                    }
                }
            } finally {
                lock.downgrade();
            }
        }
        byte[] h = readHeader(db);
        if (h[FileHeader.WRITE_VERSION] == 2 && h[FileHeader.READ_VERSION] == 2) {
            return h;
        }
        Path walPath = Path.of(path + "-wal");
        if (Files.exists(walPath) && sizeOf(walPath) > 0) {
            return h; // SQLite: an existing WAL with a non-empty database means WAL mode, whatever 18/19 say
        }
        if (options.readOnly()) {
            throw new OneLiteException(ResultCode.CANTOPEN, "unable to open database file: a rollback-journal database cannot be opened read-only");
        }
        exclusive(lock, deadline);
        try {
            HotJournal.rollbackIfHot(path, db, options.synchronous());
            h = readHeader(db);
            if (h[FileHeader.WRITE_VERSION] != 2 || h[FileHeader.READ_VERSION] != 2) {
                h[FileHeader.WRITE_VERSION] = 2;
                h[FileHeader.READ_VERSION] = 2;
                int cc = FileHeader.getInt(h, FileHeader.CHANGE_COUNTER) + 1;
                FileHeader.putInt(h, FileHeader.CHANGE_COUNTER, cc);
                FileHeader.putInt(h, FileHeader.VERSION_VALID_FOR, cc);
                FileHeader.putInt(h, FileHeader.SQLITE_VERSION_NUMBER, FileHeader.WRITER_VERSION);
                int pages = (int) (db.size() / FileHeader.pageSize(h));
                FileHeader.putInt(h, FileHeader.DATABASE_SIZE, pages);
                db.write(0, h, 0, FileHeader.SIZE);
                if (options.synchronous() != Synchronous.OFF) {
                    db.sync(false);
                }
            }
            return h;
        } finally {
            lock.downgrade();
        }
    }

    private static void exclusive(DbLock lock, long deadline) {
        while (!lock.tryUpgrade()) {
            if (System.nanoTime() > deadline) {
                throw new OneLiteException(ResultCode.BUSY, "database is locked");
            }
            LockSupport.parkNanos(2_000_000);
        }
    }

    static byte[] readHeader(DbFile db) {
        byte[] h = new byte[FileHeader.SIZE];
        int n = db.read(0, h, 0, h.length);
        if (n < FileHeader.SIZE || !isValidHeader(h)) {
            throw notADatabase();
        }
        return h;
    }

    /** Whether the first 100 bytes of {@code h} are a header this engine reads (magic, page size, fractions). */
    static boolean isValidHeader(byte[] h) {
        for (int i = 0; i < 16; i++) {
            if (h[i] != FileHeader.MAGIC_BYTES[i]) {
                return false;
            }
        }
        int pageSize = FileHeader.pageSize(h);
        return pageSize >= 0 && (h[FileHeader.READ_VERSION] & 0xff) <= 2
                && pageSize - (h[FileHeader.RESERVED_BYTES] & 0xff) >= 480
                && h[FileHeader.MAX_PAYLOAD_FRACTION] == 64 && h[FileHeader.MIN_PAYLOAD_FRACTION] == 32
                && h[FileHeader.LEAF_PAYLOAD_FRACTION] == 32;
    }

    static OneLiteException notADatabase() {
        return new OneLiteException(ResultCode.NOTADB, "file is not a database");
    }

    private static long sizeOf(Path p) {
        try {
            return Files.size(p);
        } catch (IOException e) {
            return 0;
        }
    }

    private static void deleteIfExists(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException e) {
            throw new OneLiteException(ResultCode.IOERR, "disk I/O error deleting " + p, e);
        }
    }
}
