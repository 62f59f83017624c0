package io.onelite.tools;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Runs the shell's dot-commands, with {@code sqlite3} 3.40's argument rules, messages and
 * results. A command name may be shortened as far as {@code sqlite3} allows. Arguments are split at
 * spaces; {@code '...'} is taken as written, while {@code "..."} and bare words have their
 * backslash escapes ({@code \t}, {@code \n}, {@code \\}, {@code \NNN}...) resolved. Each command
 * returns 0, 1 (an error: counted, and it stops the shell under {@code -bail}) or {@link #EXIT}.
 */
final class DotCommands {
    /** Returned by {@code .quit} and {@code .exit}: stop reading input. */
    static final int EXIT = 2;

    /** The {@code .help} text: every command this shell runs. */
    private static final String[] HELP = {
            ".backup ?DB? FILE        Backup DB (default \"main\") to FILE",
            ".bail on|off             Stop after hitting an error.  Default OFF",
            ".changes on|off          Show number of rows changed by SQL",
            ".databases               List names and files of attached databases",
            ".dump ?OBJECTS?          Render database content as SQL",
            ".echo on|off             Turn command echo on or off",
            ".eqp on|off              Enable or disable automatic EXPLAIN QUERY PLAN",
            ".exit ?CODE?             Exit this program with return-code CODE",
            ".headers on|off          Turn display of headers on or off",
            ".help                    Show this message",
            ".import FILE TABLE       Import data from FILE into TABLE",
            ".indexes ?TABLE?         Show names of indexes",
            ".mode MODE ?OPTIONS?     Set output mode",
            ".nullvalue STRING        Use STRING in place of NULL values",
            ".once FILE               Output for the next SQL command only to FILE",
            ".open ?OPTIONS? ?FILE?   Close existing database and reopen FILE",
            ".output ?FILE?           Send output to FILE or stdout if FILE is omitted",
            ".parameter CMD ...       Manage SQL parameter bindings",
            ".print STRING...         Print literal STRING",
            ".prompt MAIN CONTINUE    Replace the standard prompts",
            ".quit                    Exit this program",
            ".read FILE               Read input from FILE",
            ".save FILE               Write database to FILE (an alias for .backup ...)",
            ".schema ?PATTERN?        Show the CREATE statements matching PATTERN",
            ".separator COL ?ROW?     Change the column and row separators",
            ".show                    Show the current values for various settings",
            ".tables ?TABLE?          List names of tables matching LIKE pattern TABLE",
            ".timeout MS              Try opening locked tables for MS milliseconds",
            ".timer on|off            Turn SQL timer on or off",
            ".width NUM1 NUM2 ...     Set minimum column widths for columnar output",
    };

    private final Shell shell;
    private final SchemaCommands schema;
    private final FileCommands files;

    DotCommands(Shell shell) {
        this.shell = shell;
        this.schema = new SchemaCommands(shell);
        this.files = new FileCommands(shell);
    }

    int run(String line) {
        List<String> words = splitWords(line.substring(1));
        if (words.isEmpty()) {
            return 0;
        }
        String typed = words.get(0);
        String cmd = resolve(typed.toLowerCase(Locale.ROOT));
        List<String> args = words.subList(1, words.size());
        String arg = args.isEmpty() ? null : args.get(0);
        OutputSettings s = shell.settings;
        if (cmd == null) {
            shell.err.println("Error: unknown command or invalid arguments:  \"" + typed + "\". Enter \".help\" for help");
            return 1;
        }
        return switch (cmd) {
            case "quit" -> {
                shell.quit = true;
                yield EXIT;
            }
            case "exit" -> {
                shell.quit = true;
                shell.exitCode = arg == null ? 0 : integerValue(arg);
                yield EXIT;
            }
            case "tables" -> schema.tables(arg);
            case "indexes" -> args.size() > 1 ? usage(".indexes ?LIKE-PATTERN?") : schema.indexes(arg);
            case "schema" -> schema(args);
            case "databases" -> schema.databases();
            case "dump" -> new Dumper(shell).run(args);
            case "import" -> new Importer(shell).run(args);
            case "read" -> arg == null ? usage(".read FILE") : shell.readFile(arg);
            case "headers" -> onOff(arg, ".headers on|off", v -> {
                s.headers = v;
                s.headersChosen = true;
            });
            case "echo" -> onOff(arg, ".echo on|off", v -> shell.echo = v);
            case "eqp" -> {
                if (arg == null) {
                    yield usage(".eqp off|on|trace|trigger|full");
                }
                // full/trigger/trace add bytecode or trigger plans in sqlite3; here they mean on
                shell.eqp = arg.equalsIgnoreCase("full") || arg.equalsIgnoreCase("trigger")
                        || arg.equalsIgnoreCase("trace") || booleanValue(arg);
                yield 0;
            }
            case "timeout" -> {
                shell.session.setBusyTimeoutMillis(arg == null ? 0 : Math.max(0, integerValue(arg)));
                yield 0;
            }
            case "prompt" -> {
                if (arg != null) {
                    shell.mainPrompt = arg;
                }
                if (args.size() > 1) {
                    shell.continuePrompt = args.get(1);
                }
                yield 0;
            }
            case "bail" -> onOff(arg, ".bail on|off", v -> shell.bail = v);
            case "changes" -> onOff(arg, ".changes on|off", v -> shell.showChanges = v);
            case "timer" -> onOff(arg, ".timer on|off", v -> shell.timer = v);
            case "mode" -> mode(args);
            case "separator" -> {
                if (arg == null) {
                    yield usage(".separator COL ?ROW?");
                }
                s.colSeparator = arg;
                if (args.size() > 1) {
                    s.rowSeparator = args.get(1);
                }
                yield 0;
            }
            case "nullvalue" -> {
                if (args.size() != 1) {
                    yield usage(".nullvalue STRING");
                }
                s.nullValue = arg;
                yield 0;
            }
            case "width" -> {
                s.widths = new ArrayList<>();
                for (String w : args) {
                    s.widths.add(integerValue(w));
                }
                yield 0;
            }
            case "parameter" -> shell.parameters.command(args);
            case "print" -> {
                shell.out.println(String.join(" ", args));
                yield 0;
            }
            case "show" -> args.isEmpty() ? show() : usage(".show");
            case "output", "once" -> files.output(cmd, args);
            case "open" -> files.open(args);
            case "backup", "save" -> files.backup(args);
            case "help" -> {
                StringBuilder sb = new StringBuilder();
                for (String h : HELP) {
                    sb.append(h).append('\n');
                }
                shell.out.print(sb.toString());
                yield 0;
            }
            default -> throw new IllegalStateException(cmd);
        };
    }

    /**
     * Commands in the order {@code sqlite3} tries them, with the shortest prefix it accepts for
     * each: {@code .h} is {@code .headers}, {@code .hel} {@code .help}, {@code .o} {@code .output},
     * {@code .on} {@code .once}, {@code .op} {@code .open}, {@code .d} {@code .dump}.
     */
    private static final String[][] ABBREVIATIONS = {
            {"backup", "3"}, {"save", "3"}, {"bail", "3"}, {"changes", "3"}, {"databases", "2"}, {"dump", "1"},
            {"echo", "1"}, {"eqp", "2"}, {"exit", "2"}, {"headers", "1"}, {"help", "3"}, {"import", "1"}, {"indexes", "2"},
            {"mode", "1"}, {"nullvalue", "1"}, {"once", "2"}, {"open", "2"}, {"output", "1"}, {"parameter", "3"},
            {"print", "1"}, {"prompt", "4"}, {"quit", "1"}, {"read", "3"}, {"schema", "3"}, {"separator", "2"}, {"show", "3"}, {"tables", "2"},
            {"timeout", "5"}, {"timer", "5"}, {"width", "1"},
    };

    /** {@code .schema ?--nosys? ?PATTERN?}: {@code --nosys} leaves out {@code sqlite_} tables. */
    private int schema(List<String> args) {
        String pattern = null;
        boolean noSys = false;
        for (String a : args) {
            if (a.equals("--nosys") || a.equals("-nosys")) {
                noSys = true;
            } else if (a.startsWith("-")) {
                shell.err.println("Unknown option: \"" + a + "\"");
                return 1;
            } else if (pattern != null) {
                return usage(".schema ?--indent? ?--nosys? ?LIKE-PATTERN?");
            } else {
                pattern = a;
            }
        }
        return schema.schema(pattern, noSys);
    }

    /** The command {@code typed} names (see {@link #ABBREVIATIONS}), or null. */
    private static String resolve(String typed) {
        for (String[] a : ABBREVIATIONS) {
            if (a[0].startsWith(typed) && typed.length() >= Integer.parseInt(a[1])) {
                return a[0];
            }
        }
        return null;
    }

    private int usage(String text) {
        shell.err.println("Usage: " + text);
        return 1;
    }

    private int onOff(String arg, String usage, java.util.function.Consumer<Boolean> set) {
        if (arg == null) {
            return usage(usage);
        }
        set.accept(booleanValue(arg));
        return 0;
    }

    /** on/yes/true or a non-zero number is true; off/no/false or 0 false; anything else false, with sqlite3's warning. */
    private boolean booleanValue(String s) {
        String v = s.toLowerCase(Locale.ROOT);
        if (v.matches("[-+]?\\d+")) {
            return integerValue(v) != 0;
        }
        switch (v) {
            case "on", "yes", "true" -> {
                return true;
            }
            case "off", "no", "false" -> {
                return false;
            }
            default -> {
                shell.err.println("ERROR: Not a boolean value: \"" + s + "\". Assuming \"no\".");
                return false;
            }
        }
    }

    /**
     * {@code .mode ?MODE? ?TABLE? ?--wrap N? ?--wordwrap B? ?--ww? ?--quote? ?--noquote?}. Without a
     * mode it prints the current one; like {@code sqlite3} 3.40 it then also puts the column
     * options back to their defaults.
     */
    private int mode(List<String> args) {
        OutputSettings s = shell.settings;
        OutputMode chosen = null;
        boolean qbox = false;
        int wrap = OutputSettings.DEFAULT_WRAP;
        boolean wordWrap = false;
        boolean quote = false;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            switch (a) {
                case "--wrap" -> wrap = i + 1 < args.size() ? integerValue(args.get(++i)) : wrap;
                case "--wordwrap" -> wordWrap = i + 1 < args.size() && booleanValue(args.get(++i));
                case "--ww" -> wordWrap = true;
                case "--quote" -> quote = true;
                case "--noquote" -> quote = false;
                default -> {
                    if (chosen == null) {
                        if (a.equalsIgnoreCase("qbox")) {
                            chosen = OutputMode.BOX;
                            qbox = true;
                            continue;
                        }
                        chosen = modeNamed(a);
                        if (chosen == null) {
                            shell.err.println("Error: mode should be one of: ascii box column csv html insert json"
                                    + " line list markdown qbox quote table tabs tcl");
                            return 1;
                        }
                    } else if (chosen == OutputMode.INSERT) {
                        s.insertTable = a;
                    }
                }
            }
        }
        if (chosen == null) {
            shell.out.println("current output mode: " + s.modeDescription());
        } else {
            s.selectMode(chosen);
            if (chosen == OutputMode.INSERT && args.size() == 1) {
                s.insertTable = "table";
            }
        }
        s.wrap = wrap;
        s.wordWrap = wordWrap;
        s.quote = quote || qbox;
        return 0;
    }

    /**
     * Mode names in the order sqlite3 tries them; a name may be any prefix of one, so {@code .mode c}
     * is column, {@code .mode t} tcl, {@code .mode tab} tabs.
     */
    private static final String[] MODE_NAMES = {"lines", "columns", "list", "html", "tcl", "csv", "tabs", "insert",
            "quote", "ascii", "markdown", "table", "box", "json"};

    /** The mode a (possibly shortened) name means, or null. */
    private static OutputMode modeNamed(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        for (String m : MODE_NAMES) {
            if (!n.isEmpty() && m.startsWith(n)) {
                return switch (m) {
                    case "lines" -> OutputMode.LINE;
                    case "columns" -> OutputMode.COLUMN;
                    default -> OutputMode.valueOf(m.toUpperCase(Locale.ROOT));
                };
            }
        }
        return null;
    }

    private int show() {
        OutputSettings s = shell.settings;
        StringBuilder widths = new StringBuilder();
        for (int w : s.widths) {
            widths.append(w).append(' ');
        }
        String[][] rows = {
                {"echo", shell.echo ? "on" : "off"},
                {"eqp", shell.eqp ? "on" : "off"},
                {"explain", "auto"},
                {"headers", s.headers ? "on" : "off"},
                {"mode", s.modeDescription()},
                {"nullvalue", DelimitedPrinter.cLiteral(s.nullValue)},
                {"output", shell.out.targetName()},
                {"colseparator", DelimitedPrinter.cLiteral(s.colSeparator)},
                {"rowseparator", DelimitedPrinter.cLiteral(s.rowSeparator)},
                {"stats", "off"},
                {"width", widths.toString()},
                {"filename", shell.dbFile.isEmpty() ? ":memory:" : shell.dbFile},
        };
        StringBuilder sb = new StringBuilder();
        for (String[] r : rows) {
            sb.append(" ".repeat(12 - r[0].length())).append(r[0]).append(": ").append(r[1]).append('\n');
        }
        shell.out.print(sb.toString());
        return 0;
    }

    /** Words of a dot-command: {@code '...'} as written; {@code "..."} and bare words with backslash escapes resolved. */
    static List<String> splitWords(String s) {
        List<String> out = new ArrayList<>();
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '\'') {
                int end = s.indexOf('\'', i + 1);
                end = end < 0 ? s.length() : end;
                out.add(s.substring(i + 1, end));
                i = end + 1;
            } else if (c == '"') {
                int j = i + 1;
                while (j < s.length() && s.charAt(j) != '"') {
                    j += s.charAt(j) == '\\' && j + 1 < s.length() ? 2 : 1;
                }
                out.add(resolveBackslashes(s.substring(i + 1, Math.min(j, s.length()))));
                i = j + 1;
            } else {
                int j = i;
                while (j < s.length() && !Character.isWhitespace(s.charAt(j))) {
                    j++;
                }
                out.add(resolveBackslashes(s.substring(i, j)));
                i = j;
            }
        }
        return out;
    }

    /** C-style escapes: {@code \a \b \t \n \v \f \r \" \' \\} and up to three octal digits. */
    static String resolveBackslashes(String s) {
        if (s.indexOf('\\') < 0) {
            return s;
        }
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c != '\\' || i + 1 >= s.length()) {
                sb.append(c);
                continue;
            }
            char e = s.charAt(++i);
            switch (e) {
                case 'a' -> sb.append('\u0007');
                case 'b' -> sb.append('\b');
                case 't' -> sb.append('\t');
                case 'n' -> sb.append('\n');
                case 'v' -> sb.append('\u000b');
                case 'f' -> sb.append('\f');
                case 'r' -> sb.append('\r');
                default -> {
                    if (e >= '0' && e <= '7') {
                        int v = e - '0';
                        for (int k = 0; k < 2 && i + 1 < s.length() && s.charAt(i + 1) >= '0' && s.charAt(i + 1) <= '7'; k++) {
                            v = v * 8 + (s.charAt(++i) - '0');
                        }
                        sb.append((char) v);
                    } else {
                        sb.append(e);
                    }
                }
            }
        }
        return sb.toString();
    }

    /** The integer at the start of {@code s} (0 if none), as sqlite3 reads a number argument. */
    static int integerValue(String s) {
        int i = 0;
        int sign = 1;
        if (i < s.length() && (s.charAt(i) == '-' || s.charAt(i) == '+')) {
            sign = s.charAt(i) == '-' ? -1 : 1;
            i++;
        }
        long v = 0;
        while (i < s.length() && Character.isDigit(s.charAt(i)) && v < Integer.MAX_VALUE) {
            v = v * 10 + (s.charAt(i++) - '0');
        }
        return (int) Math.min(Integer.MAX_VALUE, sign * v);
    }
}
