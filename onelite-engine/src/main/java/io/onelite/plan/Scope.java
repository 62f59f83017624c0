package io.onelite.plan;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.sql.ast.Expr;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Name resolution for one query level: its FROM sources (slot = position) and the enclosing
 * level's scope for correlated references.
 */
final class Scope {
    final Scope outer;
    final List<Source> sources = new ArrayList<>();
    /** The sources that read a view (typed when it is expanded, unlike a FROM subquery; {@link SubqueryColumnTypes}). */
    final java.util.Set<Source> viewSources = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    /**
     * Per source inside a parenthesised join: the names SQLite's subquery gives its columns
     * ({@link NestedNames}), for {@code *} and result column names; absent for other sources.
     */
    Map<Source, List<String>> nestedNames = Map.of();

    /** The name a result column reading {@code column} of {@code src} gets. */
    String displayName(Source src, int column) {
        List<String> names = nestedNames.get(src);
        return names == null ? src.columnNames().get(column) : names.get(column);
    }

    /** Result-column aliases usable where SQLite allows them (WHERE, GROUP BY, HAVING, ORDER BY). */
    Map<String, Expr> aliases;
    /** The scope of a trigger program (OLD and NEW): RAISE() is allowed below it. */
    boolean trigger;

    boolean inTrigger() {
        for (Scope s = this; s != null; s = s.outer) {
            if (s.trigger) {
                return true;
            }
        }
        return false;
    }

    /** Set while compiling output expressions that may hold window functions. */
    java.util.List<io.onelite.exec.WindowSpec> windowSpecs;
    /** The WINDOW clause's named windows. */
    java.util.Map<String, io.onelite.sql.ast.WindowDef> namedWindows = java.util.Map.of();
    /** Set while compiling an aggregate query's output expressions. */
    AggregateCollector aggregates;
    /**
     * The clause of this query being compiled (null outside a SELECT core's clauses): where an
     * aggregate of this query written in a subquery may go ({@link OuterAggregates}).
     */
    OuterAggregates.Clause clause;
    /**
     * Whether an aggregate may not be written here, as SQLite's name context without
     * NC_AllowAgg: a non-aggregate query's WHERE, ON and table-function arguments.
     */
    boolean aggregatesRefused;
    /** Whether this query's result columns or ORDER BY call window functions. */
    boolean windowed;
    /** The part of this query's first window function ({@link WindowPart}), once one is compiled. */
    WindowPart firstWindowPart;
    /**
     * Set while a result column SQLite reads back from the sort key compiles ({@link SortKeyColumns}):
     * its JSON aggregates under OVER give no subtype.
     */
    boolean readFromSortKey;
    /**
     * Set on the probe scope of a subquery whose result columns SQLite does not read back from a
     * sort key, or may not ({@link SortKeyColumns}): an IN subquery, whose ORDER BY it drops, and
     * a FROM clause's subquery, view or CTE unless it is the clause's only item, read once, and
     * either has a LIMIT or sits in a query without ORDER BY (SQLite then keeps its ORDER BY and
     * reads it as a co-routine).
     */
    boolean noSortKeyReads;
    /** Set on the probe scope of a one-core EXISTS subquery, whose result columns SQLite never computes. */
    boolean existsProbe;
    /**
     * Scopes whose columns names resolved through this one reached (this one or enclosing ones),
     * while {@link OuterAggregates} watches which levels an aggregate's nested subqueries read; else null.
     */
    List<Scope> watch;
    /** Set while an outer level compiles: references to it are correlated. */
    boolean correlatedFromInside;
    /** Slots of this level read by subqueries nested in the expression being compiled. */
    final java.util.BitSet innerSlotRefs = new java.util.BitSet();

    /**
     * USING/NATURAL columns of a RIGHT or FULL JOIN, by "slot/column" of the left source's
     * column that an unqualified name (or {@code *}) reaches: what it reads instead, the right
     * side's column (RIGHT) or {@code coalesce(left, right)} (FULL), as SQLite's resolver does.
     */
    private final Map<String, Expr> mergedUsing = new java.util.HashMap<>();

    void mergeUsing(int slot, int column, Expr replacement) {
        mergedUsing.put(slot + "/" + column, replacement);
    }

    /**
     * Columns an unqualified name passes over although {@code *} lists them: the further columns
     * of that name in a parenthesised join on the right of USING (by "slot/column").
     */
    private final java.util.Set<String> passedOver = new java.util.HashSet<>();

    void passOver(int slot, int column) {
        passedOver.add(slot + "/" + column);
    }

    boolean passedOver(int slot, int column) {
        return !passedOver.isEmpty() && passedOver.contains(slot + "/" + column);
    }

    /** The replacement of an unqualified reference to (slot, column), or null. */
    Expr mergedUsing(int slot, int column) {
        return mergedUsing.isEmpty() ? null : mergedUsing.get(slot + "/" + column);
    }

    /**
     * Per source of this level, the columns that expressions compiled so far resolved: once a
     * SELECT core has compiled everything, an index holding all of them can serve the source
     * alone (a covering index). Only SELECT cores set {@link #coveringReads}; DML reads whole rows.
     */
    final java.util.Map<Source, java.util.BitSet> usedColumns = new java.util.IdentityHashMap<>();
    boolean coveringReads;
    /**
     * Per source of this level, the (canonical) expressions an index holds that the query reads,
     * by id ({@link IndexedExpressionReads}): their columns count as read only through them.
     */
    final java.util.Map<Source, java.util.List<Expr>> indexedExprs = new java.util.IdentityHashMap<>();

    /** The IN terms of this query's WHERE and ON clauses that no index lookup reads ({@link InTermIndexReads}). */
    java.util.Set<Expr> evaluatedIns = java.util.Set.of();
    /** Terms {@link EquivalenceTerms} derived: for lookups and join order only, never checked as filters. */
    java.util.Set<Expr> derivedTerms = java.util.Set.of();

    /** Loop position to slot (JoinOrder's choice), or null: the sources loop in FROM order. */
    private int[] loopOrder;
    private int[] loopPosition;

    void setLoopOrder(int[] order) {
        loopOrder = order.clone();
        loopPosition = new int[order.length];
        for (int i = 0; i < order.length; i++) {
            loopPosition[order[i]] = i;
        }
    }

    /** The slot of the source at loop position {@code pos}. */
    int slotAt(int pos) {
        return loopOrder == null ? pos : loopOrder[pos];
    }

    /** The loop position of the source in {@code slot}. */
    int positionOf(int slot) {
        return loopPosition == null || slot >= loopPosition.length ? slot : loopPosition[slot];
    }

    /** The innermost loop position among {@code slots} (not empty). */
    int lastLoopPosition(java.util.BitSet slots) {
        int last = -1;
        for (int s = slots.nextSetBit(0); s >= 0; s = slots.nextSetBit(s + 1)) {
            last = Math.max(last, positionOf(s));
        }
        return last;
    }

    /** A scope without a frame of its own (a subquery's probe): it does not count as a level. */
    final boolean transparent;

    /**
     * Set on the scope of a LIMIT or OFFSET: SQLite resolves them with an empty name context, so
     * no column of this query or of an enclosing one is visible there (nor in subqueries inside
     * them); only a trigger program's OLD and NEW are.
     */
    private boolean hidesColumns;

    /**
     * Set while this query's GROUP BY and ORDER BY compile: SQLite resolves them with no
     * enclosing name context, so only this query's own columns (and a trigger's OLD and NEW)
     * are visible there, also to subqueries inside them.
     */
    boolean hidesOuter;

    Scope(Scope outer) {
        this(outer, false);
    }

    /** The scope for a LIMIT or OFFSET expression of a query whose enclosing scope is {@code outer}. */
    static Scope limitClause(Scope outer) {
        Scope s = new Scope(outer, true);
        s.hidesColumns = true;
        return s;
    }

    Scope(Scope outer, boolean transparent) {
        this.outer = outer;
        this.transparent = transparent;
    }

    /** A resolved column: frame depth, source slot and column (-1 = rowid). */
    record Ref(int depth, int slot, int column, Source source, Scope owner) {
        char affinity() {
            return column < 0 ? 'D' : source.affinities()[column];
        }

        /**
         * A column has a collation: its declared one, else BINARY (which then wins over the right
         * side's); but the rowid and an INTEGER PRIMARY KEY, which SQLite reads as the rowid
         * (iColumn -1), have none, so beside them another operand's or compound arm's decides.
         */
        String collation() {
            if (column < 0 || source.table() != null && (column == source.table().rowidAlias()
                    || Flattening.copiesRowid(source.table(), column))) {
                return null;
            }
            String c = source.collations()[column];
            return c == null ? "BINARY" : c;
        }
    }

    /** Resolves a column reference, searching enclosing scopes; null when no source has it. */
    Ref resolve(String table, String column) {
        return resolve(table, column, true);
    }

    /**
     * As {@link #resolve}, without counting the column among those the query reads
     * ({@link #usedColumns}): for the planner's looks at an expression, which read nothing.
     */
    Ref peek(String table, String column) {
        return resolve(table, column, false);
    }

    private Ref resolve(String table, String column, boolean read) {
        int depth = 0;
        boolean hidden = false;
        for (Scope s = this; s != null; s = s.outer) {
            hidden |= s.hidesColumns;
            if (s.transparent) {
                continue;
            }
            Ref r = hidden && !s.trigger ? null : s.resolveHere(table, column, depth, read);
            if (r != null) {
                noteReference(r.owner());
                return r;
            }
            hidden |= s.hidesOuter;
            depth++;
        }
        return null;
    }

    /** A result-column alias of the query {@code level}, {@code depth} levels out, and the expression it names. */
    record AliasRef(Scope level, int depth, Expr expr) {
    }

    /**
     * The alias {@code column} names, as SQLite's {@code lookupName} tries each query level's
     * FROM sources and then its result-column aliases (where they are usable, {@link #aliases})
     * before it moves out a level: the innermost level out to {@code columnDepth} (exclusive,
     * where a source of that name was found) whose aliases have it, or null. Levels hidden from
     * here ({@link #hidesOuter}, a LIMIT) do not count.
     */
    AliasRef alias(String column, int columnDepth) {
        String key = column.toLowerCase(java.util.Locale.ROOT);
        int depth = 0;
        boolean hidden = false;
        for (Scope s = this; s != null && depth < columnDepth; s = s.outer) {
            hidden |= s.hidesColumns;
            if (s.transparent) {
                continue;
            }
            if (hidden) {
                return null;
            }
            Expr e = s.aliases == null ? null : s.aliases.get(key);
            if (e != null) {
                return new AliasRef(s, depth, e);
            }
            hidden |= s.hidesOuter;
            depth++;
        }
        return null;
    }

    /** Tells the scopes watching from here out to {@code owner} ({@link #watch}) that a name of {@code owner} was read. */
    void noteReference(Scope owner) {
        for (Scope s = this; s != null && s != owner; s = s.outer) {
            if (s.watch != null) {
                s.watch.add(owner);
            }
        }
    }

    /**
     * The slots {@code [visibleFrom, visibleTo)} a name may resolve to at this level, as in a
     * scope from {@link #onlySlots}; by default all.
     */
    private int visibleFrom;
    private int visibleTo = Integer.MAX_VALUE;

    /**
     * A scope for checking names only: this level's sources {@code [from, to)} and the enclosing
     * levels, as SQLite sees the ON and USING terms of a parenthesised join it made a subquery
     * (sqlite3ResolveSelectNames of a FROM subquery gets the outer name context, not the
     * sources beside it). Expressions compiled against it are for their errors, not to be run.
     */
    Scope onlySlots(int from, int to) {
        Scope s = new Scope(outer, transparent);
        s.sources.addAll(sources);
        s.visibleFrom = from;
        s.visibleTo = to;
        s.trigger = trigger;
        s.mergedUsing.putAll(mergedUsing);
        s.passedOver.addAll(passedOver);
        return s;
    }

    private Ref resolveHere(String table, String column, int depth, boolean read) {
        if (trigger && table == null) {
            return null; // a trigger's OLD and NEW are named only qualified: a bare "a" is "no such column: a"
        }
        Ref found = null;
        for (int slot = visibleFrom; slot < Math.min(visibleTo, sources.size()); slot++) {
            Source src = sources.get(slot);
            if (table != null && !src.alias().equalsIgnoreCase(table)) {
                continue;
            }
            int c = src.columnIndex(column);
            if (c >= 0) {
                if (table == null && (src.hidden()[c] || passedOver(slot, c))) {
                    continue;
                }
                if (found != null) {
                    throw new OneLiteException(ResultCode.ERROR, "ambiguous column name: "
                            + (table == null ? column : table + "." + column));
                }
                found = new Ref(depth, slot, c, src, this);
                if (read) {
                    markUsed(src, c);
                }
            } else if (src.hasRowid() && isRowidName(column)) {
                if (found == null) {
                    found = new Ref(depth, slot, src.table() != null && src.table().rowidAlias() >= 0
                            ? src.table().rowidAlias() : -1, src, this);
                } else if (table == null) {
                    throw new OneLiteException(ResultCode.ERROR, "ambiguous column name: " + column);
                }
            }
        }
        return found;
    }

    /**
     * The column of a source of this level that {@code c} names, for a look at a term: null when
     * it names none (or only the rowid, or a column of an enclosing query), when it is ambiguous,
     * or when a USING column of a RIGHT or FULL JOIN stands in for it ({@link #mergedUsing}).
     */
    Ref levelColumn(Expr.ColumnRef c) {
        Ref r;
        try {
            r = peek(c.table(), c.column());
        } catch (OneLiteException ambiguous) {
            return null;
        }
        return r != null && r.depth() == 0 && r.column() >= 0 && mergedUsing(r.slot(), r.column()) == null ? r : null;
    }

    /**
     * Counts column {@code c} of {@code src} as read. A flattened view's computed column
     * ({@link Flattening}) counts as the columns its expression reads, as SQLite's substituted
     * expression does: an index holding those covers it.
     */
    private void markUsed(Source src, int c) {
        io.onelite.catalog.Table t = src.table();
        if (t != null && c < t.columns().size() && Flattening.isComputed(t.columns().get(c))) {
            for (int r : Writers.columnsRead(t, t.columns().get(c).generated().expr())) {
                if (r >= 0) {
                    markUsed(src, r);
                }
            }
            return;
        }
        usedColumns.computeIfAbsent(src, k -> new java.util.BitSet()).set(c);
    }

    static boolean isRowidName(String n) {
        return n.equalsIgnoreCase("rowid") || n.equalsIgnoreCase("oid") || n.equalsIgnoreCase("_rowid_");
    }

    boolean hasSourceNamed(String table) {
        for (Scope s = this; s != null; s = s.outer) {
            for (Source src : s.sources) {
                if (src.alias().equalsIgnoreCase(table)) {
                    return true;
                }
            }
        }
        return false;
    }
}
