package io.onelite.exec.value;

/**
 * SQLite's arithmetic and bit operators (OP_Add ... OP_Remainder, OP_BitAnd ... OP_ShiftRight
 * in vdbe.c). Operands are first read as numbers ({@link Conversions#toNumeric}); two INTEGERs
 * give an INTEGER unless the result overflows, which redoes the operation in REAL. A NULL
 * operand, division by zero and a NaN result give NULL.
 */
final class Arithmetic {
    private Arithmetic() {
    }

    enum Op { ADD, SUBTRACT, MULTIPLY, DIVIDE, REMAINDER }

    static Object apply(Op op, Object a, Object b) {
        if (a == null || b == null) {
            return null;
        }
        Object x = Conversions.toNumeric(a);
        Object y = Conversions.toNumeric(b);
        if (x instanceof Long i && y instanceof Long j) {
            long p = i;
            long q = j;
            switch (op) {
                case ADD: {
                    long r = p + q;
                    if (((p ^ r) & (q ^ r)) >= 0) {
                        return r;
                    }
                    break;
                }
                case SUBTRACT: {
                    long r = p - q;
                    if (((p ^ q) & (p ^ r)) >= 0) {
                        return r;
                    }
                    break;
                }
                case MULTIPLY: {
                    long hi = Math.multiplyHigh(p, q);
                    long lo = p * q;
                    if ((hi == 0 && lo >= 0) || (hi == -1 && lo < 0)) {
                        return lo;
                    }
                    break;
                }
                case DIVIDE:
                    if (q == 0) {
                        return null;
                    }
                    if (p == Long.MIN_VALUE && q == -1) {
                        break;
                    }
                    return p / q;
                default:
                    if (q == 0) {
                        return null;
                    }
                    if (q == -1) {
                        q = 1;
                    }
                    return p % q;
            }
        }
        if (op == Op.REMAINDER) {
            // SQLite takes the integer value of each original operand here: text by its
            // integer prefix ('1.5e3' % 7 is 1 % 7), REAL truncated and saturated
            long ia = Conversions.toInteger(a);
            long ib = Conversions.toInteger(b);
            if (ib == 0) {
                return null;
            }
            return (double) (ia % (ib == -1 ? 1 : ib));
        }
        // SQLite's fp_math reads each original operand as a REAL again (sqlite3VdbeRealValue):
        // text by sqlite3AtoF, so '-0' * 1.0 is -0.0 though '-0' alone reads as the integer 0
        double r = real(op, Conversions.toReal(a), Conversions.toReal(b));
        return Double.isNaN(r) ? null : (Object) r;
    }

    private static double real(Op op, double a, double b) {
        switch (op) {
            case ADD:
                return a + b;
            case SUBTRACT:
                return a - b;
            case MULTIPLY:
                return a * b;
            case DIVIDE:
                return b == 0.0 ? Double.NaN : a / b;
            default: {
                long ia = Conversions.doubleToInt64(a);
                long ib = Conversions.doubleToInt64(b);
                if (ib == 0) {
                    return Double.NaN;
                }
                if (ib == -1) {
                    ib = 1;
                }
                return (double) (ia % ib);
            }
        }
    }

    enum BitOp { AND, OR, SHIFT_LEFT, SHIFT_RIGHT }

    static Object bit(BitOp op, Object a, Object b) {
        if (a == null || b == null) {
            return null;
        }
        long x = Conversions.toInteger(a);
        long y = Conversions.toInteger(b);
        switch (op) {
            case AND:
                return x & y;
            case OR:
                return x | y;
            default:
                break;
        }
        boolean left = op == BitOp.SHIFT_LEFT;
        if (y < 0) {
            left = !left;
            y = y > -64 ? -y : 64;
        }
        if (y >= 64) {
            return (x >= 0 || left) ? 0L : -1L;
        }
        return left ? x << y : x >> y;
    }
}
