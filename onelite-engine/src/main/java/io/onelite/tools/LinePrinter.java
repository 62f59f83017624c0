package io.onelite.tools;

import java.util.List;

/**
 * Line mode: one {@code name = value} line per column, names right-aligned (to their width in
 * bytes, as sqlite3), rows apart by a blank line.
 */
final class LinePrinter implements ResultPrinter {
    /** sqlite3 never makes the name column narrower than this. */
    private static final int MIN_NAME_WIDTH = 5;

    private final OutputSettings settings;
    private final ShellSink out;
    private final List<String> names;
    private final int nameWidth;
    private boolean started;

    LinePrinter(OutputSettings settings, ShellSink out, List<String> names) {
        this.settings = settings;
        this.out = out;
        this.names = names;
        this.nameWidth = Math.max(MIN_NAME_WIDTH, names.stream().mapToInt(LinePrinter::bytes).max().orElse(0));
    }

    @Override
    public void row(Object[] values) {
        StringBuilder sb = new StringBuilder();
        if (started) {
            sb.append(settings.rowSeparator);
        }
        started = true;
        for (int i = 0; i < values.length; i++) {
            String name = names.get(i);
            sb.append(" ".repeat(Math.max(0, nameWidth - bytes(name)))).append(name).append(" = ")
                    .append(ShellText.display(values[i], settings.nullValue)).append(settings.rowSeparator);
        }
        out.print(sb.toString());
    }

    /** sqlite3 pads names with printf("%*s"), which counts UTF-8 bytes, not characters. */
    private static int bytes(String s) {
        return ShellText.encode(s).length;
    }

    @Override
    public void finish() {
        out.flush();
    }
}
