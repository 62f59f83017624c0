package io.onelite.tools;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The dot-commands that describe the schema, printed as {@code sqlite3} 3.40 prints them:
 * {@code .tables}, {@code .indexes}, {@code .schema} and {@code .databases}.
 */
final class SchemaCommands {
    private final Shell shell;

    SchemaCommands(Shell shell) {
        this.shell = shell;
    }

    /** {@code .tables ?PATTERN?}: tables and views of every database (others as {@code db.name}), sorted. */
    int tables(String pattern) {
        return names("type IN ('table','view') AND name NOT LIKE 'sqlite_%' AND name LIKE ?1", pattern);
    }

    /** {@code .indexes ?TABLE?}: names of the indexes (of tables LIKE {@code TABLE}) of every database. */
    int indexes(String table) {
        return names("type='index' AND tbl_name LIKE ?1", table);
    }

    /** Names of schema objects matching {@code where} in every database, sorted, printed in columns. */
    private int names(String where, String pattern) {
        List<Object[]> dbs = shell.query("PRAGMA database_list");   // seq, name, file
        if (dbs == null) {
            return 1;
        }
        StringBuilder union = new StringBuilder();
        for (Object[] db : dbs) {
            String schema = (String) db[1];
            if (!union.isEmpty()) {
                union.append(" UNION ALL ");
            }
            String prefix = schema.equals("main") ? "" : SqlLiteral.text(schema + ".") + "||";
            union.append("SELECT ").append(prefix).append("name FROM ").append(SqlLiteral.name(schema))
                    .append(".sqlite_schema WHERE ").append(where);
        }
        List<Object[]> rows = shell.query(union + " ORDER BY 1", pattern == null ? "%" : pattern);
        return rows == null ? 1 : printNames(rows);
    }

    /** Names in as many columns as fit in 80 characters, filled column by column. */
    private int printNames(List<Object[]> rows) {
        List<String> names = rows.stream().map(r -> ShellText.display(r[0], "")).toList();
        if (names.isEmpty()) {
            return 0;
        }
        // sqlite3 pads with printf("%-*s"), which counts bytes, not characters
        int width = names.stream().mapToInt(SchemaCommands::bytes).max().orElse(1);
        int perLine = Math.max(1, 80 / (width + 2));
        int lines = (names.size() + perLine - 1) / perLine;
        StringBuilder sb = new StringBuilder();
        for (int line = 0; line < lines; line++) {
            for (int i = line; i < names.size(); i += lines) {
                if (i >= lines) {
                    sb.append("  ");
                }
                String name = names.get(i);
                sb.append(name).append(" ".repeat(width - bytes(name)));
            }
            sb.append('\n');
        }
        shell.out.print(sb.toString());
        return 0;
    }

    private static int bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8).length;
    }

    /**
     * {@code .schema ?--nosys? ?PATTERN?}: the CREATE statements (of objects whose table is LIKE
     * {@code PATTERN}; without {@code sqlite_} tables under {@code --nosys}) of every database, each in the order they were made; objects of other
     * databases than main are named {@code db.name}, and a view gets a comment naming its columns.
     */
    int schema(String pattern, boolean noSys) {
        List<Object[]> dbs = shell.query("PRAGMA database_list");   // seq, name, file
        if (dbs == null) {
            return 1;
        }
        StringBuilder sb = new StringBuilder();
        for (Object[] db : dbs) {
            String schema = (String) db[1];
            List<Object[]> rows = shell.query("SELECT sql, type, name FROM " + SqlLiteral.name(schema)
                    + ".sqlite_schema WHERE sql IS NOT NULL AND tbl_name LIKE ?1"
                    + (noSys ? " AND name NOT LIKE 'sqlite_%'" : "") + " ORDER BY rowid", pattern == null ? "%" : pattern);
            if (rows == null) {
                return 1;
            }
            String prefix = schema.equals("main") ? "" : schema + ".";
            for (Object[] r : rows) {
                String sql = (String) r[0];
                sb.append(prefix.isEmpty() ? createStatement(sql) : qualified(sql, prefix));
                if ("view".equals(r[1])) {
                    // cid, name, type...
                    List<Object[]> cols = shell.query("PRAGMA " + SqlLiteral.name(schema) + ".table_info(" + SqlLiteral.text((String) r[2]) + ")");
                    if (cols != null) {
                        sb.append("\n/* ").append(prefix).append(SqlLiteral.name((String) r[2]))
                                .append(cols.stream().map(c -> SqlLiteral.name((String) c[1])).collect(Collectors.joining(",", "(", ")")))
                                .append(" */");
                    }
                }
                sb.append(";\n");
            }
        }
        shell.out.print(sb.toString());
        return 0;
    }

    /** {@code CREATE [UNIQUE] TYPE name...} with {@code prefix} put before the name. */
    private static String qualified(String sql, String prefix) {
        java.util.regex.Matcher m = java.util.regex.Pattern
                .compile("(?i)^CREATE\\s+(UNIQUE\\s+)?(TABLE|INDEX|VIEW|TRIGGER)\\s+").matcher(sql);
        return m.find() ? sql.substring(0, m.end()) + prefix + sql.substring(m.end()) : sql;
    }

    /**
     * A table's CREATE statement as {@code .schema} and {@code .dump} print it: one whose name is
     * quoted becomes {@code CREATE TABLE IF NOT EXISTS}, as in {@code sqlite3}.
     */
    static String createStatement(String sql) {
        if (sql.startsWith("CREATE TABLE \"") || sql.startsWith("CREATE TABLE '")) {
            return "CREATE TABLE IF NOT EXISTS " + sql.substring("CREATE TABLE ".length());
        }
        return sql;
    }

    /** {@code .databases}: each database's name, file and access. */
    int databases() {
        List<Object[]> rows = shell.query("PRAGMA database_list");   // seq, name, file
        if (rows == null) {
            return 1;
        }
        List<String> lines = new ArrayList<>();
        for (Object[] r : rows) {
            String file = ShellText.display(r[2], "");
            lines.add(r[1] + ": " + (file.isEmpty() ? "\"\"" : file) + (shell.readOnly ? " r/o" : " r/w"));
        }
        shell.out.print(lines.stream().map(l -> l + "\n").collect(Collectors.joining()));
        return 0;
    }
}
