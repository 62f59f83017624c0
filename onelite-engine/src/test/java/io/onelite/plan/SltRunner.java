package io.onelite.plan;

import io.onelite.api.Database;
import io.onelite.api.DatabaseOptions;
import io.onelite.api.Session;
import io.onelite.api.Statement;
import io.onelite.exec.ValueOps;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A test-side sqllogictest runner (format in shared/sqllogictest/SOURCE.md): runs one
 * file against a fresh in-memory database and counts passed and failed records.
 */
final class SltRunner {
    record Result(int passed, int failed, List<String> failures) {
    }

    static Result run(Path file, int maxFailuresKept) throws IOException {
        List<String> lines = new ArrayList<>();
        for (String l : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            lines.add(l.endsWith("\r") ? l.substring(0, l.length() - 1) : l);
        }
        int passed = 0;
        int failed = 0;
        List<String> failures = new ArrayList<>();
        Map<String, String> labels = new HashMap<>();
        int hashThreshold = 8;
        try (Database db = Database.open(":memory:", DatabaseOptions.DEFAULTS); Session s = db.openSession()) {
            int i = 0;
            while (i < lines.size()) {
                String line = lines.get(i);
                if (line.isBlank() || line.startsWith("#")) {
                    i++;
                    continue;
                }
                boolean skip = false;
                while (line.startsWith("skipif") || line.startsWith("onlyif")) {
                    String[] w = line.trim().split("\\s+");
                    String db2 = w.length > 1 ? w[1].toLowerCase(Locale.ROOT) : "";
                    if (w[0].equals("skipif") && db2.equals("sqlite")) {
                        skip = true;
                    }
                    if (w[0].equals("onlyif") && !db2.equals("sqlite")) {
                        skip = true;
                    }
                    line = lines.get(++i);
                }
                int start = i;
                if (line.startsWith("hash-threshold")) {
                    hashThreshold = Integer.parseInt(line.trim().split("\\s+")[1]);
                    i++;
                    continue;
                }
                if (line.startsWith("halt")) {
                    if (skip) {
                        i++;
                        continue;
                    }
                    break;
                }
                if (line.startsWith("statement")) {
                    boolean expectError = line.contains("error");
                    StringBuilder sql = new StringBuilder();
                    i++;
                    while (i < lines.size() && !lines.get(i).isBlank()) {
                        sql.append(lines.get(i)).append('\n');
                        i++;
                    }
                    if (skip) {
                        continue;
                    }
                    boolean error = false;
                    String msg = null;
                    try {
                        s.execute(sql.toString());
                    } catch (RuntimeException e) {
                        error = true;
                        msg = e.toString();
                    }
                    if (error == expectError) {
                        passed++;
                    } else {
                        failed++;
                        if (failures.size() < maxFailuresKept) {
                            failures.add(file.getFileName() + ":" + (start + 1) + " statement " + sql.toString().trim()
                                    + " -> " + (error ? msg : "no error"));
                        }
                    }
                    continue;
                }
                if (line.startsWith("query")) {
                    String[] w = line.trim().split("\\s+");
                    String types = w[1];
                    String sort = w.length > 2 ? w[2] : "nosort";
                    String label = w.length > 3 ? w[3] : null;
                    StringBuilder sql = new StringBuilder();
                    i++;
                    while (i < lines.size() && !lines.get(i).isBlank() && !lines.get(i).equals("----")) {
                        sql.append(lines.get(i)).append('\n');
                        i++;
                    }
                    List<String> expected = new ArrayList<>();
                    if (i < lines.size() && lines.get(i).equals("----")) {
                        i++;
                        while (i < lines.size() && !lines.get(i).isBlank()) {
                            expected.add(lines.get(i));
                            i++;
                        }
                    }
                    if (skip) {
                        continue;
                    }
                    String got;
                    List<String> values;
                    try {
                        values = runQuery(s, sql.toString(), types, sort);
                    } catch (RuntimeException e) {
                        failed++;
                        if (failures.size() < maxFailuresKept) {
                            failures.add(file.getFileName() + ":" + (start + 1) + " query " + sql.toString().trim()
                                    + " -> " + e);
                        }
                        continue;
                    }
                    boolean ok;
                    if (expected.size() == 1 && expected.get(0).contains("values hashing to")) {
                        got = values.size() + " values hashing to " + md5(values);
                        ok = got.equals(expected.get(0));
                    } else if (hashThreshold > 0 && values.size() > hashThreshold) {
                        got = values.size() + " values hashing to " + md5(values);
                        ok = got.equals(values.size() + " values hashing to " + md5(expected));
                    } else {
                        got = String.join(",", values);
                        ok = values.equals(expected);
                    }
                    if (label != null) {
                        String h = md5(values);
                        String prev = labels.putIfAbsent(label, h);
                        if (prev != null && !prev.equals(h)) {
                            ok = false;
                        }
                    }
                    if (ok) {
                        passed++;
                    } else {
                        failed++;
                        if (failures.size() < maxFailuresKept) {
                            failures.add(file.getFileName() + ":" + (start + 1) + " query " + sql.toString().trim()
                                    + "\n   expected " + String.join(",", expected) + "\n   got      " + got);
                        }
                    }
                    continue;
                }
                i++;
            }
        }
        return new Result(passed, failed, failures);
    }

    static List<String> runQuery(Session s, String sql, String types, String sort) {
        List<List<String>> rows = new ArrayList<>();
        try (Statement st = s.prepare(sql)) {
            while (true) {
                boolean has;
                try {
                    has = st.step();
                } catch (RuntimeException e) {
                    break; // an error while reading rows ends the result
                }
                if (!has) {
                    break;
                }
                List<String> r = new ArrayList<>();
                for (int c = 0; c < st.columnCount(); c++) {
                    char t = c < types.length() ? types.charAt(c) : 'T';
                    r.add(format(st.column(c), t));
                }
                rows.add(r);
            }
        }
        if (sort.equals("rowsort")) {
            rows.sort((a, b) -> {
                for (int k = 0; k < a.size(); k++) {
                    int c = compareBytes(a.get(k), b.get(k));
                    if (c != 0) {
                        return c;
                    }
                }
                return 0;
            });
        }
        List<String> values = new ArrayList<>();
        for (List<String> r : rows) {
            values.addAll(r);
        }
        if (sort.equals("valuesort")) {
            values.sort(SltRunner::compareBytes);
        }
        return values;
    }

    private static int compareBytes(String a, String b) {
        return java.util.Arrays.compareUnsigned(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
    }

    static String format(Object v, char type) {
        if (v == null) {
            return "NULL";
        }
        switch (type) {
            case 'I': {
                Long l = ValueOps.toInteger(v);
                return Integer.toString((int) (long) l);
            }
            case 'R': {
                Double d = ValueOps.toReal(v);
                if (d.isNaN() || d.isInfinite()) {
                    return String.format(Locale.ROOT, "%.3f", d);
                }
                // SQLite's printf keeps 16 significant digits and pads with zeros
                return new java.math.BigDecimal(d).round(new java.math.MathContext(16))
                        .setScale(3, java.math.RoundingMode.HALF_EVEN).toPlainString();
            }
            default: {
                String s = ValueOps.toText(v);
                if (s.isEmpty()) {
                    return "(empty)";
                }
                StringBuilder sb = new StringBuilder();
                for (char c : s.toCharArray()) {
                    sb.append(c < 0x20 || c > 0x7e ? '@' : c);
                }
                return sb.toString();
            }
        }
    }

    static String md5(List<String> values) {
        try {
            MessageDigest md = MessageDigest.getInstance("MD5");
            for (String v : values) {
                md.update(v.getBytes(StandardCharsets.UTF_8));
                md.update((byte) '\n');
            }
            StringBuilder sb = new StringBuilder();
            for (byte b : md.digest()) {
                sb.append(String.format("%02x", b & 0xff));
            }
            return sb.toString();
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Runs the files given as arguments (or the standard subset) and prints per-file counts. */
    public static void main(String[] args) throws IOException {
        for (String a : args) {
            Result r = run(Path.of(a), 8);
            System.out.println(a + ": passed " + r.passed() + ", failed " + r.failed());
            for (String f : r.failures()) {
                System.out.println("  " + f);
            }
        }
    }
}
