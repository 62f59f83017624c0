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

import java.util.List;

/**
 * How many times a statement names a CTE as a source (SQLite's {@code nUse}): in FROM clauses and
 * as {@code x IN name}, at any depth, and in the bodies of the CTEs it uses. SQLite materializes
 * a CTE named twice or more and then pushes no WHERE term into it; one named once it reads as a
 * subquery. A name an inner WITH redefines is counted too, which can only count more.
 */
final class CteUses {
    private final String name;
    private int uses;

    private CteUses(String name) {
        this.name = name;
    }

    /**
     * The uses of CTE {@code name} of {@code s}'s WITH clause: in its body, and in the bodies of
     * its sibling CTEs once per use of those (SQLite expands a CTE's body at each use, and not
     * at all when it is unused).
     */
    static int count(SelectStmt s, String name) {
        return count(s, name, 0);
    }

    private static int count(SelectStmt s, String name, int depth) {
        CteUses direct = new CteUses(name);
        direct.body(s);
        int n = direct.uses;
        if (s.with() != null) {
            for (CommonTableExpr c : s.with().ctes()) {
                if (!c.name().equalsIgnoreCase(name)) {
                    CteUses inside = new CteUses(name);
                    inside.select(c.select());
                    if (inside.uses > 0) {
                        // a chain of CTEs deeper than 8: the one using it counts as used twice
                        n += inside.uses * (depth < 8 ? count(s, c.name(), depth + 1) : 2);
                    }
                }
            }
        }
        return n;
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
        if (schema == null && table.equalsIgnoreCase(name)) {
            uses++;
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
