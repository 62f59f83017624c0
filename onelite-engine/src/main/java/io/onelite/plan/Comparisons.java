package io.onelite.plan;

import io.onelite.btree.Collation;
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

    /** Affinity applied to each side before comparing (SQLite's datatype3.html section 4.2); 0 = none. */
    static char[] comparisonAffinities(CExpr l, CExpr r) {
        char la = l.affinity();
        char ra = r.affinity();
        boolean lHas = la != '@';
        boolean rHas = ra != '@';
        char al = 0;
        char ar = 0;
        if (lHas && rHas) {
            // both have an affinity (BLOB counts): NUMERIC when either is numeric, else no conversion
            if (CExpr.isNumeric(la) && !CExpr.isNumeric(ra)) {
                ar = 'C';
            } else if (CExpr.isNumeric(ra) && !CExpr.isNumeric(la)) {
                al = 'C';
            }
        } else if (lHas) {
            ar = CExpr.isNumeric(la) ? 'C' : la == 'B' ? 'B' : 0;
        } else if (rHas) {
            al = CExpr.isNumeric(ra) ? 'C' : ra == 'B' ? 'B' : 0;
        }
        return new char[]{al, ar};
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
        char[] affs = comparisonAffinities(l, r);
        char al = affs[0];
        char ar = affs[1];
        Collation coll = collationOf(l, r);
        Eval le = l.eval();
        Eval re = r.eval();
        boolean k = l.constant() && r.constant();
        boolean isOp = op == Expr.BinaryOp.IS || op == Expr.BinaryOp.IS_NOT;
        Eval e = f -> {
            Object a = le.eval(f);
            Object b = re.eval(f);
            if (a == null || b == null) {
                if (!isOp) {
                    return null;
                }
                boolean same = a == null && b == null;
                return (op == Expr.BinaryOp.IS) == same ? 1L : 0L;
            }
            if (al != 0) {
                a = ValueOps.applyAffinity(a, al == 'C' ? numericForCompare(a) : al);
            }
            if (ar != 0) {
                b = ValueOps.applyAffinity(b, ar == 'C' ? numericForCompare(b) : ar);
            }
            int c = ValueOps.compare(a, b, coll);
            boolean res = switch (op) {
                case EQ, IS -> c == 0;
                case NE, IS_NOT -> c != 0;
                case LT -> c < 0;
                case LE -> c <= 0;
                case GT -> c > 0;
                default -> c >= 0;
            };
            return res ? 1L : 0L;
        };
        return new CExpr(e, '@', null, false, k);
    }

    /** NUMERIC affinity for a comparison keeps reals as reals (no integer conversion needed). */
    private static char numericForCompare(Object v) {
        return 'C';
    }
}
