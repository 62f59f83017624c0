package io.onelite.plan;

import io.onelite.btree.Collation;
import io.onelite.catalog.Column;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.exec.AggregateQuery;
import io.onelite.exec.CoreQuery;
import io.onelite.exec.Eval;
import io.onelite.exec.GroupSlot;
import io.onelite.exec.Level;
import io.onelite.exec.Query;
import io.onelite.exec.SortLimitQuery;
import io.onelite.exec.ValueOps;
import io.onelite.sql.ast.Expr;
import io.onelite.sql.ast.NullsOrder;
import io.onelite.sql.ast.OrderingTerm;
import io.onelite.sql.ast.ResultColumn;
import io.onelite.sql.ast.SelectCore;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Plans one SELECT core (or VALUES) with its ORDER BY, LIMIT and OFFSET. */
final class CorePlanner {
    private CorePlanner() {
    }

    static List<Expr> splitAnd(Expr e) {
        List<Expr> out = new ArrayList<>();
        split(e, out);
        return out;
    }

    private static void split(Expr e, List<Expr> out) {
        if (e instanceof Expr.Binary b && b.op() == Expr.BinaryOp.AND) {
            split(b.left(), out);
            split(b.right(), out);
        } else {
            out.add(e);
        }
    }

    static Planner.Planned plan(Planner planner, SelectCore core, List<OrderingTerm> orderBy, Expr limit,
                                Expr offset, Scope outer) {
        java.util.BitSet armSortKeys = planner.armSortKeys;
        planner.armSortKeys = null; // this arm's own: not its subqueries'
        if (core instanceof SelectCore.Values v) {
            return ValuesPlanner.plan(planner, v, orderBy, limit, offset, outer);
        }
        Scope[] made = new Scope[2]; // the query's scope, and the same once its FROM sources are all in place
        SelectCore.Query q = LeftJoinSimplification.apply(planner.schema, (SelectCore.Query) core);
        try {
            try {
                planner.armSortKeys = armSortKeys;
                return plan(planner, q, orderBy, limit, offset, outer, false, made);
            } catch (OuterAggregates.OwnerNotAggregate e) {
                if (e.owner != made[0]) {
                    throw e;
                }
                // a subquery holds an aggregate of this query (SQLite's resolver gives it to the
                // innermost query its arguments reference): plan it again as an aggregate query (an
                // aggregate that is still misplaced, in WHERE say, then fails the same way)
                planner.armSortKeys = armSortKeys;
                return plan(planner, q, orderBy, limit, offset, outer, true, made);
            }
        } catch (OneLiteException e) {
            OneLiteException first = made[1] != null && NamePrecedence.isNameError(e)
                    ? NamePrecedence.firstUnknown(planner, made[1], q, orderBy) : null;
            throw first != null ? first : e; // the unknown name SQLite's order of the clauses meets first
        }
    }

    private static Planner.Planned plan(Planner planner, SelectCore.Query q, List<OrderingTerm> orderBy, Expr limit,
                                        Expr offset, Scope outer, boolean forceAggregate, Scope[] made) {
        java.util.BitSet armSortKeys = planner.armSortKeys; // set again for each attempt
        planner.armSortKeys = null;
        Scope scope = new Scope(outer);
        made[0] = scope;
        made[1] = null;
        scope.coveringReads = true;
        // known before any aggregate is looked for: one in a named window's ORDER BY or PARTITION BY counts
        Map<String, io.onelite.sql.ast.WindowDef> named = new HashMap<>();
        for (io.onelite.sql.ast.NamedWindow nw : q.windows()) {
            named.put(nw.name().toLowerCase(Locale.ROOT), nw.def());
        }
        scope.namedWindows = named;
        FromPlanner from = new FromPlanner(planner, scope);
        from.flattens = true;
        from.soleItem = !(q.from() instanceof io.onelite.sql.ast.Join);
        from.orderedQuery = !orderBy.isEmpty();
        scope.clause = OuterAggregates.Clause.FROM_WHERE;
        // table-function arguments compile now: whether this is an aggregate query, as far as
        // its text says before its names resolve
        scope.aggregatesRefused = !forceAggregate && q.groupBy().isEmpty() && q.columns().stream().noneMatch(
                rc -> rc instanceof ResultColumn.Expression e && AggregateCalls.containsAggregate(planner.functions, e.expr()));
        Map<String, Expr> aliases = ResultAliases.of(q.columns());
        List<Expr> whereTerms = q.where() == null ? List.of() : splitAnd(q.where());
        if (q.from() != null) {
            if (!TableFunctions.hasOuterJoin(q.from())) {
                from.argumentTerms = whereTerms; // arguments a table-valued function leaves out
            }
            from.pushable = whereTerms; // they may go into a compound subquery's arms
            if (q.from() instanceof io.onelite.sql.ast.Join) { // outside outer joins' nullable sides (bare names later: pushJoinTerms)
                from.pushInto = PushDown.sides(q.from(), whereTerms);
            } else {
                from.pushableAliases = aliases;
            }
            from.add(q.from());
            from.pushJoinTerms();
            SubqueryPlans.name(planner, from);
        }
        made[1] = scope;
        // result columns, with * expanded
        List<Expr> exprs = new ArrayList<>();
        List<String> names = new ArrayList<>();
        List<String> tableNames = new ArrayList<>();
        List<String> asNames = new ArrayList<>(); // each result column's AS name, else null
        for (ResultColumn rc : q.columns()) {
            if (rc instanceof ResultColumn.Star) {
                if (scope.sources.isEmpty()) {
                    throw new OneLiteException(ResultCode.ERROR, "no tables specified");
                }
                StarExpansion.star(from, scope, exprs, names);
            } else if (rc instanceof ResultColumn.TableStar ts) {
                int found = -1;
                for (int slot = 0; slot < scope.sources.size(); slot++) {
                    if (scope.sources.get(slot).alias().equalsIgnoreCase(ts.table())) {
                        found = slot;
                    }
                }
                if (found < 0) {
                    throw new OneLiteException(ResultCode.ERROR, "no such table: " + ts.table());
                }
                StarExpansion.tableStar(from, scope, found, exprs, names);
            } else {
                ResultColumn.Expression e = (ResultColumn.Expression) rc;
                exprs.add(e.expr());
                asNames.add(e.alias());
                names.add(resultName(scope, e, e.expr()));
                tableNames.add(resultName(scope, e, skipCollateAndLikely(e.expr())));
                continue;
            }
            tableNames.addAll(names.subList(tableNames.size(), names.size())); // * lists columns by their names
            asNames.addAll(java.util.Collections.nCopies(exprs.size() - asNames.size(), null));
        }
        Limits.resultColumns(exprs.size());
        Limits.byTerms(q.groupBy().size(), "GROUP");
        Limits.byTerms(orderBy.size(), "ORDER");
        // WHERE and ON terms, placed at the innermost level they need, with the aliases they name written out
        int nLevels = from.entries.size();
        java.util.function.Predicate<String> isColumn = name -> {
            try {
                Scope.Ref r = scope.peek(null, name);
                return r != null && r.depth() == 0;
            } catch (OneLiteException ambiguous) {
                return true;
            }
        };
        List<FromPlanner.Term> terms = new ArrayList<>();
        for (FromPlanner.Term t : from.terms) {
            terms.add(new FromPlanner.Term(ResultAliases.expand(t.expr(), aliases, isColumn, planner.functions),
                    t.onLevel(), t.onGroup(), t.nodeEnd(), t.context()));
        }
        for (Expr e : whereTerms) {
            if (!from.argumentTermsTaken.contains(e)) { // else a table-valued function's argument
                terms.add(new FromPlanner.Term(ResultAliases.expand(e, aliases, isColumn, planner.functions), -1));
            }
        }
        for (Expr e : from.flattenedWhere) { // written with the views' source names: no alias to expand
            terms.add(new FromPlanner.Term(e, -1));
        }
        scope.evaluatedIns = InTermIndexReads.evaluated(scope, from, terms);
        EquivalenceTerms.add(scope, from, terms);
        scope.aliases = aliases;
        scope.aggregatesRefused = !forceAggregate && q.groupBy().isEmpty()
                && exprs.stream().noneMatch(x -> AggregateCalls.containsAggregate(planner, x, scope));
        // as SQLite's resolver, before it reads the WHERE: a HAVING needs a GROUP BY or an aggregate
        // result column (its own aggregates do not count)
        if (q.having() != null && scope.aggregatesRefused) {
            throw new OneLiteException(ResultCode.ERROR, "HAVING clause on a non-aggregate query");
        }
        if (reorderable(planner, from, terms)) {
            chooseJoinOrder(planner, scope, from, terms);
        }
        TermPlacement placed = new TermPlacement(planner, scope, from, terms, t -> {
            Expr.FunctionCall misplaced = AggregateCalls.firstAggregate(planner, t.expr(), scope);
            if (misplaced != null) {
                // SQLite's resolver goes on into its arguments: an error there comes last and wins
                boolean refused = scope.aggregatesRefused;
                scope.aggregatesRefused = true;
                for (Expr a : misplaced.args()) {
                    new ExprCompiler(planner, scope).compile(a);
                }
                scope.aggregatesRefused = refused;
                // SQLite words it so in a query that is not an aggregate; in one that is (GROUP BY,
                // HAVING or an aggregate result column) its code generator's message wins
                boolean aggregateQuery = !q.groupBy().isEmpty() || q.having() != null
                        || exprs.stream().anyMatch(x -> AggregateCalls.containsAggregate(planner, x, scope));
                throw new OneLiteException(ResultCode.ERROR, (aggregateQuery ? "misuse of aggregate: "
                        : "misuse of aggregate function ") + misplaced.name() + "()");
            }
        });
        List<List<Expr>> levelTerms = placed.levelTerms;
        List<List<Expr>> postTerms = placed.postTerms;
        List<Eval> guards = placed.guards;
        Eval guard = guards.isEmpty() ? null : andEvals(guards);
        scope.aggregatesRefused = false;
        // as SQLite: GROUP BY or an aggregate in the result columns (an ORDER BY aggregate of a
        // query that is none fails as it compiles)
        boolean aggregate = forceAggregate || !q.groupBy().isEmpty();
        for (Expr e : exprs) {
            aggregate |= AggregateCalls.containsAggregate(planner, e, scope);
        }
        if (q.having() != null && !aggregate) {
            throw new OneLiteException(ResultCode.ERROR, "HAVING clause on a non-aggregate query");
        }
        AggregateCollector collector = aggregate ? new AggregateCollector() : null;
        Eval[] groupBy = new Eval[q.groupBy().size()];
        List<Expr> groupExprs = new ArrayList<>();
        List<Collation> groupColls = new ArrayList<>();
        List<Expr> groupTerms = new ArrayList<>(); // written out: an alias as its expression
        List<CExpr> groupValues = new ArrayList<>();
        for (int i = 0; i < groupBy.length; i++) {
            Expr g = q.groupBy().get(i);
            Long k = Planner.termNumber(g);
            if (k != null) {
                if (k < 1 || k > exprs.size()) {
                    throw new OneLiteException(ResultCode.ERROR, Planner.ordinal(i + 1)
                            + " GROUP BY term out of range - should be between 1 and " + exprs.size());
                }
                g = exprs.get((int) (k - 1));
            }
            scope.clause = OuterAggregates.Clause.GROUP_BY;
            // a term written here sees no enclosing query; one copied from the result columns does
            scope.hidesOuter = g == q.groupBy().get(i);
            CExpr gc = new ExprCompiler(planner, scope).compile(g);
            scope.hidesOuter = false;
            Collation coll = gc.collation() == null ? Collation.BINARY : Collation.byName(gc.collation());
            groupBy[i] = CoreOrders.groupKey(gc.eval(), coll == null ? Collation.BINARY : coll);
            groupExprs.add(g);
            groupColls.add(coll == null ? Collation.BINARY : coll);
            groupTerms.add(GroupTermValues.canonical(scope, ResultAliases.expand(g, aliases, isColumn, planner.functions)));
            groupValues.add(gc);
        }
        scope.aggregates = collector;
        List<io.onelite.exec.WindowSpec> windowSpecs = new ArrayList<>();
        scope.windowSpecs = windowSpecs;
        scope.clause = OuterAggregates.Clause.RESULT;
        scope.windowed = exprs.stream().anyMatch(WindowCompiler::callsWindow)
                || orderBy.stream().anyMatch(t -> WindowCompiler.callsWindow(t.expr()));
        ExprCompiler out = new ExprCompiler(planner, scope);
        scope.aliases = null;
        List<Eval> outputs = new ArrayList<>();
        // outputs that only read a column: a top-N sort may leave such a sort key unread too
        java.util.BitSet columnRead = new java.util.BitSet();
        char[] affs = new char[exprs.size()];
        String[] colls = new String[exprs.size()];
        List<String> declTypes = new ArrayList<>();
        List<String> tables = new ArrayList<>();
        // the result columns read back from the sort key, whose window values have no JSON subtype
        boolean sortKeyReads = outer == null || !outer.noSortKeyReads;
        java.util.BitSet fromSortKey = sortKeyReads ? SortKeyColumns.of(q.distinct(), orderBy, exprs, asNames)
                : new java.util.BitSet();
        if (sortKeyReads && armSortKeys != null && !q.distinct()) {
            fromSortKey.or(armSortKeys);
        }
        List<Expr> canonicalExprs = groupTerms.isEmpty() ? exprs
                : exprs.stream().map(x -> GroupTermValues.canonical(scope, x)).toList();
        for (int i = 0; i < exprs.size(); i++) {
            Expr e = exprs.get(i);
            scope.readFromSortKey = fromSortKey.get(i);
            int term = !scope.windowed && !groupTerms.isEmpty()
                    ? GroupTermValues.termOf(i, canonicalExprs, groupTerms, q.distinct(), orderBy, asNames) : -1;
            // compiled even when the GROUP BY term's value is shown: the columns it reads still
            // count as read (no covering index), as in SQLite
            CExpr c = out.compile(e);
            if (term >= 0) {
                int slot = collector.add(GroupTermValues.firstRow(groupValues.get(term).eval()));
                c = new CExpr(AggregateCollector.slotReader(slot), c.affinity(), c.collation(), c.explicitColl(), false);
            }
            scope.readFromSortKey = false;
            if (CoreOrders.isColumnRead(scope, e)) {
                columnRead.set(outputs.size());
            }
            outputs.add(c.eval());
            affs[i] = c.affinity();
            colls[i] = c.collation();
            Column col = null;
            String tbl = null;
            if (e instanceof Expr.ColumnRef cr) {
                Scope.Ref r = scope.peek(cr.table(), cr.column());
                if (r != null && r.depth() == 0 && r.source().table() != null && r.column() >= 0) {
                    col = r.source().table().columns().get(r.column());
                    tbl = r.source().table().name();
                    if (Flattening.isComputed(col)) {
                        // a flattened view's expression: a column's copy names that column, anything
                        // else no declared type and no table, as SQLite's
                        col = Flattening.copiedColumn(r.source().table(), col);
                        tbl = col == null ? null : tbl;
                    }
                } else if (r != null && r.depth() == 0 && r.source().table() != null) {
                    tbl = r.source().table().name();
                    declTypes.add("INTEGER");
                    tables.add(tbl);
                    continue;
                }
            }
            declTypes.add(col == null || col.declaredType().isEmpty() ? null : col.declaredType());
            tables.add(tbl);
        }
        int havingSlots = collector == null ? 0 : collector.slots.size();
        Eval having = null;
        if (q.having() != null) {
            scope.clause = OuterAggregates.Clause.HAVING;
            scope.aliases = aliases;
            scope.windowSpecs = null; // "misuse of window function": HAVING filters the groups before windows run
            having = out.eval(q.having());
            scope.windowSpecs = windowSpecs;
            scope.aliases = null;
        }
        int orderSlots = collector == null ? 0 : collector.slots.size();
        int visible = exprs.size();
        boolean orderCoded = OrderCoding.isCoded(q, aggregate, scope.windowed);
        int outputsBeforeOrder = outputs.size();
        int[] keys = new int[orderBy.size()];
        boolean[] desc = new boolean[keys.length];
        Collation[] keyColls = new Collation[keys.length];
        boolean[] nullsFirst = new boolean[keys.length];
        Expr[] orderExprs = new Expr[keys.length];
        for (int i = 0; i < keys.length; i++) {
            OrderingTerm t = orderBy.get(i);
            Expr e = t.expr();
            String explicit = null;
            if (e instanceof Expr.Collate c) {
                explicit = c.collation();
                e = c.expr();
            }
            int k = -1;
            if (Planner.termNumber(e) != null) {
                k = Planner.resultIndex(e, names, visible, i + 1);
            } else if (e instanceof Expr.ColumnRef c && c.table() == null && aliases.containsKey(c.column().toLowerCase(Locale.ROOT))) {
                k = Planner.resultIndex(e, names, visible, i + 1);
            }
            orderExprs[i] = k >= 0 ? exprs.get(k) : e;
            String cn;
            if (k < 0) {
                scope.clause = OuterAggregates.Clause.ORDER_BY;
                scope.aliases = aliases;
                scope.hidesOuter = true; // as GROUP BY
                CExpr c = orderCoded ? out.compile(e) : OrderCoding.resolveOnly(planner, out, e);
                scope.hidesOuter = false;
                scope.aliases = null;
                k = outputs.size();
                if (CoreOrders.isColumnRead(scope, e)) {
                    columnRead.set(k);
                }
                outputs.add(c.eval());
                cn = c.collation();
            } else {
                cn = colls[k];
            }
            if (explicit != null) {
                if (Collation.byName(explicit) == null) {
                    throw new OneLiteException(ResultCode.ERROR, "no such collation sequence: " + explicit);
                }
                cn = explicit;
            }
            keys[i] = k;
            desc[i] = t.descending();
            keyColls[i] = cn == null ? Collation.BINARY : Collation.byName(cn);
            nullsFirst[i] = t.nulls() == null || t.nulls() == NullsOrder.DEFAULT ? !desc[i] : t.nulls() == NullsOrder.FIRST;
        }
        if (!orderCoded) { // the names resolved; no row is sorted by them
            keys = new int[0];
            desc = new boolean[0];
            keyColls = new Collation[0];
            nullsFirst = new boolean[0];
            orderExprs = new Expr[0];
            columnRead.clear(outputsBeforeOrder, Math.max(outputsBeforeOrder, outputs.size()));
            outputs.subList(outputsBeforeOrder, outputs.size()).clear();
        }
        scope.aggregates = null;
        scope.windowSpecs = null;
        scope.clause = null;
        boolean windows = !windowSpecs.isEmpty();
        // groups come out in GROUP BY order, each term ascending unless ORDER BY asks otherwise
        boolean orderFollowsGroups = aggregate && !windows && keys.length > 0
                && CoreOrders.orderMatchesGroups(scope, groupExprs, groupColls, orderExprs, desc, keyColls, nullsFirst);
        boolean[] groupDesc = new boolean[groupExprs.size()];
        if (orderFollowsGroups) {
            System.arraycopy(desc, 0, groupDesc, 0, keys.length);
        }
        // levels come last: every column the query reads is known, so covering indexes show
        List<AccessPlanner.OrderTerm> wish = null;
        MinMaxQueries.Extreme extreme = aggregate ? MinMaxQueries.find(planner, scope, q, collector, windows) : null;
        boolean plainDistinct = q.distinct() && !aggregate && !windows && nLevels > 0 && !from.hasRightJoin();
        if (nLevels > 0 && !from.hasRightJoin() && !windows) {
            wish = extreme != null ? extreme.order() : aggregate ? CoreOrders.groupOrder(scope, groupExprs, groupColls, groupDesc, orderFollowsGroups ? keys.length : 0)
                    : plainDistinct && keys.length == 0
                    ? (DistinctPlans.redundant(scope, exprs, colls, nLevels) ? null : DistinctPlans.wish(scope, exprs, colls))
                    : CoreOrders.sortOrder(scope, orderExprs, desc, keyColls, nullsFirst);
        }
        AccessPlanner.Access firstAccess = null;
        // an ORDER BY of a plain query: a walk giving its leading terms leaves the rest to sort per
        // run; when a later term is not of the first source, its leading terms are the wish
        boolean sortWish = !aggregate && keys.length > 0 && nLevels > 0 && !from.hasRightJoin() && !windows;
        boolean prefixWish = false;
        if (sortWish && wish == null) {
            wish = CoreOrders.sortOrderPrefix(scope, orderExprs, desc, keyColls, nullsFirst);
            prefixWish = wish != null;
        }
        sortWish &= wish != null;
        boolean ordered = false;
        // the WHERE and ON terms compile again for their levels, with the aliases SQLite lets them use
        scope.aliases = aliases;
        scope.clause = OuterAggregates.Clause.FROM_WHERE;
        Level[] levels = new Level[nLevels];
        double outerRows = 1; // estimated rows of the loops outside level i (see JoinOrder)
        for (int i = 0; i < nLevels; i++) {
            FromPlanner.Entry entry = from.entries.get(scope.slotAt(i));
            AccessPlanner.Access access = AccessPlanner.plan(planner, scope, entry, levelTerms.get(i),
                    i == 0 ? wish : null, limit, i == 0 && sortWish);
            levels[i] = access.level();
            if (i == 0) {
                firstAccess = access;
            }
            if (i > 0) {
                Level auto = AutoIndexes.plan(planner, scope, entry, EquivalenceTerms.stated(scope, levelTerms.get(i)), levels[i], outerRows);
                if (auto != null) {
                    levels[i] = auto;
                }
            }
            outerRows *= JoinOrder.estimate(levels[i], entry.table)[0];
            ordered |= i == 0 && wish != null && access.ordered() && !prefixWish;
            levels[i].filter = and(planner, scope, EquivalenceTerms.stated(scope, levels[i] == access.level()
                    ? AccessPlanner.checked(planner, scope, entry.slot, entry.table, levelTerms.get(i), levels[i])
                    : levelTerms.get(i)));
            levels[i].postFilter = and(planner, scope, EquivalenceTerms.stated(scope, postTerms.get(i)));
            levels[i].leftJoin = entry.leftJoin;
        }
        if (extreme != null && nLevels > 0) {
            MinMaxQueries.configure(extreme, levels, ordered, scope, scope.sources.get(scope.slotAt(0)).table());
        } else if (!plainDistinct && !from.hasRightJoin() && nLevels > 1) {
            OuterScanOrder.apply(scope, from, levelTerms, levels, firstAccess);
        }
        levels = JoinLevels.assemble(planner, scope, from, placed, levels);
        scope.aliases = null;
        scope.clause = null;
        DistinctPlans.Mode distinctMode = plainDistinct
                ? DistinctPlans.mode(scope, exprs, colls, firstAccess, nLevels) : DistinctPlans.Mode.TEMP_TREE;
        // SELECT DISTINCT x ... ORDER BY x: SQLite's one sort serves both (worded as for DISTINCT)
        boolean sortIsDistinct = plainDistinct && keys.length > 0 && distinctMode == DistinctPlans.Mode.TEMP_TREE
                && DistinctPlans.orderIsOutputs(scope, orderBy, orderExprs, exprs);
        if (keys.length > 0 && ((!aggregate && ordered) || orderFollowsGroups || (aggregate && groupBy.length == 0))) {
            // (an aggregate without GROUP BY has one row at most: nothing to sort, as SQLite)
            keys = new int[0]; // the rows already come in ORDER BY order
        }
        Eval[] outArr = outputs.toArray(new Eval[0]);
        io.onelite.exec.WindowSpec[] specs = windowSpecs.isEmpty() ? null
                : windowSpecs.toArray(new io.onelite.exec.WindowSpec[0]);
        Query query;
        if (aggregate) {
            GroupSlot[] slots = collector.slots.toArray(new GroupSlot[0]);
            if (isBareCount(scope, q, exprs, orderBy, levels, levelTerms, postTerms, guard, specs)
                    && !planner.functions.hasName("count")) { // an application count() is no built-in count(*)
                FromPlanner.Entry counted = from.entries.get(0);
                io.onelite.exec.IndexLevel walk = AccessPlanner.countWalk(planner, scope, counted);
                query = new io.onelite.exec.CountQuery(AccessPlanner.access(counted.table), walk);
            } else if (isRangeCount(scope, q, exprs, orderBy, levels, levelTerms, postTerms, guard, specs)
                    && !planner.functions.hasName("count")) {
                query = io.onelite.exec.CountQuery.ofRange(AccessPlanner.access(from.entries.get(0).table), levels[0]);
            } else {
                query = new AggregateQuery(nLevels, levels, guard, groupBy, slots, having, outArr, visible, q.distinct())
                        .withWindows(specs).withExtremeSlot(collector.decidingExtreme(havingSlots, orderSlots))
                        .withFirstExtremeWins(extreme != null && ordered)
                        .withSortedInput(ordered && groupBy.length > 0).withGroupOrder(groupDesc)
                        .withDistinctCollations(collations(colls))
                        .withSlotProbes(extreme == null ? ExtremeProbes.plan(planner, scope, q, collector, windows) : null);
            }
        } else {
            int[] widths = new int[nLevels];
            for (int i = 0; i < nLevels; i++) {
                widths[i] = scope.sources.get(i).columnNames().size();
            }
            boolean[] columnReads = new boolean[outArr.length];
            for (int i = columnRead.nextSetBit(0); i >= 0 && i < columnReads.length; i = columnRead.nextSetBit(i + 1)) {
                columnReads[i] = true;
            }
            // rows already unique are compared with the previous one too: cheap, and every
            // output is still evaluated before a sort, as SQLite's DISTINCT does
            query = new CoreQuery(nLevels, levels, guard, outArr, visible, q.distinct()).withWindows(specs, widths)
                    .withColumnReads(columnReads).withDistinctCollations(collations(colls))
                    .withAdjacentDistinct(distinctMode != DistinctPlans.Mode.TEMP_TREE);
        }
        if (keys.length > 0 || limit != null || outArr.length != visible) {
            ExprCompiler lc = new ExprCompiler(planner, Scope.limitClause(outer));
            Eval lim = limit == null ? null : lc.eval(limit);
            Eval off = offset == null ? null : lc.eval(offset);
            // the first loop's walk may give the leading ORDER BY terms: sort only the rest, per run
            int presorted = !sortWish || ordered ? 0
                    : prefixWish && firstAccess.ordered() ? wish.size() : firstAccess.sortedPrefix();
            query = new SortLimitQuery(query, visible, keys, desc, keyColls, nullsFirst, lim, off)
                    .withoutOwnPlanLine(sortIsDistinct).withSortedPrefix(presorted);
        }
        // SQLite's window rewrite moves the aggregates inside window calls into a subquery: when
        // there are no others its code generator refuses a HAVING, after every name has resolved
        if (q.having() != null && q.groupBy().isEmpty() && !forceAggregate
                && exprs.stream().noneMatch(x -> AggregateCalls.containsAggregateOutsideWindows(planner, x, scope))) {
            throw new OneLiteException(ResultCode.ERROR, "HAVING clause on a non-aggregate query");
        }
        return new Planner.Planned(query, names, declTypes, tables, affs, colls,
                List.of(SubqueryColumnTypes.Arm.of(exprs, affs, colls, scope, out)), tableNames);
    }

    /** {@code e} without the COLLATE operators and likely(), unlikely(), likelihood() calls around it (sqlite3ExprSkipCollateAndLikely). */
    static Expr skipCollateAndLikely(Expr e) {
        while (true) {
            if (e instanceof Expr.Collate c) {
                e = c.expr();
            } else if (e instanceof Expr.FunctionCall f && f.over() == null && f.filter() == null
                    && (f.name().equalsIgnoreCase("likely") && f.args().size() == 1
                    || f.name().equalsIgnoreCase("unlikely") && f.args().size() == 1
                    || f.name().equalsIgnoreCase("likelihood") && f.args().size() == 2)) {
                e = f.args().get(0);
            } else {
                return e;
            }
        }
    }

    /**
     * Whether the loop order may differ from the FROM order: 2 to {@link JoinOrder#MAX_REORDERED}
     * tables, no RIGHT or FULL JOIN, CROSS JOIN (SQLite's way to fix the order) or parenthesised
     * join, no subquery, view or table function among them, no aggregate in a WHERE/ON term. A
     * LEFT JOIN's right side stays after every table written before it
     * ({@link JoinOrder#mayFollow}).
     */
    private static boolean reorderable(Planner planner, FromPlanner from, List<FromPlanner.Term> terms) {
        int n = from.entries.size();
        if (n < 2 || n > JoinOrder.MAX_REORDERED || from.hasRightJoin() || from.hasRunningGroups() || from.crossJoin) {
            return false;
        }
        for (FromPlanner.Entry e : from.entries) {
            if (e.table == null || e.functionRows != null || e.group >= 0) {
                return false;
            }
        }
        for (FromPlanner.Term t : terms) {
            if (t.onGroup() >= 0 || AggregateCalls.containsAggregate(planner.functions, t.expr())) {
                return false;
            }
        }
        return true;
    }

    private static void chooseJoinOrder(Planner planner, Scope scope, FromPlanner from, List<FromPlanner.Term> terms) {
        List<JoinOrder.Term> joinTerms = new ArrayList<>();
        InTermWidths placementsOwn = planner.inTermWidths;
        planner.inTermWidths = TermPlacement.inTermWidths(from, scope, terms); // the placement below checks the IN terms' widths
        try {
            for (FromPlanner.Term t : terms) {
                scope.innerSlotRefs.clear();
                ExprCompiler ec = new ExprCompiler(planner, scope);
                ec.compile(t.expr());
                java.util.BitSet u = (java.util.BitSet) ec.slotsUsed.clone();
                u.or(scope.innerSlotRefs);
                if (t.onLevel() >= 0) {
                    u.set(from.entries.get(t.onLevel()).slot); // an outer join's ON term is checked at its right side
                }
                joinTerms.add(new JoinOrder.Term(t.expr(), u, t.onLevel()));
            }
        } catch (RuntimeException e) {
            return; // the placement below reports it
        } finally {
            planner.inTermWidths = placementsOwn;
        }
        JoinOrder.choose(planner, scope, from, joinTerms);
    }

    /**
     * {@code SELECT count(*) FROM t}: one full scan of a rowid table, no WHERE/ON term, GROUP BY,
     * HAVING, DISTINCT, ORDER BY or window; the only result is a count of every row
     * ({@link #countsEveryRow}).
     */
    private static boolean isBareCount(Scope scope, SelectCore.Query q, List<Expr> exprs, List<OrderingTerm> orderBy, Level[] levels,
                                       List<List<Expr>> levelTerms, List<List<Expr>> postTerms, Eval guard,
                                       io.onelite.exec.WindowSpec[] specs) {
        return levels.length == 1 && (levels[0] instanceof io.onelite.exec.ScanLevel
                || levels[0] instanceof io.onelite.exec.IndexLevel il && il.isFullScan())
                && levelTerms.get(0).isEmpty() && onlyCountStar(scope, q, exprs, orderBy, postTerms, guard, specs);
    }

    /**
     * {@code SELECT count(*) FROM t WHERE ...} read through one rowid or index range that
     * enforces every term, so that its filter is empty ({@link AccessPlanner#checked}): the
     * range's entries are counted from the pages it spans, none visited.
     */
    private static boolean isRangeCount(Scope scope, SelectCore.Query q, List<Expr> exprs, List<OrderingTerm> orderBy, Level[] levels,
                                        List<List<Expr>> levelTerms, List<List<Expr>> postTerms, Eval guard,
                                        io.onelite.exec.WindowSpec[] specs) {
        return levels.length == 1 && levels[0] instanceof io.onelite.exec.CountingLevel && levels[0].filter == null
                && !levels[0].leftJoin && !levelTerms.get(0).isEmpty()
                && onlyCountStar(scope, q, exprs, orderBy, postTerms, guard, specs);
    }

    /** The query's one result counts every row ({@link #countsEveryRow}), with no grouping, window, guard or later term. */
    private static boolean onlyCountStar(Scope scope, SelectCore.Query q, List<Expr> exprs, List<OrderingTerm> orderBy,
                                         List<List<Expr>> postTerms, Eval guard, io.onelite.exec.WindowSpec[] specs) {
        return postTerms.get(0).isEmpty() && guard == null
                && q.groupBy().isEmpty() && q.having() == null && !q.distinct() && specs == null
                && orderBy.isEmpty() && exprs.size() == 1
                && exprs.get(0) instanceof Expr.FunctionCall fc && fc.name().equalsIgnoreCase("count")
                && countsEveryRow(scope, fc) && !fc.distinct() && fc.filter() == null && fc.over() == null
                && fc.orderBy().isEmpty();
    }

    /**
     * {@code count(*)}, or a count of a value no row lacks, which counts every row just the same:
     * a constant but NULL ({@code count(1)}), or the rowid (or its INTEGER PRIMARY KEY alias, as
     * Hibernate's {@code count(o1_0.id)} of a Spring Data page's count query). SQLite's plan for
     * all of them reads the same index ("SCAN t USING COVERING INDEX i").
     */
    private static boolean countsEveryRow(Scope scope, Expr.FunctionCall fc) {
        if (fc.star()) {
            return fc.args().isEmpty();
        }
        if (fc.args().size() != 1) {
            return false;
        }
        Expr arg = fc.args().get(0);
        if (arg instanceof Expr.Literal l) {
            return l.value() != null;
        }
        if (!(arg instanceof Expr.ColumnRef c)) {
            return false;
        }
        Scope.Ref r = scope.peek(c.table(), c.column());
        if (r == null || r.depth() != 0) {
            return false;
        }
        io.onelite.catalog.Table t = r.source().table();
        return t != null && t.clustered() == null && (r.column() == -1 || r.column() == t.rowidAlias());
    }

    /** The name of result column {@code e}: its alias, else the column {@code named} reads, else its text. */
    private static String resultName(Scope scope, ResultColumn.Expression e, Expr named) {
        return e.alias() != null ? e.alias() : named instanceof Expr.ColumnRef c ? columnName(scope, c) : e.text();
    }

    private static String columnName(Scope scope, Expr.ColumnRef c) {
        Scope.Ref r = scope.peek(c.table(), c.column());
        if (r != null && r.depth() == 0 && r.column() >= 0) {
            return scope.displayName(r.source(), r.column());
        }
        return c.column();
    }

    static Eval and(Planner planner, Scope scope, List<Expr> terms) {
        if (terms.isEmpty()) {
            return null;
        }
        List<Eval> evals = new ArrayList<>();
        for (Expr e : terms) {
            evals.add(new ExprCompiler(planner, scope).eval(e));
        }
        return andEvals(evals);
    }

    static Eval andEvals(List<Eval> evals) {
        if (evals.size() == 1) {
            return evals.get(0); // every reader of a filter or guard asks only ValueOps.isTrue of it
        }
        Eval[] arr = evals.toArray(new Eval[0]);
        return f -> {
            for (Eval e : arr) {
                if (!ValueOps.isTrue(e.eval(f))) {
                    return 0L;
                }
            }
            return 1L;
        };
    }

    /** Collations by name as the exec layer takes them (null where a column has none: BINARY). */
    static Collation[] collations(String[] names) {
        Collation[] out = new Collation[names.length];
        for (int i = 0; i < names.length; i++) {
            out[i] = names[i] == null ? null : Collation.byName(names[i]);
        }
        return out;
    }
}
