package io.onelite.tools;

import java.util.List;

/**
 * The modes that write each row as values between a column separator and end it with a row
 * separator: list, tabs and ascii (values as they are), csv (RFC 4180 quoting where
 * {@code sqlite3} quotes), quote (SQL literals) and tcl (C-style quoted strings).
 */
final class DelimitedPrinter implements ResultPrinter {
    private final OutputSettings settings;
    private final ShellSink out;
    private final List<String> names;
    private boolean started;

    DelimitedPrinter(OutputSettings settings, ShellSink out, List<String> names) {
        this.settings = settings;
        this.out = out;
        this.names = names;
    }

    @Override
    public void row(Object[] values) {
        if (!started && settings.headers) {
            line(names.stream().map(this::header).toList());
        }
        started = true;
        String[] cells = new String[values.length];
        for (int i = 0; i < values.length; i++) {
            cells[i] = cell(values[i]);
        }
        line(List.of(cells));
    }

    @Override
    public void finish() {
        out.flush();
    }

    private void line(List<String> cells) {
        out.print(String.join(settings.colSeparator, cells) + settings.rowSeparator);
    }

    private String header(String name) {
        return switch (settings.mode) {
            case CSV -> csv(name);
            case QUOTE -> SqlLiteral.text(name);
            case TCL -> cLiteral(name);
            default -> name;
        };
    }

    private String cell(Object v) {
        return switch (settings.mode) {
            case CSV -> v == null ? settings.nullValue : csv(ShellText.display(v, ""));
            case QUOTE -> SqlLiteral.quoted(v);
            case TCL -> cLiteral(ShellText.display(v, settings.nullValue));
            default -> ShellText.display(v, settings.nullValue);
        };
    }

    /** In double quotes (doubled inside) when it holds the separator or a character sqlite3 quotes. */
    private String csv(String s) {
        boolean quote = s.isEmpty() || s.contains(settings.colSeparator);
        for (int i = 0; i < s.length() && !quote; i++) {
            char c = s.charAt(i);
            quote = c <= ' ' || c == '"' || c == '\'' || c >= 0x7f;
        }
        return quote ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }

    /** A C string literal: backslash escapes, and octal for other bytes that are not printable ASCII. */
    static String cLiteral(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (byte b : ShellText.encode(s)) {
            int c = b & 0xff;
            switch (c) {
                case '\\' -> sb.append("\\\\");
                case '"' -> sb.append("\\\"");
                case '\t' -> sb.append("\\t");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                default -> {
                    if (c < 0x20 || c >= 0x7f) {
                        sb.append('\\').append((char) ('0' + (c >> 6))).append((char) ('0' + ((c >> 3) & 7)))
                                .append((char) ('0' + (c & 7)));
                    } else {
                        sb.append((char) c);
                    }
                }
            }
        }
        return sb.append('"').toString();
    }
}
