package io.onelite.plan;

import io.onelite.catalog.Schema;
import io.onelite.catalog.Table;
import io.onelite.catalog.View;
import io.onelite.common.OneLiteException;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code PRAGMA table_list} and {@code pragma_table_list}: one row per table and view of each
 * database (main, temp, then the attached ones; each with its own schema table, temp's always),
 * as SQLite: schema, name, type ("table" or "view"), ncol (generated columns included), wr (1 for
 * WITHOUT ROWID), strict (1 for STRICT).
 */
public final class TableList {
    public static final List<String> COLUMNS = List.of("schema", "name", "type", "ncol", "wr", "strict");

    private TableList() {
    }

    /**
     * The rows for the databases of {@code schema} (every one of a search path, or one database's
     * own schema); with {@code allDatabases} (an unqualified pragma) temp too, before its first
     * object; only the objects named {@code name} (case-insensitive) when it is not null.
     */
    public static List<Object[]> rows(Schema schema, String name, boolean allDatabases) {
        List<Schema> dbs = new ArrayList<>(schema.databases());
        dbs.sort((x, y) -> Integer.compare(rank(x), rank(y))); // main, temp, then attached in attach order (a stable sort)
        if (allDatabases && dbs.stream().noneMatch(d -> d.name().equalsIgnoreCase(Schema.TEMP))) {
            dbs.add(Math.min(1, dbs.size()), Schema.empty(Schema.TEMP)); // temp is listed before its first object too
        }
        List<Object[]> out = new ArrayList<>();
        for (Schema db : dbs) {
            for (Table t : db.tables()) {
                add(out, name, db.name(), t.name(), "table", t.columns().size(), t.withoutRowid() ? 1 : 0,
                        t.strict() ? 1 : 0);
            }
            for (View v : db.views()) {
                add(out, name, db.name(), v.name(), "view", viewColumns(schema, v), 0, 0);
            }
            for (io.onelite.catalog.VirtualTable v : db.virtualTables()) {
                add(out, name, db.name(), v.name(), "virtual", 0, 0, 0); // columns unknown without the module
            }
            boolean temp = db.name().equalsIgnoreCase(Schema.TEMP);
            add(out, name, db.name(), temp ? "sqlite_temp_schema" : "sqlite_schema", "table", 5, 0, 0);
        }
        return out;
    }

    private static int rank(Schema db) {
        return db.name().equalsIgnoreCase("main") ? 0 : db.name().equalsIgnoreCase(Schema.TEMP) ? 1 : 2;
    }

    private static void add(List<Object[]> out, String only, String db, String name, String type, int ncol, int wr,
                            int strict) {
        if (only == null || only.equalsIgnoreCase(name)) {
            out.add(new Object[] {db, name, type, (long) ncol, (long) wr, (long) strict});
        }
    }

    /** A view's column count, as its table_info lists them; 0 for a view that no longer compiles. */
    private static int viewColumns(Schema schema, View v) {
        try {
            return SchemaPragmas.rows("table_info", v.name(), schema).size();
        } catch (OneLiteException e) {
            return 0;
        }
    }
}
