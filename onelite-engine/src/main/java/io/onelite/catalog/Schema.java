package io.onelite.catalog;

import io.onelite.common.CorruptDatabaseException;
import io.onelite.common.OneLiteException;
import io.onelite.pager.FileHeader;
import io.onelite.sql.Parser;
import io.onelite.sql.ast.CreateIndexStmt;
import io.onelite.sql.ast.CreateTableStmt;
import io.onelite.sql.ast.CreateTriggerStmt;
import io.onelite.sql.ast.CreateViewStmt;
import io.onelite.sql.ast.Stmt;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * An immutable snapshot of a database's schema, as read from {@code sqlite_schema} (page 1) at
 * one schema cookie. DDL builds a new snapshot; sessions re-read it when the cookie changes.
 */
public final class Schema {
    private final int cookie;
    private final Map<String, Table> tables = new LinkedHashMap<>();
    private final Map<String, Index> indexes = new LinkedHashMap<>();
    private final Map<String, View> views = new LinkedHashMap<>();
    private final Map<String, Trigger> triggers = new LinkedHashMap<>();

    private Schema(int cookie) {
        this.cookie = cookie;
    }

    public int cookie() {
        return cookie;
    }

    private static String key(String name) {
        return name.toLowerCase(Locale.ROOT);
    }

    /** A table by name (case-insensitive), including sqlite_schema/sqlite_master; null if none. */
    public Table table(String name) {
        Table t = tables.get(key(name));
        if (t == null && (name.equalsIgnoreCase("sqlite_master") || name.equalsIgnoreCase("sqlite_schema"))) {
            return Table.schemaTable(name.toLowerCase(Locale.ROOT));
        }
        return t;
    }

    public Index index(String name) {
        return indexes.get(key(name));
    }

    public View view(String name) {
        return views.get(key(name));
    }

    public Trigger trigger(String name) {
        return triggers.get(key(name));
    }

    public Collection<Table> tables() {
        return tables.values();
    }

    public Collection<Index> indexes() {
        return indexes.values();
    }

    public Collection<View> views() {
        return views.values();
    }

    public Collection<Trigger> triggers() {
        return triggers.values();
    }

    /** The triggers on a table, in creation order. */
    public List<Trigger> triggersOn(String table) {
        List<Trigger> out = new ArrayList<>();
        for (Trigger t : triggers.values()) {
            if (t.table().equalsIgnoreCase(table)) {
                out.add(t);
            }
        }
        return out;
    }

    /** Reads the schema through a transaction's storage. */
    public static Schema load(Storage s) {
        Schema schema = new Schema(s.headerInt(FileHeader.SCHEMA_COOKIE));
        RowCursor c = s.openTable(1);
        List<Object[]> rows = new ArrayList<>();
        for (boolean ok = c.first(); ok; ok = c.next()) {
            rows.add(c.row());
        }
        Map<String, List<Index>> autoByTable = new LinkedHashMap<>();
        for (Object[] r : rows) {
            if (r.length < 5) {
                throw new CorruptDatabaseException("malformed sqlite_schema row");
            }
            String type = (String) r[0];
            String name = (String) r[1];
            int root = r[3] instanceof Long l ? (int) (long) l : 0;
            String sql = (String) r[4];
            if ("table".equals(type)) {
                CreateTableStmt ct = (CreateTableStmt) parse(sql);
                Table t = TableBuilder.table(ct, root);
                schema.tables.put(key(name), t);
                autoByTable.put(key(name), TableBuilder.autoIndexes(ct, t));
            }
        }
        for (Object[] r : rows) {
            String type = (String) r[0];
            String name = (String) r[1];
            String tbl = (String) r[2];
            int root = r[3] instanceof Long l ? (int) (long) l : 0;
            String sql = (String) r[4];
            switch (type) {
                case "index" -> {
                    Table t = schema.tables.get(key(tbl));
                    if (t == null) {
                        continue;
                    }
                    Index ix;
                    if (sql == null) {
                        ix = null;
                        for (Index a : autoByTable.getOrDefault(key(tbl), List.of())) {
                            if (a.name().equalsIgnoreCase(name)) {
                                ix = a.withRoot(root);
                            }
                        }
                        if (ix == null) {
                            continue;
                        }
                    } else {
                        ix = TableBuilder.index((CreateIndexStmt) parse(sql), t, root);
                    }
                    schema.indexes.put(key(name), ix);
                    t.indexes().add(ix);
                }
                case "view" -> {
                    CreateViewStmt v = (CreateViewStmt) parse(sql);
                    schema.views.put(key(name), new View(name, v.columns(), v.select(), sql));
                }
                case "trigger" -> {
                    CreateTriggerStmt tr = (CreateTriggerStmt) parse(sql);
                    schema.triggers.put(key(name), new Trigger(name, tr.table(), tr, sql));
                }
                default -> {
                }
            }
        }
        return schema;
    }

    private static Stmt parse(String sql) {
        try {
            return Parser.parse(sql, 0).stmt();
        } catch (OneLiteException e) {
            throw new CorruptDatabaseException("malformed database schema - " + e.getMessage());
        }
    }
}
