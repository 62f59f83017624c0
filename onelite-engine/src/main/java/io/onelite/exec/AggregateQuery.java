package io.onelite.exec;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One SELECT core with GROUP BY and/or aggregates: reads every input row of its FROM levels,
 * keeps per group the {@link GroupSlot} values, then evaluates HAVING and the outputs against
 * each group ({@code Frame.group}). Without GROUP BY there is exactly one group, even with no
 * input rows.
 */
public final class AggregateQuery implements Query {
    private final int sources;
    private final Level[] levels;
    private final Eval guard;
    private final Eval[] groupBy;
    private final GroupSlot[] slots;
    private final Eval having;
    private final Eval[] outputs;
    private final int visible;
    private final boolean distinct;
    /** Whether any slot is a bare column, whose row a min()/max() decides (else no slot needs that decision). */
    private final boolean hasBare;

    public AggregateQuery(int sources, Level[] levels, Eval guard, Eval[] groupBy, GroupSlot[] slots, Eval having,
                          Eval[] outputs, int visible, boolean distinct) {
        this.sources = sources;
        this.levels = levels;
        this.guard = guard;
        this.groupBy = groupBy;
        this.slots = slots;
        this.having = having;
        this.outputs = outputs;
        this.visible = visible;
        this.distinct = distinct;
        boolean bare = false;
        for (GroupSlot s : slots) {
            bare |= s.accumulator() == null;
        }
        this.hasBare = bare;
    }

    private WindowSpec[] windows;
    /**
     * The slot of the min()/max() aggregate whose row the bare columns come from, or -1: as in
     * SQLite, whose min()/max() steps tell the bare-column copy to skip a row, the last one it
     * computes decides ({@code AggregateCollector.decidingExtreme}).
     */
    private int extremeSlot = -1;

    public AggregateQuery withWindows(WindowSpec[] specs) {
        this.windows = specs;
        return this;
    }

    public AggregateQuery withExtremeSlot(int slot) {
        this.extremeSlot = slot;
        return this;
    }

    /** Whether the input arrives in the order of the min()/max() argument, so its first non-NULL value is the answer. */
    private boolean firstExtremeWins;

    /**
     * Declares that the levels yield rows in the order of the only aggregate's min()/max()
     * argument (ascending for min, NULLs skipped or first; descending for max), with no GROUP BY:
     * reading stops at the first row giving it a non-NULL value, as SQLite's min/max
     * optimization reads one index entry. Needs {@link #withExtremeSlot}.
     */
    public AggregateQuery withFirstExtremeWins(boolean wins) {
        this.firstExtremeWins = wins;
        return this;
    }

    /**
     * Whether reading stops at the first row that gives the only min()/max() its value, with no
     * term to check on the rows on the way (the walk's seek enforces every WHERE term): the rows
     * read are that one, and no term can fail on another.
     */
    public boolean readsOnlyItsExtreme() {
        if (!firstExtremeWins || extremeSlot < 0 || groupBy.length != 0 || guard != null) {
            return false;
        }
        for (Level l : levels) {
            if (l.filter != null || l.postFilter != null) {
                return false;
            }
        }
        return true;
    }

    /** Per aggregate slot, a one-row query whose value is that slot's (null: the slots are stepped over the rows). */
    private Query[] slotProbes;

    /**
     * Takes each slot's value from its own query instead of stepping the slots over the rows:
     * {@code SELECT min(a), max(a) FROM t} as {@code min(a)} and {@code max(a)} each read from an
     * index end (the planner's {@code ExtremeProbes}); only without GROUP BY.
     */
    public AggregateQuery withSlotProbes(Query[] probes) {
        this.slotProbes = groupBy.length == 0 ? probes : null;
        return this;
    }

    /** Whether rows arrive in ascending GROUP BY order (an index walk), so groups are runs. */
    private boolean sortedInput;

    /**
     * Declares that the levels yield rows sorted ascending by the GROUP BY terms under BINARY
     * comparison (the planner matched them to an index or rowid order): each group is then a run
     * of rows, closed when the key changes, with no hash table and no sort, and EXPLAIN QUERY
     * PLAN has no "USE TEMP B-TREE FOR GROUP BY", as SQLite.
     */
    public AggregateQuery withSortedInput(boolean sorted) {
        this.sortedInput = sorted;
        return this;
    }

    /** Per GROUP BY term, whether groups sort descending on it (ORDER BY asked so); null = all ascending. */
    private boolean[] groupDesc;

    public AggregateQuery withGroupOrder(boolean[] desc) {
        this.groupDesc = desc;
        return this;
    }

    @Override
    public int columnCount() {
        return outputs.length;
    }

    /** The values one input row gives a group's slots: evaluated in place, or captured for a sort. */
    private interface SlotInputs {
        /** Whether the slot's FILTER lets the row in (true without FILTER). */
        boolean passes(int slot);

        Object[] args(int slot);

        /** A bare column's value. */
        Object bare(int slot);
    }

    private static final Object[] NO_ARGS = new Object[0];

    /** The slots' inputs evaluated against the current row of {@code f}, only when asked. */
    private final class FrameInputs implements SlotInputs {
        private final Frame f;

        FrameInputs(Frame f) {
            this.f = f;
        }

        @Override
        public boolean passes(int slot) {
            Eval filter = slots[slot].filter();
            return filter == null || ValueOps.isTrue(filter.eval(f));
        }

        @Override
        public Object[] args(int slot) {
            Eval[] a = slots[slot].args();
            if (a.length == 0) {
                return NO_ARGS; // count(*): nothing to make per row
            }
            Object[] v = new Object[a.length];
            for (int j = 0; j < v.length; j++) {
                v[j] = a[j].eval(f);
            }
            return v;
        }

        @Override
        public Object bare(int slot) {
            return slots[slot].args()[0].eval(f);
        }
    }

    /**
     * Where each slot's inputs sit in a captured row: GROUP BY key first, then per aggregate slot
     * its FILTER outcome (1/0, only with FILTER) and its arguments (NULLs when filtered out), per
     * bare slot its value. This is what the GROUP BY sort holds per input row, as SQLite's sorter
     * holds the GROUP BY terms and the columns the aggregates read.
     */
    private int[] slotOffsets() {
        int[] at = new int[slots.length + 1];
        int p = groupBy.length;
        for (int i = 0; i < slots.length; i++) {
            at[i] = p;
            GroupSlot s = slots[i];
            p += s.accumulator() == null ? 1 : (s.filter() != null ? 1 : 0) + s.args().length;
        }
        at[slots.length] = p;
        return at;
    }

    private Object[] capture(Object[] key, FrameInputs in, int[] at) {
        Object[] row = new Object[at[slots.length]];
        System.arraycopy(key, 0, row, 0, key.length);
        for (int i = 0; i < slots.length; i++) {
            GroupSlot s = slots[i];
            int p = at[i];
            if (s.accumulator() == null) {
                row[p] = in.bare(i);
                continue;
            }
            boolean pass = in.passes(i);
            if (s.filter() != null) {
                row[p++] = pass ? 1L : 0L;
            }
            if (pass) {
                System.arraycopy(in.args(i), 0, row, p, s.args().length);
            }
        }
        return row;
    }

    /** The inputs of a captured row ({@link #slotOffsets}). */
    private final class CapturedInputs implements SlotInputs {
        private final int[] at;
        Object[] row;

        CapturedInputs(int[] at) {
            this.at = at;
        }

        @Override
        public boolean passes(int slot) {
            return slots[slot].filter() == null || (Long) row[at[slot]] != 0L;
        }

        @Override
        public Object[] args(int slot) {
            int from = at[slot] + (slots[slot].filter() != null ? 1 : 0);
            return java.util.Arrays.copyOfRange(row, from, from + slots[slot].args().length);
        }

        @Override
        public Object bare(int slot) {
            return row[at[slot]];
        }
    }

    private final class Group {
        final Accumulator[] accs = new Accumulator[slots.length];
        final Object[] bare = new Object[slots.length];
        final Set<RowKey>[] seen;

        @SuppressWarnings("unchecked")
        Group() {
            seen = new Set[slots.length];
            for (int i = 0; i < slots.length; i++) {
                if (slots[i].accumulator() != null) {
                    accs[i] = slots[i].accumulator().get();
                    if (slots[i].distinct()) {
                        seen[i] = new HashSet<>();
                    }
                }
            }
        }

        boolean first = true;
        /** SQLite's "magnet" register regHit: true when the last row stepped kept the bare columns as they were. */
        boolean skipBare;

        void step(SlotInputs in) {
            // SQLite's bare columns: the group's first row, or with min()/max() each row that
            // the deciding call (extremeSlot) takes as its new extreme
            // without bare columns nothing asks which row the min()/max() took: it steps as any aggregate
            int deciding = hasBare ? extremeSlot : -1;
            boolean takeBare = deciding >= 0 ? !stepExtreme(in) : first;
            first = false;
            for (int i = 0; i < slots.length; i++) {
                if (accs[i] == null) {
                    if (takeBare) {
                        bare[i] = in.bare(i);
                    }
                    continue;
                }
                if (i == deciding) {
                    continue;
                }
                stepAggregate(i, in);
            }
        }

        /**
         * Steps the deciding min()/max() and returns whether the bare columns stay as they are,
         * as {@code minmaxStep} and {@code sqlite3SkipAccumulatorLoad} decide: a NULL argument
         * skips once there is an extreme, a value skips unless it is a new extreme; a row the
         * FILTER drops skips unless it is the group's first; a DISTINCT duplicate decides nothing
         * (the previous row's decision stands).
         */
        private boolean stepExtreme(SlotInputs in) {
            int i = extremeSlot;
            if (!in.passes(i)) {
                skipBare = !first;
                return skipBare;
            }
            Object[] v = in.args(i);
            if (seen[i] != null && v[0] != null
                    && !seen[i].add(RowKey.folded(new Object[]{v[0]}, new io.onelite.btree.Collation[]{slots[i].collation()}))) {
                return skipBare;
            }
            Object before = accs[i].value();
            if (v[0] != null) {
                accs[i].step(v);
            }
            skipBare = before != null && ValueOps.sameValue(before, accs[i].value(), null);
            return skipBare;
        }

        private void stepAggregate(int i, SlotInputs in) {
            if (!in.passes(i)) {
                return;
            }
            Object[] v = in.args(i);
            if (seen[i] != null) {
                if (v[0] == null || !seen[i].add(RowKey.folded(new Object[]{v[0]}, new io.onelite.btree.Collation[]{slots[i].collation()}))) {
                    return;
                }
            }
            accs[i].step(v);
        }

        Object[] values() {
            Object[] g = new Object[slots.length];
            for (int i = 0; i < g.length; i++) {
                g[i] = accs[i] != null ? accs[i].value() : bare[i];
            }
            return g;
        }
    }

    /**
     * A finished group: its key, its slot values, and which of them are JSON text. Groups kept in
     * memory are all finished before the first is handed on, and the JSON mark is only kept for a
     * thread's recent values, so {@link #values()} marks them again (SQLite's aggregate registers
     * keep the subtype of {@code max(json(x))} whatever the number of groups).
     */
    private record Done(Object[] key, Object[] slotValues, java.util.BitSet json) {
        Done(Object[] key, Object[] slotValues) {
            this(key, slotValues, jsonSlots(slotValues));
        }

        private static java.util.BitSet jsonSlots(Object[] values) {
            java.util.BitSet json = null;
            for (int i = 0; i < values.length; i++) {
                if (io.onelite.exec.func.JsonSubtype.isJson(values[i])) {
                    json = json == null ? new java.util.BitSet() : json;
                    json.set(i);
                }
            }
            return json;
        }

        Object[] values() {
            if (json != null) {
                for (int i = json.nextSetBit(0); i >= 0; i = json.nextSetBit(i + 1)) {
                    io.onelite.exec.func.JsonSubtype.mark((String) slotValues[i]);
                }
            }
            return slotValues;
        }
    }

    /** Groups sort in GROUP BY order (descending per term where ORDER BY asked), as SQLite's sorter yields them. */
    private int compareKeys(Object[] a, Object[] b) {
        for (int i = 0; i < groupBy.length; i++) {
            int c = ValueOps.compare(a[i], b[i], null);
            if (c != 0) {
                return groupDesc != null && i < groupDesc.length && groupDesc[i] ? -c : c;
            }
        }
        return 0;
    }

    /** Distinct-result collations per output column (DISTINCT compares under them); null: BINARY. */
    private io.onelite.btree.Collation[] distinctCollations;

    public AggregateQuery withDistinctCollations(io.onelite.btree.Collation[] collations) {
        this.distinctCollations = collations;
        return this;
    }

    /**
     * Reads the input and returns the groups in output order. Without an index order, groups
     * are hashed until there are {@link ExternalSorter#memoryRows()} of them (or their keys take
     * about {@link ExternalSorter#memoryBytes()}); after that, a row of a group not in the table
     * is captured ({@link #slotOffsets}) into a sort by key, whose runs of equal keys are the
     * remaining groups, each stepped in input order. The two sorted streams of groups (their keys
     * are disjoint) are merged, so the output equals the all-in-memory one. Without GROUP BY,
     * the one group of {@link #wholeInput}.
     */
    private Iterator<Done> groups(ExecContext ctx, Frame f) {
        if (groupBy.length == 0) {
            return List.of(wholeInput(f)).iterator();
        }
        Map<RowKey, Group> groups = new LinkedHashMap<>();
        ExternalSorter.Sink spilled = null;
        int[] at = null;
        FrameInputs here = new FrameInputs(f);
        if (guard == null || ValueOps.isTrue(guard.eval(f))) {
            JoinLoop loop = new JoinLoop(levels);
            RowKey runKey = null;
            Group run = null;
            int budgetRows = ExternalSorter.memoryRows();
            long budgetBytes = ExternalSorter.memoryBytes();
            long keyBytes = 0;
            while (loop.next(f)) {
                Object[] key = new Object[groupBy.length];
                for (int i = 0; i < key.length; i++) {
                    key[i] = groupBy[i].eval(f);
                }
                RowKey k = new RowKey(key);
                if (sortedInput) {
                    if (run == null || !k.equals(runKey)) {
                        runKey = k;
                        run = new Group();
                        groups.put(k, run);
                    }
                    run.step(here);
                    continue;
                }
                Group g = groups.get(k);
                if (g == null && spilled == null) {
                    long size = ExternalSorter.sizeOf(key);
                    if (groups.size() < budgetRows && (groups.isEmpty() || keyBytes + size <= budgetBytes)) {
                        g = new Group();
                        groups.put(k, g);
                        keyBytes += size;
                    } else {
                        at = slotOffsets();
                        spilled = new ExternalSorter.Sink(this::compareKeys, ctx);
                    }
                }
                if (g != null) {
                    g.step(here);
                } else {
                    spilled.add(capture(key, here, at));
                }
            }
        }
        List<Done> inMemory = new ArrayList<>(groups.size());
        for (Map.Entry<RowKey, Group> en : groups.entrySet()) {
            inMemory.add(new Done(en.getKey().values(), en.getValue().values()));
        }
        groups = null;
        if (groupBy.length > 0 && inMemory.size() > 1 && !sortedInput) {
            inMemory.sort((x, y) -> compareKeys(x.key, y.key));
        }
        if (spilled == null) {
            return inMemory.iterator();
        }
        return mergeGroups(inMemory.iterator(), new SpilledGroups(spilled.sorted(), new CapturedInputs(at)));
    }

    /** Without GROUP BY, the one group of every input row (none: the group of no rows): no key per row. */
    private Done wholeInput(Frame f) {
        if (slotProbes != null) {
            Object[] values = new Object[slotProbes.length];
            for (int i = 0; i < values.length; i++) {
                RowIterator it = slotProbes[i].open(f.ctx, f); // each applies the WHERE itself
                values[i] = it.next() ? it.row()[0] : null;
            }
            return new Done(new Object[0], values);
        }
        Group g = new Group();
        if (guard == null || ValueOps.isTrue(guard.eval(f))) {
            FrameInputs here = new FrameInputs(f);
            JoinLoop loop = new JoinLoop(levels);
            while (loop.next(f)) {
                g.step(here);
                if (firstExtremeWins && extremeSlot >= 0 && g.accs[extremeSlot].value() != null) {
                    break; // the walk's order makes this the min()/max()
                }
            }
        }
        return new Done(new Object[0], g.values());
    }

    /** Groups formed from the runs of equal keys of the GROUP BY sort. */
    private final class SpilledGroups implements Iterator<Done> {
        private final RowIterator sorted;
        private final CapturedInputs in;
        private Object[] pending;
        private boolean started;

        SpilledGroups(RowIterator sorted, CapturedInputs in) {
            this.sorted = sorted;
            this.in = in;
        }

        @Override
        public boolean hasNext() {
            if (!started) {
                started = true;
                pending = sorted.next() ? sorted.row() : null;
            }
            return pending != null;
        }

        @Override
        public Done next() {
            if (!hasNext()) {
                throw new java.util.NoSuchElementException();
            }
            Object[] key = java.util.Arrays.copyOf(pending, groupBy.length);
            Group g = new Group();
            do {
                in.row = pending;
                g.step(in);
                pending = sorted.next() ? sorted.row() : null;
            } while (pending != null && compareKeys(key, pending) == 0);
            return new Done(key, g.values());
        }
    }

    private Iterator<Done> mergeGroups(Iterator<Done> a, Iterator<Done> b) {
        return new Iterator<>() {
            Done x = a.hasNext() ? a.next() : null;
            Done y = b.hasNext() ? b.next() : null;

            @Override
            public boolean hasNext() {
                return x != null || y != null;
            }

            @Override
            public Done next() {
                Done out;
                if (y == null || (x != null && compareKeys(x.key, y.key) <= 0)) {
                    out = x;
                    x = a.hasNext() ? a.next() : null;
                } else {
                    out = y;
                    y = b.hasNext() ? b.next() : null;
                }
                return out;
            }
        };
    }

    @Override
    public RowIterator open(ExecContext ctx, Frame outer) {
        Frame f = new Frame(ctx, outer, sources);
        Iterator<Done> groups = groups(ctx, f);
        if (windows != null) {
            return windowed(f, groups);
        }
        DistinctRows seen = distinct ? new DistinctRows(visible, distinctCollations, ctx) : null;
        return DistinctRows.filter(new OutputRows(f, outputs) {
            @Override
            public boolean next() {
                while (groups.hasNext()) {
                    ctx.checkInterrupt();
                    f.group = groups.next().values();
                    if (having == null || ValueOps.isTrue(having.eval(f))) {
                        return emit();
                    }
                }
                return false;
            }
        }, seen);
    }

    /** Window functions over the groups that pass HAVING: each group's values are the {@link WindowStage} payload. */
    private RowIterator windowed(Frame f, Iterator<Done> groups) {
        WindowStage stage = new WindowStage(windows, slots.length, f.ctx);
        while (groups.hasNext()) {
            f.group = groups.next().values();
            if (having != null && !ValueOps.isTrue(having.eval(f))) {
                continue;
            }
            stage.capture(f, f.group);
        }
        RowIterator computed = stage.compute(f);
        DistinctRows seen = distinct ? new DistinctRows(visible, distinctCollations, f.ctx) : null;
        return DistinctRows.filter(new OutputRows(f, outputs) {
            @Override
            public boolean next() {
                if (!computed.next()) {
                    return false;
                }
                Object[] c = computed.row();
                f.group = java.util.Arrays.copyOf(c, slots.length);
                f.window = java.util.Arrays.copyOfRange(c, slots.length, c.length);
                return emit();
            }
        }, seen);
    }

    @Override
    public List<String> explain() {
        List<String> out = new ArrayList<>(Level.explain(levels));
        if (levels.length == 0) {
            out.add("SCAN CONSTANT ROW"); // an aggregate without FROM: SELECT count(*)
        }
        if (groupBy.length > 0 && !sortedInput) {
            out.add("USE TEMP B-TREE FOR GROUP BY");
        }
        if (distinct) {
            out.add("USE TEMP B-TREE FOR DISTINCT");
        }
        return out;
    }
}
