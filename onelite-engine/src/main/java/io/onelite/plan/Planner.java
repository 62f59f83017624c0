package io.onelite.plan;

import io.onelite.btree.Collation;
import io.onelite.catalog.Schema;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.exec.CompoundQuery;
import io.onelite.exec.Eval;
import io.onelite.exec.Query;
import io.onelite.exec.SortLimitQuery;
import io.onelite.sql.ast.CommonTableExpr;
import io.onelite.sql.ast.Expr;
import io.onelite.sql.ast.NullsOrder;
import io.onelite.sql.ast.OrderingTerm;
import io.onelite.sql.ast.SelectCore;
import io.onelite.sql.ast.SelectStmt;
import io.onelite.sql.ast.WithClause;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Plans SELECT statements (and the queries inside other statements) against one schema
 * snapshot: compound operators, ORDER BY, LIMIT and OFFSET here; each core in {@link CorePlanner}.
 */
public final class Planner {
    /** The schema names resolve in (swapped while a view of one database is expanded). */
    Schema schema;
    /**
     * While planning the body of a view or trigger outside temp: "view v" / "trigger t" and its
     * database, which its qualified names may not leave (SQLite's sqlite3FixSrcList); else null.
     */
    String boundObject;
    String boundDb;
    /** CTEs visible while planning, innermost WITH last. */
    final Deque<Map<String, CommonTableExpr>> ctes = new ArrayDeque<>();
    /** Of a SELECT's CTEs: how many times the statement names each ({@link CteUses}); absent for DML's. */
    final Map<CommonTableExpr, Integer> cteUses = new java.util.IdentityHashMap<>();
    /** The CTEs being expanded, and the recursive arms' reads of their working tables. */
    final CteExpansion cteExpansion = new CteExpansion();
    /** Views being expanded (to report circular definitions). */
    final java.util.Set<String> expanding = new java.util.HashSet<>();
    /**
     * The database of the innermost view being expanded, or null outside views: a view outside
     * temp has its unqualified table names bound there, so a missing one is reported qualified
     * ("no such table: main.x"), a temp view's as written.
     */
    String expandingDb;
    /**
     * Told of every column reference compiled and the column it resolved to, or null (the
     * usual case): how ALTER TABLE RENAME COLUMN finds a view's references to the column.
     */
    java.util.function.BiConsumer<io.onelite.sql.ast.Expr.ColumnRef, Scope.Ref> columnRefListener;

    // What the last subquery() call learned, read by the expression compiler right after.
    boolean lastSubqueryCorrelated;
    boolean lastSubqueryUsesOuterOfParent;
    char lastSubqueryAffinity;
    /** The compounds {@link CompoundCollateRewrite} made, left as they are when planned. */
    private final java.util.Set<SelectStmt> convertedCompounds =
            java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    /** Per column, the affinity of the last subquery planned as an expression sees it (its last arm's). */
    char[] lastSubqueryTailAffinities;
    String lastSubqueryCollation;
    /** The whole plan of the last subquery() call (row values read all its columns' affinities). */
    Planned lastSubqueryPlanned;
    /**
     * The affinities and collations the IN operator compares the last subquery() call's columns
     * with: those of its last compound term (SQLite's {@code exprINAffinity} reads the rightmost
     * SELECT), not of the first as everywhere else.
     */
    char[] lastSubqueryInAffinities;
    String[] lastSubqueryInCollations;
    /** {@code PRAGMA automatic_index}: whether joins may get automatic indexes ({@link AutoIndexes}). */
    public boolean automaticIndex = true;
    /**
     * Set while planning what runs before the statement writes anything (a SELECT; the WHERE
     * clause of UPDATE and DELETE, whose loop collects every row before the first is written;
     * INSERT's SELECT, whose rows are all made before the first insert): there {@code x IN
     * (SELECT c FROM t)}, looked up in t as each row asks ({@link InLookupPlanner}), may take t's
     * values instead after many lookups. Elsewhere (a SET value, RETURNING, an upsert, a
     * trigger's work) every test looks up, as SQLite's do, and sees the rows the statement wrote
     * before it.
     */
    public boolean beforeWrites;

    /** Plans what {@code planning} plans as running before the statement writes ({@link #beforeWrites}). */
    <T> T beforeWrites(java.util.function.Supplier<T> planning) {
        boolean outer = beforeWrites;
        beforeWrites = true;
        try {
            return planning.get();
        } finally {
            beforeWrites = outer;
        }
    }
    /** The last compound term of the last compound planned (read right after by subquery()). */
    private Planned lastCompoundTail;

    /** The connection's application-defined functions, found before the built-ins ({@link FunctionCompiler}). */
    final io.onelite.exec.func.AppFunctions functions;

    /** A planner that knows only the built-in functions. */
    public Planner(Schema schema) {
        this(schema, io.onelite.exec.func.AppFunctions.NONE);
    }

    public Planner(Schema schema, io.onelite.exec.func.AppFunctions functions) {
        this.schema = schema;
        this.functions = functions;
    }

    public Schema schema() {
        return schema;
    }

    /** This planner, binding names to database {@code db} as the body of {@code object} ("view v") does. */
    Planner boundTo(String object, String db) {
        boundObject = object;
        boundDb = db;
        return this;
    }

    /** Fails when a name qualified with {@code db} leaves the database a view or trigger body is bound to. */
    void checkBound(String db) {
        if (boundDb != null && db != null && !db.equalsIgnoreCase(boundDb)) {
            throw new OtherDatabaseReference(boundObject + " cannot reference objects in database " + db);
        }
    }

    /** SQLite's "X cannot reference objects in database Y" (its fixer's error), told apart from other planning errors. */
    static final class OtherDatabaseReference extends OneLiteException {
        OtherDatabaseReference(String message) {
            super(ResultCode.ERROR, message);
        }
    }

    /**
     * A planned query with the metadata of its result columns: {@code affinities} as its result
     * expressions have them, {@code arms} what {@link #tableAffinities} needs, {@code tableNames}
     * the names its columns get when it is read as a table (a view, a subquery in FROM, a CTE,
     * CREATE TABLE AS), as SQLite's sqlite3ColumnsFromExprList: a column under COLLATE or
     * likely() is named by the column ({@code x COLLATE NOCASE} is "x" there, not in a result).
     */
    public record Planned(Query query, List<String> names, List<String> declTypes, List<String> tables,
                          char[] affinities, String[] collations, List<SubqueryColumnTypes.Arm> arms,
                          List<String> tableNames) {
        /** Where the names as a table are the result's names ({@link #tableNames}). */
        public Planned(Query query, List<String> names, List<String> declTypes, List<String> tables,
                       char[] affinities, String[] collations, List<SubqueryColumnTypes.Arm> arms) {
            this(query, names, declTypes, tables, affinities, collations, arms, names);
        }

        /**
         * The affinities of its columns when it is read as a table (a view, a subquery in FROM,
         * CREATE TABLE AS): a compound's columns by SQLite's compound rule ({@link SubqueryColumnTypes}).
         */
        char[] tableAffinities() {
            return arms.size() == 1 ? arms.get(0).affinities() : SubqueryColumnTypes.affinities(arms, names.size());
        }
    }

    /**
     * A view's columns as SQLite's {@code sqlite3ViewGetColumnNames} finds them: its SELECT
     * compiled as a use of the view compiles it (its names bound to the view's database), throwing
     * what is wrong with it ("no such table: main.x", "view v is circularly defined"); the names
     * are the view's column list when it has one, even of another length (only reading the view
     * in FROM fails on that: "expected 2 columns for 'v' but got 1"), else the SELECT's, made
     * unique.
     *
     * @param planned the compiled SELECT (its declared types and affinities)
     * @param names   the view's column names
     */
    record ViewColumns(Planned planned, List<String> names) {
        /** Whether the column list, when given, matches the SELECT (SQLite types the columns only then). */
        boolean typed() {
            return names.size() == planned.names().size();
        }
    }

    /** The columns of view {@code v}; see {@link ViewColumns}. */
    ViewColumns viewColumns(io.onelite.catalog.View v) {
        return inView(v, () -> {
            Planned p = select(v.select());
            return new ViewColumns(p, FromPlanner.uniqueNames(v.columnNames().isEmpty() ? p.tableNames() : v.columnNames()));
        });
    }

    /**
     * Runs {@code body}, which compiles view {@code v}'s SELECT, as SQLite expands a view: a view
     * already being expanded is "circularly defined", and a view outside temp has its names bound
     * to its own database (sqlite3FixSrcList), a temp view reads the whole search path.
     */
    <T> T inView(io.onelite.catalog.View v, java.util.function.Supplier<T> body) {
        String key = v.name().toLowerCase(java.util.Locale.ROOT);
        if (!expanding.add(key)) {
            throw new OneLiteException(ResultCode.ERROR, "view " + v.name() + " is circularly defined");
        }
        Schema savedSchema = schema;
        String savedObject = boundObject;
        String savedDb = boundDb;
        String savedExpandingDb = expandingDb;
        if (!Schema.TEMP.equals(v.db()) && schema.databases().size() > 1) {
            schema = schema.database(v.db());
            boundTo("view " + v.name(), v.db());
        }
        expandingDb = v.db();
        Deque<Map<String, CommonTableExpr>> hidden = hideCtes(0); // a view sees no CTE of the statement reading it (With.bView)
        try {
            return body.get();
        } finally {
            showCtes(hidden);
            expanding.remove(key);
            schema = savedSchema;
            boundTo(savedObject, savedDb);
            expandingDb = savedExpandingDb;
        }
    }

    /** Plans a top-level SELECT. */
    public Planned select(SelectStmt s) {
        return plan(s, null);
    }

    /**
     * An IN subquery planned once in its scope: the plan, whether it reads enclosing queries, its
     * column's affinity and collation (of its last SELECT), per enclosing scope the slots its
     * references to that scope's sources put in {@link Scope#innerSlotRefs}, and the execution-cache
     * key of its rows when uncorrelated (the term's check and its lookup then run it once).
     */
    record InPlan(Query query, boolean correlated, boolean usesOuter, char affinity, String collation,
                  java.util.Map<Scope, java.util.BitSet> slotRefs, Object rowsKey) {
    }

    private final java.util.Map<Scope, java.util.Map<Expr.InSelect, InPlan>> inPlans = new java.util.IdentityHashMap<>();

    /**
     * A scalar or EXISTS subquery planned once in its scope: the plan, what {@link #subquery}
     * leaves in the {@code lastSubquery...} fields, and per enclosing scope the slots its
     * references put in {@link Scope#innerSlotRefs}; {@code beforeWrites} as it was planned.
     */
    private record SharedPlan(Query query, boolean beforeWrites, boolean correlated, boolean usesOuterOfParent,
                              char affinity, String collation, Planned planned, char[] tailAffinities,
                              char[] inAffinities, String[] inCollations, Map<Scope, java.util.BitSet> slotRefs) {
    }

    private final Map<Scope, Map<Expr, SharedPlan>> sharedPlans = new java.util.IdentityHashMap<>();

    /**
     * The plan of the scalar, EXISTS or row subquery {@code node} in {@code scope}, made by
     * {@code planning} at the first call and handed out again after, with the {@code lastSubquery...}
     * fields and the scopes' {@link Scope#innerSlotRefs} as planning left them. A WHERE term is
     * compiled up to three times (the join order's and the placement's look at what it reads, then
     * its code), so planning its subquery each time planned subqueries nested n deep 3^n times
     * (twelve EXISTS deep: two minutes); the plan is a pure function of the node and the scope, as
     * {@link #inSubquery}'s, and its runs keep nothing in it.
     */
    Query sharedSubquery(Expr node, Scope scope, Supplier<Query> planning) {
        Map<Expr, SharedPlan> byNode = sharedPlans.computeIfAbsent(scope, k -> new java.util.IdentityHashMap<>());
        SharedPlan p = byNode.get(node);
        if (p != null && p.beforeWrites() == beforeWrites) {
            addSlotRefs(p.slotRefs());
            lastSubqueryCorrelated = p.correlated();
            lastSubqueryUsesOuterOfParent = p.usesOuterOfParent();
            lastSubqueryAffinity = p.affinity();
            lastSubqueryCollation = p.collation();
            lastSubqueryPlanned = p.planned();
            lastSubqueryTailAffinities = p.tailAffinities();
            lastSubqueryInAffinities = p.inAffinities();
            lastSubqueryInCollations = p.inCollations();
            return p.query();
        }
        Map<Scope, java.util.BitSet> refs = new java.util.IdentityHashMap<>();
        Query q = notingSlotRefs(scope, refs, planning);
        byNode.put(node, new SharedPlan(q, beforeWrites, lastSubqueryCorrelated, lastSubqueryUsesOuterOfParent,
                lastSubqueryAffinity, lastSubqueryCollation, lastSubqueryPlanned, lastSubqueryTailAffinities,
                lastSubqueryInAffinities, lastSubqueryInCollations, refs));
        return q;
    }

    /**
     * Runs {@code planning} (a subquery's), putting in {@code refs}, per scope from {@code scope}
     * out, the slots its references add to {@link Scope#innerSlotRefs}, which a later use of the
     * same plan adds again; the scopes keep what they held before too.
     */
    private static Query notingSlotRefs(Scope scope, Map<Scope, java.util.BitSet> refs, Supplier<Query> planning) {
        Map<Scope, java.util.BitSet> before = new java.util.IdentityHashMap<>();
        for (Scope s = scope; s != null; s = s.outer) {
            before.put(s, (java.util.BitSet) s.innerSlotRefs.clone());
            s.innerSlotRefs.clear(); // what planning sets is then what the subquery refers to
        }
        try {
            return planning.get();
        } finally {
            for (Map.Entry<Scope, java.util.BitSet> e : before.entrySet()) {
                refs.put(e.getKey(), (java.util.BitSet) e.getKey().innerSlotRefs.clone());
                e.getKey().innerSlotRefs.or(e.getValue());
            }
        }
    }

    /**
     * The plan of {@code x IN (SELECT ...)}'s subquery in {@code scope}, made at the first call:
     * its lookup ({@link TermConstraints}, {@link AccessPlanner}) and its check ({@link InCompiler})
     * share it. Planning it again for each of them planned every nested IN subquery three times
     * more per level (ten levels: half a second). A later call puts the same slots in the
     * scopes' {@link Scope#innerSlotRefs} as planning did, which callers read after compiling.
     */
    InPlan inSubquery(Expr.InSelect in, Scope scope) {
        Map<Expr.InSelect, InPlan> byNode = inPlans.computeIfAbsent(scope, k -> new java.util.IdentityHashMap<>());
        InPlan p = byNode.get(in);
        if (p == null) {
            Map<Scope, java.util.BitSet> refs = new java.util.IdentityHashMap<>();
            Query q = notingSlotRefs(scope, refs, () -> subqueryOfIn(in.select(), scope));
            p = new InPlan(q, lastSubqueryCorrelated, lastSubqueryUsesOuterOfParent,
                    lastSubqueryInAffinities.length > 0 ? lastSubqueryInAffinities[0] : '@',
                    lastSubqueryInCollations.length > 0 ? lastSubqueryInCollations[0] : null, refs, new Object());
            byNode.put(in, p);
            return p;
        }
        addSlotRefs(p.slotRefs());
        return p;
    }

    /** Adds what {@link #notingSlotRefs} noted to the scopes' {@link Scope#innerSlotRefs}, as planning again would. */
    private static void addSlotRefs(Map<Scope, java.util.BitSet> refs) {
        for (Map.Entry<Scope, java.util.BitSet> e : refs.entrySet()) {
            e.getKey().innerSlotRefs.or(e.getValue());
        }
    }

    Query subquery(SelectStmt s, Scope outer) {
        return subquery(s, outer, false);
    }

    /** As {@link #subquery(SelectStmt, Scope)}; {@code exists}: for EXISTS, which never reads a one-core query's result columns. */
    Query subquery(SelectStmt s, Scope outer, boolean exists) {
        return subquery(s, outer, exists, false);
    }

    /** As {@link #subquery(SelectStmt, Scope)} for the right side of IN, whose ORDER BY SQLite drops. */
    Query subqueryOfIn(SelectStmt s, Scope outer) {
        return subquery(s, outer, false, true);
    }

    /** As {@link #subquery(SelectStmt, Scope, boolean)}; {@code in}: for IN, whose ORDER BY SQLite drops. */
    private Query subquery(SelectStmt s, Scope outer, boolean exists, boolean in) {
        Scope probe = new Scope(outer, true);
        probe.existsProbe = exists && s.cores().size() == 1;
        probe.noSortKeyReads = in;
        Planned p = plan(s, probe);
        lastSubqueryCorrelated = probe.correlatedFromInside;
        lastSubqueryUsesOuterOfParent = probe.correlatedFromInside;
        // a compound's expression affinity is its last SELECT's (SQLite's Select object is the
        // rightmost arm): sqlite3ExprAffinity of a scalar subquery, exprINAffinity, vectors
        Planned tail = s.cores().size() > 1 ? lastCompoundTail : p;
        lastSubqueryAffinity = tail.affinities().length > 0 ? tail.affinities()[0] : '@';
        lastSubqueryCollation = p.collations().length > 0 ? p.collations()[0] : null;
        lastSubqueryPlanned = p;
        lastSubqueryTailAffinities = tail.affinities();
        lastSubqueryInAffinities = tail.affinities();
        lastSubqueryInCollations = tail.collations();
        return p.query();
    }

    /**
     * Plans a SELECT whose correlated references resolve in {@code outer} (null at top level).
     * {@code outer} is a pass-through scope: the cores' scopes hang below it. When it fails, an
     * error SQLite's expansion of the whole SELECT meets is the one reported ({@link ExpansionErrors}).
     */
    Planned plan(SelectStmt s, Scope outer) {
        InTermWidths enclosing = inTermWidths;
        inTermWidths = null; // a subquery's IN terms are its own clause's
        try {
            return planOwnTerms(s, outer);
        } finally {
            inTermWidths = enclosing;
        }
    }

    /**
     * Set just before a compound's arm is planned: the columns its ORDER BY names, which the arm
     * reads back from its sort key ({@link SortKeyColumns#ofArms}); the arm's planning takes it.
     */
    java.util.BitSet armSortKeys;

    /** The IN terms of the WHERE clause being placed ({@link TermPlacement}), null elsewhere. */
    InTermWidths inTermWidths;

    private Planned planOwnTerms(SelectStmt s, Scope outer) {
        codeErrors.begin();
        Planned p = null;
        try {
            p = planResolving(s, outer);
        } catch (OneLiteException e) {
            throw ExpansionErrors.first(this, s, e);
        } finally {
            if (p == null) {
                codeErrors.fail();
            }
        }
        codeErrors.end();
        return p;
    }

    /** What SQLite reports only as it generates code, noted to be reported once the statement has planned. */
    final CodeErrors codeErrors = new CodeErrors();

    /**
     * Plans a whole statement other than a SELECT (INSERT, UPDATE, DELETE): an error of code
     * generation ({@link CodeErrors}) met in any of its parts is reported at its end, not at the
     * end of the SELECT it was met in.
     */
    <T> T wholeStatement(Supplier<T> body) {
        codeErrors.begin();
        boolean planned = false;
        T result;
        try {
            result = body.get();
            planned = true;
        } finally {
            if (!planned) {
                codeErrors.fail();
            }
        }
        codeErrors.end();
        return result;
    }

    /**
     * Plans an INSERT's rows: a single VALUES row is no SELECT to SQLite, which resolves its
     * values in the order written (a subquery among them expanded when met), anything else is
     * a SELECT ({@link #plan}).
     */
    Planned insertSource(SelectStmt s, Scope outer) {
        boolean oneRow = s.compounds().isEmpty() && s.first() instanceof SelectCore.Values v && v.rows().size() == 1;
        return oneRow ? planResolving(s, outer) : plan(s, outer);
    }

    /** As {@link #plan}, its errors in the order the planner meets them. */
    private Planned planResolving(SelectStmt s, Scope outer) {
        SelectStmt converted = CompoundCollateRewrite.apply(s, convertedCompounds);
        if (converted != s) {
            return plan(converted, outer);
        }
        countCteUses(s);
        if (s.with() == null) {
            return planBody(s, outer); // without withClause's frames: views, subqueries and CTEs nest deeply
        }
        return withClause(s.with(), () -> planBody(s, outer));
    }

    /** Plans {@code s} but its WITH clause. */
    private Planned planBody(SelectStmt s, Scope outer) {
        resolveLimitFirst(s, outer);
        List<SelectCore> cores = s.cores();
        if (cores.size() == 1) {
            return CorePlanner.plan(this, cores.get(0), s.orderBy(), s.limit(), s.offset(), outer);
        }
        return compound(s, outer);
    }

    /**
     * SQLite resolves LIMIT and OFFSET before the rest of a SELECT (a compound's arms too), so when
     * they and another clause both have an error, theirs is the one reported (docs/reliability.md
     * item 25). They are compiled here only to fail first, and again where the plan uses them; one
     * holding a subquery is left to that second compile (planning a subquery twice is not free of
     * side effects).
     */
    private void resolveLimitFirst(SelectStmt s, Scope outer) {
        for (Expr e : new Expr[] {s.limit(), s.offset()}) {
            if (e != null && !ExprWalker.hasSubquery(e)) {
                new ExprCompiler(this, Scope.limitClause(outer)).eval(e);
            }
        }
    }

    /** Notes how many times the statement names each CTE of {@code s}'s WITH clause ({@link #cteUses}). */
    void countCteUses(SelectStmt s) {
        if (s.with() != null) {
            cteUses.putAll(CteUses.count(s));
        }
    }

    /**
     * Plans {@code body} with the CTEs of {@code with} (null: none) visible: a SELECT's own WITH
     * clause, or the one written before INSERT, UPDATE or DELETE.
     */
    <T> T withClause(WithClause with, Supplier<T> body) {
        if (with == null) {
            return body.get();
        }
        Map<String, CommonTableExpr> m = new HashMap<>();
        for (CommonTableExpr c : with.ctes()) {
            m.put(c.name().toLowerCase(Locale.ROOT), c);
        }
        ctes.addLast(m);
        try {
            return body.get();
        } finally {
            ctes.removeLast();
        }
    }

    /**
     * Plans arm {@code i} of a compound. SQLite resolves a compound's arms from the last to the
     * first, comparing each one's number of columns with the next one's, so when this one fails
     * on an unknown name, a later arm's unknown name, or two later arms of different widths, is
     * the error reported: they are planned, last first (the statement fails either way, so
     * planning them costs only the failing statement's time; docs/reliability.md item 25).
     */
    private Planned planArm(SelectStmt s, int i, Scope outer) {
        List<SelectCore> cores = s.cores();
        try {
            return CorePlanner.plan(this, cores.get(i), List.of(), null, null, outer);
        } catch (OneLiteException e) {
            if (!NamePrecedence.isNameError(e)) {
                throw e;
            }
            int right = -1; // the width of the arm right of the one planned, -1 when unknown
            for (int later = cores.size() - 1; later > i; later--) {
                int width = -1;
                try {
                    width = CorePlanner.plan(this, cores.get(later), List.of(), null, null, outer).names().size();
                } catch (OneLiteException laterError) {
                    if (NamePrecedence.isNameError(laterError)) {
                        throw laterError;
                    }
                }
                if (width >= 0 && right >= 0 && width != right) {
                    throw armWidthsDiffer(s, later);
                }
                right = width;
            }
            throw e;
        }
    }

    /**
     * The error of a compound whose arm {@code i}, of {@code width} columns, is the first with
     * another number of columns than the arms before it. SQLite resolves the arms from the last
     * to the first, comparing each with the one to its right, so it reports the operator of the
     * last pair that differs (or an error of an arm right of it): the arms after {@code i} are
     * planned in that order.
     */
    private OneLiteException armWidths(SelectStmt s, int i, int width, Scope outer) {
        int right = -1;
        for (int k = s.cores().size() - 1; k >= i; k--) {
            int w = k == i ? width : planArm(s, k, outer).names().size();
            if (right >= 0 && w != right) {
                return armWidthsDiffer(s, k);
            }
            right = w;
        }
        return armWidthsDiffer(s, i - 1);
    }

    /** Arms {@code k} and {@code k + 1} of {@code s} have different numbers of columns. */
    private static OneLiteException armWidthsDiffer(SelectStmt s, int k) {
        return new OneLiteException(ResultCode.ERROR, "SELECTs to the left and right of "
                + s.compounds().get(k).op().sql() + " do not have the same number of result columns");
    }

    private Planned compound(SelectStmt s, Scope outer) {
        List<SelectCore> cores = s.cores();
        List<Query> queries = new ArrayList<>();
        List<Planned> planned = new ArrayList<>();
        Planned first = null;
        Planned last = null;
        java.util.BitSet sortKeys = s.orderBy().isEmpty() ? null : SortKeyColumns.ofArms(s.orderBy(), cores.get(0));
        for (int i = 0; i < cores.size(); i++) {
            armSortKeys = sortKeys;
            Planned p = planArm(s, i, outer);
            if (first == null) {
                first = p;
            } else if (p.names().size() != first.names().size()) {
                throw armWidths(s, i, p.names().size(), outer);
            }
            queries.add(p.query());
            planned.add(p);
            last = p;
        }
        lastCompoundTail = last;
        List<SelectStmt.CompoundOp> ops = new ArrayList<>();
        for (SelectStmt.CompoundTerm t : s.compounds()) {
            ops.add(t.op());
        }
        int n = first.names().size();
        // with an ORDER BY, SQLite 3.51 merges the arms and takes their collations before flattening
        String[] compoundColls = compoundCollations(cores, planned, n, !ctes.isEmpty(), !s.orderBy().isEmpty());
        Collation[][] perOperator = new Collation[ops.size()][];
        for (int i = 0; i < ops.size(); i++) {
            // SQLite 3.51's merge de-duplicates each operator under the SELECTs up to its right one
            perOperator[i] = CorePlanner.collations(s.orderBy().isEmpty() ? compoundColls
                    : compoundCollations(cores.subList(0, i + 2), planned.subList(0, i + 2), n, !ctes.isEmpty(), true));
        }
        Query q = new CompoundQuery(queries, ops.stream().map(Enum::name).toList(), n)
                .withCollations(perOperator).withOrderBy(!s.orderBy().isEmpty());
        List<OrderingTerm> order = s.orderBy();
        Limits.byTerms(order.size(), "ORDER");
        int[] keys = new int[order.size()];
        boolean[] desc = new boolean[order.size()];
        Collation[] colls = new Collation[order.size()];
        boolean[] nullsFirst = new boolean[order.size()];
        for (int i = 0; i < keys.length; i++) {
            OrderingTerm t = order.get(i);
            Expr e = t.expr();
            String coll = null;
            if (e instanceof Expr.Collate c) {
                coll = c.collation();
                e = c.expr();
            }
            int k = resultIndex(e, first.names(), n, i + 1);
            if (k < 0) {
                throw new OneLiteException(ResultCode.ERROR, ordinal(i + 1)
                        + " ORDER BY term does not match any column in the result set");
            }
            keys[i] = k;
            desc[i] = t.descending();
            String cn = coll != null ? coll : compoundColls[k];
            colls[i] = cn == null ? Collation.BINARY : Collation.byName(cn);
            nullsFirst[i] = t.nulls() == null || t.nulls() == NullsOrder.DEFAULT ? !desc[i] : t.nulls() == NullsOrder.FIRST;
        }
        Expr armLimit = keys.length > 0 ? ArmLimits.limitOfEachArm(s) : null;
        if (armLimit != null) {
            // UNION ALL ... ORDER BY ... LIMIT: no arm gives more rows than the limit lets through,
            // so each is planned with the ORDER BY (under the compound's collations) and that limit,
            // as SQLite's merge reads its arms in order and stops: an arm may then walk an index
            // in order and read a few rows, not all of them
            List<OrderingTerm> armOrder = ArmLimits.orderOfEachArm(order, keys, colls);
            queries.clear();
            for (int i = 0; i < cores.size(); i++) {
                queries.add(CorePlanner.plan(this, cores.get(i), armOrder, armLimit, null, outer).query());
            }
            q = new CompoundQuery(queries, ops.stream().map(Enum::name).toList(), n)
                    .withCollations(perOperator).withOrderBy(true);
        }
        if (keys.length > 0 || s.limit() != null) {
            ExprCompiler ec = new ExprCompiler(this, Scope.limitClause(outer));
            Eval lim = s.limit() == null ? null : ec.eval(s.limit());
            Eval off = s.offset() == null ? null : ec.eval(s.offset());
            q = new SortLimitQuery(q, n, keys, desc, colls, nullsFirst, lim, off);
        }
        return new Planned(q, first.names(), first.declTypes(), first.tables(), first.affinities(), first.collations(),
                arms(cores, planned, n, !ctes.isEmpty()), first.tableNames());
    }

    /** The arms of the parts of a recursive CTE, each SELECT's in turn. */
    static List<SubqueryColumnTypes.Arm> arms(List<Planned> parts) {
        List<SubqueryColumnTypes.Arm> arms = new ArrayList<>();
        for (Planned p : parts) {
            arms.addAll(p.arms());
        }
        return arms;
    }

    /**
     * The compound's arms for its column affinities: each SELECT's, a VALUES row being one, but
     * a VALUES of several rows that SQLite's parser makes a subquery (see
     * {@link #compoundCollations}) is one arm of a subquery's columns: with no affinity it may
     * return anything, so a TEXT column of another arm becomes BLOB beside it, as in SQLite.
     */
    private static List<SubqueryColumnTypes.Arm> arms(List<SelectCore> cores, List<Planned> parts, int n, boolean hasWith) {
        List<SubqueryColumnTypes.Arm> arms = new ArrayList<>();
        for (int arm = 0; arm < parts.size(); arm++) {
            Planned p = parts.get(arm);
            int from = valuesSubqueryFrom(cores, arm, hasWith);
            if (from >= 0) {
                arms.addAll(p.arms().subList(0, from));
                // the VALUES' arms from there (its co-routine as the first, or right of an operator
                // all its rows and co-routine) read as one subquery
                arms.add(SubqueryColumnTypes.Arm.ofValuesSubquery(p.arms().subList(from, p.arms().size()), n));
            } else {
                arms.addAll(p.arms());
            }
        }
        return arms;
    }

    /**
     * Per column, the collation a compound's de-duplication compares under: the leftmost
     * SELECT's that has one (SQLite's {@code multiSelectCollSeq}), else none (BINARY). The rows of
     * a VALUES are SELECTs of their own, but those SQLite's parser reads as a subquery
     * ({@link #valuesSubqueryFrom}): a subquery's column has its first row's collation, else
     * BINARY, so it ends the search (a COLLATE in a later row decides nothing). {@code
     * unflattened}: the arms' collations before flattening (SQLite's merge, for a compound with
     * ORDER BY, see {@link SubqueryColumnTypes.Arm#mergeCollations}).
     */
    private static String[] compoundCollations(List<SelectCore> cores, List<Planned> parts, int n, boolean hasWith,
                                               boolean unflattened) {
        String[] out = new String[n];
        for (int i = 0; i < n; i++) {
            search:
            for (int arm = 0; arm < parts.size(); arm++) {
                Planned p = parts.get(arm);
                if (!(cores.get(arm) instanceof SelectCore.Values)) {
                    String[] colls = unflattened && p.arms().size() == 1 ? p.arms().get(0).mergeCollations() : p.collations();
                    if (colls[i] != null) {
                        out[i] = colls[i];
                        break;
                    }
                    continue;
                }
                int from = valuesSubqueryFrom(cores, arm, hasWith);
                for (int row = 0; row < p.arms().size(); row++) {
                    String c = p.arms().get(row).collations()[i];
                    if (row == from) {
                        out[i] = c != null ? c : "BINARY";
                        break search;
                    }
                    if (c != null) {
                        out[i] = c;
                        break search;
                    }
                }
            }
        }
        return out;
    }

    /**
     * The row from which SQLite's parser reads a VALUES of several rows as a subquery ({@code
     * SELECT * FROM (VALUES ...)}), the rows before it being SELECTs joined by UNION ALL; -1 when
     * every row is a SELECT of its own (or there is one row). Right of an operator it is a subquery
     * from its first row (the grammar wraps a compound there); as the first SELECT, from its
     * co-routine ({@link #coroutineFrom}).
     */
    private static int valuesSubqueryFrom(List<SelectCore> cores, int arm, boolean hasWith) {
        if (!(cores.get(arm) instanceof SelectCore.Values v) || v.rows().size() < 2) {
            return -1;
        }
        return arm > 0 ? 0 : coroutineFrom(v, hasWith);
    }

    /**
     * The row at which SQLite 3.51's {@code sqlite3MultiValues} starts the co-routine of a VALUES
     * of several rows: the first of no affinity that has a row after it (each row before it a
     * SELECT of its own); -1 when there is none, a WITH came before or a row is not constant.
     */
    static int coroutineFrom(SelectCore.Values v, boolean hasWith) {
        if (v.rows().size() < 2 || hasWith || !constantRows(v)) {
            return -1;
        }
        for (int row = 0; row + 1 < v.rows().size(); row++) {
            if (!hasAffinity(v.rows().get(row))) {
                return row;
            }
        }
        return -1;
    }

    /** Condition (c) of {@code sqlite3MultiValues}, for every row. */
    private static boolean constantRows(SelectCore.Values v) {
        for (List<Expr> row : v.rows()) {
            for (Expr e : row) {
                if (!isConstantRowValue(e)) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Whether a value of the row has an affinity (a CAST, under any COLLATE): condition (d). */
    private static boolean hasAffinity(List<Expr> row) {
        for (Expr e : row) {
            while (e instanceof Expr.Collate c) {
                e = c.expr();
            }
            if (e instanceof Expr.Cast) {
                return true;
            }
        }
        return false;
    }

    private static boolean isConstantRowValue(Expr e) {
        if (e instanceof Expr.ColumnRef || ExprWalker.isSubquery(e)) {
            return false;
        }
        for (Expr c : ExprWalker.children(e)) {
            if (c != null && !isConstantRowValue(c)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The column number an ORDER BY or GROUP BY term gives, as sqlite3ExprIsInteger reads it: an
     * integer literal that fits 32 bits, under any unary + or - ({@code ORDER BY +1} is column 1,
     * {@code -1} out of range); null for anything else, which is an expression to sort by.
     */
    static Long termNumber(Expr e) {
        if (e instanceof Expr.Literal l && l.value() instanceof Long k) {
            return k >= 0 && k <= Integer.MAX_VALUE ? k : null;
        }
        if (e instanceof Expr.Unary u && (u.op() == Expr.UnaryOp.PLUS || u.op() == Expr.UnaryOp.NEGATE)) {
            Long k = termNumber(u.operand());
            return k == null || u.op() == Expr.UnaryOp.PLUS ? k : Long.valueOf(-k);
        }
        return null;
    }

    /** ORDER BY k or ORDER BY name against a result, the {@code term}-th (from 1): the 0-based column, or -1. */
    static int resultIndex(Expr e, List<String> names, int n, int term) {
        Long k = termNumber(e);
        if (k != null) {
            if (k < 1 || k > n) {
                throw new OneLiteException(ResultCode.ERROR, ordinal(term)
                        + " ORDER BY term out of range - should be between 1 and " + n);
            }
            return (int) (k - 1);
        }
        if (e instanceof Expr.ColumnRef c && c.table() == null) {
            for (int i = 0; i < n; i++) {
                if (names.get(i).equalsIgnoreCase(c.column())) {
                    return i;
                }
            }
        }
        return -1;
    }

    static String ordinal(int i) {
        return switch (i) {
            case 1 -> "1st";
            case 2 -> "2nd";
            case 3 -> "3rd";
            default -> i + "th";
        };
    }

    /** While a trigger program compiles: its OLD/NEW scope, the enclosing scope of its statements. */
    Scope outerScope;
    /**
     * The {@code commit_seq()} calls that are a whole INSERT or UPDATE value, by identity: the
     * only places where the call may appear (its value exists only once the row is written).
     */
    final java.util.Set<Expr> commitSeqSites = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());

    /** Allows {@code e} to be {@code commit_seq()} (notes it when it is that call). */
    void allowCommitSeq(Expr e) {
        if (e instanceof Expr.FunctionCall fc && fc.name().equalsIgnoreCase("commit_seq") && fc.args().isEmpty()
                && !fc.star() && fc.over() == null && fc.filter() == null) {
            commitSeqSites.add(e);
        }
    }

    /** Allows commit_seq() as a whole value of each row of an INSERT's VALUES or SELECT. */
    void allowCommitSeq(io.onelite.sql.ast.SelectStmt insertSource) {
        for (io.onelite.sql.ast.SelectCore core : insertSource.cores()) {
            if (core instanceof io.onelite.sql.ast.SelectCore.Values v) {
                v.rows().forEach(r -> r.forEach(this::allowCommitSeq));
            } else if (core instanceof io.onelite.sql.ast.SelectCore.Query q) {
                for (io.onelite.sql.ast.ResultColumn rc : q.columns()) {
                    if (rc instanceof io.onelite.sql.ast.ResultColumn.Expression x) {
                        allowCommitSeq(x.expr());
                    }
                }
            }
        }
    }

    /** The CTE a FROM term named {@code name} reads (the innermost WITH first), or null. */
    CommonTableExpr cte(String name) {
        CteRef ref = cteRef(name, ctes.size());
        return ref == null ? null : ref.cte();
    }

    /** A CTE and how many of the WITH clauses of {@link #ctes} its SELECT sees: the one it is written in and those around. */
    record CteRef(CommonTableExpr cte, int depth) {
    }

    /** The CTE named {@code name} among the first {@code visible} WITH clauses (the innermost first), or null. */
    CteRef cteRef(String name, int visible) {
        String k = name.toLowerCase(Locale.ROOT);
        int depth = ctes.size();
        var it = ctes.descendingIterator();
        while (it.hasNext()) {
            Map<String, CommonTableExpr> with = it.next();
            if (depth <= visible) {
                CommonTableExpr c = with.get(k);
                if (c != null) {
                    return new CteRef(c, depth);
                }
            }
            depth--;
        }
        return null;
    }

    /**
     * Runs {@code body} seeing only the first {@code depth} WITH clauses: a CTE's SELECT sees the
     * WITH it is written in and those around it, not those of the query reading it, and a view's
     * none (SQLite's pParse->pWith while it expands them).
     */
    <T> T seeingCtes(int depth, Supplier<T> body) {
        Deque<Map<String, CommonTableExpr>> hidden = hideCtes(depth);
        try {
            return body.get();
        } finally {
            showCtes(hidden);
        }
    }

    /** Hides the WITH clauses after the first {@code depth}; them, for {@link #showCtes} (null: none). */
    Deque<Map<String, CommonTableExpr>> hideCtes(int depth) {
        if (depth >= ctes.size()) {
            return null;
        }
        Deque<Map<String, CommonTableExpr>> hidden = new ArrayDeque<>();
        while (ctes.size() > depth) {
            hidden.push(ctes.removeLast());
        }
        return hidden;
    }

    /** Shows again the WITH clauses {@link #hideCtes} hid. */
    void showCtes(Deque<Map<String, CommonTableExpr>> hidden) {
        while (hidden != null && !hidden.isEmpty()) {
            ctes.addLast(hidden.pop());
        }
    }
}
