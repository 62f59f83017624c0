package io.onelite.exec;

import io.onelite.api.Session;

import java.sql.Connection;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;

/**
 * Rows rendered exactly (storage class and full value: a REAL is not rounded), so that the
 * sorter tests see any difference between the spilled path, the in-memory path and native
 * SQLite; errors are thrown, not rendered.
 */
final class ExactRows {
    private ExactRows() {
    }

    static String render(Object v) {
        if (v == null) {
            return "NULL";
        }
        if (v instanceof Integer || v instanceof Long) {
            return "I" + v;
        }
        if (v instanceof Double d) {
            return "R" + d;
        }
        if (v instanceof byte[] b) {
            return "B" + java.util.HexFormat.of().formatHex(b);
        }
        return "T" + v;
    }

    /** The OneLite statement's current row, rendered as {@code v|v|...|}. */
    static String row(io.onelite.api.Statement st) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < st.columnCount(); i++) {
            sb.append(render(st.column(i))).append('|');
        }
        return sb.toString();
    }

    /**
     * Steps {@code sql} once, interrupts the session, and checks that the next steps stop with
     * SQLITE_INTERRUPT and leave no spill file open.
     */
    static void assertInterruptStopsTheStream(Session s, String sql) {
        try (io.onelite.api.Statement st = s.prepare(sql)) {
            org.assertj.core.api.Assertions.assertThat(st.step()).isTrue();
            s.interrupt();
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> {
                while (st.step()) {
                    // the stream checks the flag as it goes
                }
            }).isInstanceOf(io.onelite.common.OneLiteException.class)
                    .satisfies(e -> org.assertj.core.api.Assertions.assertThat(
                            ((io.onelite.common.OneLiteException) e).resultCode())
                            .isEqualTo(io.onelite.common.ResultCode.INTERRUPT));
            org.assertj.core.api.Assertions.assertThat(ExternalSorter.SPILLS_OPEN.get()).isZero();
        }
    }

    /** The files in {@code dir} (spill files must never be left there). */
    static List<java.nio.file.Path> filesIn(java.nio.file.Path dir) throws java.io.IOException {
        try (java.util.stream.Stream<java.nio.file.Path> files = java.nio.file.Files.list(dir)) {
            return files.toList();
        }
    }

    /** The rows native SQLite returns for {@code sql}, each rendered as {@code v|v|...|}. */
    static List<String> sqlite(Connection c, String sql) throws Exception {
        List<String> rows = new ArrayList<>();
        try (java.sql.Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                StringBuilder sb = new StringBuilder();
                for (int i = 1; i <= n; i++) {
                    sb.append(render(rs.getObject(i))).append('|');
                }
                rows.add(sb.toString());
            }
        }
        return rows;
    }

    /** Runs a statement on the OneLite session and on native SQLite. */
    static void both(Session s, Connection c, String sql) throws Exception {
        s.execute(sql);
        try (java.sql.Statement st = c.createStatement()) {
            st.execute(sql);
        }
    }

    /**
     * Creates the sorting tests' table {@code t(id, a, b NOCASE, c RTRIM, d REAL)} on both engines
     * and fills it with {@code rows} rows of values from {@code value}, in one transaction.
     */
    static void fillBoth(Session s, Connection c, int rows, java.util.function.Supplier<String> value) throws Exception {
        both(s, c, "CREATE TABLE t(id INTEGER PRIMARY KEY, a, b TEXT COLLATE NOCASE, c COLLATE RTRIM, d REAL)");
        both(s, c, "BEGIN");
        for (int i = 0; i < rows; i++) {
            both(s, c, "INSERT INTO t(a, b, c, d) VALUES (" + value.get() + ", " + value.get() + ", " + value.get() + ", "
                    + value.get() + ")");
        }
        both(s, c, "COMMIT");
    }
}
