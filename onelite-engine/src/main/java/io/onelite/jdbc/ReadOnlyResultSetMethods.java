package io.onelite.jdbc;

import java.sql.ResultSet;

/**
 * The {@link ResultSet} methods a forward-only, read-only result set does not have: updates,
 * scrolling, and the SQL types SQLite has no storage class for. Each throws
 * {@link java.sql.SQLFeatureNotSupportedException}. Generated from the interface, kept apart so
 * that {@link BaseResultSet} holds only what works.
 */
abstract class ReadOnlyResultSetMethods implements ResultSet {

    @Override
    public boolean absolute(int a0) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.absolute");
    }

    @Override
    public void afterLast() throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.afterLast");
    }

    @Override
    public void beforeFirst() throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.beforeFirst");
    }

    @Override
    public void cancelRowUpdates() throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.cancelRowUpdates");
    }

    @Override
    public void deleteRow() throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.deleteRow");
    }

    @Override
    public boolean first() throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.first");
    }

    @Override
    public java.sql.Array getArray(int a0) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.getArray");
    }

    @Override
    public java.sql.Array getArray(String a0) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.getArray");
    }

    @Override
    public String getCursorName() throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.getCursorName");
    }

    @Override
    public java.sql.Ref getRef(int a0) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.getRef");
    }

    @Override
    public java.sql.Ref getRef(String a0) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.getRef");
    }

    @Override
    public java.sql.RowId getRowId(int a0) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.getRowId");
    }

    @Override
    public java.sql.RowId getRowId(String a0) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.getRowId");
    }

    @Override
    public java.sql.SQLXML getSQLXML(int a0) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.getSQLXML");
    }

    @Override
    public java.sql.SQLXML getSQLXML(String a0) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.getSQLXML");
    }

    @Override
    public java.io.InputStream getUnicodeStream(int a0) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.getUnicodeStream");
    }

    @Override
    public java.io.InputStream getUnicodeStream(String a0) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.getUnicodeStream");
    }

    @Override
    public void insertRow() throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.insertRow");
    }

    @Override
    public boolean isLast() throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.isLast");
    }

    @Override
    public boolean last() throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.last");
    }

    @Override
    public void moveToCurrentRow() throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.moveToCurrentRow");
    }

    @Override
    public void moveToInsertRow() throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.moveToInsertRow");
    }

    @Override
    public boolean previous() throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.previous");
    }

    @Override
    public void refreshRow() throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.refreshRow");
    }

    @Override
    public boolean relative(int a0) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.relative");
    }

    @Override
    public boolean rowDeleted() throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.rowDeleted");
    }

    @Override
    public boolean rowInserted() throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.rowInserted");
    }

    @Override
    public boolean rowUpdated() throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.rowUpdated");
    }

    @Override
    public void updateArray(int a0, java.sql.Array a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateArray");
    }

    @Override
    public void updateArray(String a0, java.sql.Array a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateArray");
    }

    @Override
    public void updateAsciiStream(int a0, java.io.InputStream a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateAsciiStream");
    }

    @Override
    public void updateAsciiStream(int a0, java.io.InputStream a1, int a2) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateAsciiStream");
    }

    @Override
    public void updateAsciiStream(int a0, java.io.InputStream a1, long a2) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateAsciiStream");
    }

    @Override
    public void updateAsciiStream(String a0, java.io.InputStream a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateAsciiStream");
    }

    @Override
    public void updateAsciiStream(String a0, java.io.InputStream a1, int a2) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateAsciiStream");
    }

    @Override
    public void updateAsciiStream(String a0, java.io.InputStream a1, long a2) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateAsciiStream");
    }

    @Override
    public void updateBigDecimal(int a0, java.math.BigDecimal a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateBigDecimal");
    }

    @Override
    public void updateBigDecimal(String a0, java.math.BigDecimal a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateBigDecimal");
    }

    @Override
    public void updateBinaryStream(int a0, java.io.InputStream a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateBinaryStream");
    }

    @Override
    public void updateBinaryStream(int a0, java.io.InputStream a1, int a2) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateBinaryStream");
    }

    @Override
    public void updateBinaryStream(int a0, java.io.InputStream a1, long a2) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateBinaryStream");
    }

    @Override
    public void updateBinaryStream(String a0, java.io.InputStream a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateBinaryStream");
    }

    @Override
    public void updateBinaryStream(String a0, java.io.InputStream a1, int a2) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateBinaryStream");
    }

    @Override
    public void updateBinaryStream(String a0, java.io.InputStream a1, long a2) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateBinaryStream");
    }

    @Override
    public void updateBlob(int a0, java.io.InputStream a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateBlob");
    }

    @Override
    public void updateBlob(int a0, java.io.InputStream a1, long a2) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateBlob");
    }

    @Override
    public void updateBlob(int a0, java.sql.Blob a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateBlob");
    }

    @Override
    public void updateBlob(String a0, java.io.InputStream a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateBlob");
    }

    @Override
    public void updateBlob(String a0, java.io.InputStream a1, long a2) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateBlob");
    }

    @Override
    public void updateBlob(String a0, java.sql.Blob a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateBlob");
    }

    @Override
    public void updateBoolean(int a0, boolean a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateBoolean");
    }

    @Override
    public void updateBoolean(String a0, boolean a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateBoolean");
    }

    @Override
    public void updateByte(int a0, byte a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateByte");
    }

    @Override
    public void updateByte(String a0, byte a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateByte");
    }

    @Override
    public void updateBytes(int a0, byte[] a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateBytes");
    }

    @Override
    public void updateBytes(String a0, byte[] a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateBytes");
    }

    @Override
    public void updateCharacterStream(int a0, java.io.Reader a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateCharacterStream");
    }

    @Override
    public void updateCharacterStream(int a0, java.io.Reader a1, int a2) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateCharacterStream");
    }

    @Override
    public void updateCharacterStream(int a0, java.io.Reader a1, long a2) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateCharacterStream");
    }

    @Override
    public void updateCharacterStream(String a0, java.io.Reader a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateCharacterStream");
    }

    @Override
    public void updateCharacterStream(String a0, java.io.Reader a1, int a2) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateCharacterStream");
    }

    @Override
    public void updateCharacterStream(String a0, java.io.Reader a1, long a2) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateCharacterStream");
    }

    @Override
    public void updateClob(int a0, java.io.Reader a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateClob");
    }

    @Override
    public void updateClob(int a0, java.io.Reader a1, long a2) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateClob");
    }

    @Override
    public void updateClob(int a0, java.sql.Clob a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateClob");
    }

    @Override
    public void updateClob(String a0, java.io.Reader a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateClob");
    }

    @Override
    public void updateClob(String a0, java.io.Reader a1, long a2) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateClob");
    }

    @Override
    public void updateClob(String a0, java.sql.Clob a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateClob");
    }

    @Override
    public void updateDate(int a0, java.sql.Date a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateDate");
    }

    @Override
    public void updateDate(String a0, java.sql.Date a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateDate");
    }

    @Override
    public void updateDouble(int a0, double a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateDouble");
    }

    @Override
    public void updateDouble(String a0, double a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateDouble");
    }

    @Override
    public void updateFloat(int a0, float a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateFloat");
    }

    @Override
    public void updateFloat(String a0, float a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateFloat");
    }

    @Override
    public void updateInt(int a0, int a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateInt");
    }

    @Override
    public void updateInt(String a0, int a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateInt");
    }

    @Override
    public void updateLong(int a0, long a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateLong");
    }

    @Override
    public void updateLong(String a0, long a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateLong");
    }

    @Override
    public void updateNCharacterStream(int a0, java.io.Reader a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateNCharacterStream");
    }

    @Override
    public void updateNCharacterStream(int a0, java.io.Reader a1, long a2) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateNCharacterStream");
    }

    @Override
    public void updateNCharacterStream(String a0, java.io.Reader a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateNCharacterStream");
    }

    @Override
    public void updateNCharacterStream(String a0, java.io.Reader a1, long a2) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateNCharacterStream");
    }

    @Override
    public void updateNClob(int a0, java.io.Reader a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateNClob");
    }

    @Override
    public void updateNClob(int a0, java.io.Reader a1, long a2) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateNClob");
    }

    @Override
    public void updateNClob(int a0, java.sql.NClob a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateNClob");
    }

    @Override
    public void updateNClob(String a0, java.io.Reader a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateNClob");
    }

    @Override
    public void updateNClob(String a0, java.io.Reader a1, long a2) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateNClob");
    }

    @Override
    public void updateNClob(String a0, java.sql.NClob a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateNClob");
    }

    @Override
    public void updateNString(int a0, String a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateNString");
    }

    @Override
    public void updateNString(String a0, String a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateNString");
    }

    @Override
    public void updateNull(int a0) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateNull");
    }

    @Override
    public void updateNull(String a0) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateNull");
    }

    @Override
    public void updateObject(int a0, Object a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateObject");
    }

    @Override
    public void updateObject(int a0, Object a1, int a2) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateObject");
    }

    @Override
    public void updateObject(String a0, Object a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateObject");
    }

    @Override
    public void updateObject(String a0, Object a1, int a2) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateObject");
    }

    @Override
    public void updateObject(int a0, Object a1, java.sql.SQLType a2) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateObject");
    }

    @Override
    public void updateObject(int a0, Object a1, java.sql.SQLType a2, int a3) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateObject");
    }

    @Override
    public void updateObject(String a0, Object a1, java.sql.SQLType a2) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateObject");
    }

    @Override
    public void updateObject(String a0, Object a1, java.sql.SQLType a2, int a3) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateObject");
    }

    @Override
    public void updateRef(int a0, java.sql.Ref a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateRef");
    }

    @Override
    public void updateRef(String a0, java.sql.Ref a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateRef");
    }

    @Override
    public void updateRow() throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateRow");
    }

    @Override
    public void updateRowId(int a0, java.sql.RowId a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateRowId");
    }

    @Override
    public void updateRowId(String a0, java.sql.RowId a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateRowId");
    }

    @Override
    public void updateSQLXML(int a0, java.sql.SQLXML a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateSQLXML");
    }

    @Override
    public void updateSQLXML(String a0, java.sql.SQLXML a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateSQLXML");
    }

    @Override
    public void updateShort(int a0, short a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateShort");
    }

    @Override
    public void updateShort(String a0, short a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateShort");
    }

    @Override
    public void updateString(int a0, String a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateString");
    }

    @Override
    public void updateString(String a0, String a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateString");
    }

    @Override
    public void updateTime(int a0, java.sql.Time a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateTime");
    }

    @Override
    public void updateTime(String a0, java.sql.Time a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateTime");
    }

    @Override
    public void updateTimestamp(int a0, java.sql.Timestamp a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateTimestamp");
    }

    @Override
    public void updateTimestamp(String a0, java.sql.Timestamp a1) throws java.sql.SQLException {
        throw Unsupported.feature("ResultSet.updateTimestamp");
    }
}
