package io.onelite.tools;

import io.onelite.api.Session;
import io.onelite.api.Statement;
import io.onelite.common.OneLiteException;
import io.onelite.jdbc.OneLiteDriver;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Properties;

/**
 * A {@code sqlite3}-like command-line shell (the engine jar's Main-Class):
 * {@code java -jar onelite-engine.jar [OPTIONS] [FILE] [SQL...]}.
 *
 * <p>Options: {@code -header}, {@code -noheader}, {@code -column}, {@code -list},
 * {@code -separator SEP}, {@code -bail}, {@code -readonly}, {@code -version}, {@code -help}.
 * Each SQL argument (or dot-command) runs in turn and the shell exits; on the first error it
 * prints {@code Error: in prepare, <message>} (exit status 1) or
 * {@code Error: stepping, <message> (<code>)} (exit status = the primary result code), as
 * {@code sqlite3} 3.40 does. Without SQL arguments it reads statements from standard input
 * (errors print as {@code Parse error near line N: ...} / {@code Runtime error near line N: ...}
 * and reading goes on unless {@code -bail}; exit status 1 if any failed), with a prompt when
 * standard input is a terminal. Dot-commands: {@code .tables [PATTERN]}, {@code .schema [PATTERN]},
 * {@code .read FILE}, {@code .headers on|off}, {@code .mode list|column}, {@code .separator SEP},
 * {@code .quit}, {@code .exit}, {@code .help}.
 */
public final class Shell {
    private final PrintStream out;
    private final PrintStream err;
    private final ShellOutput output;
    private Connection conn;
    private Session session;
    private boolean bail;
    private boolean quit;

    Shell(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
        this.output = new ShellOutput(out);
    }

    public static void main(String[] args) {
        int rc = new Shell(System.out, System.err).run(args, System.console() != null,
                new InputStreamReader(System.in, StandardCharsets.UTF_8));
        System.out.flush();
        System.exit(rc);
    }

    /** Runs the shell; returns the exit status. */
    int run(String[] args, boolean interactive, Reader stdin) {
        String file = null;
        boolean readOnly = false;
        List<String> commands = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (file == null && commands.isEmpty() && a.startsWith("-") && a.length() > 1) {
                switch (a.replaceFirst("^--", "-")) {
                    case "-header", "-headers" -> output.headers = true;
                    case "-noheader" -> output.headers = false;
                    case "-column" -> output.mode = ShellOutput.Mode.COLUMN;
                    case "-list" -> output.mode = ShellOutput.Mode.LIST;
                    case "-separator" -> output.separator = args[++i];
                    case "-bail" -> bail = true;
                    case "-readonly" -> readOnly = true;
                    case "-version" -> {
                        out.println(OneLiteDriver.VERSION + " (OneLite)");
                        return 0;
                    }
                    case "-help" -> {
                        usage(out);
                        return 0;
                    }
                    default -> {
                        err.println("Error: unknown option: " + a);
                        usage(err);
                        return 1;
                    }
                }
            } else if (file == null) {
                file = a;
            } else {
                commands.add(a);
            }
        }
        try {
            Properties p = new Properties();
            if (readOnly) {
                p.setProperty("read_only", "true");
            }
            conn = new OneLiteDriver().connect("jdbc:onelite:" + (file == null ? ":memory:" : file), p);
            session = conn.unwrap(Session.class);
        } catch (SQLException | RuntimeException e) {
            err.println("Error: unable to open database \"" + file + "\": " + e.getMessage());
            return 1;
        }
        try {
            if (!commands.isEmpty()) {
                for (String c : commands) {
                    int rc = c.startsWith(".") ? dotCommand(c.trim(), 0) : runSql(c, 0);
                    if (rc != 0) {
                        return rc;
                    }
                    if (quit) {
                        break;
                    }
                }
                return 0;
            }
            if (interactive) {
                out.println("OneLite " + OneLiteDriver.VERSION + " shell (SQLite compatible)");
                out.println("Enter \".help\" for usage hints.");
            }
            return readLines(new BufferedReader(stdin), interactive);
        } finally {
            try {
                conn.close();
            } catch (SQLException e) {
                err.println("Error: " + e.getMessage());
            }
        }
    }

    private static void usage(PrintStream s) {
        s.println("Usage: java -jar onelite-engine.jar [OPTIONS] [FILE] [SQL...]");
        s.println("OPTIONS: -header -noheader -column -list -separator SEP -bail -readonly -version -help");
    }

    /** Reads statements and dot-commands line by line; returns the exit status. */
    int readLines(BufferedReader in, boolean interactive) {
        StringBuilder sql = new StringBuilder();
        int startLine = 0;
        int lineNo = 0;
        boolean anyError = false;
        try {
            while (!quit) {
                if (interactive) {
                    out.print(sql.length() == 0 ? "sqlite> " : "   ...> ");
                    out.flush();
                }
                String line = in.readLine();
                if (line == null) {
                    break;
                }
                lineNo++;
                if (sql.length() == 0) {
                    if (line.isBlank()) {
                        continue;
                    }
                    if (line.stripLeading().startsWith(".")) {
                        if (dotCommand(line.trim(), lineNo) != 0) {
                            anyError = true;
                            if (bail) {
                                break;
                            }
                        }
                        continue;
                    }
                    startLine = lineNo;
                }
                sql.append(line).append('\n');
                if (StatementCompleteness.isComplete(sql.toString())) {
                    String text = sql.toString();
                    sql.setLength(0);
                    if (runSql(text, startLine) != 0) {
                        anyError = true;
                        if (bail) {
                            break;
                        }
                    }
                }
            }
            if (sql.length() > 0 && !sql.toString().isBlank() && !quit) {
                if (runSql(sql.toString(), startLine) != 0) {
                    anyError = true;
                }
            }
        } catch (IOException e) {
            err.println("Error: " + e.getMessage());
            return 1;
        }
        return anyError ? 1 : 0;
    }

    /**
     * Runs every statement in {@code text}, printing rows. {@code lineNo} is 0 for command-line
     * SQL (errors as {@code Error: ...}) or the line the text starts on (errors name it).
     * Returns 0, or the exit status of the error.
     */
    int runSql(String text, int lineNo) {
        String rest = text;
        while (true) {
            Statement st;
            try {
                st = session.prepare(rest);
            } catch (RuntimeException | StackOverflowError e) {
                err.println(lineNo == 0 ? "Error: in prepare, " + message(e)
                        : "Parse error near line " + lineNo + ": " + message(e));
                return 1;
            }
            try (st) {
                if (st.isEmpty()) {
                    return 0;
                }
                rest = st.tail();
                int n = st.columnCount();
                List<String> names = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    names.add(st.columnName(i));
                }
                ShellOutput.Result result = output.new Result(names);
                try {
                    while (st.step()) {
                        Object[] row = new Object[n];
                        for (int i = 0; i < n; i++) {
                            row[i] = st.column(i);
                        }
                        result.row(row);
                    }
                } catch (RuntimeException | StackOverflowError e) {
                    result.finish();
                    int code = e instanceof OneLiteException oe ? oe.resultCode().primaryCode() : 2;
                    err.println(lineNo == 0 ? "Error: stepping, " + message(e) + " (" + code + ")"
                            : "Runtime error near line " + lineNo + ": " + message(e) + " (" + code + ")");
                    return lineNo == 0 ? code : 1;
                }
                result.finish();
            }
        }
    }

    /** SQLite's message, or for a failure that is not the engine's own, what it was. */
    private static String message(Throwable e) {
        return e instanceof OneLiteException ? e.getMessage() : "internal error: " + e;
    }

    /** Runs a dot-command; returns 0 or an error status. */
    int dotCommand(String line, int lineNo) {
        List<String> words = splitWords(line.substring(1));
        if (words.isEmpty()) {
            return 0;
        }
        String cmd = words.get(0).toLowerCase(Locale.ROOT);
        String arg = words.size() > 1 ? words.get(1) : null;
        switch (cmd) {
            case "quit", "exit" -> {
                quit = true;
                return 0;
            }
            case "tables" -> {
                return tables(arg);
            }
            case "schema" -> {
                return schema(arg);
            }
            case "read" -> {
                if (arg == null) {
                    err.println("Usage: .read FILE");
                    return 1;
                }
                Path p = Path.of(arg);
                if (!Files.isReadable(p)) {
                    err.println("Error: cannot open \"" + arg + "\"");
                    return 1;
                }
                try (BufferedReader r = Files.newBufferedReader(p, StandardCharsets.UTF_8)) {
                    return readLines(r, false);
                } catch (IOException e) {
                    err.println("Error: cannot open \"" + arg + "\"");
                    return 1;
                }
            }
            case "headers", "header" -> {
                output.headers = arg != null && (arg.equalsIgnoreCase("on") || arg.equals("1") || arg.equalsIgnoreCase("yes"));
                return 0;
            }
            case "mode" -> {
                if ("column".equalsIgnoreCase(arg)) {
                    output.mode = ShellOutput.Mode.COLUMN;
                } else if ("list".equalsIgnoreCase(arg)) {
                    output.mode = ShellOutput.Mode.LIST;
                } else {
                    err.println("Error: mode should be one of: column list");
                    return 1;
                }
                return 0;
            }
            case "separator" -> {
                if (arg != null) {
                    output.separator = arg;
                }
                return 0;
            }
            case "help" -> {
                out.println(".headers on|off     Turn display of headers on or off");
                out.println(".mode list|column   Set output mode");
                out.println(".quit / .exit       Exit this program");
                out.println(".read FILE          Read input from FILE");
                out.println(".schema ?PATTERN?   Show the CREATE statements matching PATTERN");
                out.println(".separator SEP      Change the column separator for list mode");
                out.println(".tables ?PATTERN?   List names of tables matching a LIKE pattern");
                return 0;
            }
            default -> {
                err.println("Error: unknown command or invalid arguments:  \"" + cmd + "\". Enter \".help\" for help");
                return 1;
            }
        }
    }

    private int tables(String pattern) {
        List<Object[]> rows = query("SELECT name FROM sqlite_schema WHERE type IN ('table','view')"
                + " AND name NOT LIKE 'sqlite_%'" + (pattern == null ? "" : " AND name LIKE " + literal(pattern))
                + " ORDER BY 1");
        if (rows == null) {
            return 1;
        }
        List<String> names = new ArrayList<>();
        for (Object[] r : rows) {
            names.add(ShellOutput.text(r[0]));
        }
        names.sort(Comparator.naturalOrder());
        output.names(names);
        return 0;
    }

    private int schema(String pattern) {
        List<Object[]> rows = query("SELECT sql FROM sqlite_schema WHERE sql IS NOT NULL"
                + (pattern == null ? "" : " AND tbl_name LIKE " + literal(pattern)) + " ORDER BY rowid");
        if (rows == null) {
            return 1;
        }
        for (Object[] r : rows) {
            out.println(ShellOutput.text(r[0]) + ";");
        }
        out.flush();
        return 0;
    }

    private List<Object[]> query(String sql) {
        try (Statement st = session.prepare(sql)) {
            List<Object[]> rows = new ArrayList<>();
            while (st.step()) {
                Object[] row = new Object[st.columnCount()];
                for (int i = 0; i < row.length; i++) {
                    row[i] = st.column(i);
                }
                rows.add(row);
            }
            return rows;
        } catch (RuntimeException | StackOverflowError e) {
            err.println("Error: " + message(e));
            return null;
        }
    }

    private static String literal(String s) {
        return "'" + s.replace("'", "''") + "'";
    }

    /** Words of a dot-command, with '...' and "..." quoting. */
    static List<String> splitWords(String s) {
        List<String> out = new ArrayList<>();
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '\'' || c == '"') {
                int end = s.indexOf(c, i + 1);
                if (end < 0) {
                    end = s.length();
                }
                out.add(s.substring(i + 1, end));
                i = end + 1;
            } else {
                int j = i;
                while (j < s.length() && !Character.isWhitespace(s.charAt(j))) {
                    j++;
                }
                out.add(s.substring(i, j));
                i = j;
            }
        }
        return out;
    }
}
