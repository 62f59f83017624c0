package io.onelite.sql;

import io.onelite.common.BeginMode;
import io.onelite.sql.ast.Expr;
import io.onelite.sql.ast.MaintenanceStmt;
import io.onelite.sql.ast.PragmaStmt;
import io.onelite.sql.ast.QualifiedName;
import io.onelite.sql.ast.TransactionStmt;

/** Transaction control, PRAGMA, VACUUM, ANALYZE, REINDEX, ATTACH and DETACH ({@code parse.y}). */
final class ControlParser {
    private final TokenCursor c;
    private final ExprParser exprs;

    ControlParser(TokenCursor c, ExprParser exprs) {
        this.c = c;
        this.exprs = exprs;
    }

    /** {@code BEGIN [DEFERRED|IMMEDIATE|EXCLUSIVE|CONCURRENT [SNAPSHOT]] [TRANSACTION [nm]]}. */
    TransactionStmt begin() {
        c.expect(TokenType.BEGIN);
        BeginMode mode = BeginMode.DEFERRED;
        if (c.accept(TokenType.DEFERRED)) {
            mode = BeginMode.DEFERRED;
        } else if (c.accept(TokenType.IMMEDIATE)) {
            mode = BeginMode.IMMEDIATE;
        } else if (c.accept(TokenType.EXCLUSIVE)) {
            mode = BeginMode.EXCLUSIVE;
        } else if (c.atWord("CONCURRENT")) {
            c.advance();
            mode = BeginMode.CONCURRENT;
            if (c.atWord("SNAPSHOT")) {
                c.advance();
                mode = BeginMode.CONCURRENT_SNAPSHOT;
            }
        }
        transactionName();
        return new TransactionStmt.Begin(mode);
    }

    private void transactionName() {
        if (c.accept(TokenType.TRANSACTION) && c.atName()) {
            c.name();
        }
    }

    /** {@code COMMIT|END [TRANSACTION [nm]]}. */
    TransactionStmt commit() {
        c.advance();
        transactionName();
        return new TransactionStmt.Commit();
    }

    /** {@code ROLLBACK [TRANSACTION [nm]] [TO [SAVEPOINT] nm]}. */
    TransactionStmt rollback() {
        c.expect(TokenType.ROLLBACK);
        if (c.accept(TokenType.TRANSACTION) && c.atName() && !c.at(TokenType.TO)) {
            c.name();
        }
        if (c.accept(TokenType.TO)) {
            c.accept(TokenType.SAVEPOINT);
            return new TransactionStmt.Rollback(c.name());
        }
        return new TransactionStmt.Rollback(null);
    }

    TransactionStmt savepoint() {
        c.expect(TokenType.SAVEPOINT);
        return new TransactionStmt.Savepoint(c.name());
    }

    TransactionStmt release() {
        c.expect(TokenType.RELEASE);
        c.accept(TokenType.SAVEPOINT);
        return new TransactionStmt.Release(c.name());
    }

    /** {@code PRAGMA [schema.]name [= value | (value)]}; value: a name, ON, DELETE, DEFAULT, a string or a signed number. */
    PragmaStmt pragma() {
        c.expect(TokenType.PRAGMA);
        QualifiedName name = exprs.qualifiedName();
        if (c.accept(TokenType.EQ)) {
            return new PragmaStmt(name, pragmaValue(), false);
        }
        if (c.accept(TokenType.LP)) {
            String v = pragmaValue();
            c.expect(TokenType.RP);
            return new PragmaStmt(name, v, true);
        }
        return new PragmaStmt(name, null, false);
    }

    private String pragmaValue() {
        if (c.atAny(TokenType.PLUS, TokenType.MINUS, TokenType.INTEGER, TokenType.FLOAT)) {
            String sign = "";
            if (c.at(TokenType.PLUS) || c.at(TokenType.MINUS)) {
                sign = c.advance().type() == TokenType.MINUS ? "-" : "";
            }
            if (!c.atAny(TokenType.INTEGER, TokenType.FLOAT)) {
                throw c.syntaxError();
            }
            return sign + c.advance().text();
        }
        if (c.atAny(TokenType.ON, TokenType.DELETE, TokenType.DEFAULT) || c.atName()) {
            return Lexer.dequote(c.advance().text());
        }
        throw c.syntaxError();
    }

    /** {@code VACUUM [schema] [INTO expr]}. */
    MaintenanceStmt vacuum() {
        c.expect(TokenType.VACUUM);
        String schema = c.atName() ? c.name() : null;
        Expr into = c.accept(TokenType.INTO) ? exprs.expr() : null;
        return new MaintenanceStmt.Vacuum(schema, into);
    }

    /** ANALYZE or REINDEX with an optional {@code [schema.]name}. */
    MaintenanceStmt analyzeOrReindex() {
        boolean analyze = c.advance().type() == TokenType.ANALYZE;
        QualifiedName target = c.atName() ? exprs.qualifiedName() : null;
        return analyze ? new MaintenanceStmt.Analyze(target) : new MaintenanceStmt.Reindex(target);
    }

    /** {@code ATTACH [DATABASE] expr AS expr [KEY expr]}. */
    MaintenanceStmt attach() {
        c.expect(TokenType.ATTACH);
        if (c.at(TokenType.DATABASE)) {
            c.advance();
        }
        Expr file = exprs.expr();
        c.expect(TokenType.AS);
        Expr schema = exprs.expr();
        Expr key = c.accept(TokenType.KEY) ? exprs.expr() : null;
        return new MaintenanceStmt.Attach(file, schema, key);
    }

    /** {@code DETACH [DATABASE] expr}. */
    MaintenanceStmt detach() {
        c.expect(TokenType.DETACH);
        if (c.at(TokenType.DATABASE)) {
            c.advance();
        }
        return new MaintenanceStmt.Detach(exprs.expr());
    }
}
