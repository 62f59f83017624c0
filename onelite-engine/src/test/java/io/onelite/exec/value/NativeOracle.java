package io.onelite.exec.value;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Native SQLite (sqlite-jdbc, in-memory) as the test oracle: evaluates an expression with bound
 * parameters and returns its exact storage-class value, or the error message. Test scope only.
 */
public final class NativeOracle implements AutoCloseable {
    /** A native result: a value (null, Long, Double, String, byte[]) or an error message. */
    public record Result(Object value, String error) {
        public static Result of(Object v) {
            return new Result(v, null);
        }

        public static Result failure(String message) {
            return new Result(null, message);
        }

        @Override
        public String toString() {
            return error != null ? "error: " + error : describe(value);
        }
    }

    private final Connection conn;
    private final Map<String, PreparedStatement> cache = new HashMap<>();

    public NativeOracle() {
        try {
            conn = DriverManager.getConnection("jdbc:sqlite::memory:");
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    public Connection connection() {
        return conn;
    }

    /** Runs a statement (DDL/DML) natively. */
    public void execute(String sql) {
        try (var s = conn.createStatement()) {
            s.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException(sql, e);
        }
    }

    /** {@code SELECT <expr>} with {@code params} bound to its {@code ?}s, read exactly. */
    public Result eval(String expr, Object... params) {
        return query("SELECT typeof(v), v FROM (SELECT " + expr + " AS v)", params);
    }

    /** The first row of a query whose columns are typeof(x), x. */
    public Result query(String sql, Object... params) {
        try {
            PreparedStatement ps = cache.get(sql);
            if (ps == null) {
                ps = conn.prepareStatement(sql);
                cache.put(sql, ps);
            }
            for (int i = 0; i < params.length; i++) {
                bind(ps, i + 1, params[i]);
            }
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return Result.of(null);
                }
                return Result.of(read(rs, 1));
            }
        } catch (SQLException e) {
            // a statement that failed may be left unusable: prepare it afresh next time
            PreparedStatement broken = cache.remove(sql);
            if (broken != null) {
                try {
                    broken.close();
                } catch (SQLException ignored) {
                    // already failed
                }
            }
            return Result.failure(message(e));
        }
    }

    static Object read(ResultSet rs, int typeColumn) throws SQLException {
        String type = rs.getString(typeColumn);
        int c = typeColumn + 1;
        switch (type) {
            case "integer": return rs.getLong(c);
            case "real": return rs.getDouble(c);
            case "text": return rs.getString(c);
            case "blob": return rs.getBytes(c);
            default: return null;
        }
    }

    public static void bind(PreparedStatement ps, int i, Object v) throws SQLException {
        if (v == null) {
            ps.setNull(i, java.sql.Types.NULL);
        } else if (v instanceof Long l) {
            ps.setLong(i, l);
        } else if (v instanceof Double d) {
            ps.setDouble(i, d);
        } else if (v instanceof String s) {
            ps.setString(i, s);
        } else {
            ps.setBytes(i, (byte[]) v);
        }
    }

    private static final Pattern PAREN = Pattern.compile("\\((.*)\\)$", Pattern.DOTALL);

    /** SQLite's own message out of sqlite-jdbc's "[SQLITE_ERROR] SQL error ... (message)". */
    static String message(SQLException e) {
        String m = e.getMessage();
        Matcher mt = PAREN.matcher(m);
        return mt.find() ? mt.group(1) : m;
    }

    /** Exact equality of storage-class values (REAL by bits, so -0.0 differs from 0.0). */
    public static boolean same(Object a, Object b) {
        if (a instanceof byte[] x && b instanceof byte[] y) {
            return Arrays.equals(x, y);
        }
        if (a instanceof Double x && b instanceof Double y) {
            return Double.doubleToLongBits(x) == Double.doubleToLongBits(y); // -0.0 is not 0.0: JDBC shows the sign
        }
        return a == null ? b == null : a.equals(b);
    }

    public static String describe(Object v) {
        if (v == null) {
            return "NULL";
        }
        if (v instanceof byte[] b) {
            StringBuilder sb = new StringBuilder("X'");
            for (byte x : b) {
                sb.append(String.format("%02X", x));
            }
            return sb.append("'").toString();
        }
        if (v instanceof String s) {
            return "'" + s.replace("'", "''") + "'";
        }
        return v.getClass().getSimpleName() + ":" + v;
    }

    @Override
    public void close() {
        try {
            conn.close();
        } catch (SQLException ignored) {
            // closing an in-memory database cannot lose anything
        }
    }
}
