package io.onelite.jdbc;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;

/** Catalog metadata compared with sqlite-jdbc's on the same schema. */
class MetaDataTests {
    static final String[] SCHEMA = {
            "CREATE TABLE parent(id INTEGER PRIMARY KEY AUTOINCREMENT, name VARCHAR(40) NOT NULL UNIQUE, score REAL DEFAULT 1.5)",
            "CREATE TABLE child(pid INTEGER NOT NULL, seq INTEGER, note TEXT, amount NUMERIC(10,2),"
                    + " PRIMARY KEY(pid, seq), FOREIGN KEY(pid) REFERENCES parent(id) ON DELETE CASCADE)",
            "CREATE INDEX child_note ON child(note, amount)",
            "CREATE VIEW names AS SELECT name FROM parent",
    };

    interface Query {
        ResultSet run(DatabaseMetaData md) throws SQLException;
    }

    /** Selected columns of a metadata result, on a connection with {@link #SCHEMA}. */
    private static List<List<String>> meta(String url, Query q, String... columns) throws SQLException {
        return meta(url, SCHEMA, q, columns);
    }

    /** Selected columns of a metadata result (every column when null), on a connection with {@code schema}. */
    private static List<List<String>> meta(String url, String[] schema, Query q, String... columns) throws SQLException {
        try (Connection c = Drivers.open(url)) {
            Drivers.exec(c, schema);
            if (columns == null) {
                try (ResultSet rs = q.run(c.getMetaData())) {
                    return Drivers.rows(rs);
                }
            }
            List<List<String>> out = new ArrayList<>();
            try (ResultSet rs = q.run(c.getMetaData())) {
                while (rs.next()) {
                    List<String> row = new ArrayList<>();
                    for (String col : columns) {
                        row.add(rs.getString(col));
                    }
                    out.add(row);
                }
            }
            return out;
        }
    }

    private static void sameAsNative(Query q, String... columns) throws SQLException {
        assertThat(meta(Drivers.ONELITE, q, columns)).isEqualTo(meta(Drivers.NATIVE, q, columns));
    }

    @Test
    void tablesAndViews() throws SQLException {
        sameAsNative(md -> md.getTables(null, null, "%", new String[]{"TABLE", "VIEW"}), "TABLE_NAME", "TABLE_TYPE");
        sameAsNative(md -> md.getTables(null, null, "CH%", null), "TABLE_NAME");
    }

    @Test
    void tempTablesAndViewsAreListedAsSqliteJdbcDoes() throws SQLException {
        for (String[] types : new String[][]{null, {"TABLE", "VIEW"}, {"GLOBAL TEMPORARY"}, {"LOCAL TEMPORARY"}}) {
            assertThat(tempMeta(Drivers.ONELITE, types)).as(java.util.Arrays.toString(types))
                    .isEqualTo(tempMeta(Drivers.NATIVE, types));
        }
    }

    private static List<List<String>> tempMeta(String url, String[] types) throws SQLException {
        try (Connection c = Drivers.open(url)) {
            Drivers.exec(c, SCHEMA);
            Drivers.exec(c, "CREATE TEMP TABLE scratch(a)", "CREATE TEMP VIEW tv AS SELECT 1", "CREATE TEMP TABLE parent(x)");
            List<List<String>> out = new ArrayList<>();
            try (ResultSet rs = c.getMetaData().getTables(null, null, "%", types)) {
                while (rs.next()) {
                    out.add(List.of(String.valueOf(rs.getString("TABLE_SCHEM")), rs.getString("TABLE_NAME"),
                            rs.getString("TABLE_TYPE")));
                }
            }
            return out;
        }
    }

    @Test
    void columns() throws SQLException {
        sameAsNative(md -> md.getColumns(null, null, "parent", "%"),
                "TABLE_NAME", "COLUMN_NAME", "DATA_TYPE", "TYPE_NAME", "NULLABLE", "IS_NULLABLE", "ORDINAL_POSITION",
                "COLUMN_DEF", "IS_AUTOINCREMENT");
        sameAsNative(md -> md.getColumns(null, null, "child", "%"),
                "COLUMN_NAME", "DATA_TYPE", "TYPE_NAME", "NULLABLE");
    }

    /** JDBC's 24 columns of getColumns in JDBC's order (SQL_DATA_TYPE and SQL_DATETIME_SUB were missing). */
    @Test
    void columnsHaveJdbcsLabelsInOrder() throws SQLException {
        assertThat(labels(Drivers.ONELITE)).isEqualTo(labels(Drivers.NATIVE)).hasSize(24);
    }

    private static List<String> labels(String url) throws SQLException {
        try (Connection c = Drivers.open(url)) {
            Drivers.exec(c, SCHEMA);
            try (ResultSet rs = c.getMetaData().getColumns(null, null, "parent", "%")) {
                List<String> out = new ArrayList<>();
                for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                    out.add(rs.getMetaData().getColumnLabel(i));
                }
                return out;
            }
        }
    }

    /** Generated columns are listed, with IS_GENERATEDCOLUMN YES, as sqlite-jdbc lists them. */
    @Test
    void generatedColumnsAreListed() throws SQLException {
        assertThat(generated(Drivers.ONELITE)).isEqualTo(generated(Drivers.NATIVE));
    }

    private static List<List<String>> generated(String url) throws SQLException {
        try (Connection c = Drivers.open(url)) {
            Drivers.exec(c, "CREATE TABLE g(a INT, b INT AS (a * 2), c TEXT NOT NULL, d AS (c || b) STORED)");
            List<List<String>> out = new ArrayList<>();
            try (ResultSet rs = c.getMetaData().getColumns(null, null, "g", "%")) {
                while (rs.next()) {
                    out.add(List.of(rs.getString("COLUMN_NAME"), rs.getString("TYPE_NAME"), rs.getString("NULLABLE"),
                            rs.getString(17), rs.getString("IS_GENERATEDCOLUMN")));
                }
            }
            return out;
        }
    }

    @Test
    void primaryKeys() throws SQLException {
        sameAsNative(md -> md.getPrimaryKeys(null, null, "child"), "TABLE_NAME", "COLUMN_NAME", "KEY_SEQ");
        sameAsNative(md -> md.getPrimaryKeys(null, null, "parent"), "COLUMN_NAME", "KEY_SEQ");
    }

    @Test
    void importedAndExportedKeys() throws SQLException {
        String[] cols = {"PKTABLE_NAME", "PKCOLUMN_NAME", "FKTABLE_NAME", "FKCOLUMN_NAME", "KEY_SEQ", "DELETE_RULE", "UPDATE_RULE"};
        sameAsNative(md -> md.getImportedKeys(null, null, "child"), cols);
        sameAsNative(md -> md.getExportedKeys(null, null, "parent"), cols);
        // sqlite-jdbc answers getCrossReference with no rows: compare with its imported keys instead
        assertThat(meta(Drivers.ONELITE, md -> md.getCrossReference(null, null, "parent", null, null, "child"), cols))
                .isEqualTo(meta(Drivers.NATIVE, md -> md.getImportedKeys(null, null, "child"), cols))
                .hasSize(1);
    }

    /**
     * FK_NAME and PK_NAME are the CONSTRAINT names of the table text, "" or null when unnamed, as
     * sqlite-jdbc reads them: Liquibase names the keys of its snapshots (and of the tables it
     * rebuilds to drop a column) after them. OneLite answered fk_child_0 and null.
     */
    @Test
    void constraintNamesAreTheDeclaredOnes() throws SQLException {
        String[] schema = {
                "CREATE TABLE shelf(id INTEGER NOT NULL, label TEXT, CONSTRAINT pk_shelf PRIMARY KEY (id))",
                "CREATE TABLE plain(a, b, PRIMARY KEY (a, b))",
                // unnamed first: after a named key, sqlite-jdbc's pattern gives an unnamed one the name before it
                "CREATE TABLE volume(id INTEGER PRIMARY KEY, shelf_id INTEGER NOT NULL, a, b, c,"
                        + " FOREIGN KEY (a, b) REFERENCES plain(a, b),"
                        + " CONSTRAINT fk_volume_shelf FOREIGN KEY (shelf_id) REFERENCES shelf(id),"
                        + " constraint Fk_C foreign key (c) references shelf(id))",
        };
        String[] cols = {"PKTABLE_NAME", "PKCOLUMN_NAME", "FKCOLUMN_NAME", "KEY_SEQ", "FK_NAME", "PK_NAME"};
        for (Query q : List.<Query>of(md -> md.getImportedKeys(null, null, "volume"),
                md -> md.getExportedKeys(null, null, "shelf"), md -> md.getExportedKeys(null, null, "plain"))) {
            assertThat(meta(Drivers.ONELITE, schema, q, cols)).isEqualTo(meta(Drivers.NATIVE, schema, q, cols));
        }
        for (String table : List.of("shelf", "plain", "volume")) {
            Query q = md -> md.getPrimaryKeys(null, null, table);
            assertThat(meta(Drivers.ONELITE, schema, q, (String[]) null)).isEqualTo(meta(Drivers.NATIVE, schema, q, (String[]) null));
        }
        assertThat(meta(Drivers.ONELITE, schema, md -> md.getImportedKeys(null, null, "volume"), cols)).containsExactly(
                List.of("plain", "a", "a", "1", "", ""), List.of("plain", "b", "b", "2", "", ""),
                List.of("shelf", "id", "c", "1", "Fk_C", "pk_shelf"),
                List.of("shelf", "id", "shelf_id", "1", "fk_volume_shelf", "pk_shelf"));
    }

    /**
     * Names sqlite-jdbc's patterns miss (quoted, or on a column) are still the declared ones; an
     * index column's ASC_OR_DESC says D for DESC (it said A; sqlite-jdbc answers null for both);
     * DEFERRABILITY is initially deferred for DEFERRABLE INITIALLY DEFERRED only (sqlite-jdbc: for
     * every key, so Liquibase would write every key of a generated changelog as deferrable).
     */
    @Test
    void quotedAndColumnConstraintNamesAndDescendingIndexColumns() throws SQLException {
        String[] schema = {
                "CREATE TABLE p(id INTEGER CONSTRAINT \"P Key\" PRIMARY KEY, k TEXT)",
                "CREATE TABLE c(x INTEGER CONSTRAINT colfk REFERENCES p(id), y, z REFERENCES p DEFERRABLE INITIALLY DEFERRED,"
                        + " CONSTRAINT [fk y] FOREIGN KEY (y) REFERENCES p)",
                "CREATE INDEX c_yx ON c(y DESC, x)",
        };
        String notDeferrable = String.valueOf(DatabaseMetaData.importedKeyNotDeferrable);
        assertThat(meta(Drivers.ONELITE, schema, md -> md.getImportedKeys(null, null, "c"), "FKCOLUMN_NAME", "FK_NAME",
                "PK_NAME", "DEFERRABILITY")).containsExactly(List.of("y", "fk y", "P Key", notDeferrable),
                List.of("z", "", "P Key", String.valueOf(DatabaseMetaData.importedKeyInitiallyDeferred)),
                List.of("x", "colfk", "P Key", notDeferrable));
        assertThat(meta(Drivers.ONELITE, schema, md -> md.getPrimaryKeys(null, null, "p"), "PK_NAME"))
                .containsExactly(List.of("P Key"));
        assertThat(meta(Drivers.ONELITE, schema, md -> md.getIndexInfo(null, null, "c", false, false), "COLUMN_NAME",
                "ASC_OR_DESC")).containsExactly(List.of("y", "D"), List.of("x", "A"));
    }

    @Test
    void indexInfo() throws SQLException {
        Query q = md -> md.getIndexInfo(null, null, "child", false, false);
        List<List<String>> rows = meta(Drivers.ONELITE, q, "INDEX_NAME", "NON_UNIQUE", "ORDINAL_POSITION", "COLUMN_NAME");
        assertThat(rows).contains(List.of("child_note", "1", "1", "note"), List.of("child_note", "1", "2", "amount"));
        Function<List<List<String>>, List<String>> names = r -> r.stream().map(x -> x.get(0)).distinct().sorted().toList();
        assertThat(names.apply(rows)).isEqualTo(names.apply(meta(Drivers.NATIVE, q, "INDEX_NAME", "NON_UNIQUE")));
        List<List<String>> unique = meta(Drivers.ONELITE, md -> md.getIndexInfo(null, null, "parent", true, false),
                "NON_UNIQUE", "COLUMN_NAME");
        assertThat(unique).containsExactly(List.of("0", "name"));
    }

    @ParameterizedTest
    @MethodSource("io.onelite.jdbc.Drivers#both")
    void identityAndDialectFacts(String url) throws SQLException {
        try (Connection c = Drivers.open(url)) {
            DatabaseMetaData md = c.getMetaData();
            assertThat(md.getDatabaseProductName()).isEqualTo("SQLite");
            assertThat(md.getIdentifierQuoteString()).isEqualTo("\"");
            assertThat(md.getDatabaseMajorVersion()).isEqualTo(3);
            assertThat(md.supportsBatchUpdates()).isTrue();
            assertThat(md.supportsSavepoints()).isTrue();
            assertThat(md.supportsGetGeneratedKeys()).isTrue();
            assertThat(md.supportsTransactions()).isTrue();
            assertThat(md.getConnection()).isSameAs(c);
            if (Drivers.isOneLite(c)) {
                assertThat(md.getDatabaseProductVersion()).contains("OneLite");
                assertThat(md.getDriverName()).contains("OneLite");
                assertThat(md.getURL()).isEqualTo(Drivers.ONELITE);
            }
            try (ResultSet rs = md.getTypeInfo()) {
                List<String> names = new ArrayList<>();
                while (rs.next()) {
                    names.add(rs.getString("TYPE_NAME"));
                }
                assertThat(names).contains("INTEGER", "REAL", "TEXT", "BLOB");
            }
        }
    }

    @ParameterizedTest
    @MethodSource("io.onelite.jdbc.Drivers#both")
    void resultSetMetaDataNamesDeclaredTypesAndTables(String url) throws SQLException {
        try (Connection c = Drivers.open(url)) {
            Drivers.exec(c, SCHEMA);
            Drivers.exec(c, "INSERT INTO parent(name) VALUES('a')");
            try (ResultSet rs = c.createStatement().executeQuery(
                    "SELECT id AS ident, name, score, 1 + 1 AS two, 'x' AS s FROM parent")) {
                ResultSetMetaData m = rs.getMetaData();
                assertThat(m.getColumnCount()).isEqualTo(5);
                assertThat(m.getColumnLabel(1)).isEqualTo("ident");
                assertThat(m.getColumnTypeName(1)).isEqualTo("INTEGER");
                assertThat(m.getColumnType(1)).isEqualTo(Types.INTEGER);
                assertThat(m.getColumnTypeName(2)).isEqualTo("VARCHAR");
                assertThat(m.getColumnType(2)).isEqualTo(Types.VARCHAR);
                assertThat(m.getPrecision(2)).isEqualTo(40);
                assertThat(m.getColumnType(3)).isEqualTo(Types.REAL);
                assertThat(m.getTableName(2)).isEqualTo("parent");
                assertThat(m.getTableName(4)).isEmpty();
                rs.next();
                assertThat(m.getColumnType(4)).isEqualTo(Types.INTEGER);
                assertThat(m.getColumnType(5)).isEqualTo(Types.VARCHAR);
            }
        }
    }

    /** A view read straight from its table: its plain columns and a column's copy name the table, an expression none. */
    @ParameterizedTest
    @MethodSource("io.onelite.jdbc.Drivers#both")
    void resultSetMetaDataOfAViewNamesTheTableOfItsColumnsOnly(String url) throws SQLException {
        try (Connection c = Drivers.open(url)) {
            Drivers.exec(c, SCHEMA);
            Drivers.exec(c, "INSERT INTO parent(name) VALUES('a')",
                    "CREATE VIEW scored AS SELECT id, name, score * 2 AS doubled, name AS again FROM parent");
            try (ResultSet rs = c.createStatement().executeQuery("SELECT id, name, doubled, again FROM scored")) {
                ResultSetMetaData m = rs.getMetaData();
                assertThat(m.getTableName(1)).isEqualTo("parent");
                assertThat(m.getTableName(2)).isEqualTo("parent");
                assertThat(m.getTableName(3)).isEmpty();
                assertThat(m.getTableName(4)).isEqualTo("parent");
                assertThat(m.getColumnTypeName(2)).isEqualTo("VARCHAR");
                assertThat(m.getColumnTypeName(4)).isEqualTo("VARCHAR");
                assertThat(m.getPrecision(4)).isEqualTo(40);
                assertThat(rs.next()).isTrue();
                assertThat(rs.getDouble(3)).isEqualTo(3.0);
                assertThat(m.getColumnType(3)).isEqualTo(Types.FLOAT); // no declared type: the value's
            }
        }
    }

    /**
     * Before next(), a column without a declared type is typed by the first row's value, as
     * sqlite-jdbc does (it has stepped once): what Hibernate reads to map a native query's scalars.
     */
    @ParameterizedTest
    @MethodSource("io.onelite.jdbc.Drivers#both")
    void anExpressionColumnIsTypedByTheFirstRowBeforeNext(String url) throws SQLException {
        try (Connection c = Drivers.open(url)) {
            Drivers.exec(c, SCHEMA);
            Drivers.exec(c, "INSERT INTO parent(name, score) VALUES('a', 2.5)");
            try (ResultSet rs = c.createStatement().executeQuery(
                    "SELECT count(*), max(score), upper(name), NULL FROM parent")) {
                ResultSetMetaData m = rs.getMetaData();
                assertThat(m.getColumnType(1)).isEqualTo(Types.INTEGER);
                assertThat(m.getColumnType(2)).isEqualTo(Types.FLOAT);
                assertThat(m.getColumnType(3)).isEqualTo(Types.VARCHAR);
                assertThat(m.getColumnType(4)).isEqualTo(Types.NUMERIC);
                assertThat(rs.next()).isTrue();
                assertThat(rs.getLong(1)).isEqualTo(1);
                assertThat(m.getColumnType(1)).isEqualTo(Types.INTEGER);
            }
            try (PreparedStatement p = c.prepareStatement("SELECT id + 0 FROM parent WHERE id > ?")) {
                p.setInt(1, 100);
                try (ResultSet rs = p.executeQuery()) {
                    assertThat(rs.getMetaData().getColumnType(1)).isEqualTo(Types.NUMERIC); // no row: no type to go by
                    assertThat(rs.next()).isFalse();
                }
            }
        }
    }
}
