package io.onelite.exec;

import java.util.ArrayList;
import java.util.HashSet;
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
    }

    private WindowSpec[] windows;
    /** The slot of the query's only min()/max() aggregate, or -1. */
    private int extremeSlot = -1;

    public AggregateQuery withWindows(WindowSpec[] specs) {
        this.windows = specs;
        return this;
    }

    public AggregateQuery withExtremeSlot(int slot) {
        this.extremeSlot = slot;
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

        void step(Frame f) {
            boolean takeBare = first; // SQLite's bare columns: the group's first row ...
            if (extremeSlot >= 0) {
                // bare columns come from the row holding the min()/max() (SQLite's special case)
                Object before = accs[extremeSlot].value();
                stepAggregate(extremeSlot, f);
                Object after = accs[extremeSlot].value();
                takeBare = first || (after != null && (before == null || !ValueOps.sameValue(before, after, null)));
            }
            first = false;
            for (int i = 0; i < slots.length; i++) {
                GroupSlot s = slots[i];
                Eval[] a = s.args();
                if (accs[i] == null) {
                    if (takeBare) {
                        bare[i] = a[0].eval(f);
                    }
                    continue;
                }
                if (i == extremeSlot) {
                    continue;
                }
                stepAggregate(i, f);
            }
        }

        private void stepAggregate(int i, Frame f) {
            {
                GroupSlot s = slots[i];
                Eval[] a = s.args();
                if (s.filter() != null && !ValueOps.isTrue(s.filter().eval(f))) {
                    return;
                }
                Object[] v = new Object[a.length];
                for (int j = 0; j < v.length; j++) {
                    v[j] = a[j].eval(f);
                }
                if (seen[i] != null) {
                    if (v[0] == null || !seen[i].add(new RowKey(new Object[]{v[0]}))) {
                        return;
                    }
                }
                accs[i].step(v);
            }
        }

        Object[] values() {
            Object[] g = new Object[slots.length];
            for (int i = 0; i < g.length; i++) {
                g[i] = accs[i] != null ? accs[i].value() : bare[i];
            }
            return g;
        }
    }

    @Override
    public RowIterator open(ExecContext ctx, Frame outer) {
        Frame f = new Frame(ctx, outer, sources);
        Map<RowKey, Group> groups = new LinkedHashMap<>();
        if (guard == null || ValueOps.isTrue(guard.eval(f))) {
            JoinLoop loop = new JoinLoop(levels);
            RowKey runKey = null;
            Group run = null;
            while (loop.next(f)) {
                Object[] key = new Object[groupBy.length];
                for (int i = 0; i < key.length; i++) {
                    key[i] = groupBy[i].eval(f);
                }
                if (sortedInput) {
                    RowKey k = new RowKey(key);
                    if (run == null || !k.equals(runKey)) {
                        runKey = k;
                        run = new Group();
                        groups.put(k, run);
                    }
                    run.step(f);
                } else {
                    groups.computeIfAbsent(new RowKey(key), k -> new Group()).step(f);
                }
            }
        }
        if (groups.isEmpty() && groupBy.length == 0) {
            groups.put(new RowKey(new Object[0]), new Group());
        }
        if (groupBy.length > 0 && groups.size() > 1 && !sortedInput) {
            // groups come out in GROUP BY order, as SQLite's sorter yields them
            List<Map.Entry<RowKey, Group>> entries = new ArrayList<>(groups.entrySet());
            entries.sort((x, y) -> {
                Object[] a = x.getKey().values();
                Object[] b = y.getKey().values();
                for (int i = 0; i < a.length; i++) {
                    int c = ValueOps.compare(a[i], b[i], null);
                    if (c != 0) {
                        return groupDesc != null && i < groupDesc.length && groupDesc[i] ? -c : c;
                    }
                }
                return 0;
            });
            Map<RowKey, Group> sorted = new LinkedHashMap<>();
            for (Map.Entry<RowKey, Group> en : entries) {
                sorted.put(en.getKey(), en.getValue());
            }
            groups = sorted;
        }
        List<Object[]> rows = new ArrayList<>();
        Set<RowKey> seen = distinct ? new HashSet<>() : null;
        List<Object[]> groupValues = new ArrayList<>();
        for (Group g : groups.values()) {
            f.group = g.values();
            if (having != null && !ValueOps.isTrue(having.eval(f))) {
                continue;
            }
            groupValues.add(f.group);
        }
        Object[][] windowValues = null;
        int[] order = null;
        if (windows != null) {
            WindowStage stage = new WindowStage(windows);
            for (Object[] gv : groupValues) {
                f.group = gv;
                stage.capture(f);
            }
            order = new int[groupValues.size()];
            windowValues = stage.compute(f, order);
        }
        for (int gi = 0; gi < groupValues.size(); gi++) {
            int idx = order == null ? gi : order[gi];
            f.group = groupValues.get(idx);
            f.window = windowValues == null ? null : windowValues[idx];
            Object[] r = new Object[outputs.length];
            for (int i = 0; i < r.length; i++) {
                r[i] = outputs[i].eval(f);
            }
            if (seen != null && !seen.add(new RowKey(java.util.Arrays.copyOf(r, visible)))) {
                continue;
            }
            rows.add(r);
        }
        java.util.Iterator<Object[]> it = rows.iterator();
        return new RowIterator() {
            Object[] row;

            @Override
            public boolean next() {
                if (!it.hasNext()) {
                    return false;
                }
                row = it.next();
                return true;
            }

            @Override
            public Object[] row() {
                return row;
            }
        };
    }

    @Override
    public List<String> explain() {
        List<String> out = new ArrayList<>();
        for (Level l : levels) {
            out.add(l.explainLine());
        }
        if (groupBy.length > 0 && !sortedInput) {
            out.add("USE TEMP B-TREE FOR GROUP BY");
        }
        return out;
    }
}
