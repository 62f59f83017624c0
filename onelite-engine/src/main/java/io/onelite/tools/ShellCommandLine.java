package io.onelite.tools;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The shell's command line, as {@code sqlite3} reads it: options may come anywhere; the first
 * other argument is the database file and the rest are SQL statements or dot-commands run in
 * turn. Output options and {@code -cmd} commands are kept as {@link Step}s in their order,
 * since {@code sqlite3} applies them in order after the database opens (and after {@code -init}).
 */
final class ShellCommandLine {
    /** An output option or a {@code -cmd} command, in command-line order. */
    sealed interface Step {
        record Setting(Consumer<OutputSettings> change) implements Step {
        }

        record Command(String text) implements Step {
        }
    }

    /** A command line {@code sqlite3} would refuse; the message is what to print. */
    static final class UsageException extends Exception {
        UsageException(String message) {
            super(message);
        }
    }

    String file;
    final List<String> sql = new ArrayList<>();
    final List<Step> steps = new ArrayList<>();
    String initFile;
    boolean readOnly;
    boolean bail;
    boolean echo;
    /** {@code -batch} (false) or {@code -interactive} (true); null: decided by whether there is a console. */
    Boolean interactive;
    boolean version;
    boolean help;

    static ShellCommandLine parse(String[] args) throws UsageException {
        ShellCommandLine c = new ShellCommandLine();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (!a.startsWith("-") || a.length() == 1) {
                if (c.file == null) {
                    c.file = a;
                } else {
                    c.sql.add(a);
                }
                continue;
            }
            String option = a.startsWith("--") ? a.substring(1) : a;
            switch (option) {
                case "-header", "-headers" -> c.setting(s -> {
                    s.headers = true;
                    s.headersChosen = true;
                });
                case "-noheader" -> c.setting(s -> {
                    s.headers = false;
                    s.headersChosen = true;
                });
                case "-list" -> c.setting(s -> s.mode = OutputMode.LIST);
                case "-line" -> c.setting(s -> s.mode = OutputMode.LINE);
                case "-column" -> c.setting(s -> s.mode = OutputMode.COLUMN);
                case "-box" -> c.setting(s -> s.mode = OutputMode.BOX);
                case "-table" -> c.setting(s -> s.mode = OutputMode.TABLE);
                case "-markdown" -> c.setting(s -> s.mode = OutputMode.MARKDOWN);
                case "-json" -> c.setting(s -> s.mode = OutputMode.JSON);
                case "-html" -> c.setting(s -> s.mode = OutputMode.HTML);
                case "-csv" -> c.setting(s -> {
                    s.mode = OutputMode.CSV;
                    s.colSeparator = ",";
                });
                case "-quote" -> c.setting(s -> {
                    s.mode = OutputMode.QUOTE;
                    s.colSeparator = ",";
                });
                case "-tabs" -> c.setting(s -> {
                    s.mode = OutputMode.TABS;
                    s.colSeparator = "\t";
                });
                case "-ascii" -> c.setting(s -> {
                    s.mode = OutputMode.ASCII;
                    s.colSeparator = "\u001f";
                    s.rowSeparator = "\u001e";
                });
                case "-separator" -> {
                    String sep = value(args, ++i, a);
                    c.setting(s -> s.colSeparator = sep);
                }
                case "-newline" -> {
                    String sep = value(args, ++i, a);
                    c.setting(s -> s.rowSeparator = sep);
                }
                case "-nullvalue" -> {
                    String text = value(args, ++i, a);
                    c.setting(s -> s.nullValue = text);
                }
                case "-cmd" -> c.steps.add(new Step.Command(value(args, ++i, a)));
                case "-init" -> c.initFile = value(args, ++i, a);
                case "-bail" -> c.bail = true;
                case "-echo" -> c.echo = true;
                case "-batch" -> c.interactive = false;
                case "-interactive" -> c.interactive = true;
                case "-readonly" -> c.readOnly = true;
                case "-version" -> c.version = true;
                case "-help" -> c.help = true;
                default -> throw new UsageException("Error: unknown option: " + a + "\nUse -help for a list of options.");
            }
        }
        return c;
    }

    private void setting(Consumer<OutputSettings> change) {
        steps.add(new Step.Setting(change));
    }

    private static String value(String[] args, int i, String option) throws UsageException {
        if (i >= args.length) {
            throw new UsageException("Error: missing argument to " + option);
        }
        return args[i];
    }

    static final String USAGE = """
            Usage: java -jar onelite-engine.jar [OPTIONS] FILENAME [SQL...]
            FILENAME is the name of an SQLite database. A new database is created
            if the file does not previously exist.
            OPTIONS include:
               -ascii               set output mode to 'ascii'
               -bail                stop after hitting an error
               -batch               force batch I/O
               -box                 set output mode to 'box'
               -column              set output mode to 'column'
               -cmd COMMAND         run "COMMAND" before reading stdin
               -csv                 set output mode to 'csv'
               -echo                print inputs before execution
               -init FILENAME       read/process named file
               -[no]header          turn headers on or off
               -help                show this message
               -html                set output mode to HTML
               -interactive         force interactive I/O
               -json                set output mode to 'json'
               -line                set output mode to 'line'
               -list                set output mode to 'list'
               -markdown            set output mode to 'markdown'
               -newline SEP         set output row separator. Default: '\\n'
               -nullvalue TEXT      set text string for NULL values. Default ''
               -quote               set output mode to 'quote'
               -readonly            open the database read-only
               -separator SEP       set output column separator. Default: '|'
               -table               set output mode to 'table'
               -tabs                set output mode to 'tabs'
               -version             show the OneLite version
            """;
}
