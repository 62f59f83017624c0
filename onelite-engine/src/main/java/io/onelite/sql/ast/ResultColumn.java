package io.onelite.sql.ast;

/** A result column of SELECT or RETURNING. */
public sealed interface ResultColumn permits ResultColumn.Star, ResultColumn.TableStar, ResultColumn.Expression {

    /** {@code *}. */
    record Star() implements ResultColumn {
    }

    /** {@code table.*} (table dequoted). */
    record TableStar(String table) implements ResultColumn {
    }

    /**
     * {@code expr [[AS] alias]}.
     *
     * @param alias null when not given
     * @param text  the expression's source text exactly as written (SQLite names an unaliased
     *              non-column result by it, e.g. {@code a+1})
     */
    record Expression(Expr expr, String alias, String text) implements ResultColumn {
    }
}
