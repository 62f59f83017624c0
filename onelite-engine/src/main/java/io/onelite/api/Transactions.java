package io.onelite.api;

import io.onelite.common.BeginMode;
import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.sql.ast.TransactionStmt;

/** BEGIN, COMMIT/END, ROLLBACK [TO], SAVEPOINT and RELEASE on a session, with SQLite's messages. */
final class Transactions {
    private Transactions() {
    }

    static void execute(SessionImpl s, TransactionStmt t) {
        if (t instanceof TransactionStmt.Begin b) {
            if (s.tx != null) {
                throw new OneLiteException(ResultCode.ERROR, "cannot start a transaction within a transaction");
            }
            BeginMode m = b.mode() == null ? BeginMode.DEFERRED : b.mode();
            s.tx = s.beginTransaction(m);
            s.mode = m;
            s.txFromSavepoint = false;
        } else if (t instanceof TransactionStmt.Commit) {
            if (s.tx == null) {
                throw new OneLiteException(ResultCode.ERROR, "cannot commit - no transaction is active");
            }
            commit(s);
        } else if (t instanceof TransactionStmt.Rollback r) {
            if (r.savepoint() == null) {
                if (s.tx == null) {
                    throw new OneLiteException(ResultCode.ERROR, "cannot rollback - no transaction is active");
                }
                var tx = s.tx;
                s.tx = null;
                s.savepoints.clear();
                s.transactionEnded();
                tx.rollback();
                return;
            }
            int i = find(s, r.savepoint());
            int sp = (Integer) s.savepoints.get(i)[1];
            s.tx.rollbackTo(sp);
            s.deferredViolations = (Long) s.savepoints.get(i)[2]; // as SQLite's Savepoint.nDeferredCons
            while (s.savepoints.size() > i + 1) {
                s.savepoints.remove(s.savepoints.size() - 1);
            }
        } else if (t instanceof TransactionStmt.Savepoint sv) {
            if (s.tx == null) {
                s.tx = s.begin(BeginMode.DEFERRED);
                s.mode = BeginMode.DEFERRED;
                s.txFromSavepoint = true;
            }
            s.savepoints.add(new Object[]{sv.name(), s.tx.savepoint(), s.deferredViolations});
        } else if (t instanceof TransactionStmt.Release rl) {
            int i = find(s, rl.name());
            int sp = (Integer) s.savepoints.get(i)[1];
            s.tx.release(sp);
            while (s.savepoints.size() > i) {
                s.savepoints.remove(s.savepoints.size() - 1);
            }
            if (i == 0 && s.txFromSavepoint) {
                commit(s);
            }
        }
    }

    /**
     * Commits the session's transaction. A commit refused for deferred foreign key violations
     * (787) or that fails with BUSY leaves it open (it can be fixed or retried); one that rolled
     * the transaction back (517, 773) ends it.
     */
    private static void commit(SessionImpl s) {
        s.checkDeferredForeignKeys();
        var tx = s.tx;
        try {
            tx.commit();
        } catch (RuntimeException e) {
            if (tx.isFinished()) {
                s.tx = null;
                s.savepoints.clear();
                s.transactionEnded();
            }
            throw e;
        }
        s.tx = null;
        s.savepoints.clear();
        s.transactionEnded();
    }

    private static int find(SessionImpl s, String name) {
        for (int i = s.savepoints.size() - 1; i >= 0; i--) {
            if (((String) s.savepoints.get(i)[0]).equalsIgnoreCase(name)) {
                return i;
            }
        }
        throw new OneLiteException(ResultCode.ERROR, "no such savepoint: " + name);
    }
}
