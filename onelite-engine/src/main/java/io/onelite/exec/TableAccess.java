package io.onelite.exec;

/**
 * What a level needs to read one rowid table: its root page and how stored records map to
 * columns (see {@link CursorRow}).
 */
public record TableAccess(String name, int root, int rowidAlias, boolean[] realColumns, Object[] defaults) {
    public CursorRow row(io.onelite.catalog.RowCursor c) {
        return new CursorRow(c, rowidAlias, realColumns, defaults);
    }
}
