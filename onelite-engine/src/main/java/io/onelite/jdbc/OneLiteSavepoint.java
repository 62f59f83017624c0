package io.onelite.jdbc;

import java.sql.SQLException;
import java.sql.Savepoint;

/** A savepoint: numbered ({@code SQLITE_SAVEPOINT_<n>}, as sqlite-jdbc) or named. */
record OneLiteSavepoint(int id, String name) implements Savepoint {

    static OneLiteSavepoint of(Savepoint sp) throws SQLException {
        if (sp instanceof OneLiteSavepoint o) {
            return o;
        }
        throw new SQLException("not a OneLite savepoint: " + sp);
    }

    /** The quoted name used in SQL. */
    String sqlName() {
        String n = name != null ? name : "SQLITE_SAVEPOINT_" + id;
        return '"' + n.replace("\"", "\"\"") + '"';
    }

    @Override
    public int getSavepointId() throws SQLException {
        if (name != null) {
            throw new SQLException("named savepoint has no id");
        }
        return id;
    }

    @Override
    public String getSavepointName() throws SQLException {
        if (name == null) {
            throw new SQLException("unnamed savepoint has no name");
        }
        return name;
    }
}
