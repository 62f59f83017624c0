package io.onelite.sql;

import java.util.EnumSet;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The kinds of token {@link Lexer} produces: literals and names, operators, and SQLite's 147 keywords
 * (from {@code tool/mkkeywordhash.c}). {@code TRUE}, {@code FALSE}, {@code ROWID}, {@code STRICT},
 * {@code CONCURRENT} are not keywords in SQLite; the parser recognises them by text where they matter.
 */
public enum TokenType {
    // names and literals
    ID, STRING, BLOB, INTEGER, FLOAT, VARIABLE,
    /** A number with '_' digit separators ({@code 1_000}); only valid as an expression term. */
    QNUMBER,
    // punctuation and operators
    SEMI, LP, RP, COMMA, DOT, PLUS, MINUS, STAR, SLASH, REM, EQ, NE, LT, LE, GT, GE, LSHIFT, RSHIFT,
    BITAND, BITOR, BITNOT, CONCAT, PTR,
    /** A character or malformed literal SQLite's tokenizer rejects ({@code unrecognized token}). */
    ILLEGAL,
    /** The end of the text (zero length). */
    EOF,
    // keywords
    ABORT, ACTION, ADD, AFTER, ALL, ALTER, ALWAYS, ANALYZE, AND, AS, ASC, ATTACH, AUTOINCREMENT,
    BEFORE, BEGIN, BETWEEN, BY, CASCADE, CASE, CAST, CHECK, COLLATE, COLUMN, COMMIT, CONFLICT,
    CONSTRAINT, CREATE, CROSS, CURRENT, CURRENT_DATE, CURRENT_TIME, CURRENT_TIMESTAMP, DATABASE,
    DEFAULT, DEFERRABLE, DEFERRED, DELETE, DESC, DETACH, DISTINCT, DO, DROP, EACH, ELSE, END, ESCAPE,
    EXCEPT, EXCLUDE, EXCLUSIVE, EXISTS, EXPLAIN, FAIL, FILTER, FIRST, FOLLOWING, FOR, FOREIGN, FROM,
    FULL, GENERATED, GLOB, GROUP, GROUPS, HAVING, IF, IGNORE, IMMEDIATE, IN, INDEX, INDEXED,
    INITIALLY, INNER, INSERT, INSTEAD, INTERSECT, INTO, IS, ISNULL, JOIN, KEY, LAST, LEFT, LIKE,
    LIMIT, MATCH, MATERIALIZED, NATURAL, NO, NOT, NOTHING, NOTNULL, NULL, NULLS, OF, OFFSET, ON, OR,
    ORDER, OTHERS, OUTER, OVER, PARTITION, PLAN, PRAGMA, PRECEDING, PRIMARY, QUERY, RAISE, RANGE,
    RECURSIVE, REFERENCES, REGEXP, REINDEX, RELEASE, RENAME, REPLACE, RESTRICT, RETURNING, RIGHT,
    ROLLBACK, ROW, ROWS, SAVEPOINT, SELECT, SET, TABLE, TEMP, TEMPORARY, THEN, TIES, TO, TRANSACTION,
    TRIGGER, UNBOUNDED, UNION, UNIQUE, UPDATE, USING, VACUUM, VALUES, VIEW, VIRTUAL, WHEN, WHERE,
    WINDOW, WITH, WITHOUT;

    private static final Map<String, TokenType> KEYWORDS = new HashMap<>();

    /**
     * Keywords that turn into an identifier where the grammar has no use for them as keywords
     * ({@code %fallback ID} in {@code parse.y}): {@code SELECT key, replace(a,b,c) FROM action}.
     */
    public static final Set<TokenType> FALLBACK_ID = EnumSet.of(
            ABORT, ACTION, AFTER, ANALYZE, ASC, ATTACH, BEFORE, BEGIN, BY, CASCADE, CAST, COLUMN, CONFLICT,
            DATABASE, DEFERRED, DESC, DETACH, DO, EACH, END, EXCLUSIVE, EXPLAIN, FAIL, FOR, IGNORE, IMMEDIATE,
            INITIALLY, INSTEAD, LIKE, GLOB, REGEXP, MATCH, NO, PLAN, QUERY, KEY, OF, OFFSET, PRAGMA, RAISE,
            RECURSIVE, RELEASE, REPLACE, RESTRICT, ROW, ROWS, ROLLBACK, SAVEPOINT, TEMP, TEMPORARY, TRIGGER,
            VACUUM, VIEW, VIRTUAL, WITH, WITHOUT, NULLS, FIRST, LAST, CURRENT, FOLLOWING, PARTITION,
            PRECEDING, RANGE, UNBOUNDED, EXCLUDE, GROUPS, OTHERS, TIES, GENERATED, ALWAYS, MATERIALIZED,
            REINDEX, RENAME, CURRENT_DATE, CURRENT_TIME, CURRENT_TIMESTAMP, IF);
    // WINDOW, OVER and FILTER are keywords only in context: the lexer emits ID otherwise, as tokenize.c

    /** NATURAL LEFT RIGHT FULL OUTER INNER CROSS: SQLite's {@code JOIN_KW}, also usable as a name. */
    public static final Set<TokenType> JOIN_KW = EnumSet.of(NATURAL, LEFT, RIGHT, FULL, OUTER, INNER, CROSS);

    /** Open-addressing table of the keywords by {@link #hashUpper}: the lexer looks words up without copying them. */
    private static final TokenType[] KEYWORD_SLOTS = new TokenType[512];

    static {
        for (TokenType t : values()) {
            if (t.isKeyword()) {
                KEYWORDS.put(t.name(), t);
                int slot = hashUpper(t.name(), 0, t.name().length()) & (KEYWORD_SLOTS.length - 1);
                while (KEYWORD_SLOTS[slot] != null) {
                    slot = (slot + 1) & (KEYWORD_SLOTS.length - 1);
                }
                KEYWORD_SLOTS[slot] = t;
            }
        }
    }

    private static int hashUpper(String s, int start, int end) {
        int h = 0;
        for (int i = start; i < end; i++) {
            char ch = s.charAt(i);
            h = 31 * h + (ch >= 'a' && ch <= 'z' ? ch - 32 : ch);
        }
        return h ^ (h >>> 9);
    }

    /** The keyword spelled by {@code text[start, end)} (any case), or null. */
    static TokenType keyword(String text, int start, int end) {
        int n = end - start;
        if (n < 2 || n > 17) {
            return null;
        }
        int slot = hashUpper(text, start, end) & (KEYWORD_SLOTS.length - 1);
        for (TokenType t = KEYWORD_SLOTS[slot]; t != null; t = KEYWORD_SLOTS[slot = (slot + 1) & (KEYWORD_SLOTS.length - 1)]) {
            String name = t.name();
            if (name.length() == n && name.regionMatches(true, 0, text, start, n)) {
                return t;
            }
        }
        return null;
    }

    /** The keyword spelled by {@code word} (any case), or null. */
    public static TokenType keyword(String word) {
        if (word.length() < 2 || word.length() > 17) {
            return null;
        }
        return KEYWORDS.get(word.toUpperCase(Locale.ROOT));
    }

    public boolean isKeyword() {
        return ordinal() >= ABORT.ordinal();
    }

    /** Whether a token of this type can serve as an identifier ({@code nm} in parse.y: ID, STRING, JOIN_KW, INDEXED or a fallback keyword). */
    public boolean isNameLike() {
        return this == ID || this == STRING || this == INDEXED || JOIN_KW.contains(this) || FALLBACK_ID.contains(this);
    }

    /** Whether a token of this type is an {@code id} in parse.y: ID, INDEXED or a fallback keyword. */
    public boolean isId() {
        return this == ID || this == INDEXED || FALLBACK_ID.contains(this);
    }
}
