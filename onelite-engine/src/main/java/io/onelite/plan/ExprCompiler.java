package io.onelite.plan;

import io.onelite.btree.Collation;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.exec.Eval;
import io.onelite.exec.Frame;
import io.onelite.exec.GroupSlot;
import io.onelite.exec.Query;
import io.onelite.exec.ValueOps;
import io.onelite.exec.value.SqlValues;
import io.onelite.sql.ast.Expr;
import io.onelite.sql.ast.OrderingTerm;

import java.util.BitSet;
import java.util.List;
import java.util.Locale;

/**
 * Compiles expression ASTs into {@link Eval} closures once per statement: column references
 * become slot reads, operators capture their operands' closures and the affinity and collation
 * SQLite's comparison rules pick at compile time.
 */
final class ExprCompiler {
    final Planner planner;
    final Scope scope;
    /** Slots of this level read by the expressions compiled so far (for WHERE term placement). */
    final BitSet slotsUsed = new BitSet();
    /** Whether anything compiled so far reads an enclosing query's row. */
    boolean usesOuter;

    /**
     * Where the compiled expression sits when it must give the same value every time ("a CHECK
     * constraint", "a generated column", "an index"), or null: a date function there may not read
     * the current time or the local zone ({@link io.onelite.exec.func.FunctionContext#pure}).
     */
    String pureContext;

    /** This compiler for an expression of the schema at {@code place} (see {@link #pureContext}). */
    ExprCompiler pure(String place) {
        this.pureContext = place;
        return this;
    }

    ExprCompiler(Planner planner, Scope scope) {
        this.planner = planner;
        this.scope = scope;
    }

    /** The affinity of each scalar subquery compiled so far (its first result column's). */
    private java.util.IdentityHashMap<Expr.Subquery, Character> subqueryAffinities;

    /**
     * The affinity of scalar subquery {@code s} ({@code sqlite3ExprAffinity} of a TK_SELECT: its
     * first result column's), once compiled here; else '@'. SubqueryColumnTypes reads it below a
     * unary + or inside a CASE, where the result expression itself has none.
     */
    char subqueryAffinity(Expr.Subquery s) {
        Character a = subqueryAffinities == null ? null : subqueryAffinities.get(s);
        return a == null ? '@' : a;
    }

    Eval eval(Expr e) {
        return compile(e).eval();
    }

    /** The expression {@link #compileUnindexed} is compiling, not to be read from an index. */
    private Expr unindexed;

    /** {@code e} computed from its operands, never read from an index entry ({@link IndexedExpressionReads}). */
    CExpr compileUnindexed(Expr e) {
        Expr saved = unindexed;
        unindexed = e;
        try {
            return compile(e);
        } finally {
            unindexed = saved;
        }
    }

    /** Whether what is compiled now sits below the expression's top (see {@link #compilingATerm}). */
    private boolean nested;
    private boolean compilingATerm;

    /**
     * Whether the node being compiled, read as it starts, is the top of the expression compiled: in
     * WHERE and ON, which are compiled term by term, a term of its own to SQLite's planner, which
     * may then drive an index with it (an {@code x IN (SELECT ...)} under OR, NOT or CASE is
     * evaluated instead).
     */
    boolean compilingATerm() {
        return compilingATerm;
    }

    /**
     * A subquery of {@code columns} columns where {@code expected} are needed: SQLite meets that
     * as it codes the expression, after every name of the statement resolved and before it codes
     * the subquery, so the error waits for the end of planning and wins over those noted since
     * {@code mark}, the subquery's ({@link CodeErrors}); a stand-in that never runs meanwhile.
     */
    CExpr subselectWidth(int columns, int expected, int mark) {
        return subselectWidth(columns, expected, mark, null);
    }

    /**
     * As {@link #subselectWidth(int, int, int)}, for the subquery of {@code in} (or null; an
     * {@code x IN (list)} for its left operand x, a subquery): when it is a WHERE
     * or ON term SQLite's WHERE analysis checks before the clause is coded, that order decides
     * ({@link InTermWidths}).
     */
    CExpr subselectWidth(int columns, int expected, int mark, Expr in) {
        OneLiteException e = new OneLiteException(ResultCode.ERROR, "sub-select returns " + columns
                + " columns - expected " + expected);
        if (in == null || planner.inTermWidths == null || !planner.inTermWidths.wrongWidth(in, e)) {
            planner.codeErrors.note(e, mark);
        }
        return CExpr.of(f -> null);
    }

    /** The IN whose left operand, a subquery, {@link #inListLeft} compiles; null once met. */
    private Expr.InList inListOfLeft;
    /** Whether the last {@link #inListLeft} found a subquery of several columns. */
    private boolean inListLeftFailed;

    /**
     * The left operand x of {@code x IN (list)}, with whether it is a subquery of other than one
     * column: SQLite checks that before it codes the list (sqlite3ExprCheckIN, "sub-select
     * returns N columns - expected 1"), in a WHERE term as its analysis does ({@link InTermWidths}).
     * Null when it was such a subquery, its error noted.
     */
    CExpr inListLeft(Expr.InList in) {
        inListOfLeft = in.expr() instanceof Expr.Subquery ? in : null;
        inListLeftFailed = false;
        try {
            CExpr x = compile(in.expr());
            return inListLeftFailed ? null : x;
        } finally {
            inListOfLeft = null;
            inListLeftFailed = false;
        }
    }

    CExpr compile(Expr e) {
        boolean outer = nested;
        compilingATerm = !outer;
        nested = true;
        CExpr c;
        try {
            c = compileNode(e);
        } finally {
            nested = outer;
        }
        if (!c.explicitColl() && !(e instanceof Expr.ColumnRef) && !(e instanceof Expr.Collate)
                && !ExprWalker.isSubquery(e)) {
            String coll = ExplicitCollations.of(e); // a COLLATE inside decides, as sqlite3ExprCollSeq
            if (coll != null) {
                return new CExpr(c.eval(), c.affinity(), coll, true, c.constant());
            }
        }
        return c;
    }

    private CExpr compileNode(Expr e) {
        if (e instanceof Expr.Literal l) {
            Object v = l.value();
            return CExpr.constant(f -> v);
        }
        if (e instanceof Expr.BoolLiteral b) {
            Long v = b.value() ? 1L : 0L;
            return CExpr.constant(f -> v);
        }
        if (e instanceof Expr.Param p) {
            int i = p.index() - 1;
            return CExpr.constant(f -> f.ctx.params[i]);
        }
        if (e instanceof Expr.ColumnRef c) {
            return column(c);
        }
        if (e != unindexed) {
            CExpr read = IndexedExpressionReads.compile(this, e);
            if (read != null) {
                return read;
            }
        }
        if (e instanceof Expr.Unary u) {
            return unary(u);
        }
        if (e instanceof Expr.Binary b) {
            return binary(b);
        }
        if (e instanceof Expr.IsNull n) {
            CExpr x = compile(n.expr());
            Eval xe = x.eval();
            Long yes = n.not() ? 0L : 1L;
            Long no = n.not() ? 1L : 0L;
            return new CExpr(f -> xe.eval(f) == null ? yes : no, '@', null, false, x.constant());
        }
        if (e instanceof Expr.Between b) {
            return between(b);
        }
        if (e instanceof Expr.InList in) {
            return InCompiler.inList(this, in);
        }
        if (e instanceof Expr.InSelect in) {
            return InCompiler.inSelect(this, in);
        }
        if (e instanceof Expr.InTable it) {
            if (it.args() != null) {
                throw new OneLiteException(ResultCode.ERROR, "no such table-valued function: " + it.table().name());
            }
            var core = new io.onelite.sql.ast.SelectCore.Query(false, List.of(new io.onelite.sql.ast.ResultColumn.Star()),
                    new io.onelite.sql.ast.FromItem.Table(it.table(), null, null, false), null, List.of(), null, List.of());
            Expr.InSelect compiled = new Expr.InSelect(it.expr(), it.not(), io.onelite.sql.ast.SelectStmt.of(core));
            if (planner.inTermWidths != null) {
                planner.inTermWidths.sameAs(compiled, it);
            }
            return InCompiler.inSelect(this, compiled);
        }
        if (e instanceof Expr.Exists ex) {
            Query q = planner.sharedSubquery(ex, scope, () -> planner.subquery(ex.select(), scope, true));
            boolean correlated = planner.lastSubqueryCorrelated;
            usesOuter |= planner.lastSubqueryUsesOuterOfParent;
            Object key = new Object();
            java.util.function.Predicate<io.onelite.exec.Frame> oneLoop =
                    q instanceof io.onelite.exec.CoreQuery cq ? cq.rowExists() : null;
            java.util.function.Predicate<io.onelite.exec.Frame> found =
                    oneLoop != null ? oneLoop : f -> q.open(f.ctx, f).next();
            return CExpr.of(f -> {
                if (!correlated) {
                    Object c = f.ctx.cached(key);
                    if (c != null) {
                        return c;
                    }
                }
                Long r = found.test(f) ? 1L : 0L;
                if (!correlated) {
                    f.ctx.cache(key, r);
                }
                return r;
            });
        }
        if (e instanceof Expr.Subquery s) {
            Expr.InList listOfLeft = inListOfLeft;
            inListOfLeft = null; // not a subquery's within
            int mark = planner.codeErrors.mark();
            Query q = planner.sharedSubquery(s, scope, () -> planner.subquery(scalarLimit(s.select()), scope));
            if (q.columnCount() != 1) {
                inListLeftFailed = listOfLeft != null;
                return subselectWidth(q.columnCount(), 1, mark, listOfLeft);
            }
            boolean correlated = planner.lastSubqueryCorrelated;
            usesOuter |= planner.lastSubqueryUsesOuterOfParent;
            char aff = planner.lastSubqueryAffinity;
            if (subqueryAffinities == null) {
                subqueryAffinities = new java.util.IdentityHashMap<>();
            }
            subqueryAffinities.put(s, aff);
            Object key = new Object();
            return new CExpr(f -> {
                if (!correlated && f.ctx.cached(key) instanceof KeptResult kept) {
                    return kept.reuse();
                }
                var it = q.open(f.ctx, f);
                Object r = it.next() ? it.row()[0] : null;
                if (!correlated) {
                    f.ctx.cache(key, KeptResult.of(r));
                }
                return r;
            }, aff, null, false, false);
        }
        if (e instanceof Expr.Case c) {
            return caseExpr(c);
        }
        if (e instanceof Expr.Cast c) {
            CExpr x = compile(c.expr());
            String type = c.type() == null ? "" : c.type().text();
            char aff = io.onelite.catalog.Column.affinityOf(type);
            Eval xe = x.eval();
            var target = io.onelite.exec.value.Affinity.ofDeclaredType(type); // once, not per row
            // CAST keeps its operand's collation (sqlite3ExprCollSeq passes through TK_CAST)
            return new CExpr(f -> io.onelite.exec.value.SqlValues.cast(xe.eval(f), target), aff, x.collation(),
                    x.explicitColl(), x.constant());
        }
        if (e instanceof Expr.Collate c) {
            CExpr x = compile(c.expr());
            if (Collation.byName(c.collation()) == null) {
                throw new OneLiteException(ResultCode.ERROR, "no such collation sequence: " + c.collation());
            }
            return new CExpr(x.eval(), x.affinity(), c.collation(), !c.implicit(), x.constant());
        }
        if (e instanceof Expr.Like l) {
            return like(l);
        }
        if (e instanceof Expr.FunctionCall fc) {
            return FunctionCompiler.compile(this, fc);
        }
        if (e instanceof Expr.CurrentTime ct) {
            return CExpr.of(f -> currentTime(ct.kind(), f.ctx.nowMillis));
        }
        if (e instanceof Expr.RowValue r) {
            // SQLite meets a row value where one value is needed as it codes it, after every name
            // resolved, and its message replaces a subquery width's before or after it
            for (Expr v : r.values()) {
                compile(v);
            }
            planner.codeErrors.noteOverriding(new OneLiteException(ResultCode.ERROR, "row value misused"));
            return CExpr.of(f -> null);
        }
        if (e instanceof Expr.Raise r) {
            if (!scope.inTrigger()) {
                throw new OneLiteException(ResultCode.ERROR, "RAISE() may only be used within a trigger-program");
            }
            if (r.kind() == Expr.RaiseKind.IGNORE) {
                return CExpr.of(f -> {
                    throw new io.onelite.exec.TriggerIgnore();
                });
            }
            Eval msg = r.message() == null ? fr -> "" : eval(r.message());
            io.onelite.exec.TableWriter.OnConflict action = switch (r.kind()) {
                case FAIL -> io.onelite.exec.TableWriter.OnConflict.FAIL;
                case ROLLBACK -> io.onelite.exec.TableWriter.OnConflict.ROLLBACK;
                default -> io.onelite.exec.TableWriter.OnConflict.ABORT;
            };
            return CExpr.of(f -> {
                throw io.onelite.exec.ConstraintHalt.of(action, ResultCode.CONSTRAINT_TRIGGER, ValueOps.toText(msg.eval(f)));
            });
        }
        throw new OneLiteException(ResultCode.ERROR, "unsupported expression: " + e.getClass().getSimpleName());
    }

    static Object cast(Object v, char aff) {
        if (v == null) {
            return null;
        }
        switch (aff) {
            case 'D':
                return ValueOps.toInteger(v);
            case 'E':
                return ValueOps.toReal(v);
            case 'B':
                return ValueOps.toText(v);
            case 'C': {
                if (v instanceof Long || v instanceof Double) {
                    return v;
                }
                Object n = ValueOps.numericPrefix(v);
                if (n instanceof Double d && d == Math.rint(d) && Math.abs(d) < 9.2e18) {
                    String t = ValueOps.toText(v).strip();
                    if (!t.contains(".") && !t.contains("e") && !t.contains("E")) {
                        return (long) (double) d;
                    }
                    return d;
                }
                return n;
            }
            default:
                if (v instanceof byte[]) {
                    return v;
                }
                return ValueOps.toText(v).getBytes(java.nio.charset.StandardCharsets.UTF_8);
        }
    }

    private static String currentTime(Expr.CurrentTime.Kind kind, long millis) {
        var t = java.time.Instant.ofEpochMilli(millis).atZone(java.time.ZoneOffset.UTC);
        return switch (kind) {
            case DATE -> t.format(java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd"));
            case TIME -> t.format(java.time.format.DateTimeFormatter.ofPattern("HH:mm:ss"));
            case TIMESTAMP -> t.format(java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss"));
        };
    }

    private CExpr column(Expr.ColumnRef c) {
        Scope.Ref r = scope.resolve(c.table(), c.column());
        if (c.table() == null) {
            Scope.AliasRef a = scope.alias(c.column(), r == null ? Integer.MAX_VALUE : r.depth());
            if (a != null) {
                return aliased(c, a);
            }
        }
        if (r == null) {
            if (c.quoted() && c.table() == null) {
                String s = c.column();
                return CExpr.constant(f -> s);
            }
            String name = c.table() == null ? c.column()
                    : (c.schema() == null ? "" : c.schema() + ".") + c.table() + "." + c.column();
            throw new OneLiteException(ResultCode.ERROR, "no such column: " + name).aboutNode(c);
        }
        if (planner.columnRefListener != null) {
            planner.columnRefListener.accept(c, r);
        }
        if (c.table() == null && r.column() >= 0) {
            Expr merged = r.owner().mergedUsing(r.slot(), r.column());
            if (merged != null) {
                return compile(merged);
            }
        }
        int slot = r.slot();
        int col = r.column();
        char aff = r.affinity();
        String coll = r.collation();
        if (r.depth() == 0) {
            if (scope.aggregates != null) {
                Eval input = f -> f.src[slot].column(col);
                int gs = scope.aggregates.add(GroupSlot.bare(input));
                return new CExpr(AggregateCollector.slotReader(gs), aff, coll, false, false);
            }
            slotsUsed.set(slot);
            return new CExpr(new ColumnEval(slot, col), aff, coll, false, false);
        }
        usesOuter = true;
        markCorrelated(r.owner(), slot);
        int depth = r.depth();
        if (r.owner().aggregates != null) {
            // an aggregate query's output or HAVING runs after its cursors left the group's rows:
            // like a bare column, the reference reads the value saved from the group's row (#10)
            int gs = r.owner().aggregates.add(GroupSlot.bare(f -> f.src[slot].column(col)));
            return new CExpr(f -> f.up(depth).group[gs], aff, coll, false, false);
        }
        return new CExpr(f -> f.up(depth).src[slot].column(col), aff, coll, false, false);
    }

    /**
     * A name that reads a result column's alias ({@link Scope#alias}): the aliased expression,
     * compiled at its own query level. One of an enclosing query is read through the frames, as
     * a correlated column is (SQLite's resolver copies it with its depth raised).
     */
    private CExpr aliased(Expr.ColumnRef c, Scope.AliasRef a) {
        Scope level = a.level();
        if (WindowCompiler.callsWindow(a.expr()) && (a.depth() > 0 || level.windowSpecs == null)) {
            throw new OneLiteException(ResultCode.ERROR, "misuse of aliased window function " + c.column());
        }
        var saved = level.aliases;
        boolean hidesOuter = level.hidesOuter;
        level.aliases = null; // an alias may not refer to itself
        level.hidesOuter = false; // a result column sees enclosing queries, also copied into ORDER BY
        try {
            if (a.depth() == 0) {
                return compile(a.expr());
            }
            ExprCompiler at = new ExprCompiler(planner, level);
            CExpr x = at.compile(a.expr());
            level.innerSlotRefs.or(at.slotsUsed); // where the enclosing query may test a term reading it
            for (Scope s = scope; s != null && s != level; s = s.outer) {
                s.correlatedFromInside = true;
            }
            scope.noteReference(level);
            usesOuter = true;
            Eval e = x.eval();
            int depth = a.depth();
            return new CExpr(f -> e.eval(f.up(depth)), x.affinity(), x.collation(), x.explicitColl(), false);
        } finally {
            level.aliases = saved;
            level.hidesOuter = hidesOuter;
        }
    }

    /**
     * A scalar (or row) subquery's SELECT as SQLite runs it: LIMIT X becomes LIMIT (X <> 0) (at
     * most the first row is read, LIMIT 0 still none, LIMIT 'abc' no error), no LIMIT becomes
     * LIMIT 1; OFFSET stays.
     */
    static io.onelite.sql.ast.SelectStmt scalarLimit(io.onelite.sql.ast.SelectStmt s) {
        Expr one = new Expr.Literal(1L, "1");
        Expr limit = s.limit() == null ? one
                : new Expr.Binary(Expr.BinaryOp.NE, s.limit(), new Expr.Literal(0L, "0"));
        return new io.onelite.sql.ast.SelectStmt(s.with(), s.first(), s.compounds(), s.orderBy(), limit, s.offset());
    }

    /** {@code X -> P} and {@code X ->> P}: the library scalars registered under the operator names. */
    private CExpr jsonArrow(Expr.Binary b) {
        String name = b.op().sql();
        io.onelite.exec.func.ScalarFunction fn = io.onelite.exec.func.Functions.scalar(name, 2);
        if (fn == null) {
            throw new OneLiteException(ResultCode.ERROR, "unsupported operator: " + name);
        }
        CExpr chain = LeftDeepChains.compile(this, b);
        if (chain != null) {
            return chain;
        }
        CExpr l = compile(b.left());
        CExpr r = compile(b.right());
        Eval le = l.eval();
        Eval re = r.eval();
        return new CExpr(f -> fn.call(f.ctx.functionContext(), new Object[]{le.eval(f), re.eval(f)}),
                '@', null, false, l.constant() && r.constant());
    }

    private void markCorrelated(Scope owner, int slot) {
        for (Scope s = scope; s != null && s != owner; s = s.outer) {
            s.correlatedFromInside = true;
        }
        owner.innerSlotRefs.set(slot);
    }

    private CExpr unary(Expr.Unary u) {
        if (u.op() == Expr.UnaryOp.NEGATE && u.operand() instanceof Expr.Literal l && l.value() instanceof Double) {
            Object v = ValueOps.negateLiteral(l.value()); // -0.0 is negative zero, as SQLite's codeReal
            return CExpr.constant(f -> v);
        }
        CExpr x = compile(u.operand());
        Eval xe = x.eval();
        return switch (u.op()) {
            case NEGATE -> new CExpr(f -> ValueOps.negate(xe.eval(f)), '@', null, false, x.constant());
            case PLUS -> new CExpr(xe, '@', x.collation(), x.explicitColl(), x.constant()); // +x has no affinity, keeps its collation (SQLite)
            case BIT_NOT -> new CExpr(f -> {
                Object v = xe.eval(f);
                return v == null ? null : ~ValueOps.toInteger(v);
            }, '@', null, false, x.constant());
            case NOT -> new CExpr(f -> {
                Boolean b = ValueOps.truth(xe.eval(f));
                return b == null ? null : b ? 0L : 1L;
            }, '@', null, false, x.constant());
        };
    }

    private CExpr binary(Expr.Binary b) {
        if (b.op().isComparison()) {
            if (RowValues.isVector(b.left()) || RowValues.isVector(b.right())) {
                return RowValues.compare(this, b);
            }
            return Comparisons.comparison(b.op(), compile(b.left()), compile(b.right()));
        }
        if (b.op() == Expr.BinaryOp.JSON_ARROW || b.op() == Expr.BinaryOp.JSON_ARROW2) {
            return jsonArrow(b);
        }
        CExpr chain = LeftDeepChains.compile(this, b);
        if (chain != null) {
            return chain;
        }
        CExpr l = compile(b.left());
        CExpr r = compile(b.right());
        Eval le = l.eval();
        Eval re = r.eval();
        boolean k = l.constant() && r.constant();
        // AND and OR take the right operand first when only the left holds a subquery (SQLite's
        // exprEvalRhsFirst): the subquery then runs only where the other operand leaves the
        // answer open, which decides whether its errors (an overflowing sum) are raised
        boolean rhsFirst = (b.op() == Expr.BinaryOp.AND || b.op() == Expr.BinaryOp.OR)
                && !ExprWalker.hasSubquery(b.right()) && ExprWalker.hasSubquery(b.left());
        Eval[] inOrder = rhsFirst ? new Eval[] {re, le} : new Eval[] {le, re};
        Eval e = switch (b.op()) {
            case AND -> f -> LeftDeepChains.and(inOrder, f);
            case OR -> f -> LeftDeepChains.or(inOrder, f);
            case ADD -> f -> ValueOps.add(le.eval(f), re.eval(f));
            case SUBTRACT -> f -> ValueOps.subtract(le.eval(f), re.eval(f));
            case MULTIPLY -> f -> ValueOps.multiply(le.eval(f), re.eval(f));
            case DIVIDE -> f -> ValueOps.divide(le.eval(f), re.eval(f));
            case REMAINDER -> f -> ValueOps.remainder(le.eval(f), re.eval(f));
            case CONCAT -> f -> ValueOps.concat(le.eval(f), re.eval(f));
            case BIT_AND -> f -> io.onelite.exec.value.SqlValues.bitAnd(le.eval(f), re.eval(f));
            case BIT_OR -> f -> io.onelite.exec.value.SqlValues.bitOr(le.eval(f), re.eval(f));
            case SHIFT_LEFT -> f -> io.onelite.exec.value.SqlValues.shiftLeft(le.eval(f), re.eval(f));
            case SHIFT_RIGHT -> f -> io.onelite.exec.value.SqlValues.shiftRight(le.eval(f), re.eval(f));
            default -> throw new OneLiteException(ResultCode.ERROR, "unsupported operator: " + b.op().sql());
        };
        return new CExpr(e, '@', null, false, k);
    }

    private static Object bits(Object a, Object b, int op) {
        if (a == null || b == null) {
            return null;
        }
        long x = ValueOps.toInteger(a);
        long y = ValueOps.toInteger(b);
        return switch (op) {
            case 0 -> x & y;
            case 1 -> x | y;
            case 2 -> shift(x, y);
            default -> shift(x, y == Long.MIN_VALUE ? Long.MAX_VALUE : -y);
        };
    }

    private static long shift(long x, long n) {
        if (n >= 64) {
            return 0;
        }
        if (n <= -64) {
            return x < 0 ? -1 : 0;
        }
        return n >= 0 ? x << n : x >> -n;
    }

    private CExpr between(Expr.Between b) {
        if (b.expr() instanceof Expr.RowValue || b.low() instanceof Expr.RowValue || b.high() instanceof Expr.RowValue) {
            // x BETWEEN lo AND hi is x >= lo AND x <= hi, element-wise for row values
            Expr both = new Expr.Binary(Expr.BinaryOp.AND, new Expr.Binary(Expr.BinaryOp.GE, b.expr(), b.low()),
                    new Expr.Binary(Expr.BinaryOp.LE, b.expr(), b.high()));
            return compile(b.not() ? new Expr.Unary(Expr.UnaryOp.NOT, both) : both);
        }
        CExpr x = compile(b.expr());
        CExpr lo = compile(b.low());
        CExpr hi = compile(b.high());
        CExpr ge = Comparisons.comparison(Expr.BinaryOp.GE, x, lo);
        CExpr le = Comparisons.comparison(Expr.BinaryOp.LE, x, hi);
        Eval g = ge.eval();
        Eval l = le.eval();
        boolean not = b.not();
        return new CExpr(f -> {
            Boolean p = ValueOps.truth(g.eval(f));
            Boolean q = p != null && !p ? Boolean.FALSE : ValueOps.truth(l.eval(f));
            Boolean r;
            if (Boolean.FALSE.equals(p) || Boolean.FALSE.equals(q)) {
                r = false;
            } else if (p == null || q == null) {
                r = null;
            } else {
                r = true;
            }
            if (r == null) {
                return null;
            }
            return r != not ? 1L : 0L;
        }, '@', null, false, x.constant() && lo.constant() && hi.constant());
    }

    private CExpr caseExpr(Expr.Case c) {
        int n = c.whens().size();
        Eval[] conds = new Eval[n];
        Eval[] thens = new Eval[n];
        // a row-value base is compiled with each WHEN (as a comparison), never alone
        CExpr base = c.base() == null ? null : c.base() instanceof Expr.RowValue ? CExpr.of(f -> null) : compile(c.base());
        for (int i = 0; i < n; i++) {
            Expr.WhenThen wt = c.whens().get(i);
            if (base != null && (c.base() instanceof Expr.RowValue || wt.when() instanceof Expr.RowValue)) {
                conds[i] = compile(new Expr.Binary(Expr.BinaryOp.EQ, c.base(), wt.when())).eval();
            } else if (base != null) {
                conds[i] = Comparisons.comparison(Expr.BinaryOp.EQ, base, compile(wt.when())).eval();
            } else {
                conds[i] = eval(wt.when());
            }
            thens[i] = eval(wt.then());
        }
        Eval els = c.elseExpr() == null ? f -> null : eval(c.elseExpr());
        return CExpr.of(f -> {
            for (int i = 0; i < conds.length; i++) {
                if (ValueOps.isTrue(conds[i].eval(f))) {
                    return thens[i].eval(f);
                }
            }
            return els.eval(f);
        });
    }

    private CExpr like(Expr.Like l) {
        Eval x = eval(l.left());
        Eval p = eval(l.pattern());
        Eval esc = l.escape() == null ? null : eval(l.escape());
        boolean not = l.not();
        Expr.LikeOp op = l.op();
        if (op == Expr.LikeOp.MATCH) { // match() exists for full-text tables only: it fails when called, as SQLite's
            return CExpr.of(f -> {
                throw new OneLiteException(ResultCode.ERROR, "unable to use function MATCH in the requested context");
            });
        }
        return CExpr.of(f -> {
            Object a = x.eval(f);
            Object b = p.eval(f);
            // the checks and NULL rules in the order of SQLite's likeFunc
            String pattern = b == null ? null : ValueOps.toText(b);
            SqlValues.checkLikePattern(pattern);
            String e = null;
            if (esc != null) {
                Object ev = esc.eval(f);
                if (ev == null) {
                    return null;
                }
                e = ValueOps.toText(ev);
                SqlValues.checkLikeEscape(e);
            }
            if (a == null || pattern == null) {
                return null;
            }
            boolean m = op == Expr.LikeOp.GLOB ? SqlValues.glob(pattern, ValueOps.toText(a))
                    : SqlValues.like(pattern, ValueOps.toText(a), e, f.ctx.session.caseSensitiveLike());
            return m != not ? 1L : 0L;
        });
    }

    /** Compiles ORDER BY-style terms' collations (for sorters). */
    static Collation termCollation(CExpr c) {
        return c.collation() == null ? Collation.BINARY : Collation.byName(c.collation());
    }

    static boolean descending(OrderingTerm t) {
        return t.descending();
    }

    /** A frame-free evaluation of a constant expression (LIMIT, DEFAULT values). */
    static Object constantValue(Eval e, io.onelite.exec.ExecContext ctx) {
        return e.eval(new Frame(ctx, null, 0));
    }
}
