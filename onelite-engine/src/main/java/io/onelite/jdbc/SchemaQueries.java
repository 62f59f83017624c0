package io.onelite.jdbc;

import io.onelite.api.Session;

import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The catalog answers of {@link OneLiteDatabaseMetaData}, read from {@code sqlite_schema} and
 * {@code PRAGMA table_info / index_list / index_xinfo / foreign_key_list} through the engine, and
 * returned as in-memory result sets with JDBC's column names. Name patterns ({@code %}, {@code _},
 * escape {@code \}) match case-insensitively, as SQLite names do; catalog and schema arguments
 * are ignored (one schema, {@code main}).
 */
final class SchemaQueries {
    private final OneLiteConnection conn;
    private final Session session;

    SchemaQueries(OneLiteConnection conn) {
        this.conn = conn;
        this.session = conn.session();
    }

    // ---- engine access ---------------------------------------------------------------------

    /** Runs one statement on the session, without the lazy BEGIN, and returns its rows. */
    List<Object[]> query(String sql) throws SQLException {
        conn.checkOpen();
        try (io.onelite.api.Statement st = session.prepare(sql)) {
            List<Object[]> rows = new ArrayList<>();
            int n = st.columnCount();
            while (st.step()) {
                Object[] row = new Object[n];
                for (int i = 0; i < n; i++) {
                    row[i] = st.column(i);
                }
                rows.add(row);
            }
            return rows;
        } catch (RuntimeException | StackOverflowError e) {
            throw SqlErrors.of(e);
        }
    }

    static String quote(String name) {
        return '"' + name.replace("\"", "\"\"") + '"';
    }

    /** One row of sqlite_schema. */
    record SchemaRow(String type, String name, String table, String sql) {
    }

    List<SchemaRow> schema() throws SQLException {
        List<SchemaRow> out = new ArrayList<>();
        for (Object[] r : query("SELECT type, name, tbl_name, sql FROM sqlite_schema")) {
            out.add(new SchemaRow(Values.toText(r[0]), Values.toText(r[1]), Values.toText(r[2]), Values.toText(r[3])));
        }
        return out;
    }

    /** Tables (not views) matching a pattern, in name order. */
    private List<SchemaRow> tables(String pattern, boolean withViews) throws SQLException {
        List<SchemaRow> out = new ArrayList<>();
        for (SchemaRow r : schema()) {
            if ((r.type().equals("table") || (withViews && r.type().equals("view"))) && like(pattern, r.name())) {
                out.add(r);
            }
        }
        out.sort(Comparator.comparing(SchemaRow::name));
        return out;
    }

    /** A table column as {@code PRAGMA table_xinfo} gives it; {@code generated}: a generated column. */
    record ColumnRow(int cid, String name, String type, boolean notNull, String defaultValue, int pk,
                     boolean generated) {
    }

    /** Every column of a table, generated ones included (as sqlite-jdbc lists them). */
    List<ColumnRow> columns(String table) throws SQLException {
        List<ColumnRow> out = new ArrayList<>();
        for (Object[] r : query("PRAGMA table_xinfo(" + quote(table) + ")")) {
            long hidden = Values.toLong(r[6]); // 2 VIRTUAL, 3 STORED
            out.add(new ColumnRow((int) Values.toLong(r[0]), Values.toText(r[1]), Values.toText(r[2]),
                    Values.toLong(r[3]) != 0, Values.toText(r[4]), (int) Values.toLong(r[5]), hidden == 2 || hidden == 3));
        }
        return out;
    }

    /** JDBC's LIKE: {@code %}, {@code _}, escape {@code \}; null matches everything. */
    static boolean like(String pattern, String name) {
        if (pattern == null) {
            return true;
        }
        return like(pattern.toLowerCase(Locale.ROOT), 0, name.toLowerCase(Locale.ROOT), 0);
    }

    private static boolean like(String p, int pi, String s, int si) {
        while (pi < p.length()) {
            char c = p.charAt(pi);
            if (c == '%') {
                for (int k = si; k <= s.length(); k++) {
                    if (like(p, pi + 1, s, k)) {
                        return true;
                    }
                }
                return false;
            }
            if (si >= s.length()) {
                return false;
            }
            if (c == '\\' && pi + 1 < p.length()) {
                pi++;
                c = p.charAt(pi);
                if (s.charAt(si) != c) {
                    return false;
                }
            } else if (c != '_' && s.charAt(si) != c) {
                return false;
            }
            pi++;
            si++;
        }
        return si == s.length();
    }

    static ResultSet result(String[] names, List<Object[]> rows) {
        List<ColumnInfo> cols = new ArrayList<>(names.length);
        for (String n : names) {
            int colon = n.indexOf(':');
            cols.add(colon < 0 ? new ColumnInfo(n, "TEXT", null) : new ColumnInfo(n.substring(0, colon), n.substring(colon + 1), null));
        }
        return new RowListResultSet(null, cols, rows);
    }

    static ResultSet empty(String... names) {
        return result(names, List.of());
    }

    // ---- answers ---------------------------------------------------------------------------

    ResultSet tables(String pattern, String[] types) throws SQLException {
        List<String> wanted = types == null ? null : Arrays.stream(types).map(t -> t.toUpperCase(Locale.ROOT)).toList();
        List<Object[]> rows = new ArrayList<>();
        List<SchemaRow> all = new ArrayList<>(schema());
        all.add(new SchemaRow("table", "sqlite_schema", "sqlite_schema", null));
        for (SchemaRow r : all) {
            // as sqlite-jdbc: every sqlite_* object (automatic indexes too) is a SYSTEM TABLE
            boolean system = r.name().startsWith("sqlite_");
            if (!system && !r.type().equals("table") && !r.type().equals("view")) {
                continue;
            }
            String type = system ? "SYSTEM TABLE" : r.type().equals("view") ? "VIEW" : "TABLE";
            if ((wanted == null || wanted.contains(type)) && like(pattern, r.name())) {
                rows.add(new Object[]{null, null, r.name(), type, null, null, null, null, null, null});
            }
        }
        // the connection's temp tables and views, as sqlite-jdbc lists them
        for (Object[] r : query("SELECT DISTINCT name FROM temp.sqlite_schema WHERE type IN ('table', 'view')")) {
            String name = Values.toText(r[0]);
            if ((wanted == null || wanted.contains("GLOBAL TEMPORARY")) && like(pattern, name)) {
                rows.add(new Object[]{null, null, name, "GLOBAL TEMPORARY", null, null, null, null, null, null});
            }
        }
        rows.sort(Comparator.comparing((Object[] r) -> (String) r[3]).thenComparing(r -> (String) r[2]));
        return result(new String[]{"TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "TABLE_TYPE", "REMARKS", "TYPE_CAT",
                "TYPE_SCHEM", "TYPE_NAME", "SELF_REFERENCING_COL_NAME", "REF_GENERATION"}, rows);
    }

    ResultSet columns(String tablePattern, String columnPattern) throws SQLException {
        List<Object[]> rows = new ArrayList<>();
        for (SchemaRow t : tables(tablePattern, true)) {
            List<ColumnRow> cols = columns(t.name());
            boolean autoincrement = t.sql() != null && t.sql().toUpperCase(Locale.ROOT).contains("AUTOINCREMENT");
            long pkCount = cols.stream().filter(c -> c.pk() > 0).count();
            for (ColumnRow c : cols) {
                if (!like(columnPattern, c.name())) {
                    continue;
                }
                String decl = c.type() == null ? "" : c.type();
                int jdbcType = columnType(decl);
                int precision = TypeNames.precision(decl);
                boolean rowidAlias = pkCount == 1 && c.pk() == 1 && TypeNames.baseName(decl).equals("INTEGER");
                boolean notNull = c.notNull();
                rows.add(new Object[]{null, null, t.name(), c.name(), (long) jdbcType,
                        TypeNames.baseName(decl),
                        (long) (precision > 0 ? precision : 2_000_000_000), null, (long) TypeNames.scale(decl), 10L,
                        (long) (notNull ? DatabaseMetaData.columnNoNulls : DatabaseMetaData.columnNullable),
                        null, c.defaultValue(), 0L, 0L, (long) (precision > 0 ? precision : 2_000_000_000),
                        (long) (c.cid() + 1),
                        notNull ? "NO" : "YES", null, null, null, null,
                        rowidAlias && autoincrement ? "YES" : "NO", c.generated() ? "YES" : "NO"});
            }
        }
        return result(new String[]{"TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "COLUMN_NAME", "DATA_TYPE:INTEGER",
                "TYPE_NAME", "COLUMN_SIZE:INTEGER", "BUFFER_LENGTH:INTEGER", "DECIMAL_DIGITS:INTEGER",
                "NUM_PREC_RADIX:INTEGER", "NULLABLE:INTEGER", "REMARKS", "COLUMN_DEF", "SQL_DATA_TYPE:INTEGER",
                "SQL_DATETIME_SUB:INTEGER", "CHAR_OCTET_LENGTH:INTEGER",
                "ORDINAL_POSITION:INTEGER", "IS_NULLABLE", "SCOPE_CATALOG", "SCOPE_SCHEMA", "SCOPE_TABLE",
                "SOURCE_DATA_TYPE:SMALLINT", "IS_AUTOINCREMENT", "IS_GENERATEDCOLUMN"}, rows);
    }

    /**
     * DATA_TYPE of a declared column type, as sqlite-jdbc's {@code getColumns} reports it (tools
     * tuned for SQLite expect these): INTEGER for INT or BOOL types, FLOAT for REAL, FLOAT,
     * DOUBLE, NUMERIC and DECIMAL, VARCHAR for everything else (TEXT, BLOB, dates, none).
     */
    static int columnType(String decl) {
        String b = TypeNames.baseName(decl);
        if (b.contains("INT") || b.contains("BOOL")) {
            return Types.INTEGER;
        }
        if (b.contains("REAL") || b.contains("FLOA") || b.contains("DOUB") || b.contains("NUMERIC") || b.contains("DEC")) {
            return Types.FLOAT;
        }
        return Types.VARCHAR;
    }

    ResultSet primaryKeys(String table) throws SQLException {
        List<Object[]> rows = new ArrayList<>();
        SchemaRow t = table == null ? null : tableRow(table);
        if (t != null) {
            String pkName = DeclaredKeys.of(t.sql()).primaryKey();
            for (ColumnRow c : columns(t.name())) {
                if (c.pk() > 0) {
                    rows.add(new Object[]{null, null, t.name(), c.name(), (long) c.pk(), pkName});
                }
            }
        }
        rows.sort(Comparator.comparing(r -> (String) r[3]));
        return result(new String[]{"TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "COLUMN_NAME", "KEY_SEQ:SMALLINT", "PK_NAME"}, rows);
    }

    /** The table's name as stored, for a case-insensitive name; null if none. */
    private String tableName(String table) throws SQLException {
        SchemaRow r = tableRow(table);
        return r == null ? null : r.name();
    }

    /** The schema row of a table or view, for a case-insensitive name; null if none. */
    private SchemaRow tableRow(String table) throws SQLException {
        for (SchemaRow r : schema()) {
            if ((r.type().equals("table") || r.type().equals("view")) && r.name().equalsIgnoreCase(table)) {
                return r;
            }
        }
        return null;
    }

    private static final String[] KEY_COLUMNS = {"PKTABLE_CAT", "PKTABLE_SCHEM", "PKTABLE_NAME", "PKCOLUMN_NAME",
            "FKTABLE_CAT", "FKTABLE_SCHEM", "FKTABLE_NAME", "FKCOLUMN_NAME", "KEY_SEQ:SMALLINT",
            "UPDATE_RULE:SMALLINT", "DELETE_RULE:SMALLINT", "FK_NAME", "PK_NAME", "DEFERRABILITY:SMALLINT"};

    /**
     * Every foreign key of {@code fkTable} as rows of {@link #KEY_COLUMNS}. FK_NAME and PK_NAME are
     * the {@code CONSTRAINT} names of the foreign key and of the parent's primary key, "" when
     * unnamed (as sqlite-jdbc answers). DEFERRABILITY is initially deferred for {@code DEFERRABLE
     * INITIALLY DEFERRED} and not deferrable otherwise (sqlite-jdbc says initially deferred for all).
     */
    private List<Object[]> foreignKeys(String fkTable) throws SQLException {
        List<Object[]> rows = new ArrayList<>();
        SchemaRow child = tableRow(fkTable);
        DeclaredKeys childKeys = DeclaredKeys.of(child == null ? null : child.sql());
        for (Object[] r : query("PRAGMA foreign_key_list(" + quote(fkTable) + ")")) {
            long id = Values.toLong(r[0]);
            long seq = Values.toLong(r[1]);
            String pkTable = Values.toText(r[2]);
            String from = Values.toText(r[3]);
            String to = Values.toText(r[4]);
            SchemaRow parent = tableRow(pkTable);
            DeclaredKeys.ForeignKey declared = childKeys.foreignKey(id);
            if (to == null) {
                String stored = parent == null ? null : parent.name();
                List<ColumnRow> pk = stored == null ? List.of() : columns(stored).stream()
                        .filter(c -> c.pk() > 0).sorted(Comparator.comparingInt(ColumnRow::pk)).toList();
                to = seq < pk.size() ? pk.get((int) seq).name() : null;
            }
            rows.add(new Object[]{null, null, pkTable, to, null, null, fkTable, from, seq + 1,
                    (long) rule(Values.toText(r[5])), (long) rule(Values.toText(r[6])),
                    orEmpty(declared.name()),
                    orEmpty(parent == null ? null : DeclaredKeys.of(parent.sql()).primaryKey()),
                    (long) (declared.initiallyDeferred() ? DatabaseMetaData.importedKeyInitiallyDeferred
                            : DatabaseMetaData.importedKeyNotDeferrable)});
        }
        return rows;
    }

    private static String orEmpty(String name) {
        return name == null ? "" : name;
    }

    private static int rule(String action) {
        return switch (action == null ? "" : action.toUpperCase(Locale.ROOT)) {
            case "CASCADE" -> DatabaseMetaData.importedKeyCascade;
            case "RESTRICT" -> DatabaseMetaData.importedKeyRestrict;
            case "SET NULL" -> DatabaseMetaData.importedKeySetNull;
            case "SET DEFAULT" -> DatabaseMetaData.importedKeySetDefault;
            default -> DatabaseMetaData.importedKeyNoAction;
        };
    }

    private static final Comparator<Object[]> BY_PK = Comparator.comparing((Object[] r) -> String.valueOf(r[2]))
            .thenComparing(r -> (Long) r[8]);
    /** By child table only: a stable sort keeps each key's rows together in foreign_key_list order (id, seq). */
    private static final Comparator<Object[]> BY_FK = Comparator.comparing((Object[] r) -> String.valueOf(r[6]));

    ResultSet importedKeys(String table) throws SQLException {
        String name = table == null ? null : tableName(table);
        List<Object[]> rows = name == null ? new ArrayList<>() : foreignKeys(name);
        rows.sort(BY_PK);
        return result(KEY_COLUMNS, rows);
    }

    ResultSet exportedKeys(String table) throws SQLException {
        List<Object[]> rows = new ArrayList<>();
        if (table != null) {
            for (SchemaRow t : tables(null, false)) {
                for (Object[] r : foreignKeys(t.name())) {
                    if (table.equalsIgnoreCase((String) r[2])) {
                        rows.add(r);
                    }
                }
            }
        }
        rows.sort(BY_FK);
        return result(KEY_COLUMNS, rows);
    }

    ResultSet crossReference(String parentTable, String foreignTable) throws SQLException {
        List<Object[]> rows = new ArrayList<>();
        String name = foreignTable == null ? null : tableName(foreignTable);
        if (name != null) {
            for (Object[] r : foreignKeys(name)) {
                if (parentTable == null || parentTable.equalsIgnoreCase((String) r[2])) {
                    rows.add(r);
                }
            }
        }
        rows.sort(BY_FK);
        return result(KEY_COLUMNS, rows);
    }

    ResultSet indexInfo(String table, boolean unique) throws SQLException {
        List<Object[]> rows = new ArrayList<>();
        String name = table == null ? null : tableName(table);
        if (name != null) {
            for (Object[] ix : query("PRAGMA index_list(" + quote(name) + ")")) {
                String indexName = Values.toText(ix[1]);
                boolean isUnique = Values.toLong(ix[2]) != 0;
                if (unique && !isUnique) {
                    continue;
                }
                // index_xinfo: seqno, cid, name, desc, coll, key (key 0: the rowid or key columns a
                // WITHOUT ROWID table's index appends, which index_info leaves out too)
                for (Object[] col : query("PRAGMA index_xinfo(" + quote(indexName) + ")")) {
                    if (Values.toLong(col[5]) == 0) {
                        continue;
                    }
                    rows.add(new Object[]{null, null, name, !isUnique ? 1L : 0L, null, indexName,
                            (long) DatabaseMetaData.tableIndexOther, Values.toLong(col[0]) + 1, Values.toText(col[2]),
                            Values.toLong(col[3]) != 0 ? "D" : "A", 0L, 0L, null});
                }
            }
        }
        rows.sort(Comparator.comparing((Object[] r) -> (Long) r[3]).thenComparing(r -> String.valueOf(r[5]))
                .thenComparing(r -> (Long) r[7]));
        return result(new String[]{"TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "NON_UNIQUE:BOOLEAN", "INDEX_QUALIFIER",
                "INDEX_NAME", "TYPE:SMALLINT", "ORDINAL_POSITION:SMALLINT", "COLUMN_NAME", "ASC_OR_DESC",
                "CARDINALITY:BIGINT", "PAGES:BIGINT", "FILTER_CONDITION"}, rows);
    }

    static ResultSet typeInfo() {
        List<Object[]> rows = new ArrayList<>();
        Object[][] types = {
                {"BLOB", Types.BLOB}, {"INTEGER", Types.INTEGER}, {"NULL", Types.NULL},
                {"REAL", Types.REAL}, {"TEXT", Types.VARCHAR},
        };
        for (Object[] t : types) {
            boolean numeric = t[0].equals("INTEGER") || t[0].equals("REAL");
            rows.add(new Object[]{t[0], (long) (int) (Integer) t[1], 0L, t[0].equals("TEXT") ? "'" : null,
                    t[0].equals("TEXT") ? "'" : null, null, (long) DatabaseMetaData.typeNullable,
                    t[0].equals("TEXT") ? 1L : 0L, (long) DatabaseMetaData.typeSearchable, numeric ? 0L : 1L,
                    0L, t[0].equals("INTEGER") ? 1L : 0L, null, 0L, 0L, 0L, 0L, 10L});
        }
        rows.sort(Comparator.comparing(r -> (Long) r[1]));
        return result(new String[]{"TYPE_NAME", "DATA_TYPE:INTEGER", "PRECISION:INTEGER", "LITERAL_PREFIX",
                "LITERAL_SUFFIX", "CREATE_PARAMS", "NULLABLE:SMALLINT", "CASE_SENSITIVE:BOOLEAN", "SEARCHABLE:SMALLINT",
                "UNSIGNED_ATTRIBUTE:BOOLEAN", "FIXED_PREC_SCALE:BOOLEAN", "AUTO_INCREMENT:BOOLEAN", "LOCAL_TYPE_NAME",
                "MINIMUM_SCALE:SMALLINT", "MAXIMUM_SCALE:SMALLINT", "SQL_DATA_TYPE:INTEGER", "SQL_DATETIME_SUB:INTEGER",
                "NUM_PREC_RADIX:INTEGER"}, rows);
    }
}
