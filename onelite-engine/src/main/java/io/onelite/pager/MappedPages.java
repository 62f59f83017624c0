package io.onelite.pager;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.os.DbFile;

import java.nio.MappedByteBuffer;
import java.util.Arrays;

/**
 * Memory-mapped reads of database-file pages, as SQLite's mmap ({@code PRAGMA mmap_size},
 * {@code unixMapfile}/{@code unixFetch}): a page the WAL does not hold is copied out of a
 * read-only, shared mapping of the file into its new page array (one absolute bulk get) instead
 * of a positional read. The JDK's {@code FileChannel.read} costs about a microsecond of CPU per
 * page (a temporary direct buffer, its thread-set bookkeeping, a copy); the copy from a mapping
 * costs a quarter to a third of it, a new page array included (docs/performance-history.md,
 * "Memory-mapped reads").
 *
 * <p>One mapping per database file, shared by every reader of the process. Each read passes the
 * limit of its connection ({@link Snapshot#mmapSize()}): a page is read through the mapping only
 * when it lies wholly inside that many bytes of the file, so {@code PRAGMA mmap_size=0} reads
 * by position. The mapping covers {@code [0, mapped)} in chunks of 1 GiB (a
 * {@code MappedByteBuffer} holds under 2 GiB); a chunk never splits a page, as page sizes
 * divide it.
 *
 * <p>Invariants and why they hold:
 * <ol>
 *   <li>Only whole pages inside the file's current size are mapped: a mapping never extends
 *       the file ({@link DbFile#mapReadOnly} refuses a region past the end).</li>
 *   <li>The mapping grows, never shrinks, when a reader needs a page past its end that the
 *       file now has (checkpoints extend the file); old chunks are left to the collector, which
 *       unmaps them once no reader holds them.</li>
 *   <li>A reader asks only for pages of its snapshot ({@code pgno <= pageCount}), and only a
 *       reader holding a read mark grows the mapping, to at most its snapshot's size. Under the
 *       WAL protocol the file cannot shrink below that while the reader holds its read mark: a checkpoint truncates the file only
 *       when every frame is copied back, which no reader of an older snapshot allows, and to the
 *       newest snapshot's size. So the region being mapped stays inside the file during the map
 *       call (1), and a mapped page a reader needs is still in the file.</li>
 *   <li>If a mapped page faults anyway (the file was truncated against the protocol), the JVM
 *       turns the SIGBUS into an {@link InternalError}, which becomes SQLITE_IOERR_READ: never
 *       a crash, never wrong bytes. Compiled code may raise that error a little later than the
 *       copy (at its next transition into the VM); the copy then stopped at the faulting OS page
 *       and left the rest of the new, zeroed array as it was: at least the page's last
 *       {@link #FAULT_SPAN} bytes (or the whole page, if smaller) are zero. So a page whose last
 *       that many bytes are all zero is checked against the file's size ({@code stat}) and fails
 *       if the file no longer has it. A b-tree page of 4 KiB never looks so (its type byte is
 *       not zero), a larger one only when a zero-filled blob fills its last 4 KiB, so a scan pays
 *       no {@code stat} per page, not even where the last cells end in zeros; zero-filled
 *       overflow pages and free pages do. The late error itself still
 *       surfaces, somewhere later in the thread.</li>
 *   <li>A failed map (no address space, a file system that cannot map, a test double) turns
 *       mapping off for the file: from then on every page is read by position, as SQLite does
 *       after a failed {@code mmap}.</li>
 * </ol>
 */
final class MappedPages {
    /** Whether the platform maps: not on Windows, where a mapped file cannot be truncated. */
    static final boolean SUPPORTED = !System.getProperty("os.name", "").startsWith("Windows");
    /** {@code SQLITE_MAX_MMAP_SIZE}: 1 TiB, as sqlite-jdbc builds SQLite; 0 where mapping is off. */
    static final long MAX_SIZE = SUPPORTED ? 1L << 40 : 0;
    /**
     * The default {@code mmap_size} of a connection: 256 MiB. SQLite's is 0; see docs/compat.md
     * (a deliberate difference, measured in docs/performance-history.md, "Memory-mapped reads").
     */
    static final long DEFAULT_SIZE = SUPPORTED ? 256L << 20 : 0;

    private static final int CHUNK_SHIFT = 30;
    private static final long CHUNK = 1L << CHUNK_SHIFT;

    /** What is mapped: {@code chunks[i]} covers {@code [i * CHUNK, min((i + 1) * CHUNK, size))}. */
    private record Mapping(MappedByteBuffer[] chunks, long size) {
        static final Mapping NONE = new Mapping(new MappedByteBuffer[0], 0);
    }

    private final DbFile file;
    private final int pageSize;
    private volatile Mapping mapping = Mapping.NONE;
    /** Set after a failed map: invariant (5). */
    private volatile boolean off = !SUPPORTED;

    MappedPages(DbFile file, int pageSize) {
        this.file = file;
        this.pageSize = pageSize;
    }

    /**
     * Copies page {@code pgno} of the file into {@code dst} through the mapping, growing it first
     * if the page lies past its end and the file now has it. Returns false when the page is not
     * to be read that way (outside {@code limit} bytes, not in the file, mapping off): the caller
     * reads it by position.
     *
     * @param limit  the connection's {@code mmap_size}
     * @param growTo how far the caller may grow the mapping: the size of its snapshot, whose read
     *               mark keeps the file from shrinking below it (invariant (3)); 0 for a view
     *               without a read mark (a writer's), which only uses what is mapped
     * @throws OneLiteException IOERR_READ if the mapped page faults (invariant (4))
     */
    boolean read(int pgno, byte[] dst, long limit, long growTo) {
        long pos = (long) (pgno - 1) * pageSize;
        long end = pos + pageSize;
        if (end > limit || off) {
            return false;
        }
        Mapping m = mapping;
        if (end > m.size) {
            if (end > growTo) {
                return false; // not this reader's to map: spares the lock and the fstat
            }
            m = grow(end, Math.min(limit, growTo));
            if (end > m.size) {
                return false;
            }
        }
        MappedByteBuffer chunk = m.chunks[(int) (pos >>> CHUNK_SHIFT)];
        try {
            chunk.get((int) (pos & (CHUNK - 1)), dst, 0, pageSize);
        } catch (InternalError e) {
            throw truncated(pgno, e);
        }
        if (mayBeFaulted(dst) && !inFile(end)) {
            // invariant (4): a faulted copy stops at the faulting OS page, leaving the tail of the
            // new (zeroed) array unwritten, and compiled code may raise the InternalError only
            // later; so a page that ends in a zero OS page must still be in the file
            throw truncated(pgno, null);
        }
        return true;
    }

    /**
     * Whether the file still has {@code end} bytes, asked by path ({@code stat}) rather than
     * through the channel: a late InternalError thrown inside the channel's own bookkeeping
     * could leave that inconsistent.
     */
    private boolean inFile(long end) {
        try {
            return java.nio.file.Files.size(file.path()) >= end;
        } catch (java.io.IOException e) {
            return false;
        }
    }

    /**
     * The smallest OS page size: a faulted copy leaves at least the faulting OS page through the
     * end of the database page unwritten (pages are aligned to their size, the mapping to the OS
     * page), so at least this many of the page's last bytes.
     */
    static final int FAULT_SPAN = 4096;

    /**
     * Whether the page's last {@link #FAULT_SPAN} bytes (all of a smaller page) are zero, as a
     * faulted copy leaves them; looked at from the end, where a used page has cell content.
     */
    static boolean mayBeFaulted(byte[] page) {
        int stop = Math.max(0, page.length - FAULT_SPAN);
        for (int i = page.length - 1; i >= stop; i--) {
            if (page[i] != 0) {
                return false;
            }
        }
        return true;
    }

    private OneLiteException truncated(int pgno, Throwable cause) {
        return new OneLiteException(ResultCode.IOERR_READ, "disk I/O error: page " + pgno + " of " + file.path()
                + " is mapped but no longer in the file (truncated under a reader)", cause);
    }

    /**
     * Maps the file up to its current size, at most {@code cap} bytes (whole pages), if that
     * covers {@code end}; returns the mapping now in use. Invariant (2): only grows.
     */
    private synchronized Mapping grow(long end, long cap) {
        Mapping m = mapping;
        if (end <= m.size || off) {
            return m;
        }
        long size = Math.min(file.size(), cap) / pageSize * pageSize;
        if (size < end) {
            return m;
        }
        int count = (int) ((size + CHUNK - 1) >>> CHUNK_SHIFT);
        MappedByteBuffer[] chunks = Arrays.copyOf(m.chunks, count);
        try {
            for (int i = 0; i < count; i++) {
                long start = (long) i << CHUNK_SHIFT;
                int len = (int) Math.min(CHUNK, size - start);
                if (chunks[i] != null && chunks[i].capacity() == len) {
                    continue; // a whole chunk already mapped
                }
                chunks[i] = file.mapReadOnly(start, len);
                if (chunks[i] == null) {
                    off = true; // this file cannot be mapped (a test double)
                    return m;
                }
            }
        } catch (OneLiteException e) {
            off = true; // invariant (5)
            return m;
        }
        mapping = new Mapping(chunks, size);
        return mapping;
    }

    /** Bytes of the file mapped now (tests). */
    long mappedSize() {
        return mapping.size;
    }
}
