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
        for (Object item : items(from, -1)) {
            if (item instanceof FromPlanner.Entry e) {
                top(from, scope, e, true, exprs, names);
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
        FromPlanner.Entry e = from.entries.get(slot - from.base);
        if (e.group >= 0) {
            Source s = scope.sources.get(slot);
            for (int i = 0; i < s.columnNames().size(); i++) {
                exprs.add(column(s, i));
                names.add(scope.displayName(s, i));
            }
        } else {
            top(from, scope, e, false, exprs, names);
        }
    }

    /**
     * The columns of a source of the FROM clause itself ({@code star}: for {@code *}, without
     * the right side's USING columns). As SQLite's selectExpander, a source left of a RIGHT/FULL
     * JOIN lists a column that a later join's USING names unqualified, so that it reads what the
     * name means (the right side's column after a RIGHT JOIN, coalesce after a FULL JOIN).
     */
    private static void top(FromPlanner from, Scope scope, FromPlanner.Entry e, boolean star, List<Expr> exprs,
                            List<String> names) {
        Source s = scope.sources.get(e.slot);
        List<Object> later = items(from, -1);
        later = later.subList(later.indexOf(e) + 1, later.size());
        boolean leftOfRightJoin = later.stream().anyMatch(x -> x instanceof FromPlanner.Entry le ? le.rightJoin
                : ((FromPlanner.Group) x).rightJoin);
        for (int k = 0; k < s.columnNames().size(); k++) {
            int i = s.starColumn(k);
            if (star && !s.shown(i) || s.columnNames().get(i).startsWith(Flattening.INTERNAL)) {
                continue;
            }
            String name = s.columnNames().get(i);
            boolean merged = leftOfRightJoin && later.stream().anyMatch(x -> (x instanceof FromPlanner.Entry le
                    ? le.using : ((FromPlanner.Group) x).using).stream().anyMatch(name::equalsIgnoreCase));
            exprs.add(merged ? new Expr.ColumnRef(null, null, name, false) : column(s, i));
            names.add(name);
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
                        checkUnambiguous(from, scope, g, using.get(u));
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
                    if (s.shown(i)) {
                        ie.add(column(s, i));
                        in.add(scope.displayName(s, i));
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

    /**
     * SQLite lists the USING column by its bare name, resolved among the parenthesised join's own
     * sources: another visible column of that name there makes it ambiguous.
     */
    private static void checkUnambiguous(FromPlanner from, Scope scope, FromPlanner.Group g, String name) {
        int visible = 0;
        for (int i = g.first; i <= g.last; i++) {
            int slot = from.entries.get(i).slot;
            Source s = scope.sources.get(slot);
            int c = s.columnIndex(name);
            visible += c >= 0 && s.shown(c) && !scope.passedOver(slot, c) ? 1 : 0;
        }
        if (visible > 1) {
            throw new io.onelite.common.OneLiteException(io.onelite.common.ResultCode.ERROR,
                    "ambiguous column name: " + name);
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
