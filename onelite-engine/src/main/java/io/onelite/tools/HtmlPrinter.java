package io.onelite.tools;

import java.util.List;

/** Html mode: a {@code <TR>} per row (and one of {@code <TH>} for headers), without the table tag. */
final class HtmlPrinter implements ResultPrinter {
    private final OutputSettings settings;
    private final ShellSink out;
    private final List<String> names;
    private boolean started;

    HtmlPrinter(OutputSettings settings, ShellSink out, List<String> names) {
        this.settings = settings;
        this.out = out;
        this.names = names;
    }

    @Override
    public void row(Object[] values) {
        if (!started && settings.headers) {
            out.print(tr("TH", names));
        }
        started = true;
        String[] cells = new String[values.length];
        for (int i = 0; i < values.length; i++) {
            cells[i] = ShellText.display(values[i], settings.nullValue);
        }
        out.print(tr("TD", List.of(cells)));
    }

    @Override
    public void finish() {
        out.flush();
    }

    private static String tr(String tag, List<String> cells) {
        StringBuilder sb = new StringBuilder("<TR>");
        for (String c : cells) {
            sb.append('<').append(tag).append('>').append(escape(c)).append("</").append(tag).append(">\n");
        }
        return sb.append("</TR>\n").toString();
    }

    static String escape(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '&' -> sb.append("&amp;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&#39;");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }
}
