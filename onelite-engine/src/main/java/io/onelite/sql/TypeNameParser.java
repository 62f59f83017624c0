package io.onelite.sql;

import io.onelite.sql.ast.TypeName;

import java.util.ArrayList;
import java.util.List;

/** Declared types of columns and CASTs ({@code typetoken} in {@code parse.y}). */
final class TypeNameParser {
    private TypeNameParser() {
    }

    /**
     * {@code typetoken}: type words (ID, STRING or fallback keywords) with an optional
     * {@code (n)} or {@code (n, m)} of signed numbers; null when there is none. The text is the source span,
     * dequoted when it starts with a quote, as {@code sqlite3AddColumn}.
     */
    static TypeName typeName(TokenCursor c) {
        if (!isTypeWord(c)) {
            return null;
        }
        int start = c.peek().start();
        List<String> words = new ArrayList<>();
        while (isTypeWord(c)) {
            words.add(Lexer.dequote(c.advance().text()));
        }
        List<String> args = new ArrayList<>();
        if (c.accept(TokenType.LP)) {
            args.add(signedNumber(c));
            if (c.accept(TokenType.COMMA)) {
                args.add(signedNumber(c));
            }
            c.expect(TokenType.RP);
        }
        String text = c.text(start, c.previous().end());
        return new TypeName(String.join(" ", words), args, Lexer.dequote(text));
    }

    private static boolean isTypeWord(TokenCursor c) {
        TokenType t = c.type();
        return t == TokenType.ID || t == TokenType.STRING || TokenType.FALLBACK_ID.contains(t);
    }

    /** {@code [+|-] number}, returned as written without spaces. */
    private static String signedNumber(TokenCursor c) {
        String sign = "";
        if (c.at(TokenType.PLUS) || c.at(TokenType.MINUS)) {
            sign = c.advance().text();
        }
        if (!c.atAny(TokenType.INTEGER, TokenType.FLOAT)) {
            throw c.syntaxError();
        }
        return sign + c.advance().text();
    }
}
