package io.onelite.tools;

import java.util.ArrayList;
import java.util.List;

/**
 * The modes that align values in columns: column, box, table and markdown. Every row is read
 * before anything prints, since a column is as wide as its widest line (or its {@code .width}).
 * Long values wrap at the column's {@code .width}, else at the mode's {@code --wrap}; when any
 * row takes more than one line, rows are set apart (a blank line in column mode, a rule in box
 * and table modes). Box, table and markdown always show the header, centred; column mode only
 * with {@code .headers on}, aligned as its column.
 */
final class ColumnarPrinter implements ResultPrinter {
    private final OutputSettings settings;
    private final ShellSink out;
    private final List<String> names;
    private final List<List<List<String>>> rows = new ArrayList<>();   // row -> cell -> lines

    ColumnarPrinter(OutputSettings settings, ShellSink out, List<String> names) {
        this.settings = settings;
        this.out = out;
        this.names = names;
    }

    /** The characters that draw one mode's frame. */
    private record Frame(String left, String middle, String right, String rule,
                         String top, String headRule, String rowRule, String bottom) {
    }

    private static final Frame BOX = new Frame("│ ", " │ ", " │", "─",
            "┌┬┐", "├┼┤", "├┼┤", "└┴┘");
    private static final Frame TABLE = new Frame("| ", " | ", " |", "-",
            "+++", "+++", "+++", "+++");
    private static final Frame MARKDOWN = new Frame("| ", " | ", " |", "-",
            null, "|||", null, null);

    @Override
    public void row(Object[] values) {
        List<List<String>> cells = new ArrayList<>(values.length);
        for (int i = 0; i < values.length; i++) {
            String text = settings.quote ? SqlLiteral.columnQuoted(values[i]) : ShellText.display(values[i], settings.nullValue);
            cells.add(CellLines.split(text, wrapOf(i), settings.wordWrap));
        }
        rows.add(cells);
    }

    private int widthSetting(int column) {
        return column < settings.widths.size() ? settings.widths.get(column) : 0;
    }

    private int wrapOf(int column) {
        int w = widthSetting(column);
        return w != 0 ? w : settings.wrap;
    }

    @Override
    public void finish() {
        if (rows.isEmpty()) {
            return;
        }
        int n = names.size();
        List<List<String>> header = new ArrayList<>(n);
        int[] widths = new int[n];
        for (int i = 0; i < n; i++) {
            // a header never takes more than one line: sqlite3 shows only the first
            header.add(List.of(CellLines.split(names.get(i), wrapOf(i), settings.wordWrap).get(0)));
            widths[i] = Math.max(Math.abs(widthSetting(i)), widest(header.get(i)));
            for (List<List<String>> r : rows) {
                widths[i] = Math.max(widths[i], widest(r.get(i)));
            }
        }
        boolean multiLine = rows.stream().anyMatch(r -> r.stream().anyMatch(c -> c.size() > 1));
        StringBuilder sb = new StringBuilder();
        if (settings.mode == OutputMode.COLUMN) {
            column(sb, header, widths, multiLine);
        } else {
            framed(sb, settings.mode == OutputMode.BOX ? BOX : settings.mode == OutputMode.TABLE ? TABLE : MARKDOWN,
                    header, widths, multiLine);
        }
        out.print(sb.toString());
        out.flush();
    }

    private static int widest(List<String> lines) {
        int w = 0;
        for (String l : lines) {
            w = Math.max(w, ShellText.width(l));
        }
        return w;
    }

    private void column(StringBuilder sb, List<List<String>> header, int[] widths, boolean multiLine) {
        if (settings.headers) {
            lines(sb, header, widths, "", "  ", "", false);
            List<String> dashes = new ArrayList<>();
            for (int w : widths) {
                dashes.add("-".repeat(w));
            }
            sb.append(String.join("  ", dashes)).append('\n');
        }
        for (int r = 0; r < rows.size(); r++) {
            if (r > 0 && multiLine) {
                sb.append('\n');
            }
            lines(sb, rows.get(r), widths, "", "  ", "", false);
        }
    }

    private void framed(StringBuilder sb, Frame f, List<List<String>> header, int[] widths, boolean multiLine) {
        if (f.top() != null) {
            rule(sb, f, f.top(), widths);
        }
        lines(sb, header, widths, f.left(), f.middle(), f.right(), true);
        rule(sb, f, f.headRule(), widths);
        for (int r = 0; r < rows.size(); r++) {
            if (r > 0 && multiLine && f.rowRule() != null) {
                rule(sb, f, f.rowRule(), widths);
            }
            lines(sb, rows.get(r), widths, f.left(), f.middle(), f.right(), false);
        }
        if (f.bottom() != null) {
            rule(sb, f, f.bottom(), widths);
        }
    }

    /** A horizontal rule; {@code joints} holds the left, middle and right corner characters. */
    private static void rule(StringBuilder sb, Frame f, String joints, int[] widths) {
        sb.append(joints.charAt(0));
        for (int i = 0; i < widths.length; i++) {
            if (i > 0) {
                sb.append(joints.charAt(1));
            }
            sb.append(f.rule().repeat(widths[i] + 2));
        }
        sb.append(joints.charAt(2)).append('\n');
    }

    /** The display lines of one row of cells, each padded to its column's width. */
    private void lines(StringBuilder sb, List<List<String>> cells, int[] widths, String left, String middle,
                       String right, boolean centred) {
        int height = 0;
        for (List<String> c : cells) {
            height = Math.max(height, c.size());
        }
        for (int line = 0; line < height; line++) {
            sb.append(left);
            for (int i = 0; i < cells.size(); i++) {
                if (i > 0) {
                    sb.append(middle);
                }
                List<String> c = cells.get(i);
                String text = line < c.size() ? c.get(line) : "";
                int gap = Math.max(0, widths[i] - ShellText.width(text));
                if (centred) {
                    sb.append(" ".repeat(gap / 2)).append(text).append(" ".repeat((gap + 1) / 2));
                } else if (widthSetting(i) < 0) {
                    sb.append(" ".repeat(gap)).append(text);
                } else {
                    sb.append(text).append(" ".repeat(gap));
                }
            }
            sb.append(right).append('\n');
        }
    }
}
