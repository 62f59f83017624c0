package io.onelite.plan;

import io.onelite.api.Session;
import io.onelite.api.Statement;
import io.onelite.common.OneLiteException;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a query gave on one engine: its rows (values as Java objects, one class per storage
 * class) or its error (primary result code and message, sqlite-jdbc's wrapping removed), and
 * the comparison {@link RandomQueryDifferentialTests} makes between two of them.
 */
record QueryOutcome(List<List<Object>> rows, String error) {
    /** sqlite-jdbc words a failure as "[SQLITE_ERROR] SQL error or missing database (message)". */
    private static final Pattern NATIVE_MESSAGE = Pattern.compile("^\\[SQLITE_[A-Z_]+\\][^(]*\\((.*)\\)$",
            Pattern.DOTALL);

    static QueryOutcome oneLite(Session session, String sql) {
        List<List<Object>> rows = new ArrayList<>();
        try (Statement st = session.prepare(sql)) {
            while (st.step()) {
                List<Object> row = new ArrayList<>();
                for (int i = 0; i < st.columnCount(); i++) {
                    row.add(st.column(i));
                }
                rows.add(row);
            }
        } catch (OneLiteException e) {
            return new QueryOutcome(null, e.resultCode().primary().code() + " " + e.getMessage());
        }
        return new QueryOutcome(rows, null);
    }

    static QueryOutcome nativeSqlite(Connection c, String sql) {
        List<List<Object>> rows = new ArrayList<>();
        try (java.sql.Statement st = c.createStatement()) {
            if (st.execute(sql)) {
                try (ResultSet rs = st.getResultSet()) {
                    int n = rs.getMetaData().getColumnCount();
                    while (rs.next()) {
                        List<Object> row = new ArrayList<>();
                        for (int i = 1; i <= n; i++) {
                            Object v = rs.getObject(i);
                            row.add(v instanceof Integer k ? Long.valueOf(k) : v);
                        }
                        rows.add(row);
                    }
                }
            }
        } catch (SQLException e) {
            String m = Objects.toString(e.getMessage(), "");
            Matcher matcher = NATIVE_MESSAGE.matcher(m);
            return new QueryOutcome(null, (e.getErrorCode() & 0xff) + " " + (matcher.matches() ? matcher.group(1) : m));
        }
        return new QueryOutcome(rows, null);
    }

    /**
     * Whether this (OneLite's) outcome is native SQLite's {@code expected}: the same error, or
     * the same rows. {@code orderColumns} null compares the rows as multisets; otherwise the
     * sequence of those columns' values must match (compared as the ORDER BY compares them, at
     * its coarsest: text folded to lower case without trailing spaces, numbers by value), and
     * each run of rows tied on them must hold the same rows, except at the ends of a LIMIT or
     * OFFSET, where a tie may be cut anywhere. {@code exact} false compares every value at that
     * coarsest level too: which of several equal values a DISTINCT, GROUP BY, compound or
     * min()/max() keeps depends on the row order, which an engine may choose.
     */
    boolean matches(QueryOutcome expected, List<Integer> orderColumns, boolean limited, boolean exact) {
        if (error != null || expected.error != null) {
            return Objects.equals(error, expected.error);
        }
        if (rows.size() != expected.rows.size()) {
            return false;
        }
        if (orderColumns == null) {
            return sorted(rows, exact).equals(sorted(expected.rows, exact));
        }
        List<List<List<Object>>> mine = runs(rows, orderColumns);
        List<List<List<Object>>> theirs = runs(expected.rows, orderColumns);
        if (mine.size() != theirs.size()) {
            return false;
        }
        for (int i = 0; i < mine.size(); i++) {
            List<List<Object>> a = mine.get(i);
            List<List<Object>> b = theirs.get(i);
            if (a.size() != b.size() || !key(a.get(0), orderColumns).equals(key(b.get(0), orderColumns))) {
                return false;
            }
            boolean cut = limited && (i == 0 || i == mine.size() - 1);
            if (!cut && !sorted(a, exact).equals(sorted(b, exact))) {
                return false;
            }
        }
        return true;
    }

    private static List<List<List<Object>>> runs(List<List<Object>> rows, List<Integer> columns) {
        List<List<List<Object>>> runs = new ArrayList<>();
        String last = null;
        for (List<Object> row : rows) {
            String k = key(row, columns);
            if (!k.equals(last)) {
                runs.add(new ArrayList<>());
                last = k;
            }
            runs.get(runs.size() - 1).add(row);
        }
        return runs;
    }

    private static String key(List<Object> row, List<Integer> columns) {
        StringBuilder sb = new StringBuilder();
        for (int c : columns) {
            sb.append(coarse(row.get(c))).append('|');
        }
        return sb.toString();
    }

    private static List<String> sorted(List<List<Object>> rows, boolean exact) {
        List<String> out = new ArrayList<>();
        for (List<Object> row : rows) {
            StringBuilder sb = new StringBuilder();
            for (Object v : row) {
                sb.append(exact ? render(v) : coarse(v)).append('|');
            }
            out.add(sb.toString());
        }
        Collections.sort(out);
        return out;
    }

    /** A value with its storage class; reals to 12 digits (summation order may move the last bits). */
    static String render(Object v) {
        if (v == null) {
            return "NULL";
        }
        if (v instanceof Long || v instanceof Integer) {
            return "I" + v;
        }
        if (v instanceof Double d) {
            return "R" + String.format(Locale.ROOT, "%.12g", d);
        }
        if (v instanceof byte[] b) {
            return "B" + HexFormat.of().formatHex(b);
        }
        return "T" + v;
    }

    /** A value as the coarsest collation sees it: equal under any of BINARY, NOCASE and RTRIM. */
    private static String coarse(Object v) {
        if (v == null) {
            return "0";
        }
        if (v instanceof Number n) {
            double d = n.doubleValue();
            return "1" + String.format(Locale.ROOT, "%.12g", d == 0 ? 0.0 : d); // -0.0 sorts as 0
        }
        if (v instanceof byte[] b) {
            return "3" + HexFormat.of().formatHex(b);
        }
        return "2" + v.toString().toLowerCase(Locale.ROOT).replaceAll(" +$", "");
    }

    /** The outcome as text for a failure message. */
    String describe() {
        if (error != null) {
            return "error " + error;
        }
        List<String> out = new ArrayList<>();
        for (List<Object> row : rows) {
            List<String> cells = new ArrayList<>();
            for (Object v : row) {
                cells.add(render(v));
            }
            out.add(String.join("|", cells));
        }
        return out.toString();
    }
}
