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
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;

/**
 * A {@code sqlite3}-like command-line shell (the engine jar's Main-Class):
 * {@code java -jar onelite-engine.jar [OPTIONS] [FILE] [SQL...]}. {@code docs/shell.md} lists the
 * options and dot-commands; the tests hold each to the output of {@code sqlite3} 3.40.
 *
 * <p>Each SQL argument (or dot-command) runs in turn and the shell exits; on the first error it
 * prints {@code Error: in prepare, <message>} (exit status 1) or
 * {@code Error: stepping, <message> (<code>)} (exit status = the primary result code), as
 * {@code sqlite3} 3.40 does. Without SQL arguments it reads statements from standard input
 * (errors print as {@code Parse error near line N: ...} / {@code Runtime error near line N: ...}
 * and reading goes on unless {@code -bail}; exit status 1 if any failed), with a prompt when
 * standard input is a terminal.
 *
 * <p>This class owns the connection and the input loop; {@link ShellCommandLine} reads the
 * options, {@link DotCommands} runs dot-commands and {@link OutputSettings} with the
 * {@link ResultPrinter}s decides how rows look.
 */
public final class Shell {
    final PrintStream err;
    final ShellSink out;
    final OutputSettings settings = new OutputSettings();
    final Parameters parameters = new Parameters(this);
    private final DotCommands dotCommands = new DotCommands(this);
    private Connection conn;
    Session session;
    /** The database file as opened ({@code ""} for an in-memory database). */
    String dbFile;
    boolean readOnly;
    boolean bail;
    boolean echo;
    boolean showChanges;
    boolean timer;
    /** {@code .eqp on}: print each statement's query plan before its rows. */
    boolean eqp;
    String mainPrompt = "sqlite> ";
    String continuePrompt = "   ...> ";
    /** The line number given for SQL typed at the prompt, whose errors name no line. */
    static final int TYPED = -1;
    /** Set by {@code .quit}/{@code .exit}: stop reading input. */
    boolean quit;
    /** The status {@code .exit N} asked for; 0 ends as at the end of input (1 if anything failed). */
    int exitCode;

    Shell(PrintStream out, PrintStream err) {
        this.out = new ShellSink(out);
        this.err = err;
    }

    public static void main(String[] args) {
        int rc = new Shell(System.out, System.err).run(args, System.console() != null,
                new InputStreamReader(System.in, StandardCharsets.UTF_8));
        System.out.flush();
        System.exit(rc);
    }

    /** Runs the shell; returns the exit status. */
    int run(String[] args, boolean console, Reader stdin) {
        ShellCommandLine cl;
        try {
            cl = ShellCommandLine.parse(args);
        } catch (ShellCommandLine.UsageException e) {
            err.println(e.getMessage());
            return 1;
        }
        if (cl.help) {
            err.print(ShellCommandLine.USAGE);
            return 1;
        }
        if (cl.version) {
            out.println(OneLiteDriver.VERSION + " (OneLite)");
            out.flush();
            return 0;
        }
        bail = cl.bail;
        echo = cl.echo;
        boolean interactive = cl.interactive != null ? cl.interactive : console && cl.sql.isEmpty();
        if (!open(cl.file == null ? "" : cl.file, cl.readOnly)) {
            return 1;
        }
        try {
            if (cl.initFile != null) {
                runInitFile(cl.initFile);
            }
            for (ShellCommandLine.Step step : cl.steps) {
                if (step instanceof ShellCommandLine.Step.Setting s) {
                    s.change().accept(settings);
                } else if (step instanceof ShellCommandLine.Step.Command c) {
                    int rc = runArgument(c.text());
                    if ((rc != 0 && bail) || quit) {
                        return exitCode != 0 ? exitCode : rc != 0 ? 1 : 0;
                    }
                }
            }
            if (!cl.sql.isEmpty()) {
                for (String c : cl.sql) {
                    int rc = runArgument(c);
                    if (rc != 0) {
                        return rc;
                    }
                    if (quit) {
                        return exitCode;
                    }
                }
                return 0;
            }
            if (interactive) {
                out.println("OneLite " + OneLiteDriver.VERSION + " shell (SQLite compatible)");
                out.println("Enter \".help\" for usage hints.");
                if (cl.file == null && console) {             // sqlite3 says so only on a terminal
                    out.println("Connected to a transient in-memory database.");
                    out.println("Use \".open FILENAME\" to reopen on a persistent database.");
                }
            }
            int rc = readLines(new BufferedReader(stdin), interactive);
            return exitCode != 0 ? exitCode : rc;
        } finally {
            out.restore();
            close();
        }
    }

    private void runInitFile(String name) {
        Path p = Path.of(name);
        try (BufferedReader r = Files.newBufferedReader(p, StandardCharsets.UTF_8)) {
            readLines(r, false);
        } catch (IOException e) {
            err.println("cannot open: \"" + name + "\"");
        }
    }

    /** A command-line SQL argument or {@code -cmd}: a dot-command or SQL; errors without a line number. */
    private int runArgument(String text) {
        int rc = text.startsWith(".") ? dotCommands.run(text.trim()) : runSql(text, 0);
        out.commandDone();
        return rc == DotCommands.EXIT ? 0 : rc;
    }

    /** Opens {@code file} ({@code ""}: a new in-memory database) in place of the current database. */
    boolean open(String file, boolean openReadOnly) {
        try {
            Properties p = new Properties();
            if (openReadOnly) {
                p.setProperty("read_only", "true");
            }
            Connection c = new OneLiteDriver().connect("jdbc:onelite:" + (file.isEmpty() ? ":memory:" : file), p);
            close();
            conn = c;
            session = c.unwrap(Session.class);
            session.addGenerateSeries(); // sqlite3 loads the series extension on its connections
            dbFile = file;
            readOnly = openReadOnly;
            return true;
        } catch (SQLException | RuntimeException e) {
            err.println("Error: unable to open database \"" + file + "\": " + e.getMessage());
            return false;
        }
    }

    private void close() {
        if (conn == null) {
            return;
        }
        try {
            conn.close();
        } catch (SQLException e) {
            err.println("Error: " + e.getMessage());
        }
        conn = null;
        session = null;
    }

    /**
     * Reads statements and dot-commands line by line; returns 1 if any failed, else 0. As in
     * {@code sqlite3}, once an error has happened and bail is on, reading stops.
     */
    int readLines(BufferedReader in, boolean interactive) {
        StringBuilder sql = new StringBuilder();
        int startLine = 0;
        int lineNo = 0;
        int errors = 0;
        try {
            while (!quit && (errors == 0 || !bail)) {
                if (interactive) {
                    out.print(sql.length() == 0 ? mainPrompt : continuePrompt);
                    out.flush();
                }
                String line = in.readLine();
                if (line == null) {
                    if (interactive) {
                        out.println("");                   // end the prompt's line, as sqlite3
                    }
                    break;
                }
                lineNo++;
                if (sql.length() == 0) {
                    if (line.isBlank()) {
                        continue;
                    }
                    if (line.startsWith("#")) {
                        continue;                          // as sqlite3: a comment line between statements
                    }
                    if (line.startsWith(".")) {            // only in column 0; indented, it is SQL
                        if (echo) {
                            out.println(line);
                        }
                        int rc = dotCommands.run(line.trim());
                        out.commandDone();
                        if (rc != 0 && rc != DotCommands.EXIT) {
                            errors++;
                        }
                        continue;
                    }
                    startLine = lineNo;
                }
                sql.append(line).append('\n');
                if (StatementCompleteness.isComplete(sql.toString())) {
                    String text = sql.toString();
                    sql.setLength(0);
                    if (runChunk(text, interactive ? TYPED : startLine) != 0) {
                        errors++;
                    }
                }
            }
            if (sql.length() > 0 && !sql.toString().isBlank() && !quit && (errors == 0 || !bail)) {
                if (runChunk(sql.toString(), interactive ? TYPED : startLine) != 0) {
                    errors++;
                }
            }
        } catch (IOException e) {
            err.println("Error: " + e.getMessage());
            return 1;
        }
        return errors > 0 ? 1 : 0;
    }

    /** One complete piece of input: echoed, run, then timed and counted when asked. */
    private int runChunk(String text, int startLine) {
        // as sqlite3 joins the lines: without the last newline (it shows in error messages)
        String sql = text.endsWith("\n") ? text.substring(0, text.length() - 1) : text;
        if (echo) {
            out.println(sql);
        }
        int rc = runSql(sql, startLine);
        out.commandDone();
        return rc;
    }

    /**
     * Runs every statement in {@code text}, printing rows. {@code lineNo} is 0 for command-line
     * SQL (errors as {@code Error: ...}), the line the text starts on (errors name it), or
     * {@link #TYPED}. Returns 0, or the exit status of the error.
     */
    int runSql(String text, int lineNo) {
        RunTimer clock = timer ? new RunTimer() : null;
        int rc = runStatements(text, lineNo);
        if (clock != null) {
            out.println(clock.report());
        }
        if (showChanges && rc == 0) {                  // sqlite3 reports changes only after success
            out.println("changes: " + session.changes() + "   total_changes: " + session.totalChanges());
        }
        out.flush();
        return rc;
    }

    private int runStatements(String text, int lineNo) {
        String rest = text;
        while (true) {
            Statement st;
            rest = rest.stripLeading(); // sqlite3 prepares from the statement's first character
            try {
                st = session.prepare(rest);
            } catch (RuntimeException | StackOverflowError e) {
                String context = e instanceof OneLiteException oe ? ErrorContext.of(statementText(rest), oe.errorOffset()) : "";
                err.println(errorPrefix(lineNo, "Error: in prepare, ", "Parse error") + message(e) + context);
                return 1;
            }
            try (st) {
                if (st.isEmpty()) {
                    return 0;
                }
                rest = st.tail();
                parameters.bind(st);
                int n = st.columnCount();
                List<String> names = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    names.add(st.columnName(i));
                }
                if (eqp && !st.sql().stripLeading().regionMatches(true, 0, "EXPLAIN", 0, 7)) {
                    printQueryPlan(st.sql());
                }
                ResultPrinter printer = QueryPlanPrinter.isQueryPlan(st.sql()) ? new QueryPlanPrinter(out)
                        : settings.printer(out, names);
                try {
                    while (st.step()) {
                        Object[] row = new Object[n];
                        for (int i = 0; i < n; i++) {
                            row[i] = st.column(i);
                        }
                        printer.row(row);
                    }
                } catch (RuntimeException | StackOverflowError e) {
                    printer.finish();
                    int code = e instanceof OneLiteException oe ? oe.resultCode().primaryCode() : 2;
                    String codeNote = code > 1 ? " (" + code + ")" : "";   // sqlite3 leaves out SQLITE_ERROR's (1)
                    err.println(errorPrefix(lineNo, "Error: stepping, ", "Runtime error") + message(e) + codeNote);
                    return lineNo == 0 ? code : 1;
                }
                printer.finish();
            }
        }
    }

    /** The text an error context shows: what was prepared, without the input's last line break. */
    private static String statementText(String rest) {
        return rest.endsWith("\n") ? rest.substring(0, rest.length() - 1) : rest;
    }

    /**
     * How an error message starts, by where the SQL came from: a command-line argument
     * ({@code lineNo} 0: {@code argumentPrefix}), a line of a script ({@code Parse error near line 3: })
     * or the prompt ({@link #TYPED}: {@code Parse error: }).
     */
    private static String errorPrefix(int lineNo, String argumentPrefix, String kind) {
        if (lineNo == 0) {
            return argumentPrefix;
        }
        return lineNo == TYPED ? kind + ": " : kind + " near line " + lineNo + ": ";
    }

    /** {@code .eqp on}: the plan of {@code sql}, drawn as a tree; nothing if it has none. */
    private void printQueryPlan(String sql) {
        try (Statement plan = session.prepare("EXPLAIN QUERY PLAN " + sql)) {
            QueryPlanPrinter printer = new QueryPlanPrinter(out);
            while (plan.step()) {
                Object[] row = new Object[plan.columnCount()];
                for (int i = 0; i < row.length; i++) {
                    row[i] = plan.column(i);
                }
                printer.row(row);
            }
            printer.finish();
        } catch (RuntimeException e) {
            // a statement EXPLAIN cannot take (the statement itself still runs and reports)
        }
    }

    /** SQLite's message, or for a failure that is not the engine's own, what it was. */
    static String message(Throwable e) {
        return e instanceof OneLiteException ? e.getMessage() : "internal error: " + e;
    }

    /** Runs a query of the shell's own and returns its rows, or null after printing the error. */
    List<Object[]> query(String sql, Object... params) {
        try (Statement st = session.prepare(sql)) {
            for (int i = 0; i < params.length; i++) {
                st.bind(i + 1, params[i]);
            }
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

    /** Reads a file of SQL and dot-commands as if typed ({@code .read}); returns 0 or 1. */
    int readFile(String name) {
        Path p = Path.of(name);
        if (!Files.isReadable(p)) {
            err.println("Error: cannot open \"" + name + "\"");
            return 1;
        }
        try (BufferedReader r = Files.newBufferedReader(p, StandardCharsets.UTF_8)) {
            return readLines(r, false);
        } catch (IOException e) {
            err.println("Error: cannot open \"" + name + "\"");
            return 1;
        }
    }

    /** {@code .timer}: wall-clock and this thread's CPU time, printed as sqlite3 prints them. */
    private static final class RunTimer {
        private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
        private final long wallStart = System.nanoTime();
        private final long cpuStart = cpu();
        private final long userStart = user();

        String report() {
            double real = (System.nanoTime() - wallStart) / 1e9;
            double user = (user() - userStart) / 1e9;
            double sys = Math.max(0, (cpu() - cpuStart) / 1e9 - user);
            return String.format(Locale.ROOT, "Run Time: real %.3f user %f sys %f", real, user, sys);
        }

        private static long cpu() {
            return THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadCpuTime() : 0;
        }

        private static long user() {
            return THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadUserTime() : 0;
        }
    }
}
