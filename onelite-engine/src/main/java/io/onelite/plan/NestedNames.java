package io.onelite.plan;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The names SQLite gives the columns of a parenthesised join that it makes a subquery
 * ({@link FromPlanner.Group}): the subquery's result columns made unique as
 * sqlite3ColumnsFromExprList does ({@code x}, {@code y}, {@code x:1}, {@code y:1}), a nested join's
 * names first made unique inside it. They name the columns of {@code *}, {@code t.*} and a
 * {@code t.x} result column; name resolution still uses each source's own names.
 *
 * <p>Only joins without USING or NATURAL inside and without table-valued functions are named so:
 * there SQLite's subquery also lists the USING columns and the functions' hidden columns, whose
 * names take part (docs/compat.md).
 */
final class NestedNames {
    private NestedNames() {
    }

    /** Per source inside an outermost parenthesised join so named: its columns' names, else absent. */
    static Map<Source, List<String>> of(FromPlanner from, Scope scope) {
        Map<Source, List<String>> out = new IdentityHashMap<>();
        for (FromPlanner.Group g : from.groups) {
            if (g.parent < 0 && plain(from, g)) {
                List<Source> sources = new ArrayList<>();
                List<Integer> columns = new ArrayList<>();
                List<String> names = names(from, scope, g.id, sources, columns);
                for (int i = 0; i < names.size(); i++) {
                    Source s = sources.get(i);
                    out.computeIfAbsent(s, k -> new ArrayList<>(java.util.Collections.nCopies(
                            k.columnNames().size(), (String) null))).set(columns.get(i), names.get(i));
                }
            }
        }
        return out;
    }

    /** Whether the group holds no USING/NATURAL join and no table-valued function. */
    private static boolean plain(FromPlanner from, FromPlanner.Group g) {
        for (int i = g.first; i <= g.last; i++) {
            FromPlanner.Entry e = from.entries.get(i);
            if (e.functionRows != null || (i > g.first && !e.using.isEmpty())) {
                return false;
            }
        }
        return from.groups.stream().noneMatch(x -> x.id != g.id && x.first >= g.first && x.last <= g.last
                && !x.using.isEmpty());
    }

    /** The unique names of the group's columns, in FROM order, with each one's source and column. */
    private static List<String> names(FromPlanner from, Scope scope, int group, List<Source> sources,
                                      List<Integer> columns) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < from.entries.size(); i++) {
            FromPlanner.Entry e = from.entries.get(i);
            if (e.group == group) {
                Source s = scope.sources.get(from.base + i);
                for (int c = 0; c < s.columnNames().size(); c++) {
                    names.add(s.columnNames().get(c));
                    sources.add(s);
                    columns.add(c);
                }
                continue;
            }
            for (FromPlanner.Group g : from.groups) {
                if (g.first == i && g.parent == group) {
                    names.addAll(names(from, scope, g.id, sources, columns));
                }
            }
        }
        return FromPlanner.uniqueNames(names);
    }
}
