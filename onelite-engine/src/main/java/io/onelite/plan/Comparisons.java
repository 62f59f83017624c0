package io.onelite.plan;

import io.onelite.btree.Collation;
import io.onelite.btree.RecordReader;
import io.onelite.exec.Eval;
import io.onelite.exec.ValueOps;
import io.onelite.sql.ast.Expr;

/**
 * How SQLite compares two compiled operands: the collation that applies, the affinity each side
 * gets first (datatype3.html section 4.2, and IN's one shared affinity), and the comparison
 * itself with NULL handling for {@code =}, {@code <}, ... and {@code IS} / {@code IS NOT}.
 */
final class Comparisons {
    private Comparisons() {
    }

    /** The collation of a comparison: explicit COLLATE first (left, then right), then the left column's, then the right's. */
    static Collation collationOf(CExpr l, CExpr r) {
        String n = l.explicitColl() ? l.collation() : r.explicitColl() ? r.collation()
                : l.collation() != null ? l.collation() : r.collation();
        return n == null ? Collation.BINARY : Collation.byName(n);
    }

    /**
     * The one affinity a comparison applies to both operands, as {@code sqlite3CompareAffinity}
     * (datatype3.html section 4.2): NUMERIC ('C') when both sides have an affinity and either is
     * numeric, none when both have a non-numeric one, else the affinity of the side that has one
     * (any numeric one acts as NUMERIC). 0 = none.
     */
    static char comparisonAffinity(CExpr l, CExpr r) {
        char la = l.affinity();
        char ra = r.affinity();
        boolean lHas = la != '@';
        boolean rHas = ra != '@';
        char aff;
        if (lHas && rHas) {
            aff = CExpr.isNumeric(la) || CExpr.isNumeric(ra) ? 'C' : 0;
        } else {
            aff = lHas ? la : rHas ? ra : 0;
        }
        return CExpr.isNumeric(aff) ? 'C' : aff == 'B' ? 'B' : 0;
    }

    /**
     * Compares two non-NULL values as SQLite's OP_Eq/OP_Lt... do after applying the comparison
     * affinity to both: NUMERIC turns text that looks like a number into one (on either side,
     * even one whose expression has a numeric affinity: a compound's other arms never applied
     * it); TEXT turns numbers into text only when the other side is text.
     */
    static int compare(Object a, Object b, char aff, Collation coll) {
        if (aff == 'C') {
            if (a instanceof String) {
                a = ValueOps.applyAffinity(a, 'C');
            }
            if (b instanceof String) {
                b = ValueOps.applyAffinity(b, 'C');
            }
        } else if (aff == 'B' && (a instanceof String || b instanceof String)) {
            if (a instanceof Long || a instanceof Double) {
                a = ValueOps.toText(a);
            }
            if (b instanceof Long || b instanceof Double) {
                b = ValueOps.toText(b);
            }
        }
        return ValueOps.compare(a, b, coll);
    }

    /**
     * SQLite's {@code sqlite3IndexAffinityOk}: whether a comparison of affinity {@code cmpAff}
     * (none: 0, '@' or BLOB) may look its value up in an index column of affinity {@code idxAff}:
     * always when it converts nothing, TEXT only in a TEXT column, a numeric one in a numeric one.
     */
    static boolean indexAffinityOk(char cmpAff, char idxAff) {
        return cmpAff < 'B' || (cmpAff == 'B' ? idxAff == 'B' : CExpr.isNumeric(idxAff));
    }

    /**
     * The one affinity IN applies to both its sides, as {@code sqlite3CompareAffinity(rhs, lhs)}:
     * NUMERIC when both have one and either is numeric, none when both have a non-numeric one,
     * else the one that is there. Returns 0 for no conversion.
     */
    static char inAffinity(char left, char right) {
        char aff;
        if (left != '@' && right != '@') {
            aff = CExpr.isNumeric(left) || CExpr.isNumeric(right) ? 'C' : 'A';
        } else {
            aff = right == '@' ? left : right;
        }
        return aff == '@' || aff == 'A' ? 0 : aff;
    }

    static CExpr comparison(Expr.BinaryOp op, CExpr l, CExpr r) {
        char aff = comparisonAffinity(l, r);
        Collation coll = collationOf(l, r);
        Eval le = l.eval();
        Eval re = r.eval();
        boolean k = l.constant() && r.constant();
        Eval e;
        if (le instanceof ColumnEval c && !(re instanceof ColumnEval)) {
            e = columnWithValue(op, c, re, aff, coll, false);
        } else if (re instanceof ColumnEval c && !(le instanceof ColumnEval)) {
            e = columnWithValue(op, c, le, aff, coll, true);
        } else {
            e = f -> outcome(op, le.eval(f), re.eval(f), aff, coll);
        }
        return new CExpr(e, '@', null, false, k);
    }

    /**
     * A column of the query's own rows compared with another operand ({@code columnRight}: the
     * column is the right one): when the other is an integer and the column holds a number or
     * NULL, the row source compares them in the record, with no value made of the column (a
     * scan's {@code x >= 0} on every row); text, blobs and other operands go the general way.
     */
    private static Eval columnWithValue(Expr.BinaryOp op, ColumnEval column, Eval other, char aff, Collation coll,
                                        boolean columnRight) {
        int slot = column.slot();
        int col = column.col();
        return f -> {
            Object v = other.eval(f);
            if (v instanceof Long k) {
                int c = f.src[slot].compareInteger(col, k);
                if (c == RecordReader.COMPARE_NULL) {
                    return outcome(op, null, v, aff, coll);
                }
                if (c != RecordReader.COMPARE_OTHER) {
                    return holds(op, columnRight ? -c : c) ? 1L : 0L;
                }
            }
            Object a = f.src[slot].column(col);
            return columnRight ? outcome(op, v, a, aff, coll) : outcome(op, a, v, aff, coll);
        };
    }

    /** The value of {@code a op b}: NULL handling for =, <, ... and IS, then {@link #compare}. */
    private static Object outcome(Expr.BinaryOp op, Object a, Object b, char aff, Collation coll) {
        if (a == null || b == null) {
            if (op != Expr.BinaryOp.IS && op != Expr.BinaryOp.IS_NOT) {
                return null;
            }
            boolean same = a == null && b == null;
            return (op == Expr.BinaryOp.IS) == same ? 1L : 0L;
        }
        return holds(op, compare(a, b, aff, coll)) ? 1L : 0L;
    }

    /** Whether {@code op} holds for two operands that compare as {@code c}. */
    private static boolean holds(Expr.BinaryOp op, int c) {
        return switch (op) {
            case EQ, IS -> c == 0;
            case NE, IS_NOT -> c != 0;
            case LT -> c < 0;
            case LE -> c <= 0;
            case GT -> c > 0;
            default -> c >= 0;
        };
    }
}
