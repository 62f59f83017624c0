package io.onelite.plan;

import io.onelite.common.OneLiteException;
import io.onelite.sql.ast.Expr;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The subquery widths of a WHERE clause's {@code x IN (SELECT ...)} terms (and of {@code x IN
 * (list)} terms whose x is a subquery, which must have one column), checked as SQLite's
 * WHERE analysis checks them (exprAnalyze's sqlite3ExprCheckIN): before any code of the clause,
 * from the last term to the first (the WHERE's terms, then the ON clauses', as
 * sqlite3ProcessJoin appends them), an OR term's disjuncts from the last too, the first error
 * kept. So of several such errors the last IN's is reported, before a scalar subquery's of any
 * term (not a NOT IN's, which SQLite's parser makes a NOT above an IN). Then, still within the
 * OR term's analysis, SQLite splits the disjuncts that are no single indexable comparison into
 * their AND terms and analyses those the same way, the disjuncts from the first, for as long as
 * some table could serve every disjunct met ({@link OrTermAnalysis}); where that walk is not
 * followed (no {@code columns} given, or a disjunct it does not follow), the INs of the AND terms
 * past it are not counted here, their errors noted as they are compiled.
 */
final class InTermWidths {
    /** The INs SQLite's analysis checks, numbered in the order of its clause: the last checked first. */
    private final Map<Expr, Integer> order = new IdentityHashMap<>();
    private final OrTermAnalysis.Columns columns;
    private OneLiteException error;
    private int errorOrder = -1;

    /**
     * The IN terms of {@code where} and then {@code on}, AND terms each; {@code columns} places
     * the clause's column names for the walk into an OR's disjuncts, null to count none there.
     */
    InTermWidths(List<Expr> where, List<Expr> on, OrTermAnalysis.Columns columns) {
        this.columns = columns;
        List<Expr> clause = new ArrayList<>(where);
        clause.addAll(on);
        List<Expr> checked = new ArrayList<>();
        analyse(clause, clause, checked);
        for (int i = 0; i < checked.size(); i++) {
            order.putIfAbsent(checked.get(i), checked.size() - 1 - i);
        }
    }

    /** Appends the INs of the AND terms {@code terms} in the order SQLite checks them: from the last term. */
    private void analyse(List<Expr> clause, List<Expr> terms, List<Expr> checked) {
        for (int i = terms.size() - 1; i >= 0; i--) {
            Expr e = terms.get(i);
            if (e instanceof Expr.Binary b && b.op() == Expr.BinaryOp.OR) {
                List<Expr> disjuncts = disjuncts(b, new ArrayList<>());
                analyse(clause, disjuncts, checked); // each disjunct a term of its own (an AND one is no IN)
                if (columns != null) {
                    for (Expr d : OrTermAnalysis.analysedDisjuncts(disjuncts, columns, clause)) {
                        analyse(clause, CorePlanner.splitAnd(d), checked);
                    }
                }
            } else if (e instanceof Expr.InSelect in && !in.not() || e instanceof Expr.InTable it && !it.not()
                    || e instanceof Expr.InList list && !list.not()) {
                checked.add(e); // NOT IN is a NOT above the IN to SQLite: no term of its analysis
            }
        }
    }

    private static List<Expr> disjuncts(Expr e, List<Expr> out) {
        if (e instanceof Expr.Binary b && b.op() == Expr.BinaryOp.OR) {
            disjuncts(b.left(), out);
            disjuncts(b.right(), out);
        } else {
            out.add(e);
        }
        return out;
    }

    /** {@code compiled}, the subquery form of {@code written} ({@code x IN t}), is checked as it is. */
    void sameAs(Expr compiled, Expr written) {
        Integer n = order.get(written);
        if (n != null) {
            order.put(compiled, n);
        }
    }

    /** Takes the wrong width of {@code in}'s subquery when SQLite's analysis checks it; false when it does not. */
    boolean wrongWidth(Expr in, OneLiteException e) {
        Integer n = order.get(in);
        if (n == null) {
            return false;
        }
        if (n > errorOrder) {
            error = e;
            errorOrder = n;
        }
        return true;
    }

    /** Compiles a clause of the terms {@code widths} knows: their IN terms' errors noted in SQLite's order. */
    static <T> T compiling(Planner planner, InTermWidths widths, java.util.function.Supplier<T> clause) {
        int mark = planner.codeErrors.mark();
        InTermWidths outer = planner.inTermWidths;
        planner.inTermWidths = widths;
        T compiled;
        try {
            compiled = clause.get();
        } finally {
            planner.inTermWidths = outer;
        }
        widths.note(planner.codeErrors, mark);
        return compiled;
    }

    /** Notes the error found, if any, before those noted since {@code mark} (the clause's start). */
    void note(CodeErrors codeErrors, int mark) {
        if (error != null) {
            codeErrors.note(error, mark);
        }
    }
}
