package io.onelite.tools;

import java.util.List;
import java.util.stream.Collectors;

/** Insert mode: each row as an {@code INSERT INTO table[(columns)] VALUES(...);} statement. */
final class InsertPrinter implements ResultPrinter {
    private final ShellSink out;
    private final String prefix;

    InsertPrinter(OutputSettings settings, ShellSink out, List<String> names) {
        this.out = out;
        String columns = settings.headers
                ? names.stream().map(SqlLiteral::name).collect(Collectors.joining(",", "(", ")")) : "";
        this.prefix = "INSERT INTO " + SqlLiteral.name(settings.insertTable) + columns + " VALUES(";
    }

    @Override
    public void row(Object[] values) {
        StringBuilder sb = new StringBuilder(prefix);
        for (int i = 0; i < values.length; i++) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append(SqlLiteral.insertValue(values[i]));
        }
        out.print(sb.append(");\n").toString());
    }

    @Override
    public void finish() {
        out.flush();
    }
}
