package io.onelite.plan;

import io.onelite.exec.Accumulator;
import io.onelite.exec.Eval;
import io.onelite.exec.GroupSlot;
import io.onelite.sql.ast.Expr;
import io.onelite.sql.ast.OrderingTerm;

import java.util.List;

/**
 * A result column that repeats a GROUP BY term, the same expression and not a bare column
 * ({@code SELECT rtrim(k) COLLATE NOCASE, max(id) FROM t GROUP BY rtrim(k) COLLATE NOCASE}),
 * shows the term's value on the group's first row, as SQLite 3.51 reads it from the GROUP BY
 * registers, not the expression computed from the bare columns of the row a min() or max()
 * picks ('ABC' of 'ABC', 'abc', 'Abc', not max(id)'s 'Abc'). Not when an ORDER BY term names
 * that expression by number or AS name outside DISTINCT: SQLite then computes it from the bare
 * columns again.
 */
final class GroupTermValues {
    private GroupTermValues() {
    }

    /**
     * The index in {@code groupTerms} of the term that result column {@code i} repeats, or -1;
     * both lists in {@link #canonical} form, the GROUP BY's written out (no ordinals, no aliases).
     */
    static int termOf(int i, List<Expr> exprs, List<Expr> groupTerms, boolean distinct,
                      List<OrderingTerm> orderBy, List<String> aliases) {
        Expr e = exprs.get(i);
        Expr bare = e;
        while (bare instanceof Expr.Collate c) {
            bare = c.expr();
        }
        if (bare instanceof Expr.ColumnRef) {
            return -1;
        }
        int term = groupTerms.indexOf(e);
        if (term < 0 || distinct) {
            return term;
        }
        for (OrderingTerm t : orderBy) {
            int k = SortKeyColumns.byNumberOrAlias(t, exprs.size(), aliases);
            if (k >= 0 && exprs.get(k).equals(e)) {
                return -1;
            }
        }
        return term;
    }

    /**
     * {@code e} with each column reference replaced by one naming where it resolves in
     * {@code scope}, so that {@code k} and {@code t.k} compare equal, as SQLite compares resolved
     * expressions; {@code e} itself when it holds what that cannot rewrite.
     */
    static Expr canonical(Scope scope, Expr e) {
        try {
            return ColumnMapper.map(e, c -> {
                Scope.Ref r = scope.peek(c.table(), c.column());
                return r == null ? c
                        : new Expr.ColumnRef(null, null, r.depth() + "." + r.slot() + "." + r.column(), true);
            });
        } catch (IllegalArgumentException | io.onelite.common.OneLiteException notMapped) {
            return e;
        }
    }

    /** A group slot keeping {@code term}'s value on the group's first row. */
    static GroupSlot firstRow(Eval term) {
        return new GroupSlot(FirstValue::new, new Eval[] {term}, false, null);
    }

    private static final class FirstValue implements Accumulator {
        private boolean stepped;
        private Object value;

        @Override
        public void step(Object[] args) {
            if (!stepped) {
                stepped = true;
                value = args[0];
            }
        }

        @Override
        public Object value() {
            return value;
        }
    }
}
