package io.onelite.plan;

import io.onelite.exec.Eval;
import io.onelite.exec.GroupSlot;
import io.onelite.sql.ast.Expr;

import java.util.ArrayList;
import java.util.List;

/**
 * Collects, while an aggregate query's output expressions compile, the values each group must
 * keep: aggregate calls (arguments compiled against the input rows) and bare columns (the value
 * of the group's last input row). Each gets a slot of the group row.
 */
final class AggregateCollector {
    final List<GroupSlot> slots = new ArrayList<>();
    /** Per slot, the aggregate call it computes (null for a bare column), for {@link MinMaxQueries}. */
    final List<Expr.FunctionCall> calls = new ArrayList<>();

    int add(GroupSlot s) {
        return add(s, null);
    }

    int add(GroupSlot s, Expr.FunctionCall call) {
        slots.add(s);
        calls.add(call);
        return slots.size() - 1;
    }

    /**
     * The slot of the min()/max() call that decides which row the bare columns come from, or -1:
     * as SQLite's {@code updateAccumulator}, the last such call in its {@code aFunc} order
     * (result columns, then ORDER BY, then HAVING; a call equal to an earlier one is that one).
     * Slots {@code [havingFrom, orderFrom)} came from HAVING and {@code [orderFrom, n)} from
     * ORDER BY, which OneLite compiles after HAVING.
     */
    int decidingExtreme(int havingFrom, int orderFrom) {
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < slots.size(); i++) {
            order.add(i);
        }
        List<Integer> sqliteOrder = new ArrayList<>(order.subList(0, havingFrom));
        sqliteOrder.addAll(order.subList(orderFrom, slots.size()));
        sqliteOrder.addAll(order.subList(havingFrom, orderFrom));
        int last = -1;
        List<Expr.FunctionCall> seen = new ArrayList<>();
        for (int i : sqliteOrder) {
            if (slots.get(i).accumulator() == null || !slots.get(i).extreme()) {
                continue;
            }
            Expr.FunctionCall call = calls.get(i);
            if (call == null || !seen.contains(call)) {
                seen.add(call);
                last = i;
            }
        }
        return last;
    }

    static Eval slotReader(int i) {
        return f -> f.group[i];
    }
}
