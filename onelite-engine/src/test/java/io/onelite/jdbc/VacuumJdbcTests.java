package io.onelite.jdbc;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** VACUUM through JDBC, side by side with sqlite-jdbc (each on its own file): same counts, same errors. */
class VacuumJdbcTests {

    private static List<Object> run(String url) throws SQLException {
        List<Object> out = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement()) {
            st.executeUpdate("CREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT)");
            for (int i = 0; i < 300; i++) {
                st.executeUpdate("INSERT INTO t(v) VALUES (printf('%0500d', " + i + "))");
            }
            st.executeUpdate("DELETE FROM t WHERE id % 2 = 0");
            out.add(scalar(st, "PRAGMA freelist_count") > 0);
            long pages = scalar(st, "PRAGMA page_count");
            assertThat(st.execute("VACUUM")).isFalse();
            out.add(scalar(st, "PRAGMA freelist_count"));
            out.add(scalar(st, "PRAGMA page_count") < pages);
            out.add(scalar(st, "SELECT sum(id) FROM t"));
            c.setAutoCommit(false);
            st.executeQuery("SELECT 1").close(); // the driver's transaction is open now
            SQLException e = catchSql(() -> st.execute("VACUUM"));
            out.add(e.getErrorCode());
            out.add(e.getMessage().contains("cannot VACUUM from within a transaction"));
            c.rollback();
            c.setAutoCommit(true);
            try (ResultSet open = st.executeQuery("SELECT id FROM t"); Statement other = c.createStatement()) {
                assertThat(open.next()).isTrue();
                SQLException busy = catchSql(() -> other.execute("VACUUM"));
                out.add(busy.getErrorCode());
                out.add(busy.getMessage().contains("cannot VACUUM - SQL statements in progress"));
            }
        }
        return out;
    }

    private interface SqlCall {
        void run() throws SQLException;
    }

    private static SQLException catchSql(SqlCall call) {
        try {
            call.run();
        } catch (SQLException e) {
            return e;
        }
        throw new AssertionError("no SQLException");
    }

    private static long scalar(Statement st, String sql) throws SQLException {
        try (ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @Test
    void vacuumThroughJdbcBehavesAsWithSqliteJdbc(@TempDir Path dir) throws Exception {
        List<Object> theirs = run("jdbc:sqlite:" + dir.resolve("native.db"));
        List<Object> ours = run("jdbc:onelite:" + dir.resolve("ours.db"));
        assertThat(ours).isEqualTo(theirs).containsExactly(true, 0L, true, 22500L, 1, true, 1, true);
    }

    @Test
    void vacuumIntoAnExistingFileFailsThroughJdbc(@TempDir Path dir) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:onelite:" + dir.resolve("a.db"));
             Statement st = c.createStatement()) {
            st.execute("CREATE TABLE t(a); INSERT INTO t VALUES (1)");
            st.execute("VACUUM INTO '" + dir.resolve("b.db") + "'");
            assertThatThrownBy(() -> st.execute("VACUUM INTO '" + dir.resolve("b.db") + "'"))
                    .isInstanceOf(SQLException.class).hasMessageContaining("output file already exists");
        }
        try (Connection c = DriverManager.getConnection("jdbc:onelite:" + dir.resolve("b.db"));
             Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT a FROM t")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getLong(1)).isEqualTo(1L);
        }
    }
}
