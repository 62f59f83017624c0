package io.onelite.plan;

import io.onelite.sql.Lexer;
import io.onelite.sql.Token;
import io.onelite.sql.TokenType;

import java.util.ArrayList;
import java.util.List;

/**
 * Where the column definitions sit in a stored {@code CREATE TABLE} text, for the ALTER TABLE
 * edits SQLite makes on that text: ADD COLUMN splices {@code ", def"} in at
 * {@link #addColumnOffset} (SQLite's {@code addColOffset}: the comma before the first table
 * constraint, or the closing parenthesis), DROP COLUMN cuts a definition out as
 * {@code sqlite_drop_column} does.
 *
 * @param sql             the stored text
 * @param columnStarts    per column, the offset of its name token (quotes included)
 * @param addColumnOffset where the column list ends
 */
record CreateTableText(String sql, int[] columnStarts, int addColumnOffset) {

    private static final java.util.Set<TokenType> CONSTRAINT_START = java.util.EnumSet.of(TokenType.CONSTRAINT,
            TokenType.PRIMARY, TokenType.UNIQUE, TokenType.CHECK, TokenType.FOREIGN);

    /** Scans the text; null when it has no column list (it does not parse as one). */
    static CreateTableText of(String sql) {
        Lexer lx = new Lexer(sql, 0);
        int depth = 0;
        boolean expectColumn = false;
        boolean inColumns = true;
        int lastComma = -1;
        int addOffset = -1;
        List<Integer> starts = new ArrayList<>();
        for (Token t = lx.next(); t.type() != TokenType.EOF; t = lx.next()) {
            if (t.type() == TokenType.LP) {
                depth++;
                if (depth == 1) {
                    expectColumn = true;
                    continue;
                }
            } else if (t.type() == TokenType.RP) {
                depth--;
                if (depth == 0) {
                    if (addOffset < 0) {
                        addOffset = t.start();
                    }
                    break;
                }
            } else if (t.type() == TokenType.COMMA && depth == 1) {
                expectColumn = true;
                lastComma = t.start();
                continue;
            }
            if (expectColumn && depth == 1 && inColumns) {
                if (CONSTRAINT_START.contains(t.type())) {
                    addOffset = lastComma;
                    inColumns = false;
                } else {
                    starts.add(t.start());
                }
            }
            expectColumn = false;
        }
        if (addOffset < 0 || starts.isEmpty()) {
            return null;
        }
        return new CreateTableText(sql, starts.stream().mapToInt(Integer::intValue).toArray(), addOffset);
    }

    /** The text with {@code ", " + definition} after the last column definition. */
    String addColumn(String definition) {
        return sql.substring(0, addColumnOffset) + ", " + definition + sql.substring(addColumnOffset);
    }

    /**
     * The text without column {@code i}'s definition: up to the next column's name, or for the
     * last column from the comma before it to the end of the column list.
     */
    String dropColumn(int i) {
        if (i < columnStarts.length - 1) {
            return sql.substring(0, columnStarts[i]) + sql.substring(columnStarts[i + 1]);
        }
        int from = columnStarts[i];
        while (from > 0 && sql.charAt(from) != ',') {
            from--;
        }
        return sql.substring(0, from) + sql.substring(addColumnOffset);
    }
}
