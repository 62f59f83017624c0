package io.onelite.plan;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.exec.Accumulator;
import io.onelite.exec.Eval;
import io.onelite.exec.GroupSlot;
import io.onelite.exec.func.AppFunction;
import io.onelite.exec.func.AppFunctions;
import io.onelite.sql.ast.Expr;

import java.util.List;
import java.util.function.Supplier;

/**
 * Compiles function calls: aggregates into group slots, scalar functions into closures. A name
 * resolves as SQLite's {@code sqlite3FindFunction}: the connection's application-defined
 * functions first ({@link AppFunctions}), then the built-ins.
 */
final class FunctionCompiler {
    private FunctionCompiler() {
    }

    static CExpr compile(ExprCompiler c, Expr.FunctionCall fc) {
        String name = fc.name();
        int argc = fc.star() ? 0 : fc.args().size();
        if (fc.over() != null) {
            AggregateOrder.refuseOnNonAggregate(fc);
            return WindowCompiler.compile(c, fc, argc);
        }
        String lowerName = name.toLowerCase(java.util.Locale.ROOT);
        AppFunction app = c.planner.functions.find(lowerName, argc);
        if (app == null && lowerName.equals("commit_seq")) {
            if (argc != 0 || fc.star()) {
                throw new OneLiteException(ResultCode.ERROR, "wrong number of arguments to function " + name + "()").aboutNode(fc);
            }
            if (!c.planner.commitSeqSites.contains(fc)) {
                // Its value exists only once the row is committed: nothing can compute with it.
                throw new OneLiteException(ResultCode.ERROR,
                        "commit_seq() may only be used as a whole column value of INSERT or UPDATE");
            }
            return CExpr.of(f -> io.onelite.exec.CommitSeq.PENDING);
        }
        Supplier<Accumulator> agg;
        Builtins.Fn fn;
        if (app instanceof AppFunction.Scalar s) {
            agg = null;
            fn = (ctx, a) -> s.body().call(ctx.functionContext(), a);
        } else if (app instanceof AppFunction.Aggregate a) {
            agg = accumulators(a.body());
            fn = null;
        } else {
            fn = builtinScalar(lowerName, argc, c.pureContext);
            agg = builtinAggregate(c, fc, lowerName, argc, fn);
        }
        if (agg != null && (fn == null || argc == 1)) {
            if (fc.star() && app == null && !name.equalsIgnoreCase("count")) {
                throw new OneLiteException(ResultCode.ERROR, "wrong number of arguments to function " + name + "()").aboutNode(fc);
            }
            Scope s = c.scope;
            int depth = OuterAggregates.ownerDepth(c.planner, fc, s);
            if (depth > 0) {
                return outerAggregate(c, fc, agg, OuterAggregates.levelOut(s, depth), depth, name, lowerName, argc);
            }
            if (s.aggregates == null) {
                misplaced(c, fc, name);
            }
            AggregateCollector coll = s.aggregates;
            s.aggregates = null; // arguments read the input rows
            boolean refused = s.aggregatesRefused;
            s.aggregatesRefused = true; // nor an enclosing query's aggregate inside them
            try {
                Eval[] args = new Eval[argc];
                io.onelite.btree.Collation distinctColl = null;
                for (int i = 0; i < argc; i++) {
                    CExpr a = c.compile(fc.args().get(i));
                    args[i] = a.eval();
                    if (i == 0 && a.collation() != null) {
                        distinctColl = io.onelite.btree.Collation.byName(a.collation());
                    }
                }
                Eval filter = fc.filter() == null ? null : c.eval(fc.filter());
                if (fc.distinct() && argc != 1) {
                    throw new OneLiteException(ResultCode.ERROR,
                            "DISTINCT aggregates must have exactly one argument");
                }
                boolean extreme = app == null && argc == 1 && (lowerName.equals("min") || lowerName.equals("max"));
                AggregateOrder.Ordered ordered = AggregateOrder.apply(c, fc, agg, args, extreme);
                int slot = coll.add(new GroupSlot(ordered.accumulator(), ordered.args(), fc.distinct(), filter,
                        extreme, distinctColl), fc);
                return CExpr.of(AggregateCollector.slotReader(slot));
            } finally {
                s.aggregates = coll;
                s.aggregatesRefused = refused;
            }
        }
        if (fn == null) {
            if (exists(c.planner.functions, name)) {
                throw new OneLiteException(ResultCode.ERROR, "wrong number of arguments to function " + name + "()").aboutNode(fc);
            }
            throw new OneLiteException(ResultCode.ERROR, "no such function: " + name).aboutNode(fc);
        }
        if (fc.filter() != null) {
            throw new OneLiteException(ResultCode.ERROR, "FILTER may not be used with non-aggregate " + name + "()");
        }
        if (fc.distinct()) {
            throw new OneLiteException(ResultCode.ERROR, "DISTINCT aggregates must have exactly one argument");
        }
        AggregateOrder.refuseOnNonAggregate(fc);
        List<Expr> argList = fc.args();
        Eval[] args = new Eval[argList.size()];
        boolean constant = true;
        String argCollation = null; // SQLite's SQLITE_FUNC_NEEDCOLL: the first argument's that has one
        for (int i = 0; i < args.length; i++) {
            CExpr a = c.compile(argList.get(i));
            args[i] = a.eval();
            constant &= a.constant();
            if (argCollation == null) {
                argCollation = a.collation();
            }
        }
        String lower = name.toLowerCase(java.util.Locale.ROOT);
        if (app == null && argCollation != null && (lower.equals("nullif") && args.length == 2
                || (lower.equals("min") || lower.equals("max")) && args.length >= 2)) {
            var coll = io.onelite.btree.Collation.byName(argCollation);
            var collated = io.onelite.exec.func.Functions.scalar(lower, args.length, coll);
            if (coll != null && collated != null) {
                fn = (ctx, a) -> collated.call(ctx.functionContext(), a);
            }
        }
        if (app == null && (lower.equals("coalesce") || lower.equals("ifnull") || lower.equals("iif")
                || lower.equals("if"))) {
            return CExpr.of(lazy(lower, args));
        }
        // a non-deterministic application function runs for every row, as SQLite's without SQLITE_DETERMINISTIC
        boolean deterministic = !Determinism.variesPerCall(c.planner.functions, fc);
        Builtins.Fn body = fn;
        Eval e = f -> {
            Object[] v = new Object[args.length];
            for (int i = 0; i < v.length; i++) {
                v[i] = args[i].eval(f);
            }
            return body.call(f.ctx, v);
        };
        if (constant && deterministic && args.length > 0) {
            e = new OncePerExecution(e); // SQLite's constant factoring: once per execution, not per row
        }
        return new CExpr(e, '@', null, false, constant && deterministic);
    }

    /**
     * The built-in scalar: the library's, unless the planner keeps its own version; {@code pure}
     * as {@link ExprCompiler#pureContext} (a date function there may not read the current time).
     */
    private static Builtins.Fn builtinScalar(String lowerName, int argc, String pure) {
        Builtins.Fn fn = Builtins.scalar(lowerName, argc);
        io.onelite.exec.func.ScalarFunction libScalar = io.onelite.exec.func.Functions.scalar(lowerName, argc);
        if (libScalar != null && !OWN_SCALARS.contains(lowerName)) {
            fn = pure == null ? (ctx, a) -> libScalar.call(ctx.functionContext(), a)
                    : (ctx, a) -> libScalar.call(io.onelite.exec.func.FunctionContext.pure(ctx.functionContext(), lowerName, pure), a);
        }
        return fn;
    }

    /**
     * The built-in aggregate, or null: the library's when it has one (min/max comparing with the
     * argument's collation), else the planner's.
     */
    private static Supplier<Accumulator> builtinAggregate(ExprCompiler c, Expr.FunctionCall fc, String lowerName,
                                                          int argc, Builtins.Fn fn) {
        Supplier<Accumulator> agg = Builtins.aggregate(lowerName, argc);
        boolean libScalar = io.onelite.exec.func.Functions.scalar(lowerName, argc) != null;
        if (io.onelite.exec.func.Functions.aggregate(lowerName, argc) == null
                || !(fn == null || (agg != null && argc == 1)) || !(!libScalar || argc == 1)) {
            return agg;
        }
        io.onelite.btree.Collation coll = null;
        if (argc == 1 && (lowerName.equals("min") || lowerName.equals("max"))) {
            Scope sc = c.scope;
            AggregateCollector saved = sc.aggregates;
            sc.aggregates = null;
            try {
                CExpr a0 = c.compile(fc.args().get(0));
                coll = a0.collation() == null ? null : io.onelite.btree.Collation.byName(a0.collation());
            } finally {
                sc.aggregates = saved;
            }
        }
        return accumulators(io.onelite.exec.func.Functions.aggregate(lowerName, argc, coll));
    }

    /** The planner's accumulators over a library (or application-defined) aggregate. */
    private static Supplier<Accumulator> accumulators(io.onelite.exec.func.AggregateFunction f) {
        return () -> {
            var acc = f.start();
            return new Accumulator() {
                @Override
                public void step(Object[] args) {
                    acc.step(args);
                }

                @Override
                public Object value() {
                    return acc.value();
                }
            };
        };
    }

    /**
     * Fails for an aggregate of this query where it cannot be computed, with SQLite's error.
     * Its resolver goes on into the arguments after it finds the misuse, so an error there (no
     * such column, a nested aggregate) comes last and wins.
     */
    private static void misplaced(ExprCompiler c, Expr.FunctionCall fc, String name) {
        Scope s = c.scope;
        boolean refused = s.aggregatesRefused;
        s.aggregatesRefused = true;
        try {
            for (Expr a : fc.args()) {
                c.compile(a);
            }
        } finally {
            s.aggregatesRefused = refused;
        }
        if (!refused && s.clause == OuterAggregates.Clause.GROUP_BY) {
            throw new OneLiteException(ResultCode.ERROR, "aggregate functions are not allowed in the GROUP BY clause");
        }
        if (!refused && (s.clause == OuterAggregates.Clause.ORDER_BY || s.clause == OuterAggregates.Clause.FROM_WHERE)) {
            // allowed by the resolver, refused by the code generator: an ORDER BY of a query that is no
            // aggregate, an aggregate query's WHERE (reached through an alias)
            throw new OneLiteException(ResultCode.ERROR, "misuse of aggregate: " + name + "()");
        }
        throw new OneLiteException(ResultCode.ERROR, "misuse of aggregate function " + name + "()").aboutNode(fc);
    }

    /**
     * An aggregate that belongs to the enclosing query {@code owner}, {@code depth} levels out
     * ({@link OuterAggregates}): it accumulates in the owner's groups, its arguments read the
     * owner's rows, and here it reads the group's value through the frames, as a correlated
     * column does. An owner planned as a non-aggregate is planned again as one when the
     * aggregate sits in its result columns; elsewhere it fails as in SQLite.
     */
    private static CExpr outerAggregate(ExprCompiler c, Expr.FunctionCall fc, Supplier<Accumulator> agg, Scope owner,
                                        int depth, String name, String lowerName, int argc) {
        Scope written = OuterAggregates.levelOut(c.scope, 0);
        if (written.aggregatesRefused) {
            throw new OneLiteException(ResultCode.ERROR, "misuse of aggregate function " + name + "()").aboutNode(fc);
        }
        c.scope.noteReference(owner); // for a watch of the levels a subquery reads
        AggregateCollector coll = owner.aggregates;
        boolean windowsOutside = owner.windowed && owner.windowSpecs != null
                && (owner.clause == OuterAggregates.Clause.RESULT || owner.clause == OuterAggregates.Clause.ORDER_BY);
        if (coll == null || windowsOutside) {
            if (coll == null && owner.clause == OuterAggregates.Clause.RESULT) {
                throw new OuterAggregates.OwnerNotAggregate(owner, name); // (2)
            }
            if (owner.clause == OuterAggregates.Clause.GROUP_BY) {
                throw new OneLiteException(ResultCode.ERROR, "aggregate functions are not allowed in the GROUP BY clause");
            }
            if (OuterAggregates.neverComputed(written, owner)) {
                return CExpr.of(f -> null);
            }
            throw new OneLiteException(ResultCode.ERROR, "misuse of aggregate: " + name + "()");
        }
        ExprCompiler oc = new ExprCompiler(c.planner, owner);
        owner.aggregates = null; // arguments read the owner's input rows
        boolean refused = owner.aggregatesRefused;
        owner.aggregatesRefused = true;
        int slot;
        try {
            Eval[] args = new Eval[argc];
            for (int i = 0; i < argc; i++) {
                args[i] = oc.eval(fc.args().get(i));
            }
            Eval filter = fc.filter() == null ? null : oc.eval(fc.filter());
            if (fc.distinct() && argc != 1) {
                throw new OneLiteException(ResultCode.ERROR, "DISTINCT aggregates must have exactly one argument");
            }
            boolean extreme = c.planner.functions.find(lowerName, argc) == null
                    && argc == 1 && (lowerName.equals("min") || lowerName.equals("max"));
            AggregateOrder.Ordered ordered = AggregateOrder.apply(oc, fc, agg, args, extreme);
            slot = coll.add(new GroupSlot(ordered.accumulator(), ordered.args(), fc.distinct(), filter, extreme), fc);
        } finally {
            owner.aggregates = coll;
            owner.aggregatesRefused = refused;
        }
        for (Scope s = c.scope; s != null && s != owner; s = s.outer) {
            s.correlatedFromInside = true; // the subquery reads the owner's current group
        }
        c.usesOuter = true;
        int gs = slot;
        return CExpr.of(f -> f.up(depth).group[gs]);
    }

    /**
     * coalesce/ifnull/iif/if evaluate their arguments only as far as needed; iif(c1, v1 [, c2, v2
     * ...] [, else]) is a CASE, NULL when no condition holds and there is no else, as SQLite 3.48+.
     */
    private static Eval lazy(String name, Eval[] args) {
        if (name.equals("iif") || name.equals("if")) {
            return f -> {
                int i = 0;
                for (; i + 1 < args.length; i += 2) {
                    if (io.onelite.exec.ValueOps.isTrue(args[i].eval(f))) {
                        return args[i + 1].eval(f);
                    }
                }
                return i < args.length ? args[i].eval(f) : null;
            };
        }
        return f -> {
            for (Eval a : args) {
                Object v = a.eval(f);
                if (v != null) {
                    return v;
                }
            }
            return null;
        };
    }

    /** Functions whose planner-side version is kept: they read session state or are lazy. */
    private static final java.util.Set<String> OWN_SCALARS = java.util.Set.of("coalesce", "ifnull", "iif", "if",
            "last_insert_rowid", "changes", "total_changes");

    /** Whether a call without OVER is an aggregate: an application-defined function decides first. */
    static boolean isAggregateCall(AppFunctions functions, String name, int argc) {
        AppFunction app = functions.find(name.toLowerCase(java.util.Locale.ROOT), argc);
        if (app != null) {
            return app instanceof AppFunction.Aggregate;
        }
        if (Builtins.isAggregate(name, argc)) {
            return Builtins.scalar(name, argc) == null || argc == 1;
        }
        String lower = name.toLowerCase(java.util.Locale.ROOT);
        return io.onelite.exec.func.Functions.scalar(lower, argc) == null && Builtins.scalar(name, argc) == null
                && io.onelite.exec.func.Functions.aggregate(lower, argc) != null;
    }

    /** Whether a function of this name exists with any argument count (application-defined or built-in). */
    static boolean exists(AppFunctions functions, String name) {
        if (name.equalsIgnoreCase("commit_seq") || functions.hasName(name)) {
            return true;
        }
        if (io.onelite.exec.func.Functions.exists(name.toLowerCase(java.util.Locale.ROOT))) {
            return true;
        }
        for (int n = 0; n < 4; n++) {
            if (Builtins.scalar(name, n) != null || Builtins.aggregate(name, n) != null) {
                return true;
            }
        }
        return false;
    }
}
