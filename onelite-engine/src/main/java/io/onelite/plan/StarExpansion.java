package io.onelite.plan;

import io.onelite.sql.ast.Expr;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code *} and {@code t.*} of a SELECT core, as SQLite's selectExpander lists them. A USING or
 * NATURAL column of a RIGHT/FULL JOIN reads the merged value (the right side's column, or
 * coalesce of both). Inside a parenthesised join (a subquery to SQLite) each join's USING
 * columns come first, before the columns of its left side, which then leave them out; and
 * {@code t.*} of a source inside it reads the source's own columns.
 */
final class StarExpansion {
    private StarExpansion() {
    }

    static void star(FromPlanner from, Scope scope, List<Expr> exprs, List<String> names) {
        if (from.groups.isEmpty()) {
            for (int slot = 0; slot < scope.sources.size(); slot++) {
                top(scope, slot, exprs, names);
            }
            return;
        }
        for (Object item : items(from, -1)) {
            if (item instanceof FromPlanner.Entry e) {
                top(scope, e.slot, exprs, names);
            } else {
                List<Expr> ge = new ArrayList<>();
                List<String> gn = new ArrayList<>();
                group(from, scope, (FromPlanner.Group) item, ge, gn);
                exprs.addAll(ge);
                names.addAll(gn);
            }
        }
    }

    static void tableStar(FromPlanner from, Scope scope, int slot, List<Expr> exprs, List<String> names) {
        Source s = scope.sources.get(slot);
        boolean nested = slot - from.base < from.entries.size() && from.entries.get(slot - from.base).group >= 0;
        for (int i = 0; i < s.columnNames().size(); i++) {
            // as SQLite, t.* also reads a RIGHT/FULL JOIN's USING column merged
            Expr merged = nested ? null : scope.mergedUsing(slot, i);
            exprs.add(merged != null ? merged : column(s, i));
            names.add(s.columnNames().get(i));
        }
    }

    private static void top(Scope scope, int slot, List<Expr> exprs, List<String> names) {
        Source s = scope.sources.get(slot);
        for (int i = 0; i < s.columnNames().size(); i++) {
            if (s.hidden()[i]) {
                continue;
            }
            Expr merged = scope.mergedUsing(slot, i); // a RIGHT/FULL JOIN's USING column
            exprs.add(merged != null ? merged : column(s, i));
            names.add(s.columnNames().get(i));
        }
    }

    /** The columns of a parenthesised join, as the subquery SQLite makes of it lists them. */
    private static void group(FromPlanner from, Scope scope, FromPlanner.Group g, List<Expr> exprs, List<String> names) {
        List<Object> items = items(from, g.id);
        for (int k = 0; k < items.size(); k++) {
            List<String> using = List.of();
            if (k + 1 < items.size()) {
                Object next = items.get(k + 1);
                using = next instanceof FromPlanner.Entry e ? e.using : ((FromPlanner.Group) next).using;
                List<Expr> values = next instanceof FromPlanner.Entry e ? e.usingValues
                        : ((FromPlanner.Group) next).usingValues;
                List<int[]> lefts = next instanceof FromPlanner.Entry e ? e.usingLeft : ((FromPlanner.Group) next).usingLeft;
                for (int u = 0; u < using.size(); u++) {
                    int[] left = lefts.get(u);
                    if (!scope.sources.get(left[0]).hidden()[left[1]]) { // else a USING around takes it
                        exprs.add(values.get(u));
                        names.add(using.get(u));
                    }
                }
            }
            List<Expr> ie = new ArrayList<>();
            List<String> in = new ArrayList<>();
            if (items.get(k) instanceof FromPlanner.Entry e) {
                Source s = scope.sources.get(e.slot);
                for (int i = 0; i < s.columnNames().size(); i++) {
                    if (!s.hidden()[i]) {
                        ie.add(column(s, i));
                        in.add(s.columnNames().get(i));
                    }
                }
            } else {
                group(from, scope, (FromPlanner.Group) items.get(k), ie, in);
            }
            for (String u : using) { // the left side's column stands in the USING column listed first
                for (int i = 0; i < in.size(); i++) {
                    if (in.get(i).equalsIgnoreCase(u)) {
                        in.remove(i);
                        ie.remove(i);
                        break;
                    }
                }
            }
            exprs.addAll(ie);
            names.addAll(in);
        }
    }

    /** The entries and groups directly inside {@code group} (-1: the FROM clause), in FROM order. */
    private static List<Object> items(FromPlanner from, int group) {
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < from.entries.size(); i++) {
            FromPlanner.Entry e = from.entries.get(i);
            if (e.group == group) {
                out.add(e);
                continue;
            }
            for (FromPlanner.Group g : from.groups) {
                if (g.first == i && g.parent == group) {
                    out.add(g);
                }
            }
        }
        return out;
    }

    private static Expr column(Source s, int i) {
        return new Expr.ColumnRef(null, s.alias(), s.columnNames().get(i), false);
    }
}
