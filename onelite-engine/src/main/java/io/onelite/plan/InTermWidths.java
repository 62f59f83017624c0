package io.onelite.plan;

import io.onelite.common.OneLiteException;
import io.onelite.sql.ast.Expr;

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
 * term (not a NOT IN's, which SQLite's parser makes a NOT above an IN). (SQLite then looks into the AND terms of an OR's disjuncts; such an IN is not counted
 * here, its error noted as it is compiled.)
 */
final class InTermWidths {
    /** The INs SQLite's analysis checks, numbered in the order of its clause: the last checked first. */
    private final Map<Expr, Integer> order = new IdentityHashMap<>();
    private OneLiteException error;
    private int errorOrder = -1;

    /** The IN terms of {@code where} and then {@code on}, AND terms each. */
    InTermWidths(List<Expr> where, List<Expr> on) {
        for (List<Expr> terms : List.of(where, on)) {
            for (Expr t : terms) {
                number(t);
            }
        }
    }

    private void number(Expr e) {
        if (e instanceof Expr.Binary b && b.op() == Expr.BinaryOp.OR) {
            number(b.left());
            number(b.right());
        } else if (e instanceof Expr.InSelect in && !in.not() || e instanceof Expr.InTable it && !it.not()
                || e instanceof Expr.InList list && !list.not()) {
            order.put(e, order.size()); // NOT IN is a NOT above the IN to SQLite: no term of its analysis
        }
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
