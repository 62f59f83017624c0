package io.onelite.catalog;

import io.onelite.btree.Record;
import io.onelite.btree.TableCursor;
import io.onelite.btree.TreeAccessListener;
import io.onelite.btree.TreeBuilder;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.pager.DatabaseImage;
import io.onelite.pager.FileHeader;
import io.onelite.pager.PageStore;

import java.util.ArrayList;
import java.util.List;

/**
 * The database rebuilt as SQLite's VACUUM rebuilds it ({@code sqlite3RunVacuum} in
 * {@code vacuum.c}): a fresh file with no free page, every tree packed, every rowid, key and
 * record kept byte for byte. SQLite re-runs the schema's SQL in a new database, so its
 * {@code sqlite_schema} comes out in this order, with rowids 1, 2, ... and roots from page 2 up:
 * <ol>
 *   <li>each table with a b-tree (not {@code sqlite_sequence}), in rowid order, followed by the
 *       automatic indexes its CREATE TABLE makes (UNIQUE, PRIMARY KEY) and, after the first
 *       AUTOINCREMENT table, {@code sqlite_sequence} (which VACUUM drops when no AUTOINCREMENT
 *       table is left);</li>
 *   <li>each index made by CREATE INDEX;</li>
 *   <li>the views, triggers and virtual tables (no b-tree).</li>
 * </ol>
 * The header keeps the page size, reserved bytes, text encoding, user_version, application_id
 * and default cache size; the schema cookie is incremented (so prepared statements compile
 * again and a concurrent transaction that began before fails at commit); the freelist is empty.
 */
public final class Vacuum {
    private static final int TYPE = 0;
    private static final int NAME = 1;
    private static final int TBL_NAME = 2;
    private static final int ROOTPAGE = 3;
    private static final int SQL = 4;
    private static final String SEQUENCE = "sqlite_sequence";

    private Vacuum() {
    }

    /** One row of the old sqlite_schema. */
    private record SchemaRow(Object[] columns) {
        String type() {
            return columns[TYPE] instanceof String s ? s : "";
        }

        String name() {
            return columns[NAME] instanceof String s ? s : "";
        }

        String tableName() {
            return columns[TBL_NAME] instanceof String s ? s : "";
        }

        int root() {
            return columns[ROOTPAGE] instanceof Long l && l > 0 && l <= Integer.MAX_VALUE ? (int) (long) l : 0;
        }

        boolean hasTree() {
            return root() > 0;
        }
    }

    /**
     * Builds the vacuumed copy of the database {@code src} (a consistent view: a snapshot, or a
     * write set before it changed anything). {@code schema} is the schema of that view.
     */
    public static DatabaseImage rebuild(PageStore src, Schema schema) {
        byte[] page1 = src.read(1);
        if (FileHeader.getInt(page1, FileHeader.LARGEST_ROOT_PAGE) != 0) {
            throw new OneLiteException(ResultCode.ERROR,
                    "cannot VACUUM an auto_vacuum database (OneLite does not write pointer maps)");
        }
        byte[] header = java.util.Arrays.copyOf(page1, FileHeader.SIZE);
        FileHeader.putInt(header, FileHeader.FIRST_FREELIST_TRUNK, 0);
        FileHeader.putInt(header, FileHeader.FREELIST_COUNT, 0);
        FileHeader.putInt(header, FileHeader.SCHEMA_COOKIE, FileHeader.getInt(page1, FileHeader.SCHEMA_COOKIE) + 1);
        DatabaseImage image = new DatabaseImage(header, src.pageSize(), src.usableSize());

        List<SchemaRow> order = newOrder(readSchema(src), schema);
        int[] newRoots = new int[order.size()];
        for (int i = 0; i < order.size(); i++) {
            if (order.get(i).hasTree()) {
                newRoots[i] = image.allocate(); // every root first, as SQLite creates the tables before copying rows
            }
        }
        List<TreeBuilder.Row> rows = new ArrayList<>(order.size());
        for (int i = 0; i < order.size(); i++) {
            SchemaRow r = order.get(i);
            Object[] cols = r.columns().clone();
            if (r.hasTree()) {
                TreeBuilder.copy(src, r.root(), image, newRoots[i]);
                cols[ROOTPAGE] = (long) newRoots[i];
            }
            rows.add(new TreeBuilder.Row(i + 1, Record.encode(cols)));
        }
        TreeBuilder.writeTable(image, 1, rows);
        return image;
    }

    private static List<SchemaRow> readSchema(PageStore src) {
        List<SchemaRow> rows = new ArrayList<>();
        TableCursor c = new TableCursor(src, 1, TreeAccessListener.NONE);
        for (boolean ok = c.first(); ok; ok = c.next()) {
            Object[] cols = Record.decode(c.payload());
            if (cols.length < 5) {
                throw new io.onelite.common.CorruptDatabaseException("malformed sqlite_schema row");
            }
            rows.add(new SchemaRow(cols));
        }
        return rows;
    }

    /** The rows of the new sqlite_schema, in the order of the class comment. */
    private static List<SchemaRow> newOrder(List<SchemaRow> rows, Schema schema) {
        SchemaRow sequence = null;
        for (SchemaRow r : rows) {
            if (r.type().equals("table") && r.name().equals(SEQUENCE)) {
                sequence = r;
            }
        }
        List<SchemaRow> out = new ArrayList<>(rows.size());
        for (SchemaRow t : rows) {
            if (!t.type().equals("table") || t.name().equals(SEQUENCE) || !t.hasTree()) {
                continue;
            }
            out.add(t);
            for (SchemaRow ix : rows) { // (1) the automatic indexes of its CREATE TABLE
                if (ix.type().equals("index") && ix.columns()[SQL] == null && ix.tableName().equalsIgnoreCase(t.name())) {
                    out.add(ix);
                }
            }
            Table table = schema.table(t.name());
            if (sequence != null && table != null && table.autoincrement()) {
                out.add(sequence);
                sequence = null;
            }
        }
        for (SchemaRow ix : rows) { // (2)
            if (ix.type().equals("index") && ix.columns()[SQL] != null) {
                out.add(ix);
            }
        }
        for (SchemaRow r : rows) { // (3)
            if (r.type().equals("view") || r.type().equals("trigger") || (r.type().equals("table") && !r.hasTree())) {
                out.add(r);
            }
        }
        assert out.stream().map(SchemaRow::columns).distinct().count() == out.size() : "a schema row placed twice";
        return out;
    }
}
