package io.onelite.catalog;

import io.onelite.common.CorruptDatabaseException;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.pager.FileHeader;
import io.onelite.sql.ParseCache;
import io.onelite.sql.ast.CreateIndexStmt;
import io.onelite.sql.ast.CreateTableStmt;
import io.onelite.sql.ast.CreateTriggerStmt;
import io.onelite.sql.ast.CreateViewStmt;
import io.onelite.sql.ast.CreateVirtualTableStmt;
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
 *
 * <p>A connection sees several databases (SQLite's {@code db->aDb}): {@code main}, its private
 * {@code temp} and the attached ones. {@link #searchPath} joins their snapshots into the one
 * schema the planner resolves names against: an unqualified name is looked up in temp, then main,
 * then the attached databases in attach order; {@link #database} gives one database's own
 * schema for a qualified name ({@code main.t}).
 */
public final class Schema {
    /** The temp database's name. */
    public static final String TEMP = "temp";

    private final String name;
    private final int cookie;
    /** Compiled plans are valid while this is unchanged (see {@link #version()}). */
    private final long version;
    /** For a search path: its databases in lookup order (temp first when present); else null. */
    private final List<Schema> path;
    private final Map<String, Table> tables = new LinkedHashMap<>();
    private final Map<String, Index> indexes = new LinkedHashMap<>();
    private final Map<String, View> views = new LinkedHashMap<>();
    private final Map<String, Trigger> triggers = new LinkedHashMap<>();
    private final Map<String, VirtualTable> virtualTables = new LinkedHashMap<>();

    private Schema(String name, int cookie, long version, List<Schema> path) {
        this.name = name;
        this.cookie = cookie;
        this.version = version;
        this.path = path;
    }

    /** The temp schema of a connection that has not used temp yet. */
    private static final Schema EMPTY_TEMP = new Schema(TEMP, 0, 0, null);

    /** An empty schema of database {@code db} (a temp database before its first object). */
    public static Schema empty(String db) {
        return TEMP.equals(db) ? EMPTY_TEMP : new Schema(db, 0, 0, null);
    }

    /** The schema cookie (of main, for a search path). */
    public int cookie() {
        return cookie;
    }

    /**
     * What a compiled plan remembers: a database's cookie, or for a search path a generation the
     * session bumps whenever one of its databases changes (never equal to a plain cookie).
     */
    public long version() {
        return version;
    }

    /** The database name: main, temp or an attached name (main for a search path). */
    public String name() {
        return name;
    }

    /**
     * Joins the schemas of a connection's databases: {@code dbs} in SQLite's order (main, temp,
     * attached...); names resolve in temp first. {@code generation} must be above 0.
     */
    public static Schema searchPath(List<Schema> dbs, long generation) {
        List<Schema> order = new ArrayList<>();
        for (Schema s : dbs) {
            if (TEMP.equals(s.name)) {
                order.add(0, s);
            } else {
                order.add(s);
            }
        }
        Schema main = dbs.get(0);
        Schema merged = new Schema(main.name, main.cookie, generation << 32, List.copyOf(order));
        for (Schema s : order) {
            // a name is the first database's table or view, as SQLite's lookup goes database by database
            s.tables.forEach((k, t) -> merged.putIfUnnamed(k, t, merged.tables));
            s.indexes.forEach(merged.indexes::putIfAbsent);
            s.views.forEach((k, v) -> merged.putIfUnnamed(k, v, merged.views));
            s.triggers.forEach(merged.triggers::putIfAbsent);
            s.virtualTables.forEach((k, v) -> merged.putIfUnnamed(k, v, merged.virtualTables));
        }
        return merged;
    }

    private <T> void putIfUnnamed(String key, T object, Map<String, T> into) {
        if (!tables.containsKey(key) && !views.containsKey(key) && !virtualTables.containsKey(key)) {
            into.put(key, object);
        }
    }

    /**
     * One database's own schema by name (case-insensitive), or null when the connection has no
     * such database; temp is always known (empty before its first object).
     */
    public Schema database(String db) {
        if (path != null) {
            for (Schema s : path) {
                if (s.name.equalsIgnoreCase(db)) {
                    return s;
                }
            }
        } else if (name.equalsIgnoreCase(db)) {
            return this;
        }
        return TEMP.equalsIgnoreCase(db) ? EMPTY_TEMP : null;
    }

    /** The databases of a search path in lookup order, or this one alone. */
    public List<Schema> databases() {
        return path != null ? path : List.of(this);
    }

    /** A table by qualified name: in its schema when one is written, else along the search path. */
    public Table table(io.onelite.sql.ast.QualifiedName q) {
        if (q.schema() == null) {
            return table(q.name());
        }
        Schema s = database(q.schema());
        return s == null ? null : s.ownTable(q.name());
    }

    /** A table of this database itself, schema table included ({@code temp.sqlite_master}). */
    private Table ownTable(String table) {
        Table t = tables.get(key(table));
        return t != null ? t : schemaTable(table, true);
    }

    /** A view by qualified name, as {@link #table(io.onelite.sql.ast.QualifiedName)}. */
    public View view(io.onelite.sql.ast.QualifiedName q) {
        if (q.schema() == null) {
            return view(q.name());
        }
        Schema s = database(q.schema());
        return s == null ? null : s.view(q.name());
    }

    private static String key(String name) {
        return name.toLowerCase(Locale.ROOT);
    }

    /**
     * A table by name (case-insensitive), including the schema table: sqlite_schema/sqlite_master
     * (temp's is sqlite_temp_schema/sqlite_temp_master, and answers to the plain names when
     * qualified: {@code temp.sqlite_master}); null if none.
     */
    public Table table(String name) {
        Table t = tables.get(key(name));
        if (t != null) {
            return t;
        }
        if (path == null) {
            Table st = schemaTable(name, true);
            // before its first object the temp database is still there: sqlite_temp_master is empty
            return st != null || TEMP.equals(this.name) ? st : EMPTY_TEMP.schemaTable(name, false);
        }
        for (Schema s : path) {
            Table st = s.schemaTable(name, false);
            if (st != null) {
                return st;
            }
        }
        return null;
    }

    private Table schemaTable(String table, boolean qualified) {
        String lower = key(table);
        boolean plain = lower.equals("sqlite_master") || lower.equals("sqlite_schema");
        if (TEMP.equals(name)) {
            boolean tempName = lower.equals("sqlite_temp_master") || lower.equals("sqlite_temp_schema");
            return tempName || (plain && qualified) ? Table.schemaTable(lower, TEMP) : null;
        }
        return plain ? Table.schemaTable(lower, name) : null;
    }

    public Index index(String name) {
        return indexes.get(key(name));
    }

    /** A virtual table by name (case-insensitive), along the search path; null if none. */
    public VirtualTable virtualTable(String name) {
        return virtualTables.get(key(name));
    }

    /** A virtual table by qualified name, as {@link #table(io.onelite.sql.ast.QualifiedName)}. */
    public VirtualTable virtualTable(io.onelite.sql.ast.QualifiedName q) {
        if (q.schema() == null) {
            return virtualTable(q.name());
        }
        Schema s = database(q.schema());
        return s == null ? null : s.virtualTable(q.name());
    }

    public Collection<VirtualTable> virtualTables() {
        return virtualTables.values();
    }

    /**
     * The error for a statement naming table {@code q} that is not an ordinary table or view:
     * "no such module: m" when it is a virtual table (OneLite has no modules, as SQLite built
     * without that one), else "no such table: {@code shown}".
     */
    public OneLiteException missingTable(io.onelite.sql.ast.QualifiedName q, String shown) {
        VirtualTable v = virtualTable(q);
        return v != null ? v.noModule() : new OneLiteException(ResultCode.ERROR, "no such table: " + shown);
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

    /** The triggers on a table named {@code table} (of this database), in creation order. */
    public List<Trigger> triggersOn(String table) {
        List<Trigger> out = new ArrayList<>();
        for (Trigger t : triggers.values()) {
            if (t.table().equalsIgnoreCase(table)) {
                out.add(t);
            }
        }
        return out;
    }

    /**
     * The triggers that fire on {@code table}: those of its own database, and temp triggers whose
     * ON names it (qualified, or resolving to it along the search path), in creation order.
     */
    public List<Trigger> triggersOn(Table table) {
        if (path == null) {
            return triggersOn(table.name());
        }
        List<Trigger> out = new ArrayList<>();
        for (Schema s : path) {
            for (Trigger t : s.triggers.values()) {
                if (t.table().equalsIgnoreCase(table.name()) && table.db().equals(targetDb(s, t))) {
                    out.add(t);
                }
            }
        }
        return out;
    }

    /**
     * The INSTEAD OF triggers that fire on {@code view}: those of its own database, and temp
     * triggers whose ON names it, in creation order (a main view and a temp view of one name
     * each have their own).
     */
    public List<Trigger> triggersOn(View view) {
        if (path == null) {
            return triggersOn(view.name());
        }
        List<Trigger> out = new ArrayList<>();
        for (Schema s : path) {
            for (Trigger t : s.triggers.values()) {
                if (t.table().equalsIgnoreCase(view.name()) && view.db().equals(targetDb(s, t))) {
                    out.add(t);
                }
            }
        }
        return out;
    }

    /** The database of the table a trigger of schema {@code s} sits on. */
    private String targetDb(Schema s, Trigger t) {
        if (!TEMP.equals(s.name)) {
            return s.name;
        }
        String written = t.stmt().tableSchema();
        if (written != null) {
            Schema d = database(written);
            return d == null ? written : d.name;
        }
        for (Schema d : path) {
            if (d.tables.containsKey(key(t.table())) || d.views.containsKey(key(t.table()))) {
                return d.name;
            }
        }
        return TEMP;
    }

    /** Reads the main database's schema through a transaction's storage. */
    public static Schema load(Storage s) {
        return load(s, Table.MAIN);
    }

    /** Reads the schema of database {@code db} (main, temp or an attached name) through its storage. */
    public static Schema load(Storage s, String db) {
        int encoding = s.headerInt(FileHeader.TEXT_ENCODING);
        if (encoding == 2 || encoding == 3) {
            // its text is UTF-16: read as UTF-8 the schema would look empty, and writes would mix encodings
            throw new OneLiteException(ResultCode.ERROR, "unsupported file format: the text encoding of "
                    + db + " is " + (encoding == 2 ? "UTF-16le" : "UTF-16be") + "; OneLite reads and writes UTF-8 databases");
        }
        int cookie = s.headerInt(FileHeader.SCHEMA_COOKIE);
        Schema schema = new Schema(db, cookie, cookie & 0xffffffffL, null);
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
                Stmt parsed = parse(name, sql);
                if (parsed instanceof CreateVirtualTableStmt vt) {
                    schema.virtualTables.put(key(name), new VirtualTable(name, vt.module(), sql, db));
                    continue;
                }
                if (!(parsed instanceof CreateTableStmt ct)) {
                    throw new CorruptDatabaseException("malformed database schema (" + name + ")");
                }
                Table t = TableBuilder.table(ct, root).inDatabase(db);
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
                        ix = TableBuilder.index((CreateIndexStmt) parse(name, sql), t, root);
                    }
                    schema.indexes.put(key(name), ix);
                    t.indexes().add(ix);
                }
                case "view" -> {
                    CreateViewStmt v = (CreateViewStmt) parse(name, sql);
                    schema.views.put(key(name), new View(name, v.columns(), v.select(), sql, db));
                }
                case "trigger" -> {
                    CreateTriggerStmt tr = (CreateTriggerStmt) parse(name, sql);
                    schema.triggers.put(key(name), new Trigger(name, tr.table(), tr, sql, db));
                }
                default -> {
                }
            }
        }
        return schema;
    }

    /**
     * The tree of schema entry {@code name}'s SQL: parsed once per JVM per text ({@link ParseCache}),
     * so that reopening a file does not parse its schema again; a text that fails is not kept and
     * fails every load with SQLite's message, {@code malformed database schema (name) - ...}.
     */
    private static Stmt parse(String name, String sql) {
        try {
            return ParseCache.parse(sql).stmt();
        } catch (OneLiteException e) {
            throw new CorruptDatabaseException("malformed database schema (" + name + ") - " + e.getMessage());
        }
    }
}
