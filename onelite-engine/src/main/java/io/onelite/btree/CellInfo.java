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
    boolean hasOverflow() {
        return overflowPgno != 0;
    }
}
