package io.onelite.plan;

import io.onelite.exec.Eval;
import io.onelite.exec.GroupSlot;

import java.util.ArrayList;
import java.util.List;

/**
 * Collects, while an aggregate query's output expressions compile, the values each group must
 * keep: aggregate calls (arguments compiled against the input rows) and bare columns (the value
 * of the group's last input row). Each gets a slot of the group row.
 */
final class AggregateCollector {
    final List<GroupSlot> slots = new ArrayList<>();

    int add(GroupSlot s) {
        slots.add(s);
        return slots.size() - 1;
    }

    static Eval slotReader(int i) {
        return f -> f.group[i];
    }
}
