package io.onelite.plan;

import io.onelite.sql.ast.Expr;

import java.util.List;

/**
 * The collation an expression gets from a COLLATE written inside it, as SQLite's
 * {@code sqlite3ExprCollSeq} finds it: a COLLATE marks every expression above it (EP_Collate
 * passes up through operators, function arguments, CASE, BETWEEN and IN lists, never out of a
 * subquery), and the search goes down from the top through marked operands, the left one first,
 * then the first marked argument, then the right one, to the COLLATE it ends at. So
 * {@code lower(k COLLATE RTRIM)} and {@code CASE WHEN x COLLATE NOCASE < 2 THEN y END} compare,
 * sort and name a subquery column under that collation.
 */
final class ExplicitCollations {
    private ExplicitCollations() {
    }

    /** Whether a COLLATE sits in {@code e} outside its subqueries (SQLite's EP_Collate). */
    static boolean hasCollate(Expr e) {
        if (e instanceof Expr.Collate c) {
            return !c.implicit(); // a planner's COLLATE hides what it wraps, as SQLite's (no EP_Collate)
        }
        for (Expr c : ExprWalker.children(e)) {
            if (c != null && hasCollate(c)) {
                return true;
            }
        }
        return false;
    }

    /** The collation name of the COLLATE that decides {@code e}'s collation, or null when none does. */
    static String of(Expr e) {
        if (e instanceof Expr.Collate c) {
            return c.implicit() ? null : c.collation();
        }
        if (!hasCollate(e)) {
            return null;
        }
        for (Expr c : operandsInSqliteOrder(e)) {
            if (c != null && hasCollate(c)) {
                return of(c);
            }
        }
        return null;
    }

    /** LIKE and GLOB are SQLite's like(pattern, x, escape): the pattern is searched first. */
    private static List<Expr> operandsInSqliteOrder(Expr e) {
        if (e instanceof Expr.Like l) {
            return l.escape() == null ? List.of(l.pattern(), l.left()) : List.of(l.pattern(), l.left(), l.escape());
        }
        return ExprWalker.children(e);
    }
}
