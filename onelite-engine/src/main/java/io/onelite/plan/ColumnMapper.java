package io.onelite.plan;

import io.onelite.sql.ast.Expr;
import io.onelite.sql.ast.OrderingTerm;

import java.util.ArrayList;
import java.util.List;

/**
 * Rewrites the column references of an expression that holds no subquery, or only self-contained
 * ones ({@link SelfContainedSubquery}, left as they are): a view's WHERE moved into the query
 * reading it, a WHERE term copied into a subquery. Everything else is rebuilt around them as it was.
 */
final class ColumnMapper {
    private ColumnMapper() {
    }

    static Expr map(Expr e, java.util.function.Function<Expr.ColumnRef, Expr> column) {
        if (e == null) {
            return null;
        }
        if (e instanceof Expr.ColumnRef c) {
            return column.apply(c);
        }
        if (e instanceof Expr.Unary u) {
            return new Expr.Unary(u.op(), map(u.operand(), column));
        }
        if (e instanceof Expr.Binary b) {
            return new Expr.Binary(b.op(), map(b.left(), column), map(b.right(), column));
        }
        if (e instanceof Expr.Like l) {
            return new Expr.Like(map(l.left(), column), l.op(), l.not(), map(l.pattern(), column), map(l.escape(), column));
        }
        if (e instanceof Expr.Between b) {
            return new Expr.Between(map(b.expr(), column), b.not(), map(b.low(), column), map(b.high(), column));
        }
        if (e instanceof Expr.InList in) {
            return new Expr.InList(map(in.expr(), column), in.not(), all(in.values(), column));
        }
        if (e instanceof Expr.IsNull n) {
            return new Expr.IsNull(map(n.expr(), column), n.not());
        }
        if (e instanceof Expr.Case c) {
            List<Expr.WhenThen> whens = new ArrayList<>();
            for (Expr.WhenThen wt : c.whens()) {
                whens.add(new Expr.WhenThen(map(wt.when(), column), map(wt.then(), column)));
            }
            return new Expr.Case(map(c.base(), column), whens, map(c.elseExpr(), column));
        }
        if (e instanceof Expr.Cast c) {
            return new Expr.Cast(map(c.expr(), column), c.type());
        }
        if (e instanceof Expr.Collate c) {
            return new Expr.Collate(map(c.expr(), column), c.collation(), c.implicit());
        }
        if (e instanceof Expr.FunctionCall f) {
            List<OrderingTerm> orderBy = new ArrayList<>();
            for (OrderingTerm t : f.orderBy()) {
                orderBy.add(new OrderingTerm(map(t.expr(), column), t.order(), t.nulls()));
            }
            return new Expr.FunctionCall(f.name(), f.distinct(), all(f.args(), column), f.star(), orderBy,
                    map(f.filter(), column), f.over());
        }
        if (e instanceof Expr.RowValue r) {
            return new Expr.RowValue(all(r.values(), column));
        }
        if (e instanceof Expr.InSelect in) {
            return new Expr.InSelect(map(in.expr(), column), in.not(), in.select());
        }
        if (e instanceof Expr.Literal || e instanceof Expr.BoolLiteral || e instanceof Expr.CurrentTime
                || e instanceof Expr.Param || e instanceof Expr.Subquery || e instanceof Expr.Exists) {
            return e; // a subquery only where it refers to nothing outside it (SelfContainedSubquery)
        }
        throw new IllegalArgumentException("not mapped: " + e.getClass().getSimpleName());
    }

    private static List<Expr> all(List<Expr> es, java.util.function.Function<Expr.ColumnRef, Expr> column) {
        List<Expr> out = new ArrayList<>(es.size());
        for (Expr e : es) {
            out.add(map(e, column));
        }
        return out;
    }
}
