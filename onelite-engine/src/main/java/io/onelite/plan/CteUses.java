package io.onelite.plan;

import io.onelite.sql.ast.CommonTableExpr;
import io.onelite.sql.ast.Expr;
import io.onelite.sql.ast.FromItem;
import io.onelite.sql.ast.Join;
import io.onelite.sql.ast.NamedWindow;
import io.onelite.sql.ast.OrderingTerm;
import io.onelite.sql.ast.ResultColumn;
import io.onelite.sql.ast.SelectCore;
import io.onelite.sql.ast.SelectStmt;
import io.onelite.sql.ast.WindowDef;

import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How many times a statement names a CTE as a source (SQLite's {@code nUse}): in FROM clauses and
 * as {@code x IN name}, at any depth, and in the bodies of the CTEs it uses. SQLite materializes
 * a CTE named twice or more and then pushes no WHERE term into it; one named once it reads as a
 * subquery. A name an inner WITH redefines is counted too, which can only count more.
 */
final class CteUses {
    /** Per name (lower case), how many times the walked SQL names it as a source. */
    private final Map<String, Integer> uses = new HashMap<>();

    private CteUses() {
    }

    /**
     * The uses of each CTE of {@code s}'s WITH clause: in {@code s}'s body, and in the bodies of
     * its sibling CTEs once per use of those (SQLite expands a CTE's body at each use, and not
     * at all when it is unused). Only whether one is named twice matters: counts stop at 2.
     */
    static Map<CommonTableExpr, Integer> count(SelectStmt s) {
        Chains chains = new Chains(s);
        Map<CommonTableExpr, Integer> counts = new IdentityHashMap<>();
        for (CommonTableExpr c : s.with().ctes()) {
            counts.put(c, chains.count(c.name(), 0));
        }
        return counts;
    }

    /**
     * The counts along the chains of CTEs using one another, each (name, depth) counted once: CTEs
     * that read each other (which fail as circular) made the chains followed a tree of 8 levels,
     * whose size grew as the number of CTEs to the 8th power. Each body is walked once, for all
     * the names it reads, so a chain of thousands of CTEs counts in linear time.
     */
    private static final class Chains {
        private final Map<String, Integer> counts = new HashMap<>();
        /** How many times the statement's body names each name. */
        private final Map<String, Integer> direct;
        /** Per name, the CTEs of the WITH clause whose bodies name it, in order, and how many times. */
        private final Map<String, Map<CommonTableExpr, Integer>> readers = new HashMap<>();

        Chains(SelectStmt s) {
            CteUses body = new CteUses();
            body.body(s);
            direct = body.uses;
            for (CommonTableExpr c : s.with().ctes()) {
                CteUses inside = new CteUses();
                inside.select(c.select());
                inside.uses.forEach((name, n) ->
                        readers.computeIfAbsent(name, k -> new LinkedHashMap<>()).merge(c, n, Integer::sum));
            }
        }

        int count(String name, int depth) {
            String lower = name.toLowerCase(Locale.ROOT);
            String key = depth + ":" + lower;
            Integer known = counts.get(key);
            if (known != null) {
                return known;
            }
            int n = direct.getOrDefault(lower, 0);
            for (Map.Entry<CommonTableExpr, Integer> reader : readers.getOrDefault(lower, Map.of()).entrySet()) {
                if (n >= 2) {
                    break;
                }
                CommonTableExpr c = reader.getKey();
                if (!c.name().equalsIgnoreCase(name)) {
                    // a chain of CTEs deeper than 8: the one using it counts as used twice
                    n += reader.getValue() * (depth < 8 ? count(c.name(), depth + 1) : 2);
                }
            }
            n = Math.min(n, 2);
            counts.put(key, n);
            return n;
        }
    }

    private void select(SelectStmt s) {
        if (s.with() != null) {
            for (CommonTableExpr c : s.with().ctes()) {
                select(c.select());
            }
        }
        body(s);
    }

    /** {@code s} without its WITH clause. */
    private void body(SelectStmt s) {
        for (SelectCore core : s.cores()) {
            core(core);
        }
        ordering(s.orderBy());
        expr(s.limit());
        expr(s.offset());
    }

    private void core(SelectCore core) {
        if (core instanceof SelectCore.Values v) {
            v.rows().forEach(this::exprs);
            return;
        }
        SelectCore.Query q = (SelectCore.Query) core;
        for (ResultColumn rc : q.columns()) {
            if (rc instanceof ResultColumn.Expression e) {
                expr(e.expr());
            }
        }
        from(q.from());
        expr(q.where());
        exprs(q.groupBy());
        expr(q.having());
        for (NamedWindow w : q.windows()) {
            window(w.def());
        }
    }

    private void from(FromItem f) {
        if (f instanceof FromItem.Table t) {
            named(t.name().schema(), t.name().name());
        } else if (f instanceof FromItem.Subquery s) {
            select(s.select());
        } else if (f instanceof FromItem.TableFunction t) {
            exprs(t.args());
        } else if (f instanceof Join j) {
            from(j.left());
            from(j.right());
            expr(j.on());
        }
    }

    private void named(String schema, String table) {
        if (schema == null) {
            uses.merge(table.toLowerCase(Locale.ROOT), 1, Integer::sum);
        }
    }

    private void expr(Expr e) {
        if (e == null) {
            return;
        }
        if (e instanceof Expr.Subquery s) {
            select(s.select());
        } else if (e instanceof Expr.Exists x) {
            select(x.select());
        } else if (e instanceof Expr.InSelect in) {
            select(in.select());
        } else if (e instanceof Expr.InTable in) {
            named(in.table().schema(), in.table().name());
        } else if (e instanceof Expr.FunctionCall f) {
            expr(f.filter());
            if (f.over() != null) {
                window(f.over());
            }
        }
        exprs(ExprWalker.children(e));
    }

    private void exprs(List<Expr> es) {
        for (Expr e : es) {
            expr(e);
        }
    }

    private void window(WindowDef w) {
        exprs(w.partitionBy());
        ordering(w.orderBy());
        if (w.frame() != null) {
            expr(w.frame().start().offset());
            expr(w.frame().end() == null ? null : w.frame().end().offset());
        }
    }

    private void ordering(List<OrderingTerm> terms) {
        for (OrderingTerm t : terms) {
            expr(t.expr());
        }
    }
}
