package io.onelite.plan;

import io.onelite.catalog.Column;
import io.onelite.catalog.Schema;
import io.onelite.catalog.Table;
import io.onelite.catalog.View;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.exec.Query;
import io.onelite.exec.RecursiveQuery;
import io.onelite.sql.ast.CommonTableExpr;
import io.onelite.sql.ast.Expr;
import io.onelite.sql.ast.FromItem;
import io.onelite.sql.ast.Join;
import io.onelite.sql.ast.SelectStmt;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Flattens a FROM clause into its sources, in join order, registering them in the scope; the
 * joins ({@link FromJoins}) mark outer joins and parenthesised joins ({@link Group}) and collect
 * their constraints (ON, USING, NATURAL) as terms; table-valued functions come from
 * {@link TableFunctions}.
 */
final class FromPlanner {
    /** A flattened FROM source. */
    static final class Entry {
        int slot;
        Table table;
        /** For subqueries, views and CTEs: the planned query. */
        Query query;
        boolean queryCorrelated;
        boolean leftJoin;
        /** The right side of a RIGHT or FULL JOIN. */
        boolean rightJoin;
        /** The parenthesised join ({@link Group}) it sits in directly, or -1. */
        int group = -1;
        /** The USING (or NATURAL) columns of the join it is the right side of, and their values. */
        List<String> using = List.of();
        List<Expr> usingValues = List.of();
        /** Per USING column: the left side's {slot, column} it was matched with. */
        List<int[]> usingLeft = List.of();
        String name;
        /** For a view read straight from its table ({@link Flattening}): how the query plan names it. */
        String shownAs;
        /**
         * A view, FROM subquery or CTE planned as a query of its own: what it reads (the view's
         * name, the CTE, or the subquery's FROM item), for {@link SubqueryPlans}; null otherwise.
         */
        Object subquery;
        /** Whether WHERE terms of the query were pushed into it ({@link PushDown}). */
        boolean pushedInto;
        /** Whether its query may read result columns back from its sort key ({@link SortKeyColumns}). */
        boolean sortKeyReads;
        /** EXPLAIN QUERY PLAN's line introducing its plan ("CO-ROUTINE v", {@link SubqueryPlans}), or null: not shown. */
        String subplan;
        /** The right side of a CROSS JOIN. */
        boolean crossJoin;
        /**
         * Whether WHERE terms may constrain its table's index lookups in SQLite: not when it sits on
         * an outer join's nullable side or is a RIGHT JOIN's right side ({@link InTermIndexReads}).
         */
        boolean whereConstrains = true;
        /** A joined subquery that may take more terms once the FROM clause is whole ({@link #pushJoinTerms}). */
        JoinPush joinPush;
        /** {@code INDEXED BY name}: the only index the source may be read through; else null. */
        String indexedBy;
        /** {@code NOT INDEXED}: the source is read by rowid or scanned, never through an index. */
        boolean notIndexed;
        /** For table-valued functions: the rows, computed (or streamed) from the join frame at each start. */
        java.util.function.Function<io.onelite.exec.Frame, io.onelite.exec.PulledRows> functionRows;
    }

    /**
     * A WHERE or ON term. {@code onLevel} >= 0 for the ON terms of a LEFT/RIGHT/FULL JOIN whose
     * right side is one source: its level, where they are checked; {@code onGroup} >= 0 for those
     * whose right side is a parenthesised join ({@link Group}). Otherwise {@code nodeEnd} is the
     * last level of the (inner) join whose ON clause it is, -1 for WHERE terms: the term
     * restricts that join's rows, so it must be checked after every RIGHT/FULL JOIN inside it and
     * before any RIGHT/FULL JOIN around it. {@code context} is the group the join sits in, or -1.
     */
    record Term(Expr expr, int onLevel, int onGroup, int nodeEnd, int context) {
        Term(Expr expr, int onLevel) {
            this(expr, onLevel, -1, -1, -1);
        }
    }

    /**
     * A parenthesised join on the right of another join, its entries {@code first..last}. As in
     * SQLite (which makes it a subquery), a USING column is looked up inside it only, and
     * {@code *} lists a USING column before the columns of the join's left side. On the right of
     * an outer join, or holding a RIGHT/FULL JOIN, it runs as one level of its own join loop
     * ({@code runsAsLevel}); else its entries join the enclosing loops.
     */
    static final class Group {
        final int id;
        /** The group it sits in, or -1. */
        final int parent;
        final int first;
        int last;
        boolean runsAsLevel;
        boolean leftJoin;
        boolean rightJoin;
        List<String> using = List.of();
        List<Expr> usingValues = List.of();
        List<int[]> usingLeft = List.of();

        Group(int id, int parent, int first) {
            this.id = id;
            this.parent = parent;
            this.first = first;
        }
    }

    final List<Group> groups = new ArrayList<>();

    /** The levels that are the right side of a RIGHT or FULL JOIN, ascending (no reordering then). */
    final List<Integer> rightJoins = new ArrayList<>();
    /** Whether a CROSS JOIN appears: SQLite then keeps the tables in the order written. */
    boolean crossJoin;

    /** Set by a SELECT whose FROM clause is one item, not a join ({@link SortKeyColumns}). */
    boolean soleItem;
    /** Set by a SELECT with an ORDER BY, which makes SQLite drop its FROM subqueries' ({@link SortKeyColumns}). */
    boolean orderedQuery;

    /** The query's WHERE terms, which {@link PushDown} may copy into a compound subquery's arms. */
    List<Expr> pushable = List.of();
    /**
     * Whether a view or subquery may be read straight from its table ({@link Flattening}): set
     * by a SELECT, whose WHERE then takes the view's ({@link #flattenedWhere}).
     */
    boolean flattens;
    /** The WHERE terms of the views and subqueries flattened, for the query's own WHERE. */
    final List<Expr> flattenedWhere = new ArrayList<>();
    /** The query's result-column aliases, which the {@link #pushable} terms may name ({@link ResultAliases}). */
    java.util.Map<String, Expr> pushableAliases = java.util.Map.of();
    /**
     * In a join: the FROM items a {@link #pushable} term may go into, and on what condition
     * ({@link PushDown#sides}); qualified terms go at once, bare names and ON terms once the FROM clause is whole
     * ({@link #pushJoinTerms}). Null for one source.
     */
    java.util.Map<FromItem, PushDown.Side> pushInto;
    /**
     * The WHERE terms that may give a table-valued function the arguments its call leaves out
     * ({@link TableFunctions}; none when the FROM clause has an outer join), and those it took:
     * the query leaves them out of its WHERE, as SQLite omits a constraint a virtual table uses.
     */
    List<Expr> argumentTerms = List.of();
    final java.util.Set<Expr> argumentTermsTaken = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    final List<Entry> entries = new ArrayList<>();
    final List<Term> terms = new ArrayList<>();
    final Planner planner;
    final Scope scope;
    private final FromJoins joins = new FromJoins(this);
    private final TableFunctions functions;

    boolean hasRightJoin() {
        return !rightJoins.isEmpty() || groups.stream().anyMatch(g -> g.rightJoin);
    }

    /** The group that runs as a level nearest around {@code group} (itself if it does), or -1. */
    int runningGroup(int group) {
        int g = group;
        while (g >= 0 && !groups.get(g).runsAsLevel) {
            g = groups.get(g).parent;
        }
        return g;
    }

    boolean hasRunningGroups() {
        return groups.stream().anyMatch(g -> g.runsAsLevel);
    }

    /**
     * The scope slot of entry 0: 0 for a SELECT, 1 in UPDATE ... FROM (the target comes first).
     * A USING column is looked up among the FROM clause's own sources only (SQLite makes a FROM
     * clause of several terms in UPDATE a subquery).
     */
    final int base;

    FromPlanner(Planner planner, Scope scope) {
        this.planner = planner;
        this.scope = scope;
        this.base = scope.sources.size();
        this.functions = new TableFunctions(this); // after the fields it reads
    }

    void add(FromItem item) {
        if (item instanceof Join j) {
            joins.add(j);
            return;
        }
        Entry e = new Entry();
        e.slot = entries.size();
        e.group = joins.context();
        if (item instanceof FromItem.Table t) {
            planner.checkBound(t.name().schema());
            String name = t.name().name();
            String alias = t.alias() != null ? t.alias() : name;
            CteExpansion.WorkingRead read = planner.cteExpansion.read(item);
            Planner.CteRef cte = read == null && t.name().schema() == null ? planner.cteRef(name, planner.ctes.size()) : null;
            if (read != null) {
                workingTable(e, read, alias);
            } else if (cte != null) {
                cte(e, t, cte.cte(), cte.depth(), alias);
            } else {
                Table table = planner.schema.table(t.name());
                if (table != null) {
                    e.table = table;
                    e.whereConstrains = pushInto == null || pushInto.get(item) == PushDown.Side.FREE;
                    e.indexedBy = t.indexedBy();
                    e.notIndexed = t.notIndexed();
                    e.name = alias.equals(name) ? name : name + " AS " + alias;
                    int n = table.columns().size();
                    char[] aff = new char[n];
                    String[] coll = new String[n];
                    List<String> names = new ArrayList<>();
                    for (int i = 0; i < n; i++) {
                        Column c = table.columns().get(i);
                        aff[i] = c.affinity();
                        coll[i] = c.collation();
                        names.add(c.name());
                    }
                    scope.sources.add(new Source(alias, table, names, aff, coll, !table.withoutRowid(), new boolean[n]));
                } else {
                    View v = planner.schema.view(t.name());
                    String lower = name.toLowerCase(Locale.ROOT);
                    if (v == null && functions.isEponymous(t.name())) {
                        // a table-valued function named without arguments: FROM pragma_table_info WHERE arg = 't'
                        functions.addEponymous(e, new FromItem.TableFunction(t.name(), List.of(), t.alias()));
                        entries.add(e);
                        return;
                    }
                    if (v == null) {
                        throw missingTable(planner, t.name());
                    }
                    planner.inView(v, () -> {
                        addingView = v;
                        try {
                            subquery(e, v.select(), alias, v.columnNames(), v.name(), pushSide(item, e), true);
                        } finally {
                            addingView = null;
                        }
                        e.subquery = e.query != null ? v.name() : null;
                        return null;
                    });
                }
            }
        } else if (item instanceof FromItem.Subquery s) {
            subquery(e, s.select(), s.alias() != null ? s.alias() : "(subquery-" + (e.slot + 1) + ")", List.of(), null,
                    pushSide(item, e), true);
            e.subquery = e.query != null ? s : null;
        } else {
            FromItem.TableFunction tf = (FromItem.TableFunction) item;
            CommonTableExpr cte = tf.name().schema() == null ? planner.cte(tf.name().name()) : null;
            if (cte != null) { // a CTE is looked up first, and has no arguments
                planner.cteExpansion.checkReference(cte);
                throw new OneLiteException(ResultCode.ERROR, "'" + tf.name().name() + "' is not a function");
            }
            functions.add(e, tf);
        }
        entries.add(e);
    }

    /** A recursive arm's reference to its CTE: the one row of the working table at each step. */
    private void workingTable(Entry e, CteExpansion.WorkingRead read, String alias) {
        List<String> names = read.names();
        RecursiveQuery.WorkingTable rows = read.rows();
        Query working = new Query() {
            @Override
            public int columnCount() {
                return names.size();
            }

            @Override
            public io.onelite.exec.RowIterator open(io.onelite.exec.ExecContext ctx, io.onelite.exec.Frame outer) {
                return io.onelite.exec.ListLevel.iterate(rows.rows());
            }
        };
        // SQLite's queue holds rows as records: the JSON subtype does not come back
        e.query = io.onelite.exec.SubtypeFreeQuery.of(working, java.util.stream.IntStream.range(0, names.size()).toArray());
        e.queryCorrelated = true; // re-read at each step
        e.name = alias;
        Planner.Planned initial = read.initial();
        scope.sources.add(new Source(alias, null, new ArrayList<>(names), initial.affinities().clone(),
                initial.collations().clone(), false, new boolean[names.size()]));
    }

    /**
     * CTE {@code cte}, written in the first {@code depth} WITH clauses, read as FROM term {@code
     * t}: refused as SQLite's resolveFromTermToCte refuses it (a reference during its own
     * expansion, INDEXED BY, two references in a recursive arm), else planned as a recursive
     * query ({@link RecursiveCtes}) or a subquery, its SELECT seeing the CTEs around it only.
     */
    private void cte(Entry e, FromItem.Table t, CommonTableExpr cte, int depth, String alias) {
        planner.cteExpansion.checkReference(cte);
        if (t.indexedBy() != null) {
            throw new OneLiteException(ResultCode.ERROR, "no such index: \"" + t.indexedBy() + "\"");
        }
        int firstRecursive = RecursiveArms.first(cte.select(), cte.name());
        if (firstRecursive < cte.select().cores().size()) {
            Scope probe = new Scope(scope.outer, true);
            probe.noSortKeyReads = true;
            Planner.Planned p = RecursiveCtes.plan(planner, new Planner.CteRef(cte, depth), firstRecursive, probe);
            e.query = io.onelite.exec.SubtypeFreeQuery.of(p.query(), computedColumns(cte.select(), p.names().size()));
            e.queryCorrelated = probe.correlatedFromInside;
            e.name = alias;
            // its columns' affinities by the compound rule over both parts, as any compound read in FROM
            scope.sources.add(new Source(alias, null, new ArrayList<>(p.tableNames()), p.tableAffinities().clone(),
                    p.collations().clone(), false, new boolean[p.names().size()]));
            return;
        }
        // SQLite flattens a CTE unless MATERIALIZED, and pushes into one it reads as a
        // subquery only when it is named once (else its rows are shared)
        boolean flattens = cte.materialized() != CommonTableExpr.Materialized.MATERIALIZED;
        boolean once = flattens && planner.cteUses.getOrDefault(cte, 2) < 2;
        PushDown.Side side = flattens ? pushSide(t, e) : null;
        // as seeingCtes and expanding do, without their frames: a chain of CTEs nests this deeply
        java.util.Deque<java.util.Map<String, CommonTableExpr>> hidden = planner.hideCtes(depth);
        String during = planner.cteExpansion.enter(cte, CteExpansion.CIRCULAR);
        addingCteDepth = depth;
        try {
            subquery(e, cte.select(), alias, cte.columns(), null, side, once);
        } finally {
            addingCteDepth = -1;
            planner.cteExpansion.leave(cte, during);
            planner.showCtes(hidden);
        }
        e.subquery = e.query != null ? cte : null;
    }

    /** The error for a FROM clause naming {@code name}, which no table, view, CTE or table-valued function has. */
    static OneLiteException missingTable(Planner planner, io.onelite.sql.ast.QualifiedName name) {
        // inside a view outside temp, SQLite has bound the names to the view's database (sqlite3FixSrcList)
        String viewDb = planner.expandingDb;
        String shown = name.schema() == null && viewDb != null && !Schema.TEMP.equals(viewDb)
                ? viewDb + "." + name.name() : name.toString();
        return planner.schema.missingTable(name, shown);
    }

    /** On what condition WHERE terms may be pushed into the view or subquery {@code item} ({@link #pushInto}); null: none. */
    private PushDown.Side pushSide(FromItem item, Entry e) {
        return pushInto == null ? PushDown.Side.FREE : e.group < 0 ? pushInto.get(item) : null;
    }

    /** What a joined subquery needs to take more WHERE terms later: its SELECT as planned, its columns' names. */
    private record JoinPush(SelectStmt select, Planner.Planned planned, List<String> names, boolean nullable,
                            io.onelite.catalog.View view, int cteDepth) {
    }

    /** The view being planned by {@link #add} (its SELECT is re-planned in its context), or null. */
    private io.onelite.catalog.View addingView;
    /** Of the CTE being planned by {@link #add}: the WITH clauses its SELECT sees ({@link Planner#seeingCtes}); -1: none. */
    private int addingCteDepth = -1;

    /**
     * In a join, the terms SQLite pushes into a subquery that only the whole FROM clause shows
     * (SQLite binds names and moves ON terms into the WHERE clause before it pushes): a WHERE term
     * naming the subquery's column by its bare name, when the name binds to it (not when another
     * source has it too, ambiguous, nor when USING or NATURAL merged it into another source's
     * column); an inner join's ON term, as a WHERE term, when no RIGHT or FULL JOIN could stand
     * between (restriction 9); the ON terms of the LEFT JOIN the subquery is the right side
     * of, which filter its rows before NULL rows are added (restriction 4 allows those); and the
     * terms SQLite's constant propagation gives it ({@link JoinConstants}: {@code g.k = 7} from
     * {@code g.k = u.a AND u.a = 7}). With any of them, the subquery is planned again with them
     * and its qualified WHERE terms.
     */
    void pushJoinTerms() {
        if (pushInto == null) {
            return;
        }
        for (Entry e : entries) {
            JoinPush b = e.joinPush;
            if (b == null || e.query == null) {
                continue;
            }
            int slot = base + e.slot;
            List<Expr> terms = new ArrayList<>();
            boolean more = false;
            for (Expr t : pushable) {
                if (b.nullable() && !PushDown.rejectsNull(t)) {
                    continue; // on a nullable side, only a term its NULL row fails
                }
                if (PushDown.qualified(t)) {
                    terms.add(t); // as the first push took it
                } else if (bindsTo(t, slot)) {
                    terms.add(t);
                    more = true;
                }
            }
            List<Expr> whereLike = new ArrayList<>(pushable); // what SQLite's constant propagation reads
            for (Term t : this.terms) {
                // a FULL JOIN's right side takes them too when it has a joinPush: only a WHERE
                // term rejecting the left's NULL row gives it one, which makes SQLite's join a LEFT one
                boolean own = t.onLevel() == e.slot && e.leftJoin;
                boolean inner = t.onLevel() < 0 && t.onGroup() < 0 && t.context() < 0 && rightJoins.isEmpty();
                if (inner) {
                    whereLike.add(t.expr());
                }
                if ((own || inner && (!b.nullable() || PushDown.rejectsNull(t.expr())))
                        && (PushDown.qualified(t.expr()) || bindsTo(t.expr(), slot))) {
                    terms.add(t.expr());
                    more = true;
                }
            }
            List<Expr> derived = JoinConstants.forSource(scope, whereLike, slot); // X = constant: null-rejecting
            terms.addAll(derived);
            more |= !derived.isEmpty();
            if (!more) {
                continue;
            }
            SelectStmt pushed = PushDown.into(planner, b.select(), b.planned(), e.name, b.names(), terms, false, false);
            if (pushed == null) {
                continue;
            }
            if (b.cteDepth() >= 0) {
                planner.seeingCtes(b.cteDepth(), () -> {
                    readThrough(e, b.select(), b.planned(), pushed);
                    return null;
                });
            } else if (b.view() == null) {
                readThrough(e, b.select(), b.planned(), pushed);
            } else {
                planner.inView(b.view(), () -> {
                    readThrough(e, b.select(), b.planned(), pushed);
                    return null;
                });
            }
        }
    }

    /**
     * Reads the subquery of {@code e} ({@code select}, planned as {@code planned}) through
     * {@code pushed}, its copy with pushed-down terms, planned now (null: as planned); a
     * compound's REAL-affinity columns give its integers as reals.
     */
    private void readThrough(Entry e, SelectStmt select, Planner.Planned planned, SelectStmt pushed) {
        io.onelite.exec.Query q = planned.query();
        if (pushed != null) {
            Scope again = new Scope(scope.outer, true);
            again.noSortKeyReads = !e.sortKeyReads;
            q = planner.plan(pushed, again).query();
            e.pushedInto = true;
            e.queryCorrelated = again.correlatedFromInside;
        }
        q = select.cores().size() > 1 ? io.onelite.exec.RealColumnsQuery.of(q, planned.tableAffinities()) : q;
        e.query = io.onelite.exec.SubtypeFreeQuery.of(q, computedColumns(select, q.columnCount()));
    }

    /**
     * The columns of {@code select} ({@code n} of them) that some arm computes (not a column or
     * a literal), whose value may carry the JSON subtype that SQLite drops as it leaves the
     * subquery ({@link io.onelite.exec.SubtypeFreeQuery}); all of them where an arm has a {@code *}.
     */
    private static int[] computedColumns(SelectStmt select, int n) {
        boolean[] computed = new boolean[n];
        for (io.onelite.sql.ast.SelectCore core : select.cores()) {
            List<Expr> exprs = new ArrayList<>();
            if (core instanceof io.onelite.sql.ast.SelectCore.Values v) {
                for (List<Expr> row : v.rows()) {
                    mark(computed, row);
                }
                continue;
            }
            for (io.onelite.sql.ast.ResultColumn rc : ((io.onelite.sql.ast.SelectCore.Query) core).columns()) {
                if (!(rc instanceof io.onelite.sql.ast.ResultColumn.Expression x)) {
                    return java.util.stream.IntStream.range(0, n).toArray(); // positions unknown here
                }
                exprs.add(x.expr());
            }
            mark(computed, exprs);
        }
        return java.util.stream.IntStream.range(0, n).filter(i -> computed[i]).toArray();
    }

    private static void mark(boolean[] computed, List<Expr> exprs) {
        for (int i = 0; i < exprs.size() && i < computed.length; i++) {
            Expr x = exprs.get(i);
            while (x instanceof Expr.Collate c) {
                x = c.expr();
            }
            computed[i] |= !(x instanceof Expr.ColumnRef || x instanceof Expr.Literal);
        }
    }

    /** Whether every bare name {@code t} reads binds to the source in {@code slot}, no merged column standing in. */
    private boolean bindsTo(Expr t, int slot) {
        if (t instanceof Expr.ColumnRef c && c.table() == null) {
            Scope.Ref r = scope.levelColumn(c);
            return r != null && r.slot() == slot;
        }
        for (Expr child : ExprWalker.children(t)) {
            if (!bindsTo(child, slot)) {
                return false;
            }
        }
        return true;
    }

    /**
     * A subquery, CTE or view ({@code view}: its name, else null) in FROM, its columns named by
     * {@code columnNames} when given, else by its result columns; names made unique as SQLite's
     * sqlite3ColumnsFromExprList does. On the condition {@code pushSide} (null: none), a view,
     * FROM subquery or CTE is read straight from its table when it only reads one table's
     * columns and filters its rows ({@link Flattening}, on no outer join's nullable side), else,
     * when {@code pushes} (not a CTE named twice, whose rows SQLite shares), gets the query's
     * WHERE terms on its columns pushed into it, into each arm of a compound ({@link PushDown},
     * SQLite's pushDownWhereTerms).
     */
    private void subquery(Entry e, SelectStmt select, String alias, List<String> columnNames, String view,
                          PushDown.Side pushSide, boolean pushes) {
        boolean mayPushDown = pushSide != null && pushes;
        Scope probe = new Scope(scope.outer, true);
        // a co-routine whose ORDER BY SQLite keeps: the FROM clause's one item, not shared (a CTE
        // read as a subquery only once), under a query with no ORDER BY or with its own LIMIT
        e.sortKeyReads = soleItem && pushes && (select.limit() != null || !orderedQuery);
        probe.noSortKeyReads = !e.sortKeyReads;
        Planner.Planned p = planner.plan(select, probe);
        e.query = p.query();
        e.queryCorrelated = probe.correlatedFromInside;
        e.name = alias;
        List<String> names = new ArrayList<>(p.tableNames());
        boolean mismatch = !columnNames.isEmpty() && columnNames.size() != names.size();
        if (mismatch && view == null) {
            throw new OneLiteException(ResultCode.ERROR, "table " + alias + " has " + names.size() + " values for "
                    + columnNames.size() + " columns");
        }
        if (mismatch) {
            // SQLite reads the view by its column list and meets this as it codes the FROM clause,
            // after every name resolved: planning goes on (what it plans never runs)
            planner.codeErrors.note(new OneLiteException(ResultCode.ERROR, "expected " + columnNames.size()
                    + " columns for '" + view + "' but got " + names.size()));
            mayPushDown = false;
        }
        if (!columnNames.isEmpty()) {
            names = new ArrayList<>(columnNames);
        }
        names = uniqueNames(names);
        int n = names.size();
        if (flattens && pushSide == PushDown.Side.FREE && !mismatch) {
            Flattening.Flat flat = Flattening.of(planner, select);
            if (flat != null && flat.columns().length == n) {
                Source src = flat.source(alias, names);
                e.query = null;
                e.queryCorrelated = false;
                e.table = flat.table();
                e.indexedBy = flat.item().indexedBy();
                e.notIndexed = flat.item().notIndexed();
                e.name = flat.table().name() + " AS " + alias;
                e.shownAs = flat.planName();
                addSource(src, view);
                flattenedWhere.addAll(flat.whereTerms(src));
                return;
            }
        }
        List<Expr> terms = pushable;
        if (mayPushDown && !pushableAliases.isEmpty()) {
            java.util.Set<String> own = new java.util.HashSet<>();
            for (String nm : names) {
                own.add(nm.toLowerCase(java.util.Locale.ROOT));
            }
            terms = new ArrayList<>();
            for (Expr t : pushable) {
                terms.add(ResultAliases.expand(t, pushableAliases,
                        nm -> own.contains(nm.toLowerCase(java.util.Locale.ROOT)), planner.functions));
            }
        }
        SelectStmt pushed = mayPushDown ? PushDown.into(planner, select, p, alias, names, terms, pushInto != null,
                pushSide == PushDown.Side.NULLABLE) : null;
        if (mayPushDown && pushInto != null) {
            e.joinPush = new JoinPush(select, p, names, pushSide == PushDown.Side.NULLABLE, addingView, addingCteDepth);
        }
        readThrough(e, select, p, pushed);
        char[] affinities = java.util.Arrays.copyOf(p.tableAffinities(), n);
        for (int i = p.names().size(); i < n; i++) {
            affinities[i] = io.onelite.exec.ValueOps.AFF_NONE; // a name of the column list past the SELECT's (never run)
        }
        addSource(new Source(alias, null, names, affinities, java.util.Arrays.copyOf(p.collations(), n), false,
                new boolean[n]), view);
    }

    /** Adds the source of a subquery, or of view {@code view} (null: none), to the scope. */
    private void addSource(Source src, String view) {
        scope.sources.add(src);
        if (view != null) {
            scope.viewSources.add(src);
        }
    }

    /**
     * Column names made unique as SQLite's sqlite3ColumnsFromExprList: a repeated name (compared
     * without case) gets ":1", ":2"... after it (its own ":digits" tail cut off first), until
     * the name is unused. (SQLite switches to random numbers after three tries.)
     */
    static List<String> uniqueNames(List<String> names) {
        java.util.Set<String> used = new java.util.HashSet<>();
        List<String> out = new ArrayList<>(names.size());
        for (String name : names) {
            String unique = name;
            int cnt = 0;
            while (!used.add(unique.toLowerCase(Locale.ROOT))) {
                int end = unique.length();
                int j = end - 1;
                while (j > 0 && Character.isDigit(unique.charAt(j))) {
                    j--;
                }
                if (j > 0 && unique.charAt(j) == ':') {
                    end = j;
                }
                unique = unique.substring(0, end) + ":" + (++cnt);
            }
            out.add(unique);
        }
        return out;
    }
}
