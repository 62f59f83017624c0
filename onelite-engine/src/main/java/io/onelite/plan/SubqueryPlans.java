package io.onelite.plan;

import io.onelite.sql.ast.CommonTableExpr;

import java.util.List;

/**
 * How EXPLAIN QUERY PLAN introduces the plan of a view, FROM subquery or CTE that a SELECT
 * reads as a query of its own: "CO-ROUTINE name" or "MATERIALIZE name" (the view's or CTE's own
 * name, else the subquery's alias or number), its own plan nested
 * under that line, before the join loop's lines, with the words SQLite's select.c chooses
 * (fromClauseTermCanBeCoroutine):
 *
 * <ul>
 *   <li>MATERIALIZE for a CTE written AS MATERIALIZED, or named twice in the statement without
 *       NOT MATERIALIZED, and for a view named again in the same FROM clause (a self-join,
 *       unless terms were pushed into either), each shown at its first term only: the later
 *       ones read the same rows; for every subquery of a FROM clause holding a RIGHT or FULL JOIN;</li>
 *   <li>CO-ROUTINE for the first term of the FROM clause; for a later one when neither it nor a
 *       term before it is the right side of an outer or CROSS JOIN and no term before it is
 *       another subquery;</li>
 *   <li>MATERIALIZE otherwise.</li>
 * </ul>
 *
 * Subqueries inside a parenthesised join (SQLite's own subquery of the join) get no lines.
 */
final class SubqueryPlans {
    static final String CO_ROUTINE = "CO-ROUTINE";
    static final String MATERIALIZE = "MATERIALIZE";

    private SubqueryPlans() {
    }

    /** Sets {@link FromPlanner.Entry#subplan} on each entry of a SELECT's FROM clause. */
    static void name(Planner planner, FromPlanner from) {
        List<FromPlanner.Entry> entries = from.entries;
        for (int i = 0; i < entries.size(); i++) {
            FromPlanner.Entry e = entries.get(i);
            if (e.subquery != null && e.query != null && e.group < 0 && from.groups.isEmpty()) {
                String word = word(planner, from, i);
                e.subplan = word == null ? null : word + " " + name(e);
            }
        }
    }

    /** As SQLite's "%!S": the view's or CTE's own name (not the alias), else the subquery's alias or number. */
    private static String name(FromPlanner.Entry e) {
        return e.subquery instanceof String view ? view
                : e.subquery instanceof CommonTableExpr cte ? cte.name() : e.name;
    }

    private static String word(Planner planner, FromPlanner from, int i) {
        List<FromPlanner.Entry> entries = from.entries;
        FromPlanner.Entry e = entries.get(i);
        if (e.subquery instanceof CommonTableExpr cte && materialized(planner, cte)) {
            for (int k = 0; k < i; k++) {
                if (entries.get(k).subquery == cte) {
                    return null; // shown where it is first read
                }
            }
            return MATERIALIZE;
        }
        if (e.subquery instanceof String && !e.pushedInto) {
            for (int k = 0; k < i; k++) {
                if (sameView(entries.get(k), e)) {
                    return null; // a self-join reads the rows its first term materialized
                }
            }
        }
        if (!from.rightJoins.isEmpty() || selfJoined(entries, i)) {
            return MATERIALIZE;
        }
        if (i == 0) {
            return CO_ROUTINE;
        }
        for (int k = i; k >= 0; k--) {
            FromPlanner.Entry x = entries.get(k);
            if (x.leftJoin || x.rightJoin || x.crossJoin || k < i && x.subquery != null) {
                return MATERIALIZE;
            }
        }
        return CO_ROUTINE;
    }

    private static boolean materialized(Planner planner, CommonTableExpr cte) {
        return cte.materialized() == CommonTableExpr.Materialized.MATERIALIZED
                || planner.cteUses.getOrDefault(cte, 1) >= 2
                && cte.materialized() != CommonTableExpr.Materialized.NOT_MATERIALIZED;
    }

    /** Whether a later term reads the same view, neither having taken pushed-down terms (SQLite's isSelfJoinView). */
    private static boolean selfJoined(List<FromPlanner.Entry> entries, int i) {
        for (int k = i + 1; k < entries.size(); k++) {
            if (sameView(entries.get(i), entries.get(k))) {
                return true;
            }
        }
        return false;
    }

    private static boolean sameView(FromPlanner.Entry a, FromPlanner.Entry b) {
        return a.subquery instanceof String x && b.subquery instanceof String y && x.equalsIgnoreCase(y)
                && !a.pushedInto && !b.pushedInto;
    }
}
