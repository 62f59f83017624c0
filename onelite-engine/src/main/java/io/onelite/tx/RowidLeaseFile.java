package io.onelite.tx;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The side file {@code <db>-onelite-rowid} through which processes writing one database share the
 * rowid allocator: for each table root the highest rowid leased so far.
 *
 * <pre>
 * OFFSET SIZE DESCRIPTION (all big-endian)
 *   0      8  magic "OLROWID1"
 *   8      8  inode of the database file the leases belong to (0 if unknown); another inode
 *             (the database was deleted and created again) means the leases are void
 *  16     12n n entries: u32 root page, i64 highest rowid leased
 * </pre>
 * Each lease opens the file, takes an exclusive {@code fcntl} lock on it (blocking: it is held for
 * a read and a write of a few bytes), reads, writes back and closes. In-process callers are
 * serialised first (a JVM cannot hold two overlapping locks on one file, and closing a channel
 * drops the process's locks on that file). The file is never deleted: a stale entry only makes
 * rowids larger.
 */
final class RowidLeaseFile {
    private static final long MAGIC = 0x4f4c524f57494431L; // "OLROWID1"
    private static final int HEADER = 16;
    private static final int ENTRY = 12;

    private final Path dbPath;
    private final Path path;
    /** The database file's inode, read at the first lease (-1: not read yet); it stays while the pager is open. */
    private long inode = -1;

    RowidLeaseFile(Path dbPath) {
        this.dbPath = dbPath;
        this.path = dbPath.resolveSibling(dbPath.getFileName() + "-onelite-rowid");
    }

    Path path() {
        return path;
    }

    /**
     * Leases {@code count} rowids of {@code root} starting at {@code from} or after whatever any
     * process leased before; returns the first one.
     */
    long lease(int root, long from, int count) {
        synchronized (RowidLeaseFile.class) {
            try (FileChannel ch = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE);
                 FileLock lock = ch.lock()) {
                if (inode < 0) {
                    inode = inode(); // a costly attribute lookup: once, not per lease
                }
                ByteBuffer all = ByteBuffer.allocate((int) Math.min(ch.size(), 1 << 24));
                while (all.hasRemaining() && ch.read(all, all.position()) > 0) {
                    // read it all
                }
                all.flip();
                boolean valid = all.remaining() >= HEADER && all.getLong(0) == MAGIC && all.getLong(8) == inode;
                long pos = -1;
                long leased = 0;
                if (valid) {
                    for (int p = HEADER; p + ENTRY <= all.limit(); p += ENTRY) {
                        if (all.getInt(p) == root) {
                            pos = p;
                            leased = all.getLong(p + 4);
                            break;
                        }
                    }
                } else {
                    ByteBuffer header = ByteBuffer.allocate(HEADER).putLong(MAGIC).putLong(inode).flip();
                    ch.truncate(0);
                    ch.write(header, 0);
                }
                long start = Math.max(from, leased == Long.MAX_VALUE ? leased : leased + 1);
                long end = start + count - 1 < start ? Long.MAX_VALUE : start + count - 1;
                ByteBuffer entry = ByteBuffer.allocate(ENTRY).putInt(root).putLong(end).flip();
                ch.write(entry, pos >= 0 ? pos : valid ? HEADER + (all.limit() - HEADER) / ENTRY * ENTRY : HEADER);
                return start;
            } catch (IOException e) {
                throw new OneLiteException(ResultCode.IOERR_LOCK, "rowid lease file " + path + ": " + e.getMessage(), e);
            }
        }
    }

    private long inode() {
        try {
            Object ino = Files.getAttribute(dbPath, "unix:ino");
            return ino instanceof Number n ? n.longValue() : 0;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return 0;
        }
    }
}
