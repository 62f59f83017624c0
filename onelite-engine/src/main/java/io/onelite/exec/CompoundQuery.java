package io.onelite.exec;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * UNION ALL, UNION, INTERSECT and EXCEPT, left-associative over materialised rows. UNION,
 * INTERSECT and EXCEPT return distinct rows; without ORDER BY they come out in SQLite's order
 * of a sorted temp table, which callers must not rely on.
 */
public final class CompoundQuery implements Query {
    private final List<Query> parts;
    private final List<String> ops;
    private final int columns;

    public CompoundQuery(List<Query> parts, List<String> ops, int columns) {
        this.parts = parts;
        this.ops = ops;
        this.columns = columns;
    }

    @Override
    public int columnCount() {
        return columns;
    }

    @Override
    public RowIterator open(ExecContext ctx, Frame outer) {
        List<Object[]> acc = parts.get(0).all(ctx, outer);
        for (int i = 0; i < ops.size(); i++) {
            List<Object[]> next = parts.get(i + 1).all(ctx, outer);
            String op = ops.get(i);
            if (op.equals("UNION_ALL")) {
                acc = new ArrayList<>(acc);
                acc.addAll(next);
                continue;
            }
            Set<RowKey> left = new LinkedHashSet<>();
            for (Object[] r : acc) {
                left.add(new RowKey(r));
            }
            switch (op) {
                case "UNION" -> {
                    for (Object[] r : next) {
                        left.add(new RowKey(r));
                    }
                }
                case "EXCEPT" -> {
                    for (Object[] r : next) {
                        left.remove(new RowKey(r));
                    }
                }
                default -> {
                    Set<RowKey> right = new LinkedHashSet<>();
                    for (Object[] r : next) {
                        right.add(new RowKey(r));
                    }
                    left.retainAll(right);
                }
            }
            List<Object[]> rows = new ArrayList<>();
            for (RowKey k : left) {
                rows.add(k.values());
            }
            rows.sort((a, b) -> {
                for (int c = 0; c < a.length; c++) {
                    int x = ValueOps.compare(a[c], b[c], null);
                    if (x != 0) {
                        return x;
                    }
                }
                return 0;
            });
            acc = rows;
        }
        var it = acc.iterator();
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
}
