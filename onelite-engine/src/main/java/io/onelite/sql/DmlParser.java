package io.onelite.sql;

import io.onelite.sql.ast.ConflictAction;
import io.onelite.sql.ast.DeleteStmt;
import io.onelite.sql.ast.Expr;
import io.onelite.sql.ast.FromItem;
import io.onelite.sql.ast.IndexedColumn;
import io.onelite.sql.ast.InsertStmt;
import io.onelite.sql.ast.OrderingTerm;
import io.onelite.sql.ast.QualifiedName;
import io.onelite.sql.ast.ResultColumn;
import io.onelite.sql.ast.SelectStmt;
import io.onelite.sql.ast.SetClause;
import io.onelite.sql.ast.UpdateStmt;
import io.onelite.sql.ast.Upsert;
import io.onelite.sql.ast.WithClause;

import java.util.ArrayList;
import java.util.List;

/** INSERT/REPLACE (with upsert), UPDATE and DELETE, each with RETURNING ({@code parse.y} {@code cmd ::= ...}). */
final class DmlParser {
    private final TokenCursor c;
    private final ExprParser exprs;
    private final SelectParser selects;

    DmlParser(TokenCursor c, ExprParser exprs, SelectParser selects) {
        this.c = c;
        this.exprs = exprs;
        this.selects = selects;
    }

    /** {@code OR action} after INSERT/UPDATE, or null. */
    ConflictAction orConflict() {
        if (!c.accept(TokenType.OR)) {
            return null;
        }
        return conflictAction();
    }

    /** ROLLBACK | ABORT | FAIL | IGNORE | REPLACE. */
    ConflictAction conflictAction() {
        ConflictAction a = switch (c.type()) {
            case ROLLBACK -> ConflictAction.ROLLBACK;
            case ABORT -> ConflictAction.ABORT;
            case FAIL -> ConflictAction.FAIL;
            case IGNORE -> ConflictAction.IGNORE;
            case REPLACE -> ConflictAction.REPLACE;
            default -> throw c.syntaxError();
        };
        c.advance();
        return a;
    }

    /** {@code INSERT ...} or {@code REPLACE ...}, at the INSERT/REPLACE token; inTrigger forbids a qualified table. */
    InsertStmt insert(WithClause with, boolean inTrigger) {
        ConflictAction or;
        if (c.accept(TokenType.REPLACE)) {
            or = ConflictAction.REPLACE;
        } else {
            c.expect(TokenType.INSERT);
            or = orConflict();
        }
        c.expect(TokenType.INTO);
        QualifiedName table = tableName(inTrigger);
        String alias = null;
        if (!inTrigger && c.accept(TokenType.AS)) {
            alias = c.name();
        }
        List<String> columns = c.at(TokenType.LP) ? selects.nameList() : List.of();
        SelectStmt select = null;
        List<Upsert> upserts = new ArrayList<>();
        if (c.at(TokenType.DEFAULT) && !inTrigger) { // a trigger's INSERT has no DEFAULT VALUES in SQLite's grammar
            c.advance();
            c.expect(TokenType.VALUES);
        } else {
            select = selects.select();
            while (c.at(TokenType.ON)) {
                upserts.add(upsert());
            }
        }
        List<ResultColumn> returning = inTrigger ? List.of() : returning();
        return new InsertStmt(with, or, table, alias, columns, select, upserts, returning);
    }

    private QualifiedName tableName(boolean inTrigger) {
        QualifiedName name = exprs.qualifiedName();
        if (inTrigger && name.schema() != null) {
            c.deferError(TokenCursor.error("qualified table names are not allowed on INSERT, UPDATE, and DELETE "
                    + "statements within triggers"));
        }
        return name;
    }

    private Upsert upsert() {
        c.expect(TokenType.ON);
        c.expect(TokenType.CONFLICT);
        List<IndexedColumn> target = List.of();
        Expr targetWhere = null;
        if (c.accept(TokenType.LP)) {
            target = indexedColumns(exprs.orderingTerms());
            c.expect(TokenType.RP);
            if (c.accept(TokenType.WHERE)) {
                targetWhere = exprs.expr();
            }
        }
        c.expect(TokenType.DO);
        if (c.accept(TokenType.NOTHING)) {
            return new Upsert(target, targetWhere, true, List.of(), null);
        }
        c.expect(TokenType.UPDATE);
        c.expect(TokenType.SET);
        List<SetClause> set = setList();
        Expr where = c.accept(TokenType.WHERE) ? exprs.expr() : null;
        return new Upsert(target, targetWhere, false, set, where);
    }

    /** Ordering terms as index columns: a top-level COLLATE becomes the collation. */
    static List<IndexedColumn> indexedColumns(List<OrderingTerm> terms) {
        List<IndexedColumn> cols = new ArrayList<>();
        for (OrderingTerm t : terms) {
            Expr e = t.expr();
            String collation = null;
            if (e instanceof Expr.Collate col) {
                collation = col.collation();
                e = col.expr();
            }
            cols.add(new IndexedColumn(e, collation, t.order()));
        }
        return cols;
    }

    /** {@code nm = expr | (nm, ...) = expr}, comma-separated. */
    List<SetClause> setList() {
        List<SetClause> set = new ArrayList<>();
        do {
            List<String> columns = c.at(TokenType.LP) ? selects.nameList() : List.of(c.placedName());
            c.expect(TokenType.EQ);
            set.add(new SetClause(columns, exprs.expr()));
        } while (c.accept(TokenType.COMMA));
        return set;
    }

    /** {@code RETURNING columns} or an empty list. */
    List<ResultColumn> returning() {
        if (!c.accept(TokenType.RETURNING)) {
            return List.of();
        }
        return selects.resultColumns();
    }

    /** {@code UPDATE ...} at the UPDATE token. */
    UpdateStmt update(WithClause with, boolean inTrigger) {
        c.expect(TokenType.UPDATE);
        ConflictAction or = orConflict();
        QualifiedName table = tableName(inTrigger);
        String alias = null;
        if (!inTrigger && c.accept(TokenType.AS)) {
            alias = c.name();
        }
        String[] indexed = indexedBy(inTrigger);
        c.expect(TokenType.SET);
        List<SetClause> set = setList();
        FromItem from = c.accept(TokenType.FROM) ? selects.from() : null;
        Expr where = c.accept(TokenType.WHERE) ? exprs.expr() : null;
        if (inTrigger) {
            return new UpdateStmt(with, or, table, alias, indexed[0], indexed[1] != null, set, from, where, List.of(),
                    List.of(), null, null);
        }
        List<ResultColumn> returning = returning();
        List<OrderingTerm> orderBy = selects.orderBy();
        Expr[] limit = selects.limit();
        return new UpdateStmt(with, or, table, alias, indexed[0], indexed[1] != null, set, from, where, returning,
                orderBy, limit[0], limit[1]);
    }

    /** {@code INDEXED BY nm} → {name, null}; {@code NOT INDEXED} → {null, ""}; else {null, null}. */
    private String[] indexedBy(boolean inTrigger) {
        String where = " clause is not allowed on UPDATE or DELETE statements within triggers";
        if (c.at(TokenType.INDEXED)) {
            c.advance();
            c.expect(TokenType.BY);
            String name = c.name();
            if (inTrigger) {
                c.deferError(TokenCursor.error("the INDEXED BY" + where));
            }
            return new String[] {name, null};
        }
        if (c.accept(TokenType.NOT)) {
            c.expect(TokenType.INDEXED);
            if (inTrigger) {
                c.deferError(TokenCursor.error("the NOT INDEXED" + where));
            }
            return new String[] {null, ""};
        }
        return new String[2];
    }

    /** {@code DELETE FROM ...} at the DELETE token. */
    DeleteStmt delete(WithClause with, boolean inTrigger) {
        c.expect(TokenType.DELETE);
        c.expect(TokenType.FROM);
        QualifiedName table = tableName(inTrigger);
        String alias = null;
        if (!inTrigger && c.accept(TokenType.AS)) {
            alias = c.name();
        }
        String[] indexed = indexedBy(inTrigger);
        Expr where = c.accept(TokenType.WHERE) ? exprs.expr() : null;
        if (inTrigger) {
            return new DeleteStmt(with, table, alias, indexed[0], indexed[1] != null, where, List.of(), List.of(),
                    null, null);
        }
        List<ResultColumn> returning = returning();
        List<OrderingTerm> orderBy = selects.orderBy();
        Expr[] limit = selects.limit();
        return new DeleteStmt(with, table, alias, indexed[0], indexed[1] != null, where, returning, orderBy,
                limit[0], limit[1]);
    }
}
