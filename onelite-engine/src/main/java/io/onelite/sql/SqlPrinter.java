package io.onelite.sql;

import io.onelite.sql.ast.AlterTableStmt;
import io.onelite.sql.ast.ColumnConstraint;
import io.onelite.sql.ast.ColumnDef;
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
import io.onelite.sql.ast.InsertStmt;
import io.onelite.sql.ast.MaintenanceStmt;
import io.onelite.sql.ast.PragmaStmt;
import io.onelite.sql.ast.ResultColumn;
import io.onelite.sql.ast.SelectStmt;
import io.onelite.sql.ast.SetClause;
import io.onelite.sql.ast.Stmt;
import io.onelite.sql.ast.TableConstraint;
import io.onelite.sql.ast.TransactionStmt;
import io.onelite.sql.ast.UpdateStmt;
import io.onelite.sql.ast.Upsert;

import java.util.List;

/**
 * Prints an AST back as SQL that {@link Parser} reads to an equal tree: every operator expression is
 * fully parenthesised and every identifier double-quoted, so neither precedence nor keywords can change
 * the meaning. Used by the round-trip tests and by callers that must rebuild SQL (e.g. the text of an
 * expression in a message, or a generated {@code CREATE TABLE}).
 */
public final class SqlPrinter extends AstPrinter {

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
        s(" ON ");
        qname(new io.onelite.sql.ast.QualifiedName(x.tableSchema(), x.table()));
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
}
