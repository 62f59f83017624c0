package io.onelite.plan;

import io.onelite.btree.Collation;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.exec.Eval;
import io.onelite.exec.WindowSpec;
import io.onelite.exec.func.AggregateFunction;
import io.onelite.exec.func.Functions;
import io.onelite.exec.func.WindowFunction;
import io.onelite.sql.ast.Expr;
import io.onelite.sql.ast.NullsOrder;
import io.onelite.sql.ast.OrderingTerm;
import io.onelite.sql.ast.WindowDef;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/** Compiles {@code f(args) OVER (...)} into a {@link WindowSpec} whose value the row reads from {@code Frame.window}. */
final class WindowCompiler {
    /** The aggregates SQLite registers SQLITE_SUBTYPE (see {@link WindowSpec#jsonAggregate}). */
    private static final java.util.Set<String> JSON_AGGREGATES = java.util.Set.of("json_group_array",
            "json_group_object", "jsonb_group_array", "jsonb_group_object");

    private WindowCompiler() {
    }

    static CExpr compile(ExprCompiler c, Expr.FunctionCall fc, int argc) {
        Scope scope = c.scope;
        if (scope.windowSpecs == null) {
            throw new OneLiteException(ResultCode.ERROR, "misuse of window function " + fc.name() + "()");
        }
        String lower = fc.name().toLowerCase(Locale.ROOT);
        Supplier<WindowFunction> fn;
        io.onelite.exec.func.AppFunction app = c.planner.functions.find(lower, argc);
        if (app != null) {
            // only an aggregate window function (xValue, xInverse) may take OVER, as in SQLite
            if (!(app instanceof io.onelite.exec.func.AppFunction.Aggregate a) || a.window() == null) {
                throw new OneLiteException(ResultCode.ERROR, fc.name() + "() may not be used as a window function");
            }
            fn = () -> Functions.windowOf(a.window());
        } else if (Functions.window(lower, argc) != null) {
            fn = () -> Functions.window(lower, argc);
        } else {
            AggregateFunction agg = Functions.aggregate(lower, argc);
            if (agg != null && Functions.isAggregateOnly(lower)) {
                throw new OneLiteException(ResultCode.ERROR, fc.name() + "() may not be used as a window function");
            }
            if (agg == null) {
                if (!Functions.exists(lower) && c.planner.functions.hasName(lower)) {
                    throw new OneLiteException(ResultCode.ERROR, "wrong number of arguments to function " + fc.name() + "()").aboutNode(fc);
                }
                if (Functions.exists(lower) || Builtins.scalar(lower, argc) != null) {
                    throw new OneLiteException(ResultCode.ERROR, lower + "() may not be used as a window function");
                }
                throw new OneLiteException(ResultCode.ERROR, "no such function: " + fc.name()).aboutNode(fc);
            }
            fn = () -> Functions.windowOf(agg);
        }
        List<io.onelite.exec.WindowSpec> saved = scope.windowSpecs;
        scope.windowSpecs = null; // no window inside a window's arguments
        try {
            Eval[] args = new Eval[argc];
            for (int i = 0; i < argc; i++) {
                CExpr arg = c.compile(fc.args().get(i));
                args[i] = arg.eval();
                if (app == null && argc == 1 && arg.collation() != null && (lower.equals("min") || lower.equals("max"))) {
                    // min()/max() compare under their argument's collation, as the aggregates do
                    // (taken from this one compilation: compiling the argument twice would meet an
                    // outer aggregate inside it twice)
                    AggregateFunction collated = Functions.aggregate(lower, argc, Collation.byName(arg.collation()));
                    if (collated != null) {
                        fn = () -> Functions.windowOf(collated);
                    }
                }
            }
            Eval filter = fc.filter() == null ? null : c.compile(fc.filter()).eval();
            // as SQLite, whose resolver names a missing column of the arguments or FILTER first
            WindowDef w = resolve(scope, fc.over());
            // the ORDER BY before the PARTITION BY, the order SQLite resolves them in (of a fault
            // in each, SQLite names the ORDER BY's)
            List<OrderingTerm> ob = w.orderBy();
            Eval[] order = new Eval[ob.size()];
            boolean[] desc = new boolean[order.length];
            Collation[] colls = new Collation[order.length];
            boolean[] nf = new boolean[order.length];
            for (int i = 0; i < order.length; i++) {
                CExpr e = c.compile(ob.get(i).expr());
                order[i] = e.eval();
                desc[i] = ob.get(i).descending();
                colls[i] = e.collation() == null ? Collation.BINARY : Collation.byName(e.collation());
                NullsOrder n = ob.get(i).nulls();
                nf[i] = n == null || n == NullsOrder.DEFAULT ? !desc[i] : n == NullsOrder.FIRST;
            }
            Eval[] part = new Eval[w.partitionBy().size()];
            for (int i = 0; i < part.length; i++) {
                // folded as its collation compares (as a GROUP BY key), so NOCASE partitions merge
                CExpr pe = c.compile(w.partitionBy().get(i));
                Collation pc = pe.collation() == null ? null : Collation.byName(pe.collation());
                part[i] = CoreOrders.groupKey(pe.eval(), pc == null ? Collation.BINARY : pc);
            }
            WindowDef.FrameSpec f = w.frame();
            boolean dflt = f == null;
            int unit = dflt ? 1 : f.unit().ordinal();
            int sk = dflt ? 0 : f.start().kind().ordinal();
            int ek = dflt ? 2 : f.end().kind().ordinal();
            boolean rangeOffset = unit == WindowSpec.UNIT_RANGE && (sk == WindowSpec.PRECEDING
                    || sk == WindowSpec.FOLLOWING || ek == WindowSpec.PRECEDING || ek == WindowSpec.FOLLOWING);
            if (rangeOffset && order.length != 1) {
                throw new OneLiteException(ResultCode.ERROR,
                        "RANGE with offset PRECEDING/FOLLOWING requires one ORDER BY expression");
            }
            if (fc.filter() != null && app == null && Functions.window(lower, argc) != null) {
                throw new OneLiteException(ResultCode.ERROR, "FILTER clause may only be used with aggregate window functions");
            }
            Eval so = dflt || f.start().offset() == null ? null : offset(c, f.start().offset());
            Eval eo = dflt || f.end().offset() == null ? null : offset(c, f.end().offset());
            int exclude = dflt ? 0 : f.exclude().ordinal();
            int idx = saved.size();
            WindowPart wp = WindowPart.of(lower, app == null, w);
            if (idx == 0) {
                scope.firstWindowPart = wp;
            }
            boolean jsonAggregate = app == null && JSON_AGGREGATES.contains(lower);
            saved.add(new WindowSpec(fn, args, part, order, desc, colls, nf, dflt, unit, sk, so, ek, eo, exclude,
                    filter, jsonAggregate, jsonAggregate && wp.equals(scope.firstWindowPart) && !scope.readFromSortKey));
            return CExpr.of(fr -> fr.window[idx]);
        } finally {
            scope.windowSpecs = saved;
        }
    }

    /** Whether {@code e} calls a window function at its own query level (not inside a subquery). */
    static boolean callsWindow(Expr e) {
        if (e instanceof Expr.FunctionCall fc && fc.over() != null) {
            return true;
        }
        for (Expr child : ExprWalker.children(e)) {
            if (callsWindow(child)) {
                return true;
            }
        }
        return false;
    }

    /**
     * A frame offset. SQLite replaces one that is not constant (a column, a subquery) with NULL
     * ({@code sqlite3WindowOffsetExpr}), which then fails the run-time check.
     */
    private static Eval offset(ExprCompiler c, Expr e) {
        CExpr x = c.compile(e);
        return x.constant() ? x.eval() : fr -> null;
    }

    /** OVER name / OVER (name ...): the named window with the written parts added. */
    private static WindowDef resolve(Scope scope, WindowDef w) {
        if (w.baseName() == null) {
            return w;
        }
        WindowDef base = scope.namedWindows.get(w.baseName().toLowerCase(Locale.ROOT));
        if (base == null) {
            throw new OneLiteException(ResultCode.ERROR, "no such window: " + w.baseName());
        }
        List<Expr> part = base.partitionBy();
        List<OrderingTerm> order = w.orderBy().isEmpty() ? base.orderBy() : w.orderBy();
        return new WindowDef(null, new ArrayList<>(part), new ArrayList<>(order), w.frame() != null ? w.frame() : base.frame());
    }
}
