package io.onelite.plan;

import io.onelite.sql.Lexer;
import io.onelite.sql.Token;
import io.onelite.sql.TokenType;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Renames the references to a table in a stored CREATE statement, as SQLite 3.26+ does for ALTER
 * TABLE ... RENAME TO ({@code sqlite_rename_table}): the text is kept and only the tokens naming
 * the table are replaced, each by the new name in double quotes.
 *
 * <p>SQLite finds those tokens by resolving the parsed statement; here they are found from the
 * tokens around them: a name after FROM, JOIN, INTO, UPDATE, REFERENCES, TABLE, ON (outside a
 * join) or a comma of a FROM list, a qualifier ({@code t.a}) and a schema-qualified name
 * ({@code main.t}). A statement that declares the name as an alias (with or without AS) or a CTE
 * keeps its qualifiers
 * and (for a CTE) everything, since those names are not the table there.
 */
final class TableReferences {
    private static final Set<TokenType> BEFORE_TABLE = EnumSet.of(TokenType.FROM, TokenType.JOIN, TokenType.INTO,
            TokenType.UPDATE, TokenType.REFERENCES, TokenType.TABLE);
    private static final Set<TokenType> CLAUSES = EnumSet.of(TokenType.SELECT, TokenType.FROM, TokenType.WHERE,
            TokenType.GROUP, TokenType.HAVING, TokenType.ORDER, TokenType.LIMIT, TokenType.SET, TokenType.VALUES,
            TokenType.WINDOW, TokenType.RETURNING, TokenType.BEGIN, TokenType.SEMI);
    private static final Set<TokenType> BEFORE_SOURCE = EnumSet.of(TokenType.FROM, TokenType.JOIN, TokenType.COMMA,
            TokenType.DOT);
    private static final Set<TokenType> CONFLICT = EnumSet.of(TokenType.ROLLBACK, TokenType.ABORT, TokenType.FAIL,
            TokenType.IGNORE, TokenType.REPLACE);

    private TableReferences() {
    }

    /** {@code sql} with its references to table {@code from} renamed to {@code to}; null stays null. */
    static String rename(String sql, String from, String to) {
        if (sql == null) {
            return null;
        }
        List<Token> tokens = tokens(sql);
        TokenType[] clauses = clauses(tokens);
        Set<String> aliases = new HashSet<>();
        Set<String> ctes = new HashSet<>();
        for (int i = 0; i < tokens.size(); i++) {
            Token t = tokens.get(i);
            if (isName(t) && clauses[i] == TokenType.FROM && (type(tokens, i - 1) == TokenType.AS
                    || t.is(TokenType.ID) && type(tokens, i - 1) == TokenType.ID
                    && BEFORE_SOURCE.contains(type(tokens, i - 2)))) {
                aliases.add(key(t)); // FROM x AS t, FROM x t
            }
            TokenType before = type(tokens, i - 1);
            boolean cteHead = before == TokenType.WITH || before == TokenType.RECURSIVE
                    || type(tokens, i + 1) == TokenType.AS && (type(tokens, i + 2) == TokenType.LP
                    || type(tokens, i + 2) == TokenType.MATERIALIZED || type(tokens, i + 2) == TokenType.NOT);
            if (isName(t) && cteHead) {
                ctes.add(key(t));
            }
        }
        String name = from.toLowerCase(Locale.ROOT);
        if (ctes.contains(name)) {
            return sql;
        }
        String quoted = "\"" + to.replace("\"", "\"\"") + "\"";
        StringBuilder out = new StringBuilder();
        int copied = 0;
        for (int i = 0; i < tokens.size(); i++) {
            Token t = tokens.get(i);
            if (isName(t) && key(t).equals(name) && isTableReference(tokens, i, clauses[i], aliases.contains(name))) {
                out.append(sql, copied, t.start()).append(quoted);
                copied = t.end();
            }
        }
        return out.append(sql, copied, sql.length()).toString();
    }

    /** The clause (FROM, WHERE, ...) each token is in, at its own parenthesis depth. */
    private static TokenType[] clauses(List<Token> tokens) {
        TokenType[] clauses = new TokenType[tokens.size()];
        Deque<TokenType> clause = new ArrayDeque<>();
        clause.push(TokenType.EOF);
        for (int i = 0; i < tokens.size(); i++) {
            Token t = tokens.get(i);
            if (t.is(TokenType.LP)) {
                clause.push(TokenType.EOF);
            } else if (t.is(TokenType.RP) && clause.size() > 1) {
                clause.pop();
            } else if (CLAUSES.contains(t.type())) {
                clause.pop();
                clause.push(t.type());
            }
            clauses[i] = clause.peek();
        }
        return clauses;
    }

    private static boolean isTableReference(List<Token> tokens, int i, TokenType clause, boolean aliased) {
        TokenType prev = type(tokens, i - 1);
        if (prev == TokenType.DOT) {
            String schema = i >= 2 ? tokens.get(i - 2).text().toLowerCase(Locale.ROOT) : "";
            return type(tokens, i - 3) != TokenType.DOT && (schema.equals("main") || schema.equals("temp"));
        }
        if (type(tokens, i + 1) == TokenType.DOT) {
            return !aliased;
        }
        if (BEFORE_TABLE.contains(prev)) {
            return true;
        }
        if (prev == TokenType.ON) {
            return clause != TokenType.FROM;
        }
        if (prev == TokenType.COMMA) {
            return clause == TokenType.FROM;
        }
        if (prev == TokenType.EXISTS) {
            return type(tokens, i - 2) == TokenType.NOT && type(tokens, i - 3) == TokenType.IF;
        }
        return CONFLICT.contains(prev) && type(tokens, i - 2) == TokenType.OR && type(tokens, i - 3) == TokenType.UPDATE;
    }

    private static List<Token> tokens(String sql) {
        Lexer lexer = new Lexer(sql, 0);
        List<Token> tokens = new ArrayList<>();
        for (Token t = lexer.next(); !t.is(TokenType.EOF); t = lexer.next()) {
            tokens.add(t);
        }
        return tokens;
    }

    private static TokenType type(List<Token> tokens, int i) {
        return i >= 0 && i < tokens.size() ? tokens.get(i).type() : TokenType.EOF;
    }

    /** An identifier, quoted or not, or a keyword SQLite would take as one. */
    private static boolean isName(Token t) {
        if (t.is(TokenType.ID)) {
            return true;
        }
        String s = t.text();
        return !s.isEmpty() && Character.isLetter(s.charAt(0)) && s.chars().allMatch(c -> Character.isLetterOrDigit(c) || c == '_');
    }

    private static String key(Token t) {
        String s = t.text();
        char c = s.isEmpty() ? ' ' : s.charAt(0);
        if ((c == '"' || c == '`') && s.length() >= 2) {
            s = s.substring(1, s.length() - 1).replace(String.valueOf(c) + c, String.valueOf(c));
        } else if (c == '[' && s.length() >= 2) {
            s = s.substring(1, s.length() - 1);
        }
        return s.toLowerCase(Locale.ROOT);
    }
}
