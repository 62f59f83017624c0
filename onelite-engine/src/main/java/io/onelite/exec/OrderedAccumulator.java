package io.onelite.exec;

import io.onelite.btree.Collation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

/**
 * An aggregate with ORDER BY among its arguments ({@code group_concat(x ORDER BY y DESC)}, SQLite
 * 3.44+). Each step's array holds the aggregate's own arguments followed by the ORDER BY terms'
 * values; the rows are kept per group and, when the value is asked, sorted by the terms (stably:
 * rows that tie keep their input order, as SQLite's per-aggregate sorter does with its sequence
 * column) and fed to a fresh inner accumulator. DISTINCT and FILTER apply before this, on input
 * order, as in SQLite.
 */
public final class OrderedAccumulator implements Accumulator {
    /** The ORDER BY terms: per term its direction, NULL placement and collation. */
    public record Order(int argCount, boolean[] desc, boolean[] nullsFirst, Collation[] collations) {
        public Order {
            if (desc.length != nullsFirst.length || desc.length != collations.length || desc.length == 0) {
                throw new IllegalArgumentException("ORDER BY terms do not line up");
            }
        }

        int compare(Object[] a, Object[] b) {
            for (int i = 0; i < desc.length; i++) {
                Object x = a[argCount + i];
                Object y = b[argCount + i];
                int c;
                if (x == null || y == null) {
                    if (x == y) {
                        continue;
                    }
                    c = (x == null) == nullsFirst[i] ? -1 : 1;
                } else {
                    c = ValueOps.compare(x, y, collations[i]);
                    if (desc[i]) {
                        c = -c;
                    }
                }
                if (c != 0) {
                    return c;
                }
            }
            return 0;
        }
    }

    private final Supplier<Accumulator> inner;
    private final Order order;
    private final List<Object[]> rows = new ArrayList<>();
    private Object value;
    private boolean valueKnown;

    public OrderedAccumulator(Supplier<Accumulator> inner, Order order) {
        this.inner = inner;
        this.order = order;
    }

    /** A supplier of ordered accumulators over {@code inner}'s. */
    public static Supplier<Accumulator> over(Supplier<Accumulator> inner, Order order) {
        return () -> new OrderedAccumulator(inner, order);
    }

    @Override
    public void step(Object[] args) {
        rows.add(args);
        valueKnown = false;
    }

    @Override
    public Object value() {
        if (!valueKnown) {
            rows.sort(order::compare); // List.sort is stable
            Accumulator acc = inner.get();
            for (Object[] row : rows) {
                acc.step(Arrays.copyOf(row, order.argCount()));
            }
            value = acc.value();
            valueKnown = true;
        }
        return value;
    }
}
