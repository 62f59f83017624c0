package io.onelite.tools;

import io.onelite.api.Statement;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code .import ?--csv|--ascii? ?--skip N? ?--schema S? FILE TABLE}: loads rows from a file
 * into a table, as {@code sqlite3} 3.40 does. Without {@code --csv}/{@code --ascii} the format
 * follows the output mode (csv in csv mode, ascii in ascii mode, otherwise the current
 * separators with CSV quoting). A missing table is created from the first row, every column
 * {@code TEXT} (duplicate names get {@code _1}, {@code _2}...; an empty name becomes {@code ?});
 * an existing table gets every row. A row with too few fields is padded with NULLs, one with too
 * many is cut, each with a warning; a row the table refuses is reported and skipped (the command
 * fails, as in sqlite3, only when the last row was refused). All rows go in one transaction; values are bound as text,
 * so the columns' affinity applies.
 */
final class Importer {
    private static final String USAGE = """
            .import FILE TABLE       Import data from FILE into TABLE
               Options:
                 --ascii               Use \\037 and \\036 as column and row separators
                 --csv                 Use , and \\n as column and row separators
                 --skip N              Skip the first N rows of input
                 --schema S            Target table to be S.TABLE
                 -v                    "Verbose" - increase auxiliary output
               Notes:
                 *  If TABLE does not exist, it is created.  The first row of input
                    determines the column names.
                 *  If neither --csv or --ascii are used, the input mode is derived
                    from the ".mode" output mode
            """;

    private final Shell shell;

    Importer(Shell shell) {
        this.shell = shell;
    }

    int run(List<String> args) {
        String file = null;
        String table = null;
        String schema = null;
        int skip = 0;
        OutputMode format = null;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.startsWith("-")) {
                switch (a.replaceFirst("^--", "-")) {
                    case "-csv" -> format = OutputMode.CSV;
                    case "-ascii" -> format = OutputMode.ASCII;
                    case "-skip" -> skip = i + 1 < args.size() ? DotCommands.integerValue(args.get(++i)) : 0;
                    case "-schema" -> schema = i + 1 < args.size() ? args.get(++i) : null;
                    case "-v" -> {
                    }
                    default -> {
                        return usage("ERROR: unknown option: \"" + a.substring(1) + "\".  Usage:");
                    }
                }
            } else if (file == null) {
                file = a;
            } else if (table == null) {
                table = a;
            } else {
                return usage("ERROR: extra argument: \"" + a + "\".  Usage:");
            }
        }
        if (file == null) {
            return usage("ERROR: missing FILE argument. Usage:");
        }
        if (table == null) {
            return usage("ERROR: missing TABLE argument. Usage:");
        }
        char colSep;
        char rowSep;
        if (format == OutputMode.CSV) {
            colSep = ',';
            rowSep = '\n';
        } else if (format == OutputMode.ASCII) {
            colSep = '\u001f';
            rowSep = '\u001e';
        } else {
            format = formatFromMode();                 // the output mode's format and separators
            if (shell.settings.colSeparator.length() != 1) {
                shell.err.println("Error: multi-character column separators not allowed for import");
                return 1;
            }
            if (shell.settings.rowSeparator.length() != 1) {
                shell.err.println("Error: multi-character row separators not allowed for import");
                return 1;
            }
            colSep = shell.settings.colSeparator.charAt(0);
            rowSep = shell.settings.rowSeparator.charAt(0);
        }
        Path path = Path.of(file);
        if (!Files.isReadable(path)) {
            shell.err.println("Error: cannot open \"" + file + "\"");
            return 1;
        }
        String target = (schema == null ? "" : SqlLiteral.name(schema) + ".") + "\"" + table.replace("\"", "\"\"") + "\"";
        String finalFile = file;
        try (BufferedReader r = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
            CsvReader csv = new CsvReader(r, colSep, rowSep, format != OutputMode.ASCII, file, shell.err::println);
            for (int i = 0; i < skip; i++) {
                if (csv.next() == null) {
                    break;
                }
            }
            return load(csv, target, schema, table, finalFile);
        } catch (IOException | java.io.UncheckedIOException e) {
            shell.err.println("Error: cannot read \"" + file + "\": " + e.getMessage());
            return 1;
        }
    }

    private int load(CsvReader csv, String target, String schema, String table, String file) throws IOException {
        int columns = columnCount(schema, table);
        if (columns < 0) {
            return 1;
        }
        if (columns == 0) {
            CsvReader.Row header = csv.next();
            if (header == null) {
                shell.err.println(file + ": empty file");
                return 1;
            }
            List<String> names = columnNames(header.fields(), file);
            StringBuilder create = new StringBuilder("CREATE TABLE " + target + "(\n");
            for (int i = 0; i < names.size(); i++) {
                create.append(i > 0 ? ", " : "").append('"').append(names.get(i).replace("\"", "\"\"")).append("\" TEXT");
            }
            try {
                shell.session.execute(create.append(')').toString());
            } catch (RuntimeException e) {
                shell.err.println(create + " failed: " + Shell.message(e));
                return 1;
            }
            columns = names.size();
        }
        String insert = "INSERT INTO " + target + " VALUES(" + "?,".repeat(columns - 1) + "?)";
        boolean ownTransaction = shell.session.isAutoCommit();
        if (ownTransaction) {
            shell.session.execute("BEGIN");
        }
        boolean lastRowFailed = false;
        try (Statement st = shell.session.prepare(insert)) {
            CsvReader.Row row;
            while ((row = csv.next()) != null) {
                List<String> f = row.fields();
                if (f.size() < columns) {
                    shell.err.println(file + ":" + row.line() + ": expected " + columns + " columns but found "
                            + f.size() + " - filling the rest with NULL");
                } else if (f.size() > columns) {
                    shell.err.println(file + ":" + row.line() + ": expected " + columns + " columns but found "
                            + f.size() + " - extras ignored");
                }
                for (int i = 0; i < columns; i++) {
                    st.bind(i + 1, i < f.size() ? f.get(i) : null);
                }
                try {
                    st.step();
                    lastRowFailed = false;
                } catch (RuntimeException e) {
                    shell.err.println(file + ":" + row.line() + ": INSERT failed: " + Shell.message(e));
                    lastRowFailed = true;
                }
                st.reset();
            }
        } catch (RuntimeException e) {
            shell.err.println("Error: " + Shell.message(e));
            if (ownTransaction) {
                shell.session.execute("ROLLBACK");
            }
            return 1;
        }
        if (ownTransaction) {
            shell.session.execute("COMMIT");
        }
        return lastRowFailed ? 1 : 0;                  // as sqlite3: the command fails when its last row did
    }

    /** The table's column count, 0 if there is no such table, -1 after an error. */
    private int columnCount(String schema, String table) {
        List<Object[]> rows = shell.query("PRAGMA " + (schema == null ? "" : SqlLiteral.name(schema) + ".")
                + "table_info(" + SqlLiteral.text(table) + ")");
        return rows == null ? -1 : rows.size();
    }

    /** Header fields as column names: empty ones become {@code ?}, repeated ones get {@code _1}, {@code _2}... */
    private List<String> columnNames(List<String> header, String file) {
        Map<String, Integer> counts = new HashMap<>();
        for (String h : header) {
            counts.merge(h.isEmpty() ? "?" : h, 1, Integer::sum);
        }
        Map<String, Integer> seen = new HashMap<>();
        List<String> names = new ArrayList<>();
        List<String> renames = new ArrayList<>();
        for (String h : header) {
            String name = h.isEmpty() ? "?" : h;
            if (counts.get(name) > 1) {
                String renamed = name + "_" + seen.merge(name, 1, Integer::sum);
                renames.add("\"" + name + "\" to \"" + renamed + "\"");
                name = renamed;
            }
            names.add(name);
        }
        if (!renames.isEmpty()) {
            shell.err.println("Columns renamed during .import " + file + " due to duplicates:\n" + String.join(",\n", renames));
        }
        return names;
    }

    /** The usage text; sqlite3 prints it on standard output. */
    private int usage(String message) {
        shell.out.print(message + "\n" + USAGE);
        return 1;
    }

    /**
     * The input format when no option names one: that of the output mode. Like sqlite3, importing
     * in csv mode turns the CRLF output row separator into LF for good (input and output share it).
     */
    private OutputMode formatFromMode() {
        OutputSettings s = shell.settings;
        if (s.mode == OutputMode.CSV && s.rowSeparator.equals("\r\n")) {
            s.rowSeparator = "\n";
        }
        return s.mode == OutputMode.ASCII ? OutputMode.ASCII : s.mode == OutputMode.CSV ? OutputMode.CSV : OutputMode.LIST;
    }
}
