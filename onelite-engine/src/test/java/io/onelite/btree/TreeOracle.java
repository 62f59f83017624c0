package io.onelite.btree;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Reads what native SQLite (sqlite-jdbc, read-only) sees in a file, and the schema through our own cursor. */
final class TreeOracle {
    private TreeOracle() {
    }

    /** Rows of a query as value arrays (Integer widened to Long). */
    static List<Object[]> query(Path db, String sql) throws SQLException {
        List<Object[]> out = new ArrayList<>();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:file:" + db + "?mode=ro", config());
             ResultSet rs = c.createStatement().executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                Object[] row = new Object[n];
                for (int i = 0; i < n; i++) {
                    Object v = rs.getObject(i + 1);
                    row[i] = v instanceof Integer x ? Long.valueOf(x) : v;
                }
                out.add(row);
            }
        }
        return out;
    }

    private static java.util.Properties config() {
        java.util.Properties p = new java.util.Properties();
        p.setProperty("open_mode", "1");
        return p;
    }

    /** Root pages by name, read from sqlite_schema with our table cursor. */
    static Map<String, Integer> roots(io.onelite.pager.PageStore s) {
        Map<String, Integer> out = new HashMap<>();
        TableCursor c = new TableCursor(s, 1, null);
        for (boolean ok = c.first(); ok; ok = c.next()) {
            Object[] r = Record.decode(c.payload());
            if (r[3] instanceof Long root && root > 0) {
                out.put((String) r[1], root.intValue());
            }
        }
        return out;
    }
}
