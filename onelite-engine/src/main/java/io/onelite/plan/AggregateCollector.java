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

    static Eval slotReader(int i) {
        return f -> f.group[i];
    }
}
