package io.onelite.tools;

import java.util.List;

/** Json mode: the rows as one JSON array of objects keyed by column name. */
final class JsonPrinter implements ResultPrinter {
    private final ShellSink out;
    private final List<String> names;
    private boolean started;

    JsonPrinter(ShellSink out, List<String> names) {
        this.out = out;
        this.names = names;
    }

    @Override
    public void row(Object[] values) {
        StringBuilder sb = new StringBuilder(started ? ",\n{" : "[{");
        started = true;
        for (int i = 0; i < values.length; i++) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append(string(names.get(i))).append(':').append(value(values[i]));
        }
        out.print(sb.append('}').toString());
    }

    @Override
    public void finish() {
        if (started) {
            out.print("]\n");
        }
        out.flush();
    }

    private static String value(Object v) {
        if (v == null) {
            return "null";
        }
        if (v instanceof Double d) {
            return RealText.json(d);
        }
        if (v instanceof byte[] b) {
            return string(ShellText.ofBytes(b));      // every byte, NULs included
        }
        if (v instanceof String s) {
            return string(ShellText.cString(s));
        }
        return v.toString();
    }

    /** A JSON string: {@code "} and {@code \} escaped, control characters as short or backslash-u escapes. */
    static String string(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"', '\\' -> sb.append('\\').append(c);
                case '\b' -> sb.append("\\b");
                case '\f' -> sb.append("\\f");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.append('"').toString();
    }
}
