package io.onelite.pager;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.common.Synchronous;
import io.onelite.os.DbFile;
import io.onelite.os.FileDbFile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Rolls back a hot rollback journal ({@code X-journal}) left by a rollback-mode writer that
 * crashed, before the file is switched to WAL mode (SQLite's {@code pager_playback}).
 *
 * <p>Journal format: segments, each a header of one sector (magic d9d505f920a163d7, u32 record
 * count (-1: up to the end of the file), u32 checksum initialiser, u32 original database size
 * in pages, u32 sector size, u32 page size; all BE) followed by records (u32 pgno, page image,
 * u32 checksum = initialiser + every 200th byte of the page counting down from
 * {@code pageSize - 200}); the next header starts at the next sector boundary. Playback writes
 * each record's page back (if within the original size), stops at the first bad record,
 * truncates the file to the original size and deletes the journal. A journal naming a
 * super-journal that no longer exists belongs to a committed multi-database transaction and
 * is just deleted.
 */
final class HotJournal {
    private static final byte[] MAGIC = {(byte) 0xd9, (byte) 0xd5, 0x05, (byte) 0xf9, 0x20, (byte) 0xa1, 0x63, (byte) 0xd7};

    private HotJournal() {
    }

    /** With the database EXCLUSIVE (so no live writer holds RESERVED): rolls back {@code path-journal} if hot. */
    static void rollbackIfHot(Path path, DbFile db, Synchronous sync) {
        Path jp = Path.of(path + "-journal");
        if (!Files.exists(jp)) {
            return;
        }
        try (FileDbFile j = FileDbFile.open(jp, false)) {
            long size = j.size();
            if (size > 0 && db.size() > 0 && firstByteNonZero(j) && !committedSuperJournal(jp, j, size)) {
                playback(j, size, db);
                if (sync != Synchronous.OFF) {
                    db.sync(false);
                }
            }
        }
        try {
            Files.deleteIfExists(jp);
        } catch (IOException e) {
            throw new OneLiteException(ResultCode.IOERR, "disk I/O error deleting " + jp, e);
        }
        if (sync == Synchronous.EXTRA) {
            FileDbFile.syncDirectory(path.toAbsolutePath().getParent());
        }
    }

    private static boolean firstByteNonZero(FileDbFile j) {
        byte[] b = new byte[1];
        return j.read(0, b, 0, 1) == 1 && b[0] != 0;
    }

    /** True if the journal names a super-journal that no longer exists (its transaction committed). */
    private static boolean committedSuperJournal(Path jp, FileDbFile j, long size) {
        if (size < 16) {
            return false;
        }
        byte[] tail = new byte[16];
        j.read(size - 16, tail, 0, 16);
        for (int i = 0; i < 8; i++) {
            if (tail[8 + i] != MAGIC[i]) {
                return false;
            }
        }
        int len = FileHeader.getInt(tail, 0);
        if (len <= 0 || len > size - 20) {
            return false;
        }
        byte[] name = new byte[len];
        j.read(size - 16 - len, name, 0, len);
        int end = 0;
        while (end < len && name[end] != 0) {
            end++;
        }
        String superName = new String(name, 0, end, java.nio.charset.StandardCharsets.UTF_8);
        return !superName.isEmpty() && !Files.exists(jp.resolveSibling(superName)) && !Files.exists(Path.of(superName));
    }

    private static void playback(FileDbFile j, long size, DbFile db) {
        byte[] hdr = new byte[28];
        long off = 0;
        int origSize = -1;
        int sector = 512;
        int pageSize = -1;
        segments:
        while (off + 28 <= size) {
            if (j.read(off, hdr, 0, 28) < 28 || !startsWithMagic(hdr)) {
                break;
            }
            long nRec = FileHeader.getInt(hdr, 8) & 0xffffffffL;
            int cksumInit = FileHeader.getInt(hdr, 12);
            if (origSize < 0) {
                origSize = FileHeader.getInt(hdr, 16);
                int s = FileHeader.getInt(hdr, 20);
                sector = s >= 32 && s <= 65536 && Integer.bitCount(s) == 1 ? s : 512;
                pageSize = FileHeader.getInt(hdr, 24);
                if (pageSize < 512 || pageSize > 65536 || Integer.bitCount(pageSize) != 1) {
                    throw new OneLiteException(ResultCode.CORRUPT, "database disk image is malformed: hot journal page size " + pageSize);
                }
            }
            long rec = off + sector;
            if (nRec == 0xffffffffL) {
                nRec = (size - rec) / (pageSize + 8);
            }
            byte[] buf = new byte[pageSize + 8];
            for (long r = 0; r < nRec; r++) {
                if (j.read(rec, buf, 0, buf.length) < buf.length) {
                    break segments;
                }
                int pgno = FileHeader.getInt(buf, 0);
                if (pgno == 0 || pgno == WriteSet.lockBytePage(pageSize)) {
                    break segments;
                }
                int ck = cksumInit;
                for (int i = pageSize - 200; i > 0; i -= 200) {
                    ck += buf[4 + i] & 0xff;
                }
                if (ck != FileHeader.getInt(buf, 4 + pageSize)) {
                    break segments;
                }
                if (pgno <= origSize) {
                    db.write((long) (pgno - 1) * pageSize, buf, 4, pageSize);
                }
                rec += buf.length;
            }
            off = (rec + sector - 1) / sector * sector;
        }
        if (origSize > 0 && pageSize > 0) {
            db.truncate((long) origSize * pageSize);
        }
    }

    private static boolean startsWithMagic(byte[] b) {
        for (int i = 0; i < 8; i++) {
            if (b[i] != MAGIC[i]) {
                return false;
            }
        }
        return true;
    }
}
