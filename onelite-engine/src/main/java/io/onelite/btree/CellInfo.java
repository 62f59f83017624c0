package io.onelite.btree;

/**
 * Where the payload of a leaf or index cell lies (as SQLite's {@code CellInfo}).
 *
 * @param payloadSize  total payload bytes, local and overflow
 * @param payloadStart offset in the page of the first local payload byte
 * @param localSize    payload bytes stored in the cell
 * @param overflowPgno first overflow page, 0 when the payload is all local
 * @param cellSize     bytes the cell occupies in the page (at least 4)
 * @param rowid        the rowid of a table-leaf cell, else 0
 */
record CellInfo(long payloadSize, int payloadStart, int localSize, int overflowPgno, int cellSize, long rowid) {
    /** Whether part of the payload is on overflow pages (then {@link #overflowPgno} must be a page). */
    boolean hasOverflow() {
        return localSize < payloadSize;
    }

    /** Offset just past the cell's last byte, without the padding to 4 bytes. */
    int rawEnd() {
        return payloadStart + localSize + (hasOverflow() ? 4 : 0);
    }
}
