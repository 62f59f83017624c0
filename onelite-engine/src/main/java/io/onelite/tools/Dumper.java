package io.onelite.tools;

import io.onelite.api.Statement;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code .dump ?OPTIONS? ?PATTERN...?}: the database (or the objects whose name is LIKE a
 * pattern) as an SQL script that rebuilds it, in {@code sqlite3} 3.40's format:
 * <ol>
 *   <li>{@code PRAGMA foreign_keys=OFF;} and {@code BEGIN TRANSACTION;};</li>
 *   <li>each table in creation order ({@code sqlite_sequence} last), its CREATE statement
 *       then one {@code INSERT INTO t VALUES(...);} per row; generated columns are left out (they
 *       recompute), {@code sqlite_sequence} becomes {@code DELETE FROM sqlite_sequence;} plus its
 *       rows, and {@code sqlite_stat1} becomes {@code ANALYZE sqlite_schema;} plus its rows;</li>
 *   <li>indexes, triggers and views in creation order, then {@code COMMIT;}.</li>
 * </ol>
 * Options: {@code --data-only} (only the INSERTs), {@code --nosys} (no {@code sqlite_sequence}
 * or {@code sqlite_stat1}), {@code --newlines} (text keeps its line breaks instead of
 * {@code replace(...,char(10))}), {@code --preserve-rowids} (rowids of tables without an
 * INTEGER PRIMARY KEY are kept).
 */
final class Dumper {
    private final Shell shell;
    private boolean dataOnly;
    private boolean noSys;
    private boolean newlines;
    private boolean preserveRowids;

    Dumper(Shell shell) {
        this.shell = shell;
    }

    int run(List<String> args) {
        List<String> patterns = new ArrayList<>();
        for (String a : args) {
            if (a.startsWith("-")) {
                switch (a.replaceFirst("^--", "-")) {
                    case "-data-only" -> dataOnly = true;
                    case "-nosys" -> noSys = true;
                    case "-newlines" -> newlines = true;
                    case "-preserve-rowids" -> preserveRowids = true;
                    default -> {
                        shell.err.println("Unknown option \"" + a + "\" on \".dump\"");
                        return 1;
                    }
                }
            } else {
                patterns.add(a);
            }
        }
        StringBuilder where = new StringBuilder();
        List<Object> params = new ArrayList<>();
        for (String p : patterns) {
            where.append(where.isEmpty() ? "" : " OR ").append("name LIKE ?").append(params.size() + 1)
                    .append(" ESCAPE '\\'");
            params.add(p);
        }
        String filter = patterns.isEmpty() ? "1" : "(" + where + ")";
        List<Object[]> tables = shell.query("SELECT name, sql FROM sqlite_schema WHERE " + filter
                + " AND type='table' AND sql IS NOT NULL ORDER BY tbl_name='sqlite_sequence', rowid", params.toArray());
        List<Object[]> others = shell.query("SELECT sql FROM sqlite_schema WHERE " + filter
                + " AND sql IS NOT NULL AND type IN ('index','trigger','view') ORDER BY rowid", params.toArray());
        if (tables == null || others == null) {
            return 1;
        }
        if (!dataOnly) {
            shell.out.print("PRAGMA foreign_keys=OFF;\nBEGIN TRANSACTION;\n");
        }
        boolean ok = true;
        for (Object[] t : tables) {
            ok &= table((String) t[0], (String) t[1]);
        }
        if (!dataOnly) {
            StringBuilder sb = new StringBuilder();
            for (Object[] o : others) {
                sb.append(o[0]).append(";\n");
            }
            sb.append(ok ? "COMMIT;\n" : "ROLLBACK; -- due to errors\n");
            shell.out.print(sb.toString());
        }
        shell.out.flush();
        return 0;
    }

    /** One table's CREATE statement (or its system-table stand-in) and rows; false after an error. */
    private boolean table(String name, String sql) {
        if (name.equals("sqlite_sequence") || name.matches("sqlite_stat\\d")) {
            if (noSys) {
                return true;
            }
            if (!dataOnly) {
                shell.out.print(name.equals("sqlite_sequence") ? "DELETE FROM sqlite_sequence;\n" : "ANALYZE sqlite_schema;\n");
            }
        } else if (name.startsWith("sqlite_")) {
            return true;
        } else if (!dataOnly) {
            shell.out.print(SchemaCommands.createStatement(sql) + ";\n");
        }
        List<String> columns = new ArrayList<>();
        List<Object[]> info = shell.query("SELECT name, hidden, pk, type FROM pragma_table_xinfo(?1)", name);
        if (info == null) {
            return false;
        }
        boolean rowidAlias = false;
        int pkColumns = 0;
        for (Object[] c : info) {
            long hidden = (Long) c[1];
            if (hidden == 0) {
                columns.add(SqlLiteral.name((String) c[0]));
            }
            if ((Long) c[2] > 0) {
                pkColumns++;
                rowidAlias = "INTEGER".equalsIgnoreCase(String.valueOf(c[3]));
            }
        }
        rowidAlias &= pkColumns == 1;
        String into = "INSERT INTO " + SqlLiteral.name(name);
        String select = "SELECT " + String.join(",", columns) + " FROM " + SqlLiteral.name(name);
        if (preserveRowids && !rowidAlias && hasRowid(name)) {
            into += "(rowid," + String.join(",", columns) + ")";
            select = "SELECT rowid," + String.join(",", columns) + " FROM " + SqlLiteral.name(name);
        }
        return rows(into + " VALUES(", select);
    }

    /** Whether the table has a rowid: a WITHOUT ROWID table has none, and selecting it fails. */
    private boolean hasRowid(String table) {
        try (Statement st = shell.session.prepare("SELECT rowid FROM " + SqlLiteral.name(table) + " LIMIT 0")) {
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }

    private boolean rows(String prefix, String select) {
        try (Statement st = shell.session.prepare(select)) {
            int n = st.columnCount();
            while (st.step()) {
                StringBuilder sb = new StringBuilder(prefix);
                for (int i = 0; i < n; i++) {
                    if (i > 0) {
                        sb.append(',');
                    }
                    Object v = st.column(i);
                    sb.append(newlines && v instanceof String s ? SqlLiteral.text(ShellText.cString(s)) : SqlLiteral.insertValue(v));
                }
                shell.out.print(sb.append(");\n").toString());
            }
            return true;
        } catch (RuntimeException e) {
            shell.err.println("Error: " + Shell.message(e));
            return false;
        }
    }
}
