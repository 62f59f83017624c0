package io.onelite.sql.ast;

import java.util.List;

/**
 * {@code left op right [ON expr | USING (cols)]}. Joins nest to the left: {@code a, b JOIN c} is
 * {@code Join(Join(a, COMMA, b), INNER, c)}. A parenthesised join on the right nests to the right.
 *
 * @param on    null when absent
 * @param using empty when absent
 */
public record Join(FromItem left, JoinType type, boolean natural, FromItem right, Expr on, List<String> using)
        implements FromItem {
    public Join {
        using = List.copyOf(using);
    }

    /** The join operator; {@link #COMMA} is a plain {@code ,} (an inner join without constraint of its own). */
    public enum JoinType {
        COMMA, INNER, CROSS, LEFT, RIGHT, FULL;

        public boolean isOuter() {
            return this == LEFT || this == RIGHT || this == FULL;
        }
    }
}
