package io.onelite.plan;

import io.onelite.catalog.Column;
import io.onelite.catalog.Table;
import io.onelite.catalog.View;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.exec.Query;
import io.onelite.sql.ast.CommonTableExpr;
import io.onelite.sql.ast.Expr;
import io.onelite.sql.ast.FromItem;
import io.onelite.sql.ast.Join;
import io.onelite.sql.ast.SelectStmt;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Flattens a FROM clause into its sources, in join order, registering them in the scope, and
 * collects the join constraints (ON, USING, NATURAL) as terms.
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
        String name;
        /** {@code INDEXED BY name}: the only index the source may be read through; else null. */
        String indexedBy;
        /** {@code NOT INDEXED}: the source is read by rowid or scanned, never through an index. */
        boolean notIndexed;
        /** For table-valued functions: the rows, computed from the join frame at each start. */
        java.util.function.Function<io.onelite.exec.Frame, List<Object[]>> functionRows;
    }

    /**
     * A WHERE or ON term; {@code onLevel} >= 0 for the ON terms of a LEFT/RIGHT/FULL JOIN's right
     * side; {@code pinned} for terms inside the left operand of a RIGHT/FULL JOIN.
     */
    record Term(Expr expr, int onLevel, boolean pinned) {
        Term(Expr expr, int onLevel) {
            this(expr, onLevel, false);
        }
    }

    /**
     * The level that is the right side of a RIGHT or FULL JOIN, or -1. WHERE terms (and ON terms
     * of later joins) reading levels up to it are checked after it ({@link Term#pinned} terms,
     * the ON terms inside its left operand, are not moved), so that they also see the rows it
     * adds with NULLs on the left.
     */
    int rightJoinLevel = -1;
    /** Whether a CROSS JOIN appears: SQLite then keeps the tables in the order written. */
    boolean crossJoin;

    /** The WHERE terms of a query with this one source, which {@link PushDown} may copy into a compound's arms. */
    List<Expr> pushable = List.of();
    final List<Entry> entries = new ArrayList<>();
    final List<Term> terms = new ArrayList<>();
    private final Planner planner;
    private final Scope scope;

    FromPlanner(Planner planner, Scope scope) {
        this.planner = planner;
        this.scope = scope;
    }

    void add(FromItem item) {
        if (item instanceof Join j) {
            add(j.left());
            int before = entries.size();
            add(j.right());
            boolean outerRight = j.type() == Join.JoinType.RIGHT || j.type() == Join.JoinType.FULL;
            crossJoin |= j.type() == Join.JoinType.CROSS;
            boolean left = j.type() == Join.JoinType.LEFT || j.type() == Join.JoinType.FULL;
            int level = entries.size() - 1;
            if (outerRight) {
                if (entries.size() - before != 1) {
                    throw new OneLiteException(ResultCode.ERROR, "RIGHT or FULL JOIN of a nested join is not supported");
                }
                if (rightJoinLevel >= 0) {
                    throw new OneLiteException(ResultCode.ERROR,
                            "more than one RIGHT or FULL JOIN in one FROM clause is not supported");
                }
                rightJoinLevel = level;
                // the ON terms of joins inside the left operand stay where they are
                for (int i = 0; i < terms.size(); i++) {
                    Term t = terms.get(i);
                    terms.set(i, new Term(t.expr(), t.onLevel(), true));
                }
            }
            if (left) {
                if (entries.size() - before != 1) {
                    throw new OneLiteException(ResultCode.ERROR, "LEFT JOIN of a nested join is not supported");
                }
                entries.get(level).leftJoin = true;
            }
            left |= outerRight; // the ON terms of a RIGHT/FULL join belong to its level
            List<String> using = new ArrayList<>(j.using());
            Source right = scope.sources.get(level);
            if (j.natural()) {
                for (String c : right.columnNames()) {
                    if (findEarlier(c, before) >= 0) {
                        using.add(c);
                    }
                }
            }
            for (String c : using) {
                int ls = findEarlier(c, before);
                int rc = right.columnIndex(c);
                if (ls < 0 || rc < 0) {
                    throw new OneLiteException(ResultCode.ERROR, "cannot join using column " + c
                            + " - column not present in both tables");
                }
                if (outerRight && findEarlier(c, before, ls + 1) >= 0) {
                    // the merged column could come from either: SQLite refuses to pick
                    throw new OneLiteException(ResultCode.ERROR, "ambiguous reference to " + c + " in USING()");
                }
                right.hidden()[rc] = true;
                Source l = scope.sources.get(ls);
                int lc = l.columnIndex(c);
                Expr lref = new Expr.ColumnRef(null, l.alias(), l.columnNames().get(lc), false);
                Expr rref = new Expr.ColumnRef(null, right.alias(), right.columnNames().get(rc), false);
                // a later USING compares with what the name means (coalesce after a FULL JOIN)
                Expr lname = scope.mergedUsing(ls, lc);
                Expr eq = new Expr.Binary(Expr.BinaryOp.EQ, lname != null ? lname : lref, rref);
                if (outerRight) {
                    scope.mergeUsing(ls, lc, j.type() == Join.JoinType.RIGHT ? rref
                            : Expr.FunctionCall.of("coalesce", List.of(lref, rref)));
                }
                terms.add(new Term(eq, left ? level : -1));
            }
            if (j.on() != null) {
                for (Expr e : CorePlanner.splitAnd(j.on())) {
                    terms.add(new Term(e, left ? level : -1));
                }
            }
            return;
        }
        Entry e = new Entry();
        e.slot = entries.size();
        if (item instanceof FromItem.Table t) {
            planner.checkBound(t.name().schema());
            String name = t.name().name();
            String alias = t.alias() != null ? t.alias() : name;
            CommonTableExpr cte = t.name().schema() == null ? planner.cte(name) : null;
            Object[] work = planner.working.get(name.toLowerCase(Locale.ROOT));
            if (work != null) {
                var wt = (io.onelite.exec.RecursiveQuery.WorkingTable) work[0];
                @SuppressWarnings("unchecked")
                List<String> names = (List<String>) work[1];
                Planner.Planned first = (Planner.Planned) work[2];
                e.query = new io.onelite.exec.Query() {
                    @Override
                    public int columnCount() {
                        return names.size();
                    }

                    @Override
                    public io.onelite.exec.RowIterator open(io.onelite.exec.ExecContext ctx, io.onelite.exec.Frame outer) {
                        return io.onelite.exec.ListLevel.iterate(wt.rows());
                    }
                };
                e.queryCorrelated = true; // re-read at each step
                e.name = alias;
                scope.sources.add(new Source(alias, null, new ArrayList<>(names), first.affinities().clone(),
                        first.collations().clone(), false, new boolean[names.size()]));
            } else if (cte != null && planner.recursiveWith
                    && Planner.references(cte.select().cores(), cte.name()) && cte.select().cores().size() > 1) {
                Scope probe = new Scope(scope.outer, true);
                Planner.Planned p = planner.recursiveCte(cte, probe);
                e.query = p.query();
                e.queryCorrelated = probe.correlatedFromInside;
                e.name = alias;
                scope.sources.add(new Source(alias, null, new ArrayList<>(p.names()), p.affinities().clone(),
                        p.collations().clone(), false, new boolean[p.names().size()]));
            } else if (cte != null) {
                subquery(e, cte.select(), alias, cte.columns(), null, false);
            } else {
                Table table = planner.schema.table(t.name());
                if (table != null) {
                    e.table = table;
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
                    if (v == null && t.name().schema() == null && (lower.equals("pragma_foreign_key_check")
                            || SchemaPragmas.tableValued(lower) != null)) {
                        // an eponymous pragma table without arguments: FROM pragma_foreign_key_check
                        pragmaFunction(e, new FromItem.TableFunction(t.name(), List.of(), t.alias()),
                                lower.substring("pragma_".length()));
                        entries.add(e);
                        return;
                    }
                    if (v == null) {
                        // inside a view, SQLite has bound the names to the view's schema (sqlite3FixSrcList)
                        String shown = t.name().schema() == null && !planner.expanding.isEmpty()
                                ? "main." + t.name().name() : t.name().toString();
                        throw new OneLiteException(ResultCode.ERROR, "no such table: " + shown);
                    }
                    String key = v.name().toLowerCase(Locale.ROOT);
                    if (!planner.expanding.add(key)) {
                        throw new OneLiteException(ResultCode.ERROR, "view " + v.name() + " is circularly defined");
                    }
                    // a view outside temp reads its own database (SQLite binds its names there)
                    io.onelite.catalog.Schema saved = planner.schema;
                    String savedObject = planner.boundObject;
                    String savedDb = planner.boundDb;
                    if (!io.onelite.catalog.Schema.TEMP.equals(v.db()) && saved.databases().size() > 1) {
                        planner.schema = saved.database(v.db());
                        planner.boundTo("view " + v.name(), v.db());
                    }
                    try {
                        subquery(e, v.select(), alias, v.columnNames(), v.name(), true);
                    } finally {
                        planner.expanding.remove(key);
                        planner.schema = saved;
                        planner.boundTo(savedObject, savedDb);
                    }
                }
            }
        } else if (item instanceof FromItem.Subquery s) {
            subquery(e, s.select(), s.alias() != null ? s.alias() : "(subquery-" + (e.slot + 1) + ")", List.of(), null, true);
        } else {
            tableFunction(e, (FromItem.TableFunction) item);
        }
        entries.add(e);
    }

    /**
     * json_each / json_tree in FROM. The arguments are compiled against the sources already in
     * the scope, so {@code t, json_each(t.j)} reads the current row of {@code t}; columns
     * {@code json} and {@code root} are hidden (left out of {@code *}, reachable when qualified).
     */
    private void tableFunction(Entry e, FromItem.TableFunction tf) {
        String fname = tf.name().name().toLowerCase(Locale.ROOT);
        if (tf.name().schema() == null && (SchemaPragmas.tableValued(fname) != null
                || fname.equals("pragma_foreign_key_check"))) {
            pragmaFunction(e, tf, fname.substring("pragma_".length()));
            return;
        }
        boolean tree = fname.equals("json_tree");
        if (tf.name().schema() != null || !(tree || fname.equals("json_each"))) {
            if (planner.schema.table(tf.name().name()) != null || planner.schema.view(tf.name().name()) != null) {
                throw new OneLiteException(ResultCode.ERROR, "'" + tf.name().name() + "' is not a function");
            }
            throw new OneLiteException(ResultCode.ERROR, "no such table: " + tf.name());
        }
        if (tf.args().isEmpty() || tf.args().size() > 2) {
            throw new OneLiteException(ResultCode.ERROR, tf.args().isEmpty()
                    ? "no query solution" : "too many arguments on " + fname + "() - max 2");
        }
        ExprCompiler ec = new ExprCompiler(planner, scope);
        io.onelite.exec.Eval json = ec.eval(tf.args().get(0));
        io.onelite.exec.Eval path = tf.args().size() > 1 ? ec.eval(tf.args().get(1)) : null;
        e.functionRows = f -> {
            Object j = json.eval(f);
            Object p = path == null ? null : path.eval(f);
            if (path != null && p == null) {
                return List.of();
            }
            return tree ? io.onelite.exec.func.JsonTable.tree(j, p) : io.onelite.exec.func.JsonTable.each(j, p);
        };
        String alias = tf.alias() != null ? tf.alias() : tf.name().name();
        e.name = alias.equals(tf.name().name()) ? alias : tf.name().name() + " AS " + alias;
        List<String> names = new ArrayList<>(io.onelite.exec.func.JsonTable.COLUMNS);
        int n = names.size();
        char[] aff = new char[n];
        java.util.Arrays.fill(aff, io.onelite.exec.ValueOps.AFF_NONE);
        boolean[] hidden = new boolean[n];
        hidden[names.indexOf("json")] = true;
        hidden[names.indexOf("root")] = true;
        scope.sources.add(new Source(alias, null, names, aff, new String[n], false, hidden));
    }

    /**
     * {@code pragma_table_info('t' [, 'main'])} and the other schema pragmas (plus
     * {@code pragma_foreign_key_check}) as table-valued functions, as SQLite's {@code pragma}
     * virtual table: the arguments may read earlier FROM sources ({@code sqlite_schema m,
     * pragma_table_info(m.name)}); a NULL argument gives no rows. The hidden columns {@code arg}
     * and {@code schema} hold the arguments (reachable qualified, as json_each's).
     */
    private void pragmaFunction(Entry e, FromItem.TableFunction tf, String pragma) {
        if (tf.args().size() > 2) {
            throw new OneLiteException(ResultCode.ERROR, "too many arguments on " + tf.name().name() + "() - max 2");
        }
        ExprCompiler ec = new ExprCompiler(planner, scope);
        io.onelite.exec.Eval arg = tf.args().isEmpty() ? null : ec.eval(tf.args().get(0));
        io.onelite.exec.Eval db = tf.args().size() < 2 ? null : ec.eval(tf.args().get(1));
        io.onelite.catalog.Schema schema = planner.schema;
        boolean fkCheck = pragma.equals("foreign_key_check");
        e.functionRows = f -> {
            String text = pragmaText(arg == null ? null : arg.eval(f));
            String dbName = pragmaText(db == null ? null : db.eval(f));
            if (dbName != null && !dbName.equalsIgnoreCase("main")) {
                if (dbName.equalsIgnoreCase("temp")) {
                    return List.of(); // the temp database is always empty here
                }
                throw new OneLiteException(ResultCode.ERROR, "unknown database '" + dbName + "'");
            }
            List<Object[]> rows = fkCheck ? ForeignKeyCheck.run(schema, f.ctx.storage, text)
                    : SchemaPragmas.rows(pragma, text, schema);
            List<Object[]> out = new ArrayList<>(rows.size());
            for (Object[] r : rows) {
                Object[] withArgs = java.util.Arrays.copyOf(r, r.length + 2);
                withArgs[r.length] = text;
                withArgs[r.length + 1] = dbName;
                out.add(withArgs);
            }
            return out;
        };
        String alias = tf.alias() != null ? tf.alias() : tf.name().name();
        e.name = alias.equals(tf.name().name()) ? alias : tf.name().name() + " AS " + alias;
        List<String> names = new ArrayList<>(fkCheck ? ForeignKeyCheck.COLUMNS : SchemaPragmas.columns(pragma));
        names.add("arg");
        names.add("schema");
        int n = names.size();
        char[] aff = new char[n];
        java.util.Arrays.fill(aff, io.onelite.exec.ValueOps.AFF_NONE);
        boolean[] hidden = new boolean[n];
        hidden[n - 2] = true;
        hidden[n - 1] = true;
        scope.sources.add(new Source(alias, null, names, aff, new String[n], false, hidden));
    }

    private static String pragmaText(Object v) {
        return v == null ? null : v instanceof byte[] b
                ? new String(b, java.nio.charset.StandardCharsets.UTF_8) : io.onelite.exec.ValueOps.toText(v);
    }

    /**
     * A subquery, CTE or view ({@code view}: its name, else null) in FROM, its columns named by
     * {@code columnNames} when given, else by its result columns; names made unique as SQLite's
     * sqlite3ColumnsFromExprList does. A compound view or FROM subquery (not a CTE, which
     * SQLite may share) gets the query's WHERE terms on its columns pushed into its arms
     * ({@link PushDown}), as SQLite's pushDownWhereTerms.
     */
    private void subquery(Entry e, SelectStmt select, String alias, List<String> columnNames, String view,
                          boolean mayPushDown) {
        Scope probe = new Scope(scope.outer, true);
        Planner.Planned p = planner.plan(select, probe);
        e.query = p.query();
        e.queryCorrelated = probe.correlatedFromInside;
        e.name = alias;
        List<String> names = new ArrayList<>(p.names());
        if (!columnNames.isEmpty()) {
            if (columnNames.size() != names.size()) {
                throw new OneLiteException(ResultCode.ERROR, view != null
                        ? "expected " + columnNames.size() + " columns for '" + view + "' but got " + names.size()
                        : "table " + alias + " has " + names.size() + " values for " + columnNames.size() + " columns");
            }
            names = new ArrayList<>(columnNames);
        }
        names = uniqueNames(names);
        int n = names.size();
        SelectStmt pushed = mayPushDown ? PushDown.into(select, p, alias, names, pushable) : null;
        if (pushed != null) {
            Scope again = new Scope(scope.outer, true);
            e.query = planner.plan(pushed, again).query();
            e.queryCorrelated = again.correlatedFromInside;
        }
        scope.sources.add(new Source(alias, null, names, p.tableAffinities().clone(), p.collations().clone(), false,
                new boolean[n]));
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

    private int findEarlier(String column, int before) {
        return findEarlier(column, before, 0);
    }

    /** The first source in {@code [from, before)} with a visible column of that name, or -1. */
    private int findEarlier(String column, int before, int from) {
        for (int s = from; s < before; s++) {
            Source src = scope.sources.get(s);
            int c = src.columnIndex(column);
            if (c >= 0 && !src.hidden()[c]) {
                return s;
            }
        }
        return -1;
    }
}
