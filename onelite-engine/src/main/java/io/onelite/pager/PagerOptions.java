package io.onelite.pager;

import io.onelite.common.Synchronous;

/**
 * How a {@link Pager} runs.
 *
 * @param synchronous          when the WAL and the database file are synced (SQLite's meanings in WAL mode)
 * @param cacheSizePages       upper bound of the shared page cache, in pages (at least 16 are kept)
 * @param autoCheckpointFrames {@link Pager#maybeAutoCheckpoint()} runs a PASSIVE checkpoint when the WAL
 *                             holds at least this many frames; 0 or less disables it
 * @param readOnly             no write lock, no commits, no checkpoints
 * @param newDatabasePageSize  page size of a database this pager creates (a power of two in 512..65536)
 * @param writeSliceNanos      the write gate's barging slice ({@link WriteGate}): 0 = strict FIFO
 *                             hand-off, negative = the default (10 ms, or the system property
 *                             {@code onelite.writeSliceMicros})
 */
public record PagerOptions(Synchronous synchronous, int cacheSizePages, int autoCheckpointFrames,
                           boolean readOnly, int newDatabasePageSize, long writeSliceNanos) {

    /**
     * The {@code mmap_size} (bytes) a connection starts with: 256 MiB where files are mapped,
     * 0 elsewhere (Windows). SQLite's default is 0 (docs/compat.md).
     */
    public static final long MMAP_SIZE_DEFAULT = MappedPages.DEFAULT_SIZE;
    /** The largest {@code mmap_size} (SQLite's {@code SQLITE_MAX_MMAP_SIZE}); larger values are lowered to it. */
    public static final long MMAP_SIZE_MAX = MappedPages.MAX_SIZE;

    /** FULL, 2000 pages, 1000 frames, read-write, 4096-byte pages. */
    public static final PagerOptions DEFAULTS = new PagerOptions(Synchronous.FULL, 2000, 1000, false, 4096, -1);

    public PagerOptions {
        if (synchronous == null) {
            throw new IllegalArgumentException("synchronous must not be null");
        }
        if (newDatabasePageSize < 512 || newDatabasePageSize > 65536 || Integer.bitCount(newDatabasePageSize) != 1) {
            throw new IllegalArgumentException("page size must be a power of two in 512..65536: " + newDatabasePageSize);
        }
    }

    /** With the default write slice. */
    public PagerOptions(Synchronous synchronous, int cacheSizePages, int autoCheckpointFrames, boolean readOnly,
                        int newDatabasePageSize) {
        this(synchronous, cacheSizePages, autoCheckpointFrames, readOnly, newDatabasePageSize, -1);
    }

    public PagerOptions withSynchronous(Synchronous s) {
        return new PagerOptions(s, cacheSizePages, autoCheckpointFrames, readOnly, newDatabasePageSize, writeSliceNanos);
    }

    public PagerOptions withAutoCheckpointFrames(int n) {
        return new PagerOptions(synchronous, cacheSizePages, n, readOnly, newDatabasePageSize, writeSliceNanos);
    }

    public PagerOptions withReadOnly(boolean ro) {
        return new PagerOptions(synchronous, cacheSizePages, autoCheckpointFrames, ro, newDatabasePageSize, writeSliceNanos);
    }

    public PagerOptions withPageSize(int size) {
        return new PagerOptions(synchronous, cacheSizePages, autoCheckpointFrames, readOnly, size, writeSliceNanos);
    }

    public PagerOptions withCacheSizePages(int n) {
        return new PagerOptions(synchronous, n, autoCheckpointFrames, readOnly, newDatabasePageSize, writeSliceNanos);
    }

    public PagerOptions withWriteSliceNanos(long nanos) {
        return new PagerOptions(synchronous, cacheSizePages, autoCheckpointFrames, readOnly, newDatabasePageSize, nanos);
    }
}
