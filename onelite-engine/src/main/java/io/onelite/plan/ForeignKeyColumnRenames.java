package io.onelite.plan;

import io.onelite.sql.Lexer;
import io.onelite.sql.Token;
import io.onelite.sql.TokenType;

import java.util.ArrayList;
import java.util.List;

/**
 * RENAME COLUMN in the text of tables, by the place a name has in it, as SQLite's
 * {@code sqlite_rename_column} edits a CREATE TABLE: the column list after {@code REFERENCES p}
 * names p's columns, so it follows a rename of p's column, in p itself (a self-reference) and
 * in every table whose foreign keys name p; everywhere else in a table's text an identifier
 * spelled like the column names the table's own column. String literals never change.
 */
final class ForeignKeyColumnRenames {
    private ForeignKeyColumnRenames() {
    }

    /**
     * The text of table {@code table} (or of one of its indexes) with its column {@code from}
     * renamed: every identifier naming it, except in the column lists of foreign keys to other
     * tables ({@code REFERENCES other(a)} names other's column a).
     */
    static String ownText(String sql, String table, String from, ColumnRenames.NewName to) {
        return rename(sql, table, from, to, true);
    }

    /**
     * The text of another table with the column lists of its foreign keys to {@code parent}
     * renamed ({@code REFERENCES parent(a)} becomes {@code REFERENCES parent(z)}).
     */
    static String childText(String sql, String parent, String from, ColumnRenames.NewName to) {
        return rename(sql, parent, from, to, false);
    }

    private static String rename(String sql, String table, String from, ColumnRenames.NewName to, boolean own) {
        if (sql == null) {
            return null;
        }
        List<Token> tokens = new ArrayList<>();
        Lexer lexer = new Lexer(sql, 0);
        for (Token t = lexer.next(); !t.is(TokenType.EOF); t = lexer.next()) {
            tokens.add(t);
        }
        List<Token> names = new ArrayList<>();
        for (int i = 0; i < tokens.size(); i++) {
            Token t = tokens.get(i);
            if (t.is(TokenType.REFERENCES) && i + 1 < tokens.size()) {
                boolean toTable = Lexer.dequote(tokens.get(i + 1).text()).equalsIgnoreCase(table);
                i++; // the parent's name
                if (i + 1 < tokens.size() && tokens.get(i + 1).is(TokenType.LP)) {
                    for (i += 2; i < tokens.size() && !tokens.get(i).is(TokenType.RP); i++) {
                        if (toTable && names(tokens.get(i), from)) {
                            names.add(tokens.get(i));
                        }
                    }
                }
            } else if (own && names(t, from)) {
                names.add(t);
            }
        }
        StringBuilder sb = new StringBuilder(sql);
        for (int k = names.size() - 1; k >= 0; k--) {
            Token t = names.get(k);
            sb.replace(t.start(), t.end(), to.replacing(t.text().charAt(0)));
        }
        return sb.toString();
    }

    private static boolean names(Token t, String column) {
        return t.type().isId() && Lexer.dequote(t.text()).equalsIgnoreCase(column);
    }
}
