package io.onelite.plan;

import io.onelite.common.OneLiteException;
import io.onelite.common.ResultCode;
import io.onelite.exec.Eval;
import io.onelite.exec.ValueOps;
import io.onelite.sql.ast.Expr;

import java.util.List;

/** Row values {@code (a, b) = (x, y)}: equality and inequality, element by element. */
final class RowValues {
    private RowValues() {
    }

    static CExpr compare(ExprCompiler c, Expr.Binary b) {
        if (!(b.left() instanceof Expr.RowValue l) || !(b.right() instanceof Expr.RowValue r)) {
            throw new OneLiteException(ResultCode.ERROR, "row value misused");
        }
        List<Expr> ls = l.values();
        List<Expr> rs = r.values();
        if (ls.size() != rs.size()) {
            throw new OneLiteException(ResultCode.ERROR, "row value misused");
        }
        int n = ls.size();
        Eval[] eqs = new Eval[n];
        Eval[] lts = new Eval[n];
        for (int i = 0; i < n; i++) {
            CExpr x = c.compile(ls.get(i));
            CExpr y = c.compile(rs.get(i));
            eqs[i] = c.comparison(Expr.BinaryOp.EQ, x, y).eval();
            lts[i] = c.comparison(Expr.BinaryOp.LT, x, y).eval();
        }
        Expr.BinaryOp op = b.op();
        return CExpr.of(f -> {
            // lexicographic: find the first element that is not equal
            for (int i = 0; i < n; i++) {
                Object e = eqs[i].eval(f);
                if (e == null) {
                    return op == Expr.BinaryOp.IS ? 0L : op == Expr.BinaryOp.IS_NOT ? 1L : null;
                }
                if ((Long) e == 0) {
                    boolean lt = ValueOps.isTrue(lts[i].eval(f));
                    boolean res = switch (op) {
                        case EQ, IS -> false;
                        case NE, IS_NOT -> true;
                        case LT, LE -> lt;
                        default -> !lt;
                    };
                    return res ? 1L : 0L;
                }
            }
            boolean res = switch (op) {
                case EQ, IS, LE, GE -> true;
                default -> false;
            };
            return res ? 1L : 0L;
        });
    }

    static CExpr inList(ExprCompiler c, Expr.InList in) {
        throw new OneLiteException(ResultCode.ERROR, "row value misused");
    }

    static CExpr inSelect(ExprCompiler c, Expr.InSelect in) {
        throw new OneLiteException(ResultCode.ERROR, "row value misused");
    }
}
