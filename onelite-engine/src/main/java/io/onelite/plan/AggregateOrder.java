package io.onelite.plan;

import io.onelite.btree.Collation;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.exec.Accumulator;
import io.onelite.exec.Eval;
import io.onelite.exec.OrderedAccumulator;
import io.onelite.sql.ast.Expr;
import io.onelite.sql.ast.NullsOrder;
import io.onelite.sql.ast.OrderingTerm;

import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

/**
 * ORDER BY among an aggregate's arguments ({@code string_agg(x, ';' ORDER BY y)}): its terms are
 * evaluated on each input row next to the arguments and the accumulator sorts them per group
 * ({@link OrderedAccumulator}). A window function or a scalar function refuses it, with SQLite's
 * message.
 */
final class AggregateOrder {
    private AggregateOrder() {
    }

    /** The slot's accumulator and argument evaluators once the ORDER BY terms are in. */
    record Ordered(Supplier<Accumulator> accumulator, Eval[] args) {
    }

    /**
     * Appends the ORDER BY terms of {@code fc} (compiled by {@code c}, whose scope already reads the
     * input rows) to {@code args} and wraps {@code agg}. A one-argument min()/max() is the same in
     * any order: its terms are compiled (so that their errors show) and dropped, which keeps its
     * bare-column behaviour.
     */
    static Ordered apply(ExprCompiler c, Expr.FunctionCall fc, Supplier<Accumulator> agg, Eval[] args,
                         boolean extreme) {
        List<OrderingTerm> terms = fc.orderBy();
        if (terms.isEmpty()) {
            return new Ordered(agg, args);
        }
        int n = terms.size();
        Eval[] all = Arrays.copyOf(args, args.length + n);
        boolean[] desc = new boolean[n];
        boolean[] nullsFirst = new boolean[n];
        Collation[] colls = new Collation[n];
        for (int i = 0; i < n; i++) {
            OrderingTerm t = terms.get(i);
            CExpr e = c.compile(t.expr());
            all[args.length + i] = e.eval();
            desc[i] = t.descending();
            nullsFirst[i] = t.nulls() == null || t.nulls() == NullsOrder.DEFAULT ? !desc[i] : t.nulls() == NullsOrder.FIRST;
            colls[i] = e.collation() == null ? Collation.BINARY : Collation.byName(e.collation());
            if (colls[i] == null) {
                throw new OneLiteException(ResultCode.ERROR, "no such collation sequence: " + e.collation());
            }
        }
        if (extreme) {
            return new Ordered(agg, args);
        }
        var order = new OrderedAccumulator.Order(args.length, desc, nullsFirst, colls);
        return new Ordered(OrderedAccumulator.over(agg, order), all);
    }

    /** A window or scalar call with ORDER BY among its arguments is an error in SQLite. */
    static void refuseOnNonAggregate(Expr.FunctionCall fc) {
        if (!fc.orderBy().isEmpty()) {
            throw new OneLiteException(ResultCode.ERROR,
                    "ORDER BY may not be used with non-aggregate " + fc.name() + "()");
        }
    }
}
