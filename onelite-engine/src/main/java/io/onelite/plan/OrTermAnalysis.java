package io.onelite.plan;

import io.onelite.sql.ast.Expr;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;

/**
 * Which disjuncts of an OR term SQLite's WHERE analysis splits into AND terms and analyses
 * (whereexpr.c's exprAnalyzeOrTerm): after the disjuncts themselves, it walks them from the
 * first while its {@code indexable} mask, the tables that could serve every disjunct met so far,
 * is not empty. A disjunct that is one indexable comparison (a column of the FROM clause, either
 * side of =, &lt;, &lt;=, &gt;, &gt;=, IS or IS NULL, or left of IN) keeps that column's table in
 * the mask; any other is split into its AND terms, which are analysed (from the last), and keeps
 * the tables of the columns of those that are such comparisons. A disjunct comparing two columns is copied with its sides swapped, and the walk
 * passes it by (it meets the copy after the last disjunct). A disjunct SQLite treats in ways not
 * followed here (two columns compared where the clause has a term {@code column = constant},
 * whose constant propagation changes which side SQLite indexes; a row value; BETWEEN, LIKE, IS
 * NOT NULL and likely(), which add terms of their own; an OR in an AND; an outer query's column,
 * no table to SQLite unless it made an EXISTS a join) ends the walk here: the
 * AND terms past it are not counted ({@link InTermWidths} then notes their errors as they are
 * compiled).
 */
final class OrTermAnalysis {
    /** Where a column name of the clause resolves. */
    interface Columns {
        /** The FROM clause's slot of {@code c}, -1 for an outer query's column. */
        int slotOf(Expr.ColumnRef c);
    }

    private final Columns columns;
    /** Whether a comparison of two columns is followed (no constant propagation can change it). */
    private final boolean columnPairs;
    private final List<Expr> analysed = new ArrayList<>();

    private OrTermAnalysis(Columns columns, boolean columnPairs) {
        this.columns = columns;
        this.columnPairs = columnPairs;
    }

    /**
     * The disjuncts of the OR whose {@code disjuncts} these are that SQLite splits and analyses,
     * in its order; {@code clause} is the WHERE clause's AND terms (the ON terms of its joins
     * with them), which decide whether SQLite may propagate a constant into them.
     */
    static List<Expr> analysedDisjuncts(List<Expr> disjuncts, Columns columns, List<Expr> clause) {
        OrTermAnalysis a = new OrTermAnalysis(columns, clause.stream().noneMatch(OrTermAnalysis::columnIsConstant));
        a.walk(disjuncts);
        return a.analysed;
    }

    /** Whether {@code e} may be a {@code column = constant} SQLite's constant propagation takes. */
    private static boolean columnIsConstant(Expr e) {
        if (e instanceof Expr.Binary b && b.op() == Expr.BinaryOp.AND) {
            return columnIsConstant(b.left()) || columnIsConstant(b.right());
        }
        if (!(e instanceof Expr.Binary b) || b.op() != Expr.BinaryOp.EQ && b.op() != Expr.BinaryOp.IS) {
            return false;
        }
        return skipCollate(b.left()) instanceof Expr.ColumnRef != skipCollate(b.right()) instanceof Expr.ColumnRef;
    }

    private void walk(List<Expr> disjuncts) {
        BitSet indexable = null; // null: every table
        for (Expr d : disjuncts) {
            BitSet b = single(d);
            if (b == COPIED) {
                continue;
            }
            if (b == null) {
                analysed.add(d);
                b = conjunction(d);
            }
            if (b == UNCERTAIN) {
                return;
            }
            if (indexable == null) {
                indexable = (BitSet) b.clone();
            } else {
                indexable.and(b);
            }
            if (indexable.isEmpty()) {
                return;
            }
        }
    }

    /** A mask that stands for "not followed": the walk ends. */
    private static final BitSet UNCERTAIN = new BitSet();
    /** A mask that stands for a comparison of two columns, which the walk passes by. */
    private static final BitSet COPIED = new BitSet();

    /**
     * The tables of a disjunct that is one indexable comparison, {@link #UNCERTAIN} when that is
     * not followed here, null when it is no such comparison (SQLite splits it).
     */
    private BitSet single(Expr d) {
        Comparison c = comparison(d);
        if (c == null) {
            return null;
        }
        if (c.uncertain() || c.left() != null && c.right() != null && !columnPairs) {
            return UNCERTAIN;
        }
        if (c.left() == null && c.right() == null) {
            return null; // no column: SQLite's eOperator stays 0 and it splits it
        }
        return c.left() != null && c.right() != null ? COPIED : c.tables(columns);
    }

    /** The tables the AND terms of {@code d} keep in the mask (those that are indexable comparisons). */
    private BitSet conjunction(Expr d) {
        BitSet b = new BitSet();
        for (Expr term : CorePlanner.splitAnd(d)) {
            if (term instanceof Expr.Binary or && or.op() == Expr.BinaryOp.OR) {
                return UNCERTAIN; // its analysis may add an IN term of its own
            }
            Comparison c = comparison(term);
            if (c == null) {
                if (addsTerms(term)) {
                    return UNCERTAIN;
                }
                continue;
            }
            if (c.uncertain() || c.left() != null && c.right() != null && !columnPairs) {
                return UNCERTAIN;
            }
            BitSet tables = c.tables(columns);
            if (tables == UNCERTAIN) {
                return UNCERTAIN;
            }
            b.or(tables);
        }
        return b;
    }

    /** Whether SQLite's analysis of {@code e}, no comparison it indexes, may add terms that are. */
    private static boolean addsTerms(Expr e) {
        return e instanceof Expr.Between || e instanceof Expr.Like || e instanceof Expr.IsNull n && n.not()
                || e instanceof Expr.Binary b && b.op() == Expr.BinaryOp.IS_NOT
                || e instanceof Expr.FunctionCall f && isLikely(f)
                || e instanceof Expr.Collate;
    }

    private static boolean isLikely(Expr.FunctionCall f) {
        String n = f.name().toLowerCase(Locale.ROOT);
        return n.equals("likely") || n.equals("unlikely") || n.equals("likelihood");
    }

    /**
     * An operator SQLite's analysis may index (allowedOp: =, &lt;, &lt;=, &gt;, &gt;=, IS, IS NULL,
     * IN): its column operands (COLLATE skipped; null where none), or null for any other term.
     */
    private record Comparison(Expr.ColumnRef left, Expr.ColumnRef right, boolean uncertain) {
        /**
         * The tables of its columns; {@link #UNCERTAIN} for an outer query's column (SQLite
         * counts it as no table, but may have made the subquery a join of the outer query).
         */
        BitSet tables(Columns columns) {
            BitSet b = new BitSet();
            for (Expr.ColumnRef c : new Expr.ColumnRef[]{left, right}) {
                if (c != null) {
                    int slot = columns.slotOf(c);
                    if (slot < 0) {
                        return UNCERTAIN;
                    }
                    b.set(slot);
                }
            }
            return b;
        }
    }

    private static Comparison comparison(Expr e) {
        if (e instanceof Expr.Binary b) {
            switch (b.op()) {
                case EQ, LT, LE, GT, GE, IS -> {
                    Expr l = skipCollate(b.left());
                    Expr r = skipCollate(b.right());
                    boolean rowValue = l instanceof Expr.RowValue || r instanceof Expr.RowValue;
                    Expr.ColumnRef lc = l instanceof Expr.ColumnRef c ? c : null;
                    Expr.ColumnRef rc = r instanceof Expr.ColumnRef c ? c : null;
                    return new Comparison(lc, rc, rowValue);
                }
                default -> {
                    return null;
                }
            }
        }
        if (e instanceof Expr.IsNull n && !n.not()) {
            return new Comparison(column(n.expr()), null, n.expr() instanceof Expr.RowValue);
        }
        Expr left = e instanceof Expr.InList in && !in.not() ? in.expr()
                : e instanceof Expr.InSelect in && !in.not() ? in.expr()
                : e instanceof Expr.InTable in && !in.not() ? in.expr() : null;
        if (left == null) {
            return null;
        }
        return new Comparison(column(left), null, skipCollate(left) instanceof Expr.RowValue);
    }

    private static Expr.ColumnRef column(Expr e) {
        return skipCollate(e) instanceof Expr.ColumnRef c ? c : null;
    }

    private static Expr skipCollate(Expr e) {
        while (e instanceof Expr.Collate c) {
            e = c.expr();
        }
        return e;
    }
}
