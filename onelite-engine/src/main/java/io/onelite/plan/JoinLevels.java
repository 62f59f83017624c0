package io.onelite.plan;

import io.onelite.exec.GroupLevel;
import io.onelite.exec.Level;

import java.util.ArrayList;
import java.util.List;

/**
 * Turns the levels of a FROM clause's entries (in loop order, each with its filters) into the
 * query's join loop: each RIGHT/FULL JOIN's right side gets the scan of its unmatched rows, and
 * each parenthesised join that runs as a level ({@link FromPlanner.Group#runsAsLevel}) becomes
 * one {@link GroupLevel} over its own levels, with the terms {@link TermPlacement} gave it,
 * materialized once per execution when its walk reads nothing outside it.
 */
final class JoinLevels {
    private JoinLevels() {
    }

    static Level[] assemble(Planner planner, Scope scope, FromPlanner from, TermPlacement placed, Level[] entryLevels) {
        for (int rj : from.rightJoins) {
            FromPlanner.Entry entry = from.entries.get(rj);
            entryLevels[rj].rightJoin(AccessPlanner.level(planner, scope, entry, List.of()), entry.name);
        }
        if (!from.hasRunningGroups()) {
            return entryLevels;
        }
        return loop(planner, scope, from, placed, entryLevels, -1, 0, entryLevels.length - 1);
    }

    /** The levels of the loop of {@code group} (-1: the query's), whose entries are {@code first..last}. */
    private static Level[] loop(Planner planner, Scope scope, FromPlanner from, TermPlacement placed,
                                Level[] entryLevels, int group, int first, int last) {
        List<Level> out = new ArrayList<>();
        int i = first;
        while (i <= last) {
            FromPlanner.Group inner = outermostRunningGroupAt(from, group, i);
            if (inner == null) {
                out.add(entryLevels[i]);
                i++;
                continue;
            }
            Level[] levels = loop(planner, scope, from, placed, entryLevels, inner.id, inner.first, inner.last);
            int[] slots = new int[inner.last - inner.first + 1];
            for (int s = 0; s < slots.length; s++) {
                slots[s] = from.entries.get(inner.first + s).slot;
            }
            String name = "(join-" + (inner.id + 1) + ")";
            // the outermost loop walks it once anyway; materialized, it would no longer stream
            boolean once = group < 0 && out.isEmpty();
            GroupLevel level = once || !selfContained(from, placed, inner) ? new GroupLevel(levels, slots, name)
                    : new GroupLevel(levels, slots, name, widths(scope, from, inner));
            level.filter = CorePlanner.and(planner, scope, placed.groupTerms.get(inner.id));
            level.postFilter = CorePlanner.and(planner, scope, placed.groupPostTerms.get(inner.id));
            level.leftJoin = inner.leftJoin;
            if (inner.rightJoin) {
                level.rightJoin(level.plainScan(), name);
            }
            out.add(level);
            i = inner.last + 1;
        }
        return out.toArray(new Level[0]);
    }

    /**
     * Whether the walk of {@code g} reads nothing outside it, so one walk serves every outer row:
     * no term of its loops reads outside it, and no source in it is computed from the rows
     * around (json_each's arguments) or from an enclosing query (a correlated subquery).
     */
    private static boolean selfContained(FromPlanner from, TermPlacement placed, FromPlanner.Group g) {
        if (placed.groupsReadingOutside.get(g.id)) {
            return false;
        }
        for (int e = g.first; e <= g.last; e++) {
            FromPlanner.Entry entry = from.entries.get(e);
            if (entry.functionRows != null || entry.queryCorrelated) {
                return false;
            }
        }
        return true;
    }

    /** Per entry of {@code g}, its source's column count. */
    private static int[] widths(Scope scope, FromPlanner from, FromPlanner.Group g) {
        int[] widths = new int[g.last - g.first + 1];
        for (int k = 0; k < widths.length; k++) {
            widths[k] = scope.sources.get(from.entries.get(g.first + k).slot).columnNames().size();
        }
        return widths;
    }

    /** The running group directly inside the loop of {@code group} that holds entry {@code i}, or null. */
    private static FromPlanner.Group outermostRunningGroupAt(FromPlanner from, int group, int i) {
        FromPlanner.Group found = null;
        int g = from.runningGroup(from.entries.get(i).group);
        while (g >= 0 && g != group) {
            found = from.groups.get(g);
            g = from.runningGroup(found.parent);
        }
        return found;
    }
}
