package io.onelite.sql;

import io.onelite.sql.ast.AlterTableStmt;
import io.onelite.sql.ast.ColumnConstraint;
import io.onelite.sql.ast.ColumnDef;
import io.onelite.sql.ast.CommonTableExpr;
import io.onelite.sql.ast.ConflictAction;
import io.onelite.sql.ast.CreateIndexStmt;
import io.onelite.sql.ast.CreateTableStmt;
import io.onelite.sql.ast.CreateTriggerStmt;
import io.onelite.sql.ast.CreateViewStmt;
import io.onelite.sql.ast.DeleteStmt;
import io.onelite.sql.ast.DropStmt;
import io.onelite.sql.ast.ExplainStmt;
import io.onelite.sql.ast.Expr;
import io.onelite.sql.ast.ForeignKeyClause;
import io.onelite.sql.ast.FromItem;
import io.onelite.sql.ast.IndexedColumn;
import io.onelite.sql.ast.InsertStmt;
import io.onelite.sql.ast.Join;
import io.onelite.sql.ast.MaintenanceStmt;
import io.onelite.sql.ast.NamedWindow;
import io.onelite.sql.ast.NullsOrder;
import io.onelite.sql.ast.OrderingTerm;
import io.onelite.sql.ast.PragmaStmt;
import io.onelite.sql.ast.QualifiedName;
import io.onelite.sql.ast.ResultColumn;
import io.onelite.sql.ast.SelectCore;
import io.onelite.sql.ast.SelectStmt;
import io.onelite.sql.ast.SetClause;
import io.onelite.sql.ast.Stmt;
import io.onelite.sql.ast.TableConstraint;
import io.onelite.sql.ast.TransactionStmt;
import io.onelite.sql.ast.TypeName;
import io.onelite.sql.ast.UpdateStmt;
import io.onelite.sql.ast.Upsert;
import io.onelite.sql.ast.WindowDef;
import io.onelite.sql.ast.WithClause;

import java.util.HexFormat;
import java.util.List;
import java.util.function.Function;

/**
 * Prints an AST back as SQL that {@link Parser} reads to an equal tree: every operator expression is
 * fully parenthesised and every identifier double-quoted, so neither precedence nor keywords can change
 * the meaning. Used by the round-trip tests and by callers that must rebuild SQL (e.g. the text of an
 * expression in a message, or a generated {@code CREATE TABLE}).
 */
public final class SqlPrinter {
    private final StringBuilder b = new StringBuilder();

    private SqlPrinter() {
    }

    /** The SQL text of a statement. */
    public static String print(Stmt s) {
        SqlPrinter p = new SqlPrinter();
        p.stmt(s);
        return p.b.toString();
    }

    /** The SQL text of an expression. */
    public static String print(Expr e) {
        SqlPrinter p = new SqlPrinter();
        p.expr(e);
        return p.b.toString();
    }

    /** {@code name} in double quotes, inner quotes doubled. */
    public static String quoteName(String name) {
        return "\"" + name.replace("\"", "\"\"") + "\"";
    }

    /** {@code text} as a string literal, inner quotes doubled. */
    public static String quoteString(String text) {
        return "'" + text.replace("'", "''") + "'";
    }

    private SqlPrinter s(String text) {
        b.append(text);
        return this;
    }

    private SqlPrinter name(String n) {
        b.append(quoteName(n));
        return this;
    }

    private void qname(QualifiedName q) {
        if (q.schema() != null) {
            name(q.schema()).s(".");
        }
        name(q.name());
    }

    private <T> void list(List<T> items, java.util.function.Consumer<T> each) {
        for (int i = 0; i < items.size(); i++) {
            if (i > 0) {
                b.append(", ");
            }
            each.accept(items.get(i));
        }
    }

    private void names(List<String> ns) {
        s("(");
        list(ns, this::name);
        s(")");
    }

    // ---- statements

    private void stmt(Stmt st) {
        if (st instanceof SelectStmt x) {
            select(x);
        } else if (st instanceof InsertStmt x) {
            insert(x);
        } else if (st instanceof UpdateStmt x) {
            update(x);
        } else if (st instanceof DeleteStmt x) {
            delete(x);
        } else if (st instanceof CreateTableStmt x) {
            createTable(x);
        } else if (st instanceof CreateIndexStmt x) {
            s("CREATE ").s(x.unique() ? "UNIQUE " : "").s("INDEX ").s(x.ifNotExists() ? "IF NOT EXISTS " : "");
            qname(x.name());
            s(" ON ").name(x.table()).s(" (");
            list(x.columns(), this::indexedColumn);
            s(")");
            if (x.where() != null) {
                s(" WHERE ").expr(x.where());
            }
        } else if (st instanceof CreateViewStmt x) {
            s("CREATE ").s(x.temp() ? "TEMP " : "").s("VIEW ").s(x.ifNotExists() ? "IF NOT EXISTS " : "");
            qname(x.name());
            if (!x.columns().isEmpty()) {
                s(" ");
                names(x.columns());
            }
            s(" AS ");
            select(x.select());
        } else if (st instanceof CreateTriggerStmt x) {
            createTrigger(x);
        } else if (st instanceof DropStmt x) {
            s("DROP ").s(x.kind().name()).s(x.ifExists() ? " IF EXISTS " : " ");
            qname(x.name());
        } else if (st instanceof AlterTableStmt x) {
            alter(x);
        } else if (st instanceof TransactionStmt x) {
            transaction(x);
        } else if (st instanceof PragmaStmt x) {
            s("PRAGMA ");
            qname(x.name());
            if (x.value() != null) {
                String v = x.value().matches("-?[0-9]+(\\.[0-9]*)?") ? x.value() : quoteString(x.value());
                s(x.call() ? "(" : " = ").s(v).s(x.call() ? ")" : "");
            }
        } else if (st instanceof ExplainStmt x) {
            s(x.queryPlan() ? "EXPLAIN QUERY PLAN " : "EXPLAIN ");
            stmt(x.stmt());
        } else if (st instanceof MaintenanceStmt x) {
            maintenance(x);
        } else {
            throw new IllegalArgumentException(String.valueOf(st));
        }
    }

    private void with(WithClause w) {
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

    private void select(SelectStmt x) {
        with(x.with());
        core(x.first());
        for (SelectStmt.CompoundTerm t : x.compounds()) {
            s(" ").s(t.op().sql()).s(" ");
            core(t.core());
        }
        orderBy(x.orderBy());
        limit(x.limit(), x.offset());
    }

    private void orderBy(List<OrderingTerm> terms) {
        if (!terms.isEmpty()) {
            s(" ORDER BY ");
            list(terms, this::orderingTerm);
        }
    }

    private void limit(Expr limit, Expr offset) {
        if (limit != null) {
            s(" LIMIT ").expr(limit);
            if (offset != null) {
                s(" OFFSET ").expr(offset);
            }
        }
    }

    private void orderingTerm(OrderingTerm t) {
        expr(t.expr());
        if (t.order() != null) {
            s(" ").s(t.order().name());
        }
        if (t.nulls() != NullsOrder.DEFAULT) {
            s(" NULLS ").s(t.nulls().name());
        }
    }

    private void indexedColumn(IndexedColumn c) {
        expr(c.expr());
        if (c.collation() != null) {
            s(" COLLATE ").name(c.collation());
        }
        if (c.order() != null) {
            s(" ").s(c.order().name());
        }
    }

    private void core(SelectCore core) {
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

    private void resultColumns(List<ResultColumn> columns) {
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

    private void alias(String a) {
        if (a != null) {
            s(" AS ").name(a);
        }
    }

    private void from(FromItem f) {
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

    private void conflict(String prefix, ConflictAction a) {
        if (a != null) {
            s(prefix).s(a.name());
        }
    }

    private void insert(InsertStmt x) {
        with(x.with());
        s("INSERT");
        conflict(" OR ", x.orConflict());
        s(" INTO ");
        qname(x.table());
        alias(x.alias());
        if (!x.columns().isEmpty()) {
            s(" ");
            names(x.columns());
        }
        if (x.select() == null) {
            s(" DEFAULT VALUES");
        } else {
            s(" ");
            select(x.select());
            for (Upsert u : x.upserts()) {
                s(" ON CONFLICT");
                if (!u.target().isEmpty()) {
                    s(" (");
                    list(u.target(), this::indexedColumn);
                    s(")");
                    if (u.targetWhere() != null) {
                        s(" WHERE ").expr(u.targetWhere());
                    }
                }
                if (u.doNothing()) {
                    s(" DO NOTHING");
                } else {
                    s(" DO UPDATE SET ");
                    setList(u.set());
                    if (u.where() != null) {
                        s(" WHERE ").expr(u.where());
                    }
                }
            }
        }
        returning(x.returning());
    }

    private void returning(List<ResultColumn> r) {
        if (!r.isEmpty()) {
            s(" RETURNING ");
            resultColumns(r);
        }
    }

    private void setList(List<SetClause> set) {
        list(set, (SetClause sc) -> {
            if (sc.columns().size() == 1) {
                name(sc.columns().get(0));
            } else {
                names(sc.columns());
            }
            s(" = ").expr(sc.value());
        });
    }

    private void indexed(String indexedBy, boolean notIndexed) {
        if (indexedBy != null) {
            s(" INDEXED BY ").name(indexedBy);
        } else if (notIndexed) {
            s(" NOT INDEXED");
        }
    }

    private void update(UpdateStmt x) {
        with(x.with());
        s("UPDATE");
        conflict(" OR ", x.orConflict());
        s(" ");
        qname(x.table());
        alias(x.alias());
        indexed(x.indexedBy(), x.notIndexed());
        s(" SET ");
        setList(x.set());
        if (x.from() != null) {
            s(" FROM ");
            from(x.from());
        }
        if (x.where() != null) {
            s(" WHERE ").expr(x.where());
        }
        returning(x.returning());
        orderBy(x.orderBy());
        limit(x.limit(), x.offset());
    }

    private void delete(DeleteStmt x) {
        with(x.with());
        s("DELETE FROM ");
        qname(x.table());
        alias(x.alias());
        indexed(x.indexedBy(), x.notIndexed());
        if (x.where() != null) {
            s(" WHERE ").expr(x.where());
        }
        returning(x.returning());
        orderBy(x.orderBy());
        limit(x.limit(), x.offset());
    }

    private void createTable(CreateTableStmt x) {
        s("CREATE ").s(x.temp() ? "TEMP " : "").s("TABLE ").s(x.ifNotExists() ? "IF NOT EXISTS " : "");
        qname(x.name());
        if (x.asSelect() != null) {
            s(" AS ");
            select(x.asSelect());
            return;
        }
        s(" (");
        list(x.columns(), this::columnDef);
        for (TableConstraint tc : x.constraints()) {
            s(", ");
            tableConstraint(tc);
        }
        s(")");
        if (x.withoutRowid()) {
            s(" WITHOUT ROWID");
        }
        if (x.strict()) {
            s(x.withoutRowid() ? ", STRICT" : " STRICT");
        }
    }

    /** A column definition as SQL (used for ALTER TABLE ADD COLUMN as well). */
    private void columnDef(ColumnDef d) {
        name(d.name());
        if (d.type() != null) {
            s(" ").typeName(d.type());
        }
        for (ColumnConstraint cc : d.constraints()) {
            s(" ");
            if (cc.name() != null) {
                s("CONSTRAINT ").name(cc.name()).s(" ");
            }
            if (cc instanceof ColumnConstraint.PrimaryKey pk) {
                s("PRIMARY KEY");
                if (pk.order() != null) {
                    s(" ").s(pk.order().name());
                }
                conflict(" ON CONFLICT ", pk.onConflict());
                s(pk.autoincrement() ? " AUTOINCREMENT" : "");
            } else if (cc instanceof ColumnConstraint.NotNull nn) {
                s("NOT NULL");
                conflict(" ON CONFLICT ", nn.onConflict());
            } else if (cc instanceof ColumnConstraint.Unique u) {
                s("UNIQUE");
                conflict(" ON CONFLICT ", u.onConflict());
            } else if (cc instanceof ColumnConstraint.Check ck) {
                s("CHECK (").expr(ck.expr());
                s(")");
            } else if (cc instanceof ColumnConstraint.Default df) {
                s("DEFAULT (").expr(df.value());
                s(")");
            } else if (cc instanceof ColumnConstraint.Collate co) {
                s("COLLATE ").name(co.collation());
            } else if (cc instanceof ColumnConstraint.References r) {
                references(r.foreignKey());
            } else if (cc instanceof ColumnConstraint.Generated g) {
                s("GENERATED ALWAYS AS (").expr(g.expr());
                s(g.stored() ? ") STORED" : ") VIRTUAL");
            }
        }
    }

    private void references(ForeignKeyClause f) {
        s("REFERENCES ").name(f.table());
        if (!f.columns().isEmpty()) {
            s(" ");
            names(f.columns());
        }
        if (f.onDelete() != ForeignKeyClause.Action.NO_ACTION) {
            s(" ON DELETE ").s(f.onDelete().sql());
        }
        if (f.onUpdate() != ForeignKeyClause.Action.NO_ACTION) {
            s(" ON UPDATE ").s(f.onUpdate().sql());
        }
        if (f.match() != null) {
            s(" MATCH ").name(f.match());
        }
        if (f.deferred()) {
            s(" DEFERRABLE INITIALLY DEFERRED");
        }
    }

    private void tableConstraint(TableConstraint tc) {
        if (tc.name() != null) {
            s("CONSTRAINT ").name(tc.name()).s(" ");
        }
        if (tc instanceof TableConstraint.PrimaryKey pk) {
            s("PRIMARY KEY (");
            list(pk.columns(), this::indexedColumn);
            s(pk.autoincrement() ? " AUTOINCREMENT)" : ")");
            conflict(" ON CONFLICT ", pk.onConflict());
        } else if (tc instanceof TableConstraint.Unique u) {
            s("UNIQUE (");
            list(u.columns(), this::indexedColumn);
            s(")");
            conflict(" ON CONFLICT ", u.onConflict());
        } else if (tc instanceof TableConstraint.Check ck) {
            s("CHECK (").expr(ck.expr());
            s(")");
        } else {
            TableConstraint.ForeignKey fk = (TableConstraint.ForeignKey) tc;
            s("FOREIGN KEY ");
            names(fk.columns());
            s(" ");
            references(fk.references());
        }
    }

    private void createTrigger(CreateTriggerStmt x) {
        s("CREATE ").s(x.temp() ? "TEMP " : "").s("TRIGGER ").s(x.ifNotExists() ? "IF NOT EXISTS " : "");
        qname(x.name());
        s(" ").s(x.time().name().replace('_', ' ')).s(" ").s(x.event().name());
        if (!x.updateColumns().isEmpty()) {
            s(" OF ");
            list(x.updateColumns(), this::name);
        }
        s(" ON ").name(x.table());
        s(x.forEachRow() ? " FOR EACH ROW" : "");
        if (x.when() != null) {
            s(" WHEN ").expr(x.when());
        }
        s(" BEGIN ");
        for (Stmt st : x.body()) {
            stmt(st);
            s("; ");
        }
        s("END");
    }

    private void alter(AlterTableStmt x) {
        s("ALTER TABLE ");
        qname(x.table());
        AlterTableStmt.Action a = x.action();
        if (a instanceof AlterTableStmt.RenameTable r) {
            s(" RENAME TO ").name(r.newName());
        } else if (a instanceof AlterTableStmt.RenameColumn r) {
            s(" RENAME COLUMN ").name(r.oldName()).s(" TO ").name(r.newName());
        } else if (a instanceof AlterTableStmt.AddColumn ac) {
            s(" ADD COLUMN ");
            columnDef(ac.column());
        } else {
            s(" DROP COLUMN ").name(((AlterTableStmt.DropColumn) a).column());
        }
    }

    private void transaction(TransactionStmt x) {
        if (x instanceof TransactionStmt.Begin bg) {
            s(bg.mode().sql());
        } else if (x instanceof TransactionStmt.Commit) {
            s("COMMIT");
        } else if (x instanceof TransactionStmt.Rollback r) {
            s("ROLLBACK");
            if (r.savepoint() != null) {
                s(" TO SAVEPOINT ").name(r.savepoint());
            }
        } else if (x instanceof TransactionStmt.Savepoint sp) {
            s("SAVEPOINT ").name(sp.name());
        } else {
            s("RELEASE SAVEPOINT ").name(((TransactionStmt.Release) x).name());
        }
    }

    private void maintenance(MaintenanceStmt x) {
        if (x instanceof MaintenanceStmt.Vacuum v) {
            s("VACUUM");
            if (v.schema() != null) {
                s(" ").name(v.schema());
            }
            if (v.into() != null) {
                s(" INTO ").expr(v.into());
            }
        } else if (x instanceof MaintenanceStmt.Analyze an) {
            s("ANALYZE");
            if (an.target() != null) {
                s(" ");
                qname(an.target());
            }
        } else if (x instanceof MaintenanceStmt.Reindex r) {
            s("REINDEX");
            if (r.target() != null) {
                s(" ");
                qname(r.target());
            }
        } else if (x instanceof MaintenanceStmt.Attach at) {
            s("ATTACH ").expr(at.file());
            s(" AS ").expr(at.schema());
            if (at.key() != null) {
                s(" KEY ").expr(at.key());
            }
        } else {
            s("DETACH ").expr(((MaintenanceStmt.Detach) x).schema());
        }
    }

    // ---- expressions

    private SqlPrinter typeName(TypeName t) {
        String[] words = t.name().split(" ");
        for (int i = 0; i < words.length; i++) {
            if (i > 0) {
                s(" ");
            }
            boolean plain = words[i].matches("[A-Za-z_][A-Za-z0-9_]*") && TokenType.keyword(words[i]) == null;
            s(plain ? words[i] : quoteName(words[i]));
        }
        if (!t.args().isEmpty()) {
            s("(").s(String.join(", ", t.args())).s(")");
        }
        return this;
    }

    private SqlPrinter expr(Expr e) {
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

    private void literal(Expr.Literal l) {
        Object v = l.value();
        if (v == null) {
            s("NULL");
        } else if (v instanceof String str) {
            s(quoteString(str));
        } else if (v instanceof byte[] bytes) {
            s("X'").s(HexFormat.of().withUpperCase().formatHex(bytes)).s("'");
        } else {
            String text = l.text() != null && !l.text().isEmpty() ? l.text() : String.valueOf(v);
            s(text.startsWith("-") ? "(" + text + ")" : text);
        }
    }

    private void function(Expr.FunctionCall f) {
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

    private void windowDef(WindowDef w) {
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
                case PRECEDING -> print(fb.offset()) + " PRECEDING";
                case FOLLOWING -> print(fb.offset()) + " FOLLOWING";
            };
            s(space ? " " : "").s(f.unit().name()).s(" BETWEEN ").s(bound.apply(f.start())).s(" AND ")
                    .s(bound.apply(f.end()));
            if (f.exclude() != WindowDef.FrameExclude.NO_OTHERS) {
                s(" EXCLUDE ").s(f.exclude().name().replace('_', ' '));
            }
        }
    }
}
