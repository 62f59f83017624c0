package io.onelite.plan;

import io.onelite.exec.Eval;
import io.onelite.exec.ValueOps;
import io.onelite.exec.value.SqlValues;
import io.onelite.sql.ast.Expr;
import io.onelite.sql.ast.Expr.BinaryOp;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Long left-deep chains of one precedence's binary operators ({@code a + b - c + ...},
 * {@code x = 1 OR x = 2 OR ...}), as generated SQL writes them, evaluated in a loop instead of a
 * call per operator: a chain of SQLite's 1000 levels then takes one frame of the caller's stack
 * instead of a thousand, whatever the JIT has compiled. The operands are evaluated left to right
 * and combined as the nested operators would, so the values (overflow to REAL, NULLs, AND's and
 * OR's short circuit) are the same.
 */
final class LeftDeepChains {
    /** Shorter chains keep their operators' own evaluators. */
    static final int MIN_LENGTH = 16;

    private static final Set<BinaryOp> ARITHMETIC = EnumSet.of(BinaryOp.ADD, BinaryOp.SUBTRACT, BinaryOp.MULTIPLY,
            BinaryOp.DIVIDE, BinaryOp.REMAINDER, BinaryOp.CONCAT, BinaryOp.BIT_AND, BinaryOp.BIT_OR,
            BinaryOp.SHIFT_LEFT, BinaryOp.SHIFT_RIGHT);

    private LeftDeepChains() {
    }

    /** {@code top} compiled as a loop, or null when it heads no chain of {@link #MIN_LENGTH} operators. */
    static CExpr compile(ExprCompiler compiler, Expr.Binary top) {
        boolean logical = top.op() == BinaryOp.AND || top.op() == BinaryOp.OR;
        if (!logical && !ARITHMETIC.contains(top.op())) {
            return null;
        }
        List<Expr.Binary> spine = new ArrayList<>();
        Expr e = top;
        while (e instanceof Expr.Binary b && (logical ? b.op() == top.op() : ARITHMETIC.contains(b.op()))) {
            spine.add(b);
            e = b.left();
        }
        if (spine.size() < MIN_LENGTH) {
            return null;
        }
        List<Expr> operands = new ArrayList<>(spine.size() + 1);
        operands.add(e);
        for (int i = spine.size() - 1; i >= 0; i--) {
            operands.add(spine.get(i).right());
        }
        // AND and OR may take a subquery's operand last (ExprCompiler.binary): those chains stay nested
        if (logical && operands.stream().anyMatch(ExprWalker::hasSubquery)) {
            return null;
        }
        Eval[] evals = new Eval[operands.size()];
        boolean constant = true;
        for (int i = 0; i < evals.length; i++) {
            CExpr c = compiler.compile(operands.get(i));
            evals[i] = c.eval();
            constant &= c.constant();
        }
        Eval chain;
        if (top.op() == BinaryOp.AND) {
            chain = f -> and(evals, f);
        } else if (top.op() == BinaryOp.OR) {
            chain = f -> or(evals, f);
        } else {
            BinaryOp[] ops = new BinaryOp[spine.size()];
            for (int i = 0; i < ops.length; i++) {
                ops[i] = spine.get(ops.length - 1 - i).op();
            }
            chain = f -> {
                Object acc = evals[0].eval(f);
                for (int i = 0; i < ops.length; i++) {
                    acc = apply(ops[i], acc, evals[i + 1].eval(f));
                }
                return acc;
            };
        }
        return new CExpr(chain, '@', null, false, constant);
    }

    /**
     * ((a AND b) AND c) ...: false at the first false operand, the rest not evaluated; else NULL
     * if any is. Also a single AND's ({@link ExprCompiler}), its two operands in evaluation order.
     */
    static Object and(Eval[] evals, io.onelite.exec.Frame f) {
        boolean unknown = false;
        for (Eval x : evals) {
            Boolean t = ValueOps.truth(x.eval(f));
            if (t == null) {
                unknown = true;
            } else if (!t) {
                return 0L;
            }
        }
        return unknown ? null : 1L;
    }

    /** ((a OR b) OR c) ...: true at the first true operand, the rest not evaluated; else NULL if any is. */
    static Object or(Eval[] evals, io.onelite.exec.Frame f) {
        boolean unknown = false;
        for (Eval x : evals) {
            Boolean t = ValueOps.truth(x.eval(f));
            if (t == null) {
                unknown = true;
            } else if (t) {
                return 1L;
            }
        }
        return unknown ? null : 0L;
    }

    private static Object apply(BinaryOp op, Object a, Object b) {
        return switch (op) {
            case ADD -> ValueOps.add(a, b);
            case SUBTRACT -> ValueOps.subtract(a, b);
            case MULTIPLY -> ValueOps.multiply(a, b);
            case DIVIDE -> ValueOps.divide(a, b);
            case REMAINDER -> ValueOps.remainder(a, b);
            case CONCAT -> ValueOps.concat(a, b);
            case BIT_AND -> SqlValues.bitAnd(a, b);
            case BIT_OR -> SqlValues.bitOr(a, b);
            case SHIFT_LEFT -> SqlValues.shiftLeft(a, b);
            case SHIFT_RIGHT -> SqlValues.shiftRight(a, b);
            default -> throw new IllegalArgumentException("not a chain operator: " + op);
        };
    }
}
