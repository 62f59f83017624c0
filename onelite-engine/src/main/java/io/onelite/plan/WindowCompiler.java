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
    private WindowCompiler() {
    }

    static CExpr compile(ExprCompiler c, Expr.FunctionCall fc, int argc) {
        Scope scope = c.scope;
        if (scope.windowSpecs == null) {
            throw new OneLiteException(ResultCode.ERROR, "misuse of window function " + fc.name() + "()");
        }
        String lower = fc.name().toLowerCase(Locale.ROOT);
        Supplier<WindowFunction> fn;
        if (Functions.window(lower, argc) != null) {
            fn = () -> Functions.window(lower, argc);
        } else {
            AggregateFunction agg = Functions.aggregate(lower, argc);
            if (agg == null) {
                if (Functions.exists(lower) || Builtins.scalar(lower, argc) != null) {
                    throw new OneLiteException(ResultCode.ERROR, lower + "() may not be used as a window function");
                }
                throw new OneLiteException(ResultCode.ERROR, "no such function: " + fc.name());
            }
            fn = () -> Functions.windowOf(agg);
        }
        WindowDef w = resolve(scope, fc.over());
        List<io.onelite.exec.WindowSpec> saved = scope.windowSpecs;
        scope.windowSpecs = null; // no window inside a window's arguments
        try {
            Eval[] args = new Eval[argc];
            for (int i = 0; i < argc; i++) {
                args[i] = c.eval(fc.args().get(i));
            }
            Eval[] part = new Eval[w.partitionBy().size()];
            for (int i = 0; i < part.length; i++) {
                part[i] = c.eval(w.partitionBy().get(i));
            }
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
            WindowDef.FrameSpec f = w.frame();
            boolean dflt = f == null;
            int unit = dflt ? 1 : f.unit().ordinal();
            int sk = dflt ? 0 : f.start().kind().ordinal();
            int ek = dflt ? 2 : f.end().kind().ordinal();
            Eval so = dflt || f.start().offset() == null ? null : c.eval(f.start().offset());
            Eval eo = dflt || f.end().offset() == null ? null : c.eval(f.end().offset());
            if (!dflt && f.exclude() != WindowDef.FrameExclude.NO_OTHERS) {
                throw new OneLiteException(ResultCode.ERROR, "EXCLUDE in window frames is not supported yet");
            }
            int idx = saved.size();
            saved.add(new WindowSpec(fn, args, part, order, desc, colls, nf, dflt, unit, sk, so, ek, eo));
            return CExpr.of(fr -> fr.window[idx]);
        } finally {
            scope.windowSpecs = saved;
        }
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
