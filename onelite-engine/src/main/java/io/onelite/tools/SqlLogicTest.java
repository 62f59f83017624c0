package io.onelite.tools;

import java.io.IOException;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs sqllogictest files (SQLite's format, described in {@code sqllogictest/SOURCE.md}) through
 * JDBC, so the same runner checks OneLite and native SQLite:
 * {@code SqlLogicTest [--url jdbc:...] [--timeout SECONDS] [-v] FILE...}.
 *
 * <p>Each file runs on a fresh connection to the URL (default {@code jdbc:onelite::memory:}, a new
 * empty database each time). Per record: {@code statement ok|error}, {@code query <types>
 * <nosort|rowsort|valuesort> [label]}, {@code hash-threshold N}, {@code halt}, with
 * {@code skipif}/{@code onlyif} conditions where this engine's name is {@code sqlite}. Values print
 * by the column's letter as the reference driver prints them ({@link ValuePrinter}); results over
 * the hash threshold compare as {@code N values hashing to <md5>}. Queries sharing a label must
 * hash alike, skipped ones included. A query that fails to prepare fails; an error while rows are
 * read ends the result (as the reference driver).
 *
 * <p>Prints one line per file, failures with their line numbers, and as its last line
 * {@code N passed, M failed, K skipped}. Exit status 0 when nothing failed, 1 otherwise.
 */
public final class SqlLogicTest {
    /** The engine name conditions compare against. */
    static final String ENGINE = "sqlite";
    private static final Pattern HASHED = Pattern.compile("(\\d+) values hashing to ([0-9a-f]{32})");

    /** Counts of one or more files. */
    public record Counts(int passed, int failed, int skipped) {
        Counts plus(Counts o) {
            return new Counts(passed + o.passed, failed + o.failed, skipped + o.skipped);
        }

        @Override
        public String toString() {
            return passed + " passed, " + failed + " failed, " + skipped + " skipped";
        }
    }

    private final String url;
    private final int timeoutSeconds;
    private final boolean verbose;
    private final PrintStream out;
    private int maxFailuresShown = 20;

    public SqlLogicTest(String url, int timeoutSeconds, boolean verbose, PrintStream out) {
        this.url = url;
        this.timeoutSeconds = timeoutSeconds;
        this.verbose = verbose;
        this.out = out;
    }

    public static void main(String[] args) throws Exception {
        String url = "jdbc:onelite::memory:";
        int timeout = 60;
        boolean verbose = false;
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--url" -> url = args[++i];
                case "--timeout" -> timeout = Integer.parseInt(args[++i]);
                case "-v", "--verbose" -> verbose = true;
                default -> files.add(Path.of(args[i]));
            }
        }
        if (files.isEmpty()) {
            System.err.println("usage: SqlLogicTest [--url jdbc:...] [--timeout SECONDS] [-v] FILE...");
            System.exit(2);
        }
        SqlLogicTest runner = new SqlLogicTest(url, timeout, verbose, System.out);
        Counts total = new Counts(0, 0, 0);
        for (Path f : files) {
            total = total.plus(runner.runFile(f));
        }
        System.out.println(total);
        System.exit(total.failed() == 0 ? 0 : 1);
    }

    /** Runs one file on a fresh connection and prints its counts line; an unreadable file is one failure. */
    public Counts runFile(Path file) {
        List<String> lines;
        try {
            lines = readLines(file);
        } catch (IOException e) {
            out.println(file + ": cannot read: " + e);
            return new Counts(0, 1, 0);
        }
        Counts c;
        try (Connection conn = DriverManager.getConnection(url)) {
            c = new FileRun(file.toString(), lines, conn).run();
        } catch (SQLException e) {
            out.println(file + ": cannot connect: " + e.getMessage());
            c = new Counts(0, 1, 0);
        }
        out.println(file + ": " + c);
        return c;
    }

    static List<String> readLines(Path file) throws IOException {
        String text = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
        List<String> lines = new ArrayList<>(Arrays.asList(text.split("\n", -1)));
        lines.replaceAll(l -> l.endsWith("\r") ? l.substring(0, l.length() - 1) : l);
        return lines;
    }

    static boolean isBlank(String line) {
        return line.isBlank();
    }

    /** The state of one file's run. */
    private final class FileRun {
        private final String name;
        private final List<String> lines;
        private final Connection conn;
        private final Map<String, String> labels = new HashMap<>();
        private int hashThreshold = 8;
        private int pos;
        private int passed;
        private int failed;
        private int skipped;
        private int shown;

        FileRun(String name, List<String> lines, Connection conn) {
            this.name = name;
            this.lines = lines;
            this.conn = conn;
        }

        Counts run() {
            while (true) {
                // skip blank lines and comments to the start of the next record
                while (pos < lines.size() && (isBlank(lines.get(pos)) || lines.get(pos).startsWith("#"))) {
                    pos++;
                }
                if (pos >= lines.size()) {
                    break;
                }
                int start = pos;
                List<String> record = new ArrayList<>();
                while (pos < lines.size() && !isBlank(lines.get(pos))) {
                    if (!lines.get(pos).startsWith("#")) {
                        record.add(lines.get(pos));
                    }
                    pos++;
                }
                if (!record(start + 1, record)) {
                    break; // halt
                }
            }
            return new Counts(passed, failed, skipped);
        }

        /** Handles one record; false on {@code halt}. */
        private boolean record(int lineNo, List<String> rec) {
            boolean skip = false;
            int i = 0;
            while (i < rec.size()) {
                String[] w = words(rec.get(i));
                if (w.length >= 2 && w[0].equals("skipif")) {
                    skip |= w[1].equalsIgnoreCase(ENGINE);
                } else if (w.length >= 2 && w[0].equals("onlyif")) {
                    skip |= !w[1].equalsIgnoreCase(ENGINE);
                } else {
                    break;
                }
                i++;
            }
            if (i >= rec.size()) {
                return true;
            }
            String[] head = words(rec.get(i));
            List<String> body = rec.subList(i + 1, rec.size());
            switch (head[0]) {
                case "halt" -> {
                    return skip;
                }
                case "hash-threshold" -> {
                    if (!skip && head.length > 1) {
                        hashThreshold = Integer.parseInt(head[1]);
                    }
                }
                case "statement" -> statement(lineNo, head, body, skip);
                case "query" -> query(lineNo, head, body, skip);
                default -> fail(lineNo, "unknown record type: " + rec.get(i));
            }
            return true;
        }

        private void statement(int lineNo, String[] head, List<String> body, boolean skip) {
            if (skip) {
                skipped++;
                return;
            }
            boolean expectError = head.length > 1 && head[1].equals("error");
            String sql = String.join("\n", body);
            try (Statement st = conn.createStatement()) {
                st.setQueryTimeout(timeoutSeconds);
                st.executeUpdate(sql);
                if (expectError) {
                    fail(lineNo, "statement succeeded but an error was expected: " + sql);
                } else {
                    passed++;
                }
            } catch (SQLException | RuntimeException e) {
                if (expectError) {
                    passed++;
                } else {
                    fail(lineNo, "statement failed: " + sql + "\n    " + e);
                }
            }
        }

        private void query(int lineNo, String[] head, List<String> body, boolean skip) {
            String types = head.length > 1 ? head[1] : "";
            String sortMode = head.length > 2 ? head[2] : "nosort";
            String label = head.length > 3 ? head[3] : null;
            int sep = body.indexOf("----");
            String sql = String.join("\n", sep < 0 ? body : body.subList(0, sep));
            List<String> expected = sep < 0 ? List.of() : body.subList(sep + 1, body.size());
            if (skip) {
                skipped++;
                if (label != null) {
                    String listed = expectedHash(expected);
                    String known = labels.putIfAbsent(label, listed);
                    if (known != null && !known.equals(listed)) {
                        fail(lineNo, "label " + label + ": listed result differs from the label's");
                        skipped--;
                    }
                }
                return;
            }
            List<String> values;
            try {
                values = runQuery(sql, types);
            } catch (SQLException | RuntimeException e) {
                fail(lineNo, "query failed: " + sql + "\n    " + e);
                return;
            }
            if (values == null) {
                fail(lineNo, "wrong number of columns for types " + types + ": " + sql);
                return;
            }
            sort(values, sortMode, types.length());
            String actualHash = md5(values);
            boolean ok;
            Matcher m = expected.size() == 1 ? HASHED.matcher(expected.get(0).trim()) : null;
            if (m != null && m.matches()) {
                ok = Integer.parseInt(m.group(1)) == values.size() && m.group(2).equals(actualHash);
            } else {
                ok = expected.equals(values);
            }
            if (ok && label != null) {
                String known = labels.putIfAbsent(label, actualHash);
                ok = known == null || known.equals(actualHash);
            }
            if (ok) {
                passed++;
            } else {
                fail(lineNo, "query result differs: " + sql + "\n    expected " + abbreviate(expected)
                        + "\n    actual   " + (values.size() > hashThresholdOr(values) ? values.size() + " values hashing to "
                        + actualHash : abbreviate(values)));
            }
        }

        private int hashThresholdOr(List<String> values) {
            return hashThreshold > 0 ? hashThreshold : Integer.MAX_VALUE;
        }

        /** The printed values, row by row; null when the column count does not match the types. */
        private List<String> runQuery(String sql, String types) throws SQLException {
            List<String> values = new ArrayList<>();
            try (PreparedStatement ps = conn.prepareStatement(sql)) {
                ps.setQueryTimeout(timeoutSeconds);
                ResultSet rs;
                try {
                    rs = ps.executeQuery();
                } catch (SQLException e) {
                    return values; // a run-time error ends the result
                }
                try (rs) {
                    int n = rs.getMetaData().getColumnCount();
                    if (n != types.length()) {
                        return null;
                    }
                    while (true) {
                        try {
                            if (!rs.next()) {
                                break;
                            }
                        } catch (SQLException e) {
                            break; // an error while rows are read ends the result
                        }
                        for (int c = 1; c <= n; c++) {
                            values.add(ValuePrinter.print(rs, c, types.charAt(c - 1)));
                        }
                    }
                }
            }
            return values;
        }

        private void fail(int lineNo, String message) {
            failed++;
            if (verbose || shown < maxFailuresShown) {
                shown++;
                out.println("FAIL " + name + ":" + lineNo + ": " + message);
            }
        }
    }

    /** Hash of a listed expected result: its md5 as given, or computed from its values. */
    static String expectedHash(List<String> expected) {
        Matcher m = expected.size() == 1 ? HASHED.matcher(expected.get(0).trim()) : null;
        return m != null && m.matches() ? m.group(2) : md5(expected);
    }

    static void sort(List<String> values, String mode, int columns) {
        switch (mode.toLowerCase(Locale.ROOT)) {
            case "rowsort" -> {
                if (columns == 0) {
                    return;
                }
                List<List<String>> rows = new ArrayList<>();
                for (int i = 0; i + columns <= values.size(); i += columns) {
                    rows.add(new ArrayList<>(values.subList(i, i + columns)));
                }
                rows.sort((a, b) -> {
                    for (int i = 0; i < a.size(); i++) {
                        int c = compareBytes(a.get(i), b.get(i));
                        if (c != 0) {
                            return c;
                        }
                    }
                    return 0;
                });
                values.clear();
                rows.forEach(values::addAll);
            }
            case "valuesort" -> values.sort(SqlLogicTest::compareBytes);
            default -> {
            }
        }
    }

    /** strcmp on the UTF-8 bytes (printed values are ASCII, so this is plain comparison). */
    static int compareBytes(String a, String b) {
        return Arrays.compareUnsigned(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
    }

    static String md5(List<String> values) {
        try {
            MessageDigest md = MessageDigest.getInstance("MD5");
            for (String v : values) {
                md.update(v.getBytes(StandardCharsets.UTF_8));
                md.update((byte) '\n');
            }
            return HexFormat.of().formatHex(md.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String[] words(String line) {
        return line.trim().split("\\s+");
    }

    private static String abbreviate(List<String> values) {
        String s = values.toString();
        return s.length() > 300 ? s.substring(0, 300) + "...] (" + values.size() + " values)" : s;
    }

    /** How the reference driver prints one value by its column letter. */
    static final class ValuePrinter {
        private ValuePrinter() {
        }

        static String print(ResultSet rs, int c, char type) throws SQLException {
            rs.getObject(c);
            if (rs.wasNull()) {
                return "NULL";
            }
            return switch (type) {
                case 'I' -> Integer.toString(rs.getInt(c));
                case 'R' -> formatReal(rs.getDouble(c));
                default -> text(rs.getBytes(c));
            };
        }

        /** TEXT: empty as {@code (empty)}, each byte outside 0x20..0x7E as {@code @}. */
        static String text(byte[] bytes) {
            if (bytes == null || bytes.length == 0) {
                return "(empty)";
            }
            StringBuilder sb = new StringBuilder(bytes.length);
            for (byte b : bytes) {
                int u = b & 0xff;
                sb.append(u < 0x20 || u > 0x7e ? '@' : (char) u);
            }
            return sb.toString();
        }

        /**
         * SQLite's {@code printf("%.3f")}: the value rounded to at most 16 significant digits,
         * then to 3 decimals, padded with zeros ({@code -9223372036854776000.000}).
         */
        static String formatReal(double d) {
            if (Double.isNaN(d)) {
                return "NaN";
            }
            if (Double.isInfinite(d)) {
                return d > 0 ? "Inf" : "-Inf";
            }
            BigDecimal bd = new BigDecimal(d);
            if (bd.signum() == 0) {
                return "0.000";
            }
            int intDigits = bd.precision() - bd.scale();
            int significant = Math.min(16, intDigits + 3);
            if (significant <= 0) {
                return "0.000";
            }
            bd = bd.round(new MathContext(significant, RoundingMode.HALF_UP)).setScale(3, RoundingMode.HALF_UP);
            String s = bd.toPlainString();
            return s.equals("-0.000") ? "0.000" : s;
        }
    }
}
