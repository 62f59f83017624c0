package io.onelite.sql;

import io.onelite.sql.ast.CommonTableExpr;
import io.onelite.sql.ast.Expr;
import io.onelite.sql.ast.FromItem;
import io.onelite.sql.ast.IndexedColumn;
import io.onelite.sql.ast.Join;
import io.onelite.sql.ast.NamedWindow;
import io.onelite.sql.ast.NullsOrder;
import io.onelite.sql.ast.OrderingTerm;
import io.onelite.sql.ast.QualifiedName;
import io.onelite.sql.ast.ResultColumn;
import io.onelite.sql.ast.SelectCore;
import io.onelite.sql.ast.SelectStmt;
import io.onelite.sql.ast.TypeName;
import io.onelite.sql.ast.WindowDef;
import io.onelite.sql.ast.WithClause;

import java.util.HexFormat;
import java.util.List;
import java.util.function.Function;

/**
 * The shared half of {@link SqlPrinter}: the output buffer, names, expressions and SELECT. Statements other
 * than SELECT are printed by the subclass.
 */
abstract class AstPrinter {
    final StringBuilder b = new StringBuilder();

    final AstPrinter s(String text) {
        b.append(text);
        return this;
    }

    final AstPrinter name(String n) {
        b.append(SqlPrinter.quoteName(n));
        return this;
    }

    final void qname(QualifiedName q) {
        if (q.schema() != null) {
            name(q.schema()).s(".");
        }
        name(q.name());
    }

    final <T> void list(List<T> items, java.util.function.Consumer<T> each) {
        for (int i = 0; i < items.size(); i++) {
            if (i > 0) {
                b.append(", ");
            }
            each.accept(items.get(i));
        }
    }

    final void names(List<String> ns) {
        s("(");
        list(ns, this::name);
        s(")");
    }

    final void with(WithClause w) {
        if (w == null) {
            return;
        }
        s("WITH ").s(w.recursive() ? "RECURSIVE " : "");
        list(w.ctes(), (CommonTableExpr c) -> {
            name(c.name());
            if (!c.columns().isEmpty()) {
                names(c.columns());
            }
            s(" AS ");
            if (c.materialized() == CommonTableExpr.Materialized.MATERIALIZED) {
                s("MATERIALIZED ");
            } else if (c.materialized() == CommonTableExpr.Materialized.NOT_MATERIALIZED) {
                s("NOT MATERIALIZED ");
            }
            s("(");
            select(c.select());
            s(")");
        });
        s(" ");
    }

    final void select(SelectStmt x) {
        with(x.with());
        core(x.first());
        for (SelectStmt.CompoundTerm t : x.compounds()) {
            s(" ").s(t.op().sql()).s(" ");
            core(t.core());
        }
        orderBy(x.orderBy());
        limit(x.limit(), x.offset());
    }

    final void orderBy(List<OrderingTerm> terms) {
        if (!terms.isEmpty()) {
            s(" ORDER BY ");
            list(terms, this::orderingTerm);
        }
    }

    final void limit(Expr limit, Expr offset) {
        if (limit != null) {
            s(" LIMIT ").expr(limit);
            if (offset != null) {
                s(" OFFSET ").expr(offset);
            }
        }
    }

    final void orderingTerm(OrderingTerm t) {
        expr(t.expr());
        if (t.order() != null) {
            s(" ").s(t.order().name());
        }
        if (t.nulls() != NullsOrder.DEFAULT) {
            s(" NULLS ").s(t.nulls().name());
        }
    }

    final void indexedColumn(IndexedColumn c) {
        expr(c.expr());
        if (c.collation() != null) {
            s(" COLLATE ").name(c.collation());
        }
        if (c.order() != null) {
            s(" ").s(c.order().name());
        }
    }

    final void core(SelectCore core) {
        if (core instanceof SelectCore.Values v) {
            s("VALUES ");
            list(v.rows(), row -> {
                s("(");
                list(row, this::expr);
                s(")");
            });
            return;
        }
        SelectCore.Query q = (SelectCore.Query) core;
        s("SELECT ").s(q.distinct() ? "DISTINCT " : "");
        resultColumns(q.columns());
        if (q.from() != null) {
            s(" FROM ");
            from(q.from());
        }
        if (q.where() != null) {
            s(" WHERE ").expr(q.where());
        }
        if (!q.groupBy().isEmpty()) {
            s(" GROUP BY ");
            list(q.groupBy(), this::expr);
        }
        if (q.having() != null) {
            s(" HAVING ").expr(q.having());
        }
        if (!q.windows().isEmpty()) {
            s(" WINDOW ");
            list(q.windows(), (NamedWindow w) -> {
                name(w.name()).s(" AS (");
                windowDef(w.def());
                s(")");
            });
        }
    }

    final void resultColumns(List<ResultColumn> columns) {
        list(columns, (ResultColumn rc) -> {
            if (rc instanceof ResultColumn.Star) {
                s("*");
            } else if (rc instanceof ResultColumn.TableStar t) {
                name(t.table()).s(".*");
            } else {
                ResultColumn.Expression e = (ResultColumn.Expression) rc;
                expr(e.expr());
                if (e.alias() != null) {
                    s(" AS ").name(e.alias());
                }
            }
        });
    }

    final void alias(String a) {
        if (a != null) {
            s(" AS ").name(a);
        }
    }

    final void from(FromItem f) {
        if (f instanceof FromItem.Table t) {
            qname(t.name());
            alias(t.alias());
            if (t.indexedBy() != null) {
                s(" INDEXED BY ").name(t.indexedBy());
            } else if (t.notIndexed()) {
                s(" NOT INDEXED");
            }
        } else if (f instanceof FromItem.Subquery q) {
            s("(");
            select(q.select());
            s(")");
            alias(q.alias());
        } else if (f instanceof FromItem.TableFunction t) {
            qname(t.name());
            s("(");
            list(t.args(), this::expr);
            s(")");
            alias(t.alias());
        } else {
            Join j = (Join) f;
            from(j.left());
            if (j.type() == Join.JoinType.COMMA) {
                s(", ");
            } else {
                s(" ").s(j.natural() ? "NATURAL " : "").s(j.type().name()).s(" JOIN ");
            }
            if (j.right() instanceof Join) {
                s("(");
                from(j.right());
                s(")");
            } else {
                from(j.right());
            }
            if (j.on() != null) {
                s(" ON ").expr(j.on());
            }
            if (!j.using().isEmpty()) {
                s(" USING ");
                names(j.using());
            }
        }
    }

    // ---- expressions

    final AstPrinter typeName(TypeName t) {
        String[] words = t.name().split(" ");
        for (int i = 0; i < words.length; i++) {
            if (i > 0) {
                s(" ");
            }
            boolean plain = words[i].matches("[A-Za-z_][A-Za-z0-9_]*") && TokenType.keyword(words[i]) == null;
            s(plain ? words[i] : SqlPrinter.quoteName(words[i]));
        }
        if (!t.args().isEmpty()) {
            s("(").s(String.join(", ", t.args())).s(")");
        }
        return this;
    }

    final AstPrinter expr(Expr e) {
        if (e instanceof Expr.Literal l) {
            literal(l);
        } else if (e instanceof Expr.BoolLiteral bl) {
            s(bl.value() ? "TRUE" : "FALSE");
        } else if (e instanceof Expr.CurrentTime ct) {
            s("CURRENT_" + ct.kind().name());
        } else if (e instanceof Expr.Param p) {
            s(p.name() != null ? p.name() : "?" + p.index());
        } else if (e instanceof Expr.ColumnRef c) {
            if (c.schema() != null) {
                name(c.schema()).s(".");
            }
            if (c.table() != null) {
                name(c.table()).s(".");
            }
            name(c.column());
        } else if (e instanceof Expr.Unary u) {
            s("(").s(switch (u.op()) {
                case NEGATE -> "- ";
                case PLUS -> "+ ";
                case BIT_NOT -> "~ ";
                case NOT -> "NOT ";
            }).expr(u.operand()).s(")");
        } else if (e instanceof Expr.Binary bi) {
            s("(").expr(bi.left()).s(" ").s(bi.op().sql()).s(" ").expr(bi.right()).s(")");
        } else if (e instanceof Expr.Like l) {
            s("(").expr(l.left()).s(l.not() ? " NOT " : " ").s(l.op().name()).s(" ").expr(l.pattern());
            if (l.escape() != null) {
                s(" ESCAPE ").expr(l.escape());
            }
            s(")");
        } else if (e instanceof Expr.Between bt) {
            s("(").expr(bt.expr()).s(bt.not() ? " NOT BETWEEN " : " BETWEEN ").expr(bt.low()).s(" AND ")
                    .expr(bt.high()).s(")");
        } else if (e instanceof Expr.InList in) {
            s("(").expr(in.expr()).s(in.not() ? " NOT IN (" : " IN (");
            list(in.values(), this::expr);
            s("))");
        } else if (e instanceof Expr.InSelect in) {
            s("(").expr(in.expr()).s(in.not() ? " NOT IN (" : " IN (");
            select(in.select());
            s("))");
        } else if (e instanceof Expr.InTable in) {
            s("(").expr(in.expr()).s(in.not() ? " NOT IN " : " IN ");
            qname(in.table());
            if (in.args() != null) {
                s("(");
                list(in.args(), this::expr);
                s(")");
            }
            s(")");
        } else if (e instanceof Expr.IsNull n) {
            s("(").expr(n.expr()).s(n.not() ? " NOTNULL)" : " ISNULL)");
        } else if (e instanceof Expr.Case cs) {
            s("CASE");
            if (cs.base() != null) {
                s(" ").expr(cs.base());
            }
            for (Expr.WhenThen wt : cs.whens()) {
                s(" WHEN ").expr(wt.when()).s(" THEN ").expr(wt.then());
            }
            if (cs.elseExpr() != null) {
                s(" ELSE ").expr(cs.elseExpr());
            }
            s(" END");
        } else if (e instanceof Expr.Cast cast) {
            s("CAST(").expr(cast.expr()).s(" AS ").typeName(cast.type()).s(")");
        } else if (e instanceof Expr.Collate co) {
            s("(").expr(co.expr()).s(" COLLATE ").name(co.collation()).s(")");
        } else if (e instanceof Expr.Exists ex) {
            s("EXISTS (");
            select(ex.select());
            s(")");
        } else if (e instanceof Expr.Subquery sq) {
            s("(");
            select(sq.select());
            s(")");
        } else if (e instanceof Expr.FunctionCall f) {
            function(f);
        } else if (e instanceof Expr.Raise r) {
            s("RAISE(").s(r.kind().name());
            if (r.message() != null) {
                s(", ").expr(r.message());
            }
            s(")");
        } else if (e instanceof Expr.RowValue rv) {
            s("(");
            list(rv.values(), this::expr);
            s(")");
        } else {
            throw new IllegalArgumentException(String.valueOf(e));
        }
        return this;
    }

    final void literal(Expr.Literal l) {
        Object v = l.value();
        if (v == null) {
            s("NULL");
        } else if (v instanceof String str) {
            s(SqlPrinter.quoteString(str));
        } else if (v instanceof byte[] bytes) {
            s("X'").s(HexFormat.of().withUpperCase().formatHex(bytes)).s("'");
        } else {
            String text = l.text() != null && !l.text().isEmpty() ? l.text() : String.valueOf(v);
            s(text.startsWith("-") ? "(" + text + ")" : text);
        }
    }

    final void function(Expr.FunctionCall f) {
        name(f.name()).s("(");
        if (f.star()) {
            s("*");
        } else {
            s(f.distinct() ? "DISTINCT " : "");
            list(f.args(), this::expr);
            if (!f.orderBy().isEmpty()) {
                orderBy(f.orderBy());
            }
        }
        s(")");
        if (f.filter() != null) {
            s(" FILTER (WHERE ").expr(f.filter()).s(")");
        }
        if (f.over() != null) {
            s(" OVER (");
            windowDef(f.over());
            s(")");
        }
    }

    final void windowDef(WindowDef w) {
        boolean space = false;
        if (w.baseName() != null) {
            name(w.baseName());
            space = true;
        }
        if (!w.partitionBy().isEmpty()) {
            s(space ? " " : "").s("PARTITION BY ");
            list(w.partitionBy(), this::expr);
            space = true;
        }
        if (!w.orderBy().isEmpty()) {
            s(space ? " " : "").s("ORDER BY ");
            list(w.orderBy(), this::orderingTerm);
            space = true;
        }
        WindowDef.FrameSpec f = w.frame();
        if (f != null) {
            Function<WindowDef.FrameBound, String> bound = fb -> switch (fb.kind()) {
                case UNBOUNDED_PRECEDING -> "UNBOUNDED PRECEDING";
                case UNBOUNDED_FOLLOWING -> "UNBOUNDED FOLLOWING";
                case CURRENT_ROW -> "CURRENT ROW";
                case PRECEDING -> SqlPrinter.print(fb.offset()) + " PRECEDING";
                case FOLLOWING -> SqlPrinter.print(fb.offset()) + " FOLLOWING";
            };
            s(space ? " " : "").s(f.unit().name()).s(" BETWEEN ").s(bound.apply(f.start())).s(" AND ")
                    .s(bound.apply(f.end()));
            if (f.exclude() != WindowDef.FrameExclude.NONE) {
                s(" EXCLUDE ").s(f.exclude().name().replace('_', ' '));
            }
        }
    }
}
