package io.onelite.sql.ast;

import io.onelite.common.BeginMode;

/** Transaction control: BEGIN, COMMIT/END, ROLLBACK [TO], SAVEPOINT, RELEASE. */
public sealed interface TransactionStmt extends Stmt permits TransactionStmt.Begin, TransactionStmt.Commit,
        TransactionStmt.Rollback, TransactionStmt.Savepoint, TransactionStmt.Release {

    /** {@code BEGIN [DEFERRED|IMMEDIATE|EXCLUSIVE|CONCURRENT [SNAPSHOT]] [TRANSACTION [name]]}; DEFERRED by default. */
    record Begin(BeginMode mode) implements TransactionStmt {
    }

    /** {@code COMMIT} or {@code END} [TRANSACTION]. */
    record Commit() implements TransactionStmt {
    }

    /** {@code ROLLBACK [TRANSACTION] [TO [SAVEPOINT] name]}; savepoint null for a full rollback. */
    record Rollback(String savepoint) implements TransactionStmt {
    }

    /** {@code SAVEPOINT name}. */
    record Savepoint(String name) implements TransactionStmt {
    }

    /** {@code RELEASE [SAVEPOINT] name}. */
    record Release(String name) implements TransactionStmt {
    }
}
