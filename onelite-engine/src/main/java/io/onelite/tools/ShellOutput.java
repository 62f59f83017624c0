package io.onelite.tools;

import io.onelite.jdbc.RealFormat;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * How the shell prints rows, as the {@code sqlite3} shell does: {@code list} mode (values joined
 * by the separator, {@code |} by default) or {@code column} mode (left-aligned columns as wide as
 * their widest value or header, two spaces apart, headers underlined with dashes), with or
 * without a header line. NULL prints as an empty string; REAL as SQLite's text for it.
 */
final class ShellOutput {
    enum Mode { LIST, COLUMN }

    private final PrintStream out;
    Mode mode = Mode.LIST;
    boolean headers;
    String separator = "|";

    ShellOutput(PrintStream out) {
        this.out = out;
    }

    /** One statement's rows, printed when complete (column mode needs every width first). */
    final class Result {
        private final List<String> names;
        private final List<Object[]> rows = new ArrayList<>();
        private boolean headerPrinted;

        Result(List<String> names) {
            this.names = names;
        }

        void row(Object[] values) {
            if (mode == Mode.COLUMN) {
                rows.add(values);
                return;
            }
            if (headers && !headerPrinted) {
                out.println(String.join(separator, names));
                headerPrinted = true;
            }
            for (int i = 0; i < values.length; i++) {
                if (i > 0) {
                    out.print(separator);
                }
                printValue(values[i]);
            }
            out.println();
        }

        void finish() {
            if (mode != Mode.COLUMN || rows.isEmpty()) {
                out.flush();
                return;
            }
            int[] widths = new int[names.size()];
            for (int i = 0; i < widths.length; i++) {
                widths[i] = names.get(i).length();
                for (Object[] r : rows) {
                    widths[i] = Math.max(widths[i], text(r[i]).length());
                }
            }
            if (headers) {
                List<String> h = new ArrayList<>();
                List<String> dashes = new ArrayList<>();
                for (int i = 0; i < widths.length; i++) {
                    h.add(pad(names.get(i), widths[i]));
                    dashes.add("-".repeat(widths[i]));
                }
                out.println(String.join("  ", h));
                out.println(String.join("  ", dashes));
            }
            for (Object[] r : rows) {
                List<String> cells = new ArrayList<>();
                for (int i = 0; i < widths.length; i++) {
                    cells.add(pad(text(r[i]), widths[i]));
                }
                out.println(String.join("  ", cells));
            }
            out.flush();
        }
    }

    private void printValue(Object v) {
        if (v instanceof byte[] b) {
            out.write(b, 0, b.length);
        } else {
            out.print(text(v));
        }
    }

    static String text(Object v) {
        if (v == null) {
            return "";
        }
        if (v instanceof Double d) {
            return RealFormat.format(d);
        }
        if (v instanceof byte[] b) {
            return new String(b, StandardCharsets.UTF_8);
        }
        return v.toString();
    }

    private static String pad(String s, int width) {
        return s.length() >= width ? s : s + " ".repeat(width - s.length());
    }

    /** Names in columns, as {@code .tables} prints them. */
    void names(List<String> names) {
        if (names.isEmpty()) {
            return;
        }
        int width = names.stream().mapToInt(String::length).max().orElse(1);
        int perLine = Math.max(1, 80 / (width + 2));
        int lines = (names.size() + perLine - 1) / perLine;
        for (int line = 0; line < lines; line++) {
            StringBuilder sb = new StringBuilder();
            for (int col = 0; col < perLine; col++) {
                int i = col * lines + line;
                if (i >= names.size()) {
                    break;
                }
                if (col > 0) {
                    sb.append("  ");
                }
                sb.append(pad(names.get(i), width));
            }
            out.println(sb.toString().stripTrailing());
        }
        out.flush();
    }
}
