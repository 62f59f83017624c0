package io.onelite.jdbc;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

/**
 * What the database is and supports. The product is {@code SQLite} (OneLite speaks SQLite's
 * dialect and file format, and tools pick their SQLite dialect from this name); the version text
 * names OneLite. Catalog queries are in {@link SchemaQueries}; the fixed answers about the SQL
 * dialect in {@link DialectAnswers}.
 */
final class OneLiteDatabaseMetaData extends DialectAnswers {
    /** The SQLite version reported when the engine has no {@code sqlite_version()}. */
    static final String FALLBACK_SQLITE_VERSION = "3.40.1";

    private final OneLiteConnection conn;
    private final SchemaQueries queries;
    private String sqliteVersion;

    OneLiteDatabaseMetaData(OneLiteConnection conn) {
        this.conn = conn;
        this.queries = new SchemaQueries(conn);
    }

    /** The SQLite version the engine reports ({@code sqlite_version()}). */
    String sqliteVersion() {
        if (sqliteVersion == null) {
            String v = null;
            try {
                List<Object[]> rows = queries.query("SELECT sqlite_version()");
                v = rows.isEmpty() ? null : Values.toText(rows.get(0)[0]);
            } catch (SQLException | RuntimeException e) {
                // an engine without the function: report the version we target
            }
            sqliteVersion = v == null || !v.matches("\\d+\\.\\d+.*") ? FALLBACK_SQLITE_VERSION : v;
        }
        return sqliteVersion;
    }

    private int versionPart(int i) {
        String[] parts = sqliteVersion().split("\\.");
        try {
            return i < parts.length ? Integer.parseInt(parts[i].replaceAll("\\D.*", "")) : 0;
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    // ---- identity --------------------------------------------------------------------------

    @Override
    public String getDatabaseProductName() {
        return "SQLite";
    }

    @Override
    public String getDatabaseProductVersion() {
        return sqliteVersion() + " (OneLite " + OneLiteDriver.VERSION + ")";
    }

    @Override
    public int getDatabaseMajorVersion() {
        return versionPart(0);
    }

    @Override
    public int getDatabaseMinorVersion() {
        return versionPart(1);
    }

    @Override
    public String getDriverName() {
        return OneLiteDriver.NAME;
    }

    @Override
    public String getDriverVersion() {
        return OneLiteDriver.VERSION;
    }

    @Override
    public int getDriverMajorVersion() {
        return OneLiteDriver.MAJOR_VERSION;
    }

    @Override
    public int getDriverMinorVersion() {
        return OneLiteDriver.MINOR_VERSION;
    }

    @Override
    public int getJDBCMajorVersion() {
        return 4;
    }

    @Override
    public int getJDBCMinorVersion() {
        return 2;
    }

    @Override
    public String getURL() {
        return conn.url();
    }

    @Override
    public String getUserName() {
        return null;
    }

    @Override
    public Connection getConnection() {
        return conn;
    }

    @Override
    public boolean isReadOnly() throws SQLException {
        return conn.isReadOnly();
    }

    // ---- catalog queries -------------------------------------------------------------------

    @Override
    public ResultSet getTables(String catalog, String schemaPattern, String tableNamePattern, String[] types) throws SQLException {
        return queries.tables(tableNamePattern, types);
    }

    @Override
    public ResultSet getColumns(String catalog, String schemaPattern, String tableNamePattern, String columnNamePattern) throws SQLException {
        return queries.columns(tableNamePattern, columnNamePattern);
    }

    @Override
    public ResultSet getPrimaryKeys(String catalog, String schema, String table) throws SQLException {
        return queries.primaryKeys(table);
    }

    @Override
    public ResultSet getImportedKeys(String catalog, String schema, String table) throws SQLException {
        return queries.importedKeys(table);
    }

    @Override
    public ResultSet getExportedKeys(String catalog, String schema, String table) throws SQLException {
        return queries.exportedKeys(table);
    }

    @Override
    public ResultSet getCrossReference(String parentCatalog, String parentSchema, String parentTable,
                                       String foreignCatalog, String foreignSchema, String foreignTable) throws SQLException {
        return queries.crossReference(parentTable, foreignTable);
    }

    @Override
    public ResultSet getIndexInfo(String catalog, String schema, String table, boolean unique, boolean approximate) throws SQLException {
        return queries.indexInfo(table, unique);
    }

    @Override
    public ResultSet getTypeInfo() {
        return SchemaQueries.typeInfo();
    }

    @Override
    public ResultSet getTableTypes() {
        return SchemaQueries.result(new String[]{"TABLE_TYPE"},
                List.of(new Object[]{"SYSTEM TABLE"}, new Object[]{"TABLE"}, new Object[]{"VIEW"}));
    }

    @Override
    public ResultSet getSchemas() {
        return SchemaQueries.empty("TABLE_SCHEM", "TABLE_CATALOG");
    }

    @Override
    public ResultSet getSchemas(String catalog, String schemaPattern) {
        return getSchemas();
    }

    @Override
    public ResultSet getCatalogs() {
        return SchemaQueries.empty("TABLE_CAT");
    }

    @Override
    public ResultSet getProcedures(String catalog, String schemaPattern, String procedureNamePattern) {
        return SchemaQueries.empty("PROCEDURE_CAT", "PROCEDURE_SCHEM", "PROCEDURE_NAME", "RESERVED1", "RESERVED2",
                "RESERVED3", "REMARKS", "PROCEDURE_TYPE:SMALLINT", "SPECIFIC_NAME");
    }

    @Override
    public ResultSet getProcedureColumns(String catalog, String schemaPattern, String procedureNamePattern, String columnNamePattern) {
        return SchemaQueries.empty("PROCEDURE_CAT", "PROCEDURE_SCHEM", "PROCEDURE_NAME", "COLUMN_NAME",
                "COLUMN_TYPE:SMALLINT", "DATA_TYPE:INTEGER", "TYPE_NAME", "PRECISION:INTEGER", "LENGTH:INTEGER",
                "SCALE:SMALLINT", "RADIX:SMALLINT", "NULLABLE:SMALLINT", "REMARKS", "COLUMN_DEF",
                "SQL_DATA_TYPE:INTEGER", "SQL_DATETIME_SUB:INTEGER", "CHAR_OCTET_LENGTH:INTEGER",
                "ORDINAL_POSITION:INTEGER", "IS_NULLABLE", "SPECIFIC_NAME");
    }

    @Override
    public ResultSet getFunctions(String catalog, String schemaPattern, String functionNamePattern) {
        return SchemaQueries.empty("FUNCTION_CAT", "FUNCTION_SCHEM", "FUNCTION_NAME", "REMARKS",
                "FUNCTION_TYPE:SMALLINT", "SPECIFIC_NAME");
    }

    @Override
    public ResultSet getFunctionColumns(String catalog, String schemaPattern, String functionNamePattern, String columnNamePattern) {
        return SchemaQueries.empty("FUNCTION_CAT", "FUNCTION_SCHEM", "FUNCTION_NAME", "COLUMN_NAME",
                "COLUMN_TYPE:SMALLINT", "DATA_TYPE:INTEGER", "TYPE_NAME", "PRECISION:INTEGER", "LENGTH:INTEGER",
                "SCALE:SMALLINT", "RADIX:SMALLINT", "NULLABLE:SMALLINT", "REMARKS", "CHAR_OCTET_LENGTH:INTEGER",
                "ORDINAL_POSITION:INTEGER", "IS_NULLABLE", "SPECIFIC_NAME");
    }

    @Override
    public ResultSet getColumnPrivileges(String catalog, String schema, String table, String columnNamePattern) {
        return SchemaQueries.empty("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "COLUMN_NAME", "GRANTOR", "GRANTEE",
                "PRIVILEGE", "IS_GRANTABLE");
    }

    @Override
    public ResultSet getTablePrivileges(String catalog, String schemaPattern, String tableNamePattern) {
        return SchemaQueries.empty("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "GRANTOR", "GRANTEE", "PRIVILEGE",
                "IS_GRANTABLE");
    }

    @Override
    public ResultSet getBestRowIdentifier(String catalog, String schema, String table, int scope, boolean nullable) {
        return SchemaQueries.empty("SCOPE:SMALLINT", "COLUMN_NAME", "DATA_TYPE:INTEGER", "TYPE_NAME",
                "COLUMN_SIZE:INTEGER", "BUFFER_LENGTH:INTEGER", "DECIMAL_DIGITS:SMALLINT", "PSEUDO_COLUMN:SMALLINT");
    }

    @Override
    public ResultSet getVersionColumns(String catalog, String schema, String table) {
        return SchemaQueries.empty("SCOPE:SMALLINT", "COLUMN_NAME", "DATA_TYPE:INTEGER", "TYPE_NAME",
                "COLUMN_SIZE:INTEGER", "BUFFER_LENGTH:INTEGER", "DECIMAL_DIGITS:SMALLINT", "PSEUDO_COLUMN:SMALLINT");
    }

    @Override
    public ResultSet getUDTs(String catalog, String schemaPattern, String typeNamePattern, int[] types) {
        return SchemaQueries.empty("TYPE_CAT", "TYPE_SCHEM", "TYPE_NAME", "CLASS_NAME", "DATA_TYPE:INTEGER",
                "REMARKS", "BASE_TYPE:SMALLINT");
    }

    @Override
    public ResultSet getSuperTypes(String catalog, String schemaPattern, String typeNamePattern) {
        return SchemaQueries.empty("TYPE_CAT", "TYPE_SCHEM", "TYPE_NAME", "SUPERTYPE_CAT", "SUPERTYPE_SCHEM",
                "SUPERTYPE_NAME");
    }

    @Override
    public ResultSet getSuperTables(String catalog, String schemaPattern, String tableNamePattern) {
        return SchemaQueries.empty("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "SUPERTABLE_NAME");
    }

    @Override
    public ResultSet getAttributes(String catalog, String schemaPattern, String typeNamePattern, String attributeNamePattern) {
        return SchemaQueries.empty("TYPE_CAT", "TYPE_SCHEM", "TYPE_NAME", "ATTR_NAME", "DATA_TYPE:INTEGER",
                "ATTR_TYPE_NAME", "ATTR_SIZE:INTEGER", "DECIMAL_DIGITS:INTEGER", "NUM_PREC_RADIX:INTEGER",
                "NULLABLE:INTEGER", "REMARKS", "ATTR_DEF", "SQL_DATA_TYPE:INTEGER", "SQL_DATETIME_SUB:INTEGER",
                "CHAR_OCTET_LENGTH:INTEGER", "ORDINAL_POSITION:INTEGER", "IS_NULLABLE", "SCOPE_CATALOG",
                "SCOPE_SCHEMA", "SCOPE_TABLE", "SOURCE_DATA_TYPE:SMALLINT");
    }

    @Override
    public ResultSet getClientInfoProperties() {
        return SchemaQueries.empty("NAME", "MAX_LEN:INTEGER", "DEFAULT_VALUE", "DESCRIPTION");
    }

    @Override
    public ResultSet getPseudoColumns(String catalog, String schemaPattern, String tableNamePattern, String columnNamePattern) {
        return SchemaQueries.empty("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "COLUMN_NAME", "DATA_TYPE:INTEGER",
                "COLUMN_SIZE:INTEGER", "DECIMAL_DIGITS:INTEGER", "NUM_PREC_RADIX:INTEGER", "COLUMN_USAGE",
                "REMARKS", "CHAR_OCTET_LENGTH:INTEGER", "IS_NULLABLE");
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        if (iface.isInstance(this)) {
            return iface.cast(this);
        }
        throw new SQLException("not a wrapper for " + iface.getName());
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        return iface.isInstance(this);
    }
}
