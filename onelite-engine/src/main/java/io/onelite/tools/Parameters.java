package io.onelite.tools;

import io.onelite.api.Statement;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code .parameter}: values for the named parameters ({@code :x}, {@code @x}, {@code $x},
 * {@code ?N}) of the statements the shell runs, as {@code sqlite3}'s parameter table. A value is
 * given as SQL ({@code .parameter set :n 1+2} binds 3) and, when that does not compile, taken as
 * text ({@code .parameter set :s hello}). Parameters without a value bind NULL. {@code sqlite3}
 * keeps them in {@code temp.sqlite_parameters}; here they live in the shell.
 */
final class Parameters {
    private static final String USAGE = """
            .parameter CMD ...       Manage SQL parameter bindings
               clear                   Erase all bindings
               init                    Initialize the TEMP table that holds bindings
               list                    List the current parameter bindings
               set PARAMETER VALUE     Given SQL parameter PARAMETER a value of VALUE
                                       PARAMETER should start with one of: $ : @ ?
               unset PARAMETER         Remove PARAMETER from the binding table
            """;

    private final Shell shell;
    private final Map<String, Object> values = new TreeMap<>();

    Parameters(Shell shell) {
        this.shell = shell;
    }

    /** Runs {@code .parameter ARGS}; anything it does not know prints the usage, as in sqlite3 (status 0). */
    int command(List<String> args) {
        String cmd = args.isEmpty() ? "" : args.get(0);
        if (cmd.equals("clear") && args.size() == 1) {
            values.clear();
        } else if (cmd.equals("init") && args.size() == 1) {
            return 0;
        } else if (cmd.equals("list") && args.size() == 1) {
            list();
        } else if (cmd.equals("set") && args.size() == 3) {
            values.put(args.get(1), evaluate(args.get(2)));
        } else if (cmd.equals("unset") && args.size() == 2) {
            values.remove(args.get(1));
        } else {
            shell.out.print(USAGE);
        }
        return 0;
    }

    /** The value of {@code sql} as an expression, or {@code sql} itself as text when it is not one. */
    private Object evaluate(String sql) {
        try (Statement st = shell.session.prepare("SELECT " + sql)) {
            if (!st.tail().isBlank()) {
                return sql;
            }
            return st.step() ? st.column(0) : null;
        } catch (RuntimeException e) {
            return sql;
        }
    }

    private void list() {
        if (values.isEmpty()) {
            return;
        }
        int width = values.keySet().stream().mapToInt(String::length).max().orElse(0);
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, Object> e : values.entrySet()) {
            // sqlite3 lists quote(value): blobs in upper-case hex
            String shown = e.getValue() instanceof byte[] b ? SqlLiteral.blob(b).toUpperCase(java.util.Locale.ROOT)
                    : e.getValue() instanceof Double d ? RealText.display(d) : SqlLiteral.quoted(e.getValue());
            sb.append(e.getKey()).append(" ".repeat(width - e.getKey().length())).append(' ').append(shown).append('\n');
        }
        shell.out.print(sb.toString());
    }

    /** Binds every parameter of {@code st} that has a value (the others stay NULL). */
    void bind(Statement st) {
        if (values.isEmpty()) {
            return;
        }
        for (int i = 1; i <= st.parameterCount(); i++) {
            String name = st.parameterName(i);
            if (name == null) {
                name = "?" + i;
            }
            if (values.containsKey(name)) {
                st.bind(i, values.get(name));
            }
        }
    }
}
